package rewrite

import "github.com/goopt/goopt/ir"

// SimplifyRegion cleans up the CFG of r and of every region nested in it:
// it erases blocks unreachable from the entry block and merges a block
// into its single predecessor when that predecessor ends in an
// unconditional branch to it. At the aggressive level it also merges
// identical blocks and drops block arguments that every predecessor passes
// the same value for (blockmerge.go). It reports whether anything changed.
func SimplifyRegion(rw *ir.Rewriter, r *ir.Region, aggressive bool) bool {
	changed := eraseUnreachableBlocks(rw, r)
	if mergeTrivialBranches(rw, r) {
		changed = true
	}
	if aggressive {
		if mergeIdenticalBlocks(rw, r) {
			changed = true
		}
		if dropRedundantArguments(rw, r) {
			changed = true
		}
	}
	for _, b := range r.Blocks() {
		for _, op := range b.Ops() {
			for _, nested := range op.Regions() {
				if SimplifyRegion(rw, nested, aggressive) {
					changed = true
				}
			}
		}
	}
	return changed
}

// eraseUnreachableBlocks erases the blocks of r not reachable from its entry.
func eraseUnreachableBlocks(rw *ir.Rewriter, r *ir.Region) bool {
	blocks := r.Blocks()
	if len(blocks) < 2 {
		return false
	}
	reached := map[*ir.Block]bool{}
	stack := []*ir.Block{blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reached[b] {
			continue
		}
		reached[b] = true
		stack = append(stack, b.Successors()...)
	}
	var dead []*ir.Block
	for _, b := range blocks {
		if !reached[b] {
			dead = append(dead, b)
		}
	}
	if len(dead) == 0 {
		return false
	}
	// Unreachable blocks may use each other's values: drop every reference
	// before erasing anything.
	for _, b := range dead {
		for _, op := range b.Ops() {
			if rw.OnErase != nil {
				ir.WalkOps(op, rw.OnErase)
			}
			op.DropAllReferences()
		}
	}
	for _, b := range dead {
		for _, a := range b.Arguments() {
			for _, u := range a.Uses() {
				u.Set(nil)
			}
		}
		b.Erase()
	}
	return true
}

// isTrivialBranch reports whether t is an unconditional branch forwarding
// all of its operands to its single successor (cf.br and its kin).
func isTrivialBranch(t *ir.Operation) bool {
	if t == nil || !t.IsRegistered() || !t.HasTrait(ir.Terminator) || len(t.Successors()) != 1 ||
		t.NumRegions() != 0 || t.NumResults() != 0 || !ir.IsMemoryEffectFree(t) {
		return false
	}
	s := t.Successor(0)
	if t.NumOperands() != s.NumArguments() {
		return false
	}
	for i, v := range t.Operands() {
		if v.Type() != s.Argument(i).Type() {
			return false
		}
	}
	return true
}

// mergeTrivialBranches merges blocks into their single predecessor when it
// reaches them through a trivial branch.
func mergeTrivialBranches(rw *ir.Rewriter, r *ir.Region) bool {
	changed := false
	for again := true; again; {
		again = false
		for _, b := range r.Blocks() {
			if b.IsEntry() {
				continue
			}
			preds := b.Predecessors()
			if len(preds) != 1 || preds[0] == b {
				continue
			}
			pred := preds[0]
			br := pred.Terminator()
			if !isTrivialBranch(br) {
				continue
			}
			args := br.Operands()
			rw.EraseOp(br)
			rw.MergeBlockAtEnd(b, pred, args)
			changed, again = true, true
			break
		}
	}
	return changed
}
