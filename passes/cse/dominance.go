package cse

import (
	"github.com/goopt/goopt/internal/cfg"
	"github.com/goopt/goopt/ir"
)

// dominatorTree returns the children of each block in r's dominator tree,
// in region order, computed with Cooper, Harvey and Kennedy's iterative
// algorithm. Unreachable blocks are left out.
func dominatorTree(r *ir.Region) map[*ir.Block][]*ir.Block {
	entry := r.Front()
	post := cfg.PostOrder(entry)
	order := map[*ir.Block]int{}
	for i, b := range post {
		order[b] = i
	}
	idom := map[*ir.Block]*ir.Block{entry: entry}
	intersect := func(a, b *ir.Block) *ir.Block {
		for a != b {
			for order[a] < order[b] {
				a = idom[a]
			}
			for order[b] < order[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(post) - 2; i >= 0; i-- {
			b := post[i]
			var nd *ir.Block
			for _, p := range b.Predecessors() {
				if _, ok := idom[p]; !ok { // not processed yet, or unreachable
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != nil && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	children := map[*ir.Block][]*ir.Block{}
	for _, b := range r.Blocks() {
		if d, ok := idom[b]; ok && b != entry {
			children[d] = append(children[d], b)
		}
	}
	return children
}
