package rewrite

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// This file holds the aggressive level of region simplification
// (upstream's mergeIdenticalBlocks and dropRedundantArguments in
// RegionUtils.cpp): blocks that compute the same thing from different
// outside values merge into one that takes those values as arguments, and
// block arguments that every predecessor passes the same value for are
// replaced by that value. Both rewrite successor operands, so they only
// touch blocks whose predecessors are all branch ops (ir.IsBranchOp).

// predEdge is one edge into a block: the predecessor's terminator and the
// successor index of the block in it.
type predEdge struct {
	term *ir.Operation
	succ int
}

// predEdges lists the edges into b from the terminators of its region, in
// block order, and whether all of them are branch ops.
func predEdges(b *ir.Block) ([]predEdge, bool) {
	var edges []predEdge
	ok := true
	for _, p := range b.Parent().Blocks() {
		t := p.Terminator()
		if t == nil {
			continue
		}
		for i, s := range t.Successors() {
			if s == b {
				edges = append(edges, predEdge{t, i})
				if _, isBr := ir.SuccessorOperandGroup(t, i); !isBr {
					ok = false
				}
			}
		}
	}
	return edges, ok
}

// dropRedundantArguments replaces, in every block of r and its nested
// regions, the arguments that all predecessors pass the same value for.
func dropRedundantArguments(rw *ir.Rewriter, r *ir.Region) bool {
	changed := false
	for _, b := range r.Blocks() {
		if dropRedundantBlockArguments(rw, b) {
			changed = true
		}
		for _, op := range b.Ops() {
			for _, nested := range op.Regions() {
				if dropRedundantArguments(rw, nested) {
					changed = true
				}
			}
		}
	}
	return changed
}

func dropRedundantBlockArguments(rw *ir.Rewriter, b *ir.Block) bool {
	if b.NumArguments() == 0 || b.IsEntry() {
		return false
	}
	edges, ok := predEdges(b)
	if !ok || len(edges) == 0 {
		return false
	}
	var drop []int
	for i, arg := range b.Arguments() {
		var common *ir.Value
		same := true
		for _, e := range edges {
			ops := ir.SuccessorOperands(e.term, e.succ)
			if i >= len(ops) {
				same = false
				break
			}
			if common == nil {
				common = ops[i]
			} else if ops[i] != common {
				same = false
				break
			}
		}
		// A loop passing an argument back to itself has no other value.
		if !same || common == nil || common == arg {
			continue
		}
		rw.ReplaceAllUsesWith(arg, common)
		drop = append(drop, i)
	}
	for _, i := range slices.Backward(drop) {
		for _, e := range edges {
			ops := ir.SuccessorOperands(e.term, e.succ)
			rw.ModifyInPlace(e.term, func() {
				ir.SetSuccessorOperands(e.term, e.succ, slices.Delete(slices.Clone(ops), i, i+1))
			})
		}
		b.EraseArgument(i)
	}
	return len(drop) > 0
}

// mergeIdenticalBlocks merges, in r and its nested regions, blocks that
// branch to the same successors and compute the same ops, differing only in
// values defined outside them (which become new block arguments).
func mergeIdenticalBlocks(rw *ir.Rewriter, r *ir.Region) bool {
	changed := false
	blocks := r.Blocks()
	if len(blocks) > 1 {
		// Group the non-entry blocks by successor list, in block order.
		var groups [][]*ir.Block
		for _, b := range blocks[1:] {
			placed := false
			for gi, g := range groups {
				if slices.Equal(g[0].Successors(), b.Successors()) {
					groups[gi] = append(g, b)
					placed = true
					break
				}
			}
			if !placed {
				groups = append(groups, []*ir.Block{b})
			}
		}
		for _, g := range groups {
			if len(g) < 2 {
				continue
			}
			var clusters []*mergeCluster
			for _, b := range g {
				if !mergeCandidate(b) {
					continue
				}
				added := false
				for _, c := range clusters {
					if c.add(b) {
						added = true
						break
					}
				}
				if !added {
					clusters = append(clusters, &mergeCluster{leader: b})
				}
			}
			for _, c := range clusters {
				if c.merge(rw) {
					changed = true
				}
			}
		}
	}
	for _, b := range r.Blocks() {
		for _, op := range b.Ops() {
			for _, nested := range op.Regions() {
				if mergeIdenticalBlocks(rw, nested) {
					changed = true
				}
			}
		}
	}
	return changed
}

// mergeCandidate: no op with a non-empty region, no argument used outside
// the block.
func mergeCandidate(b *ir.Block) bool {
	for _, op := range b.Ops() {
		for _, r := range op.Regions() {
			if !r.Empty() {
				return false
			}
		}
	}
	for _, a := range b.Arguments() {
		if usedOutside(a, b) {
			return false
		}
	}
	return true
}

func usedOutside(v *ir.Value, b *ir.Block) bool {
	for _, u := range v.Uses() {
		if u.Owner().Block() != b {
			return true
		}
	}
	return false
}

// operandPos is operand `operand` of the op at index `op` of a block.
type operandPos struct{ op, operand int }

type mergeCluster struct {
	leader *ir.Block
	blocks []*ir.Block
	// operands that differ between the leader and some merged block, in
	// (op, operand) order: they become arguments of the merged block.
	operands []operandPos
}

// orderIn returns the position of a value defined in b: its argument
// number, or the op's index times a stride plus the result number, so
// that equal orders mean corresponding definitions.
func orderIn(v *ir.Value, b *ir.Block, index map[*ir.Operation]int) int {
	if v.IsBlockArgument() {
		return v.Index()
	}
	return b.NumArguments() + index[v.DefiningOp()]<<16 + v.Index()
}

// sameOp compares two ops ignoring their operands and locations.
func sameOp(a, b *ir.Operation) bool {
	if a.Name() != b.Name() || a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() ||
		a.NumRegions() != b.NumRegions() || !slices.Equal(a.Successors(), b.Successors()) {
		return false
	}
	if !slices.Equal(a.OperandTypes(), b.OperandTypes()) {
		return false
	}
	for i, r := range a.Results() {
		if r.Type() != b.Result(i).Type() {
			return false
		}
	}
	aa, ba := a.Attrs(), b.Attrs()
	if len(aa) != len(ba) {
		return false
	}
	for i := range aa {
		if aa[i].Name != ba[i].Name || aa[i].Value != ba[i].Value {
			return false
		}
	}
	return true
}

// add adds b to the cluster when it is equivalent to the leader.
func (c *mergeCluster) add(b *ir.Block) bool {
	l := c.leader
	if !slices.Equal(argTypes(l), argTypes(b)) || l.Len() != b.Len() {
		return false
	}
	lIndex, bIndex := opIndex(l), opIndex(b)
	var mismatched []operandPos
	lOps, bOps := l.Ops(), b.Ops()
	for oi := range lOps {
		lo, bo := lOps[oi], bOps[oi]
		if !sameOp(lo, bo) {
			return false
		}
		for k := 0; k < lo.NumOperands(); k++ {
			lv, bv := lo.Operand(k), bo.Operand(k)
			if lv == bv {
				continue
			}
			lIn, bIn := lv.OwnerBlock() == l, bv.OwnerBlock() == b
			if lIn != bIn {
				return false
			}
			if !lIn {
				// A value made by a predecessor's terminator cannot be
				// passed by that terminator.
				if producedByPredTerminator(lv, l) || producedByPredTerminator(bv, b) {
					return false
				}
				mismatched = append(mismatched, operandPos{oi, k})
				continue
			}
			if orderIn(lv, l, lIndex) != orderIn(bv, b, bIndex) {
				return false
			}
		}
		// A result used outside its block would see a mix of both.
		for _, r := range lo.Results() {
			if usedOutside(r, l) {
				return false
			}
		}
		for _, r := range bo.Results() {
			if usedOutside(r, b) {
				return false
			}
		}
	}
	for _, p := range mismatched {
		if !slices.Contains(c.operands, p) {
			c.operands = append(c.operands, p)
		}
	}
	c.blocks = append(c.blocks, b)
	return true
}

func producedByPredTerminator(v *ir.Value, b *ir.Block) bool {
	d := v.DefiningOp()
	if d == nil || d != d.Block().Terminator() {
		return false
	}
	return slices.Contains(b.Predecessors(), d.Block())
}

func argTypes(b *ir.Block) []ir.Type {
	ts := make([]ir.Type, b.NumArguments())
	for i, a := range b.Arguments() {
		ts[i] = a.Type()
	}
	return ts
}

func opIndex(b *ir.Block) map[*ir.Operation]int {
	m := map[*ir.Operation]int{}
	for i, op := range b.Ops() {
		m[op] = i
	}
	return m
}

// merge rewrites the predecessors of the cluster's blocks to branch to
// the leader, passing the differing operands as new arguments.
func (c *mergeCluster) merge(rw *ir.Rewriter) bool {
	if len(c.blocks) == 0 {
		return false
	}
	all := append([]*ir.Block{c.leader}, c.blocks...)
	edges := make([][]predEdge, len(all))
	for i, b := range all {
		e, ok := predEdges(b)
		if !ok {
			return false
		}
		edges[i] = e
	}
	slices.SortFunc(c.operands, func(a, b operandPos) int {
		if a.op != b.op {
			return a.op - b.op
		}
		return a.operand - b.operand
	})
	// newArgs[i] are the values block i passes for the new arguments.
	newArgs := make([][]*ir.Value, len(all))
	for i, b := range all {
		ops := b.Ops()
		for _, p := range c.operands {
			newArgs[i] = append(newArgs[i], ops[p.op].Operand(p.operand))
		}
	}
	lOps := c.leader.Ops()
	for j, p := range c.operands {
		v := newArgs[0][j]
		arg := c.leader.AddArgument(v.Type(), v.Loc())
		o := lOps[p.op]
		rw.ModifyInPlace(o, func() { o.SetOperand(p.operand, arg) })
	}
	for i, b := range all {
		for _, e := range edges[i] {
			ops := ir.SuccessorOperands(e.term, e.succ)
			rw.ModifyInPlace(e.term, func() {
				ir.SetSuccessorOperands(e.term, e.succ, append(slices.Clone(ops), newArgs[i]...))
				e.term.SetSuccessor(e.succ, c.leader)
			})
		}
		if i > 0 {
			for _, op := range slices.Backward(b.Ops()) {
				rw.EraseOp(op)
			}
			b.Erase()
		}
	}
	return true
}
