package ir

// DominanceInfo answers dominance queries over the blocks of CFG regions. It
// computes each region's dominator tree lazily (Cooper, Harvey and Kennedy's
// iterative algorithm over a reverse post-order).
type DominanceInfo struct {
	regions map[*Region]*regionDom
}

type regionDom struct {
	idom  map[*Block]*Block
	order map[*Block]int // reverse post-order number; unreachable blocks are absent
}

// NewDominanceInfo returns an empty, lazily filled dominance cache.
func NewDominanceInfo() *DominanceInfo { return &DominanceInfo{regions: map[*Region]*regionDom{}} }

func (d *DominanceInfo) region(r *Region) *regionDom {
	if rd, ok := d.regions[r]; ok {
		return rd
	}
	rd := &regionDom{idom: map[*Block]*Block{}, order: map[*Block]int{}}
	d.regions[r] = rd
	if len(r.blocks) == 0 {
		return rd
	}
	// Reverse post-order from the entry.
	var post []*Block
	seen := map[*Block]bool{}
	var dfs func(b *Block)
	dfs = func(b *Block) {
		seen[b] = true
		for _, s := range b.Successors() {
			if s.parent == r && !seen[s] {
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(r.blocks[0])
	rpo := make([]*Block, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
	}
	for i, b := range rpo {
		rd.order[b] = i
	}
	preds := map[*Block][]*Block{}
	for _, b := range rpo {
		for _, s := range b.Successors() {
			preds[s] = append(preds[s], b)
		}
	}
	entry := rpo[0]
	rd.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var nd *Block
			for _, p := range preds[b] {
				if _, ok := rd.idom[p]; !ok {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = rd.intersect(p, nd)
				}
			}
			if nd != nil && rd.idom[b] != nd {
				rd.idom[b] = nd
				changed = true
			}
		}
	}
	return rd
}

func (rd *regionDom) intersect(a, b *Block) *Block {
	for a != b {
		for rd.order[a] > rd.order[b] {
			a = rd.idom[a]
		}
		for rd.order[b] > rd.order[a] {
			b = rd.idom[b]
		}
	}
	return a
}

// IsReachable reports whether b is reachable from its region's entry.
func (d *DominanceInfo) IsReachable(b *Block) bool {
	if b.parent == nil {
		return true
	}
	_, ok := d.region(b.parent).order[b]
	return ok
}

// BlockDominates reports whether a dominates b (both in the same region;
// unreachable blocks are dominated by everything).
func (d *DominanceInfo) BlockDominates(a, b *Block) bool {
	if a == b {
		return true
	}
	if a.parent != b.parent {
		return false
	}
	rd := d.region(a.parent)
	if _, ok := rd.order[b]; !ok {
		return true
	}
	if _, ok := rd.order[a]; !ok {
		return false
	}
	for x := b; ; {
		p := rd.idom[x]
		if p == a {
			return true
		}
		if p == x {
			return false
		}
		x = p
	}
}

// ancestorIn returns the ancestor of op (op itself included) whose block lies in region r.
func ancestorIn(r *Region, op *Operation) *Operation {
	for op != nil {
		if op.block != nil && op.block.parent == r {
			return op
		}
		op = op.ParentOp()
	}
	return nil
}

// ValueDominates reports whether v is available at user: defined in a
// dominating block, or earlier in the same block, or an argument of an
// enclosing block. Uses inside graph regions are always dominated.
func (d *DominanceInfo) ValueDominates(v *Value, user *Operation) bool {
	defBlock := v.OwnerBlock()
	if defBlock == nil {
		return false
	}
	r := defBlock.parent
	anc := ancestorIn(r, user)
	if anc == nil {
		return false
	}
	if isGraphRegion(r) {
		return true
	}
	if v.IsBlockArgument() {
		return d.BlockDominates(defBlock, anc.block)
	}
	def := v.def
	if anc.block == defBlock {
		if anc == def {
			return false
		}
		return def.IsBeforeInBlock(anc)
	}
	return d.BlockDominates(defBlock, anc.block)
}

// OpDominates reports whether a properly dominates b (a is executed before b on every path).
func (d *DominanceInfo) OpDominates(a, b *Operation) bool {
	if a == b || a.block == nil {
		return false
	}
	anc := ancestorIn(a.block.parent, b)
	if anc == nil {
		return false
	}
	if anc == a {
		return false
	}
	if anc.block == a.block {
		return a.IsBeforeInBlock(anc)
	}
	return d.BlockDominates(a.block, anc.block)
}

// isGraphRegion reports whether r has no dominance requirement: regions of
// GraphRegion ops, and (conservatively, as MLIR) regions of unregistered ops.
func isGraphRegion(r *Region) bool {
	return r.parent != nil && (r.parent.def == nil || r.parent.HasTrait(GraphRegion))
}
