package cfg

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// PostOrder returns the blocks reachable from entry, each after every
// successor it reaches first (depth first, successors in operand order).
// Unreachable blocks are left out.
func PostOrder(entry *ir.Block) []*ir.Block {
	var post []*ir.Block
	seen := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		for _, s := range b.Successors() {
			if !seen[s] {
				visit(s)
			}
		}
		post = append(post, b)
	}
	visit(entry)
	return post
}

// ReversePostOrder is PostOrder reversed: entry first, and every block
// before the blocks it reaches except along back edges.
func ReversePostOrder(entry *ir.Block) []*ir.Block {
	post := PostOrder(entry)
	slices.Reverse(post)
	return post
}
