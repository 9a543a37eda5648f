package gpuutil

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// launchArgs is the number of id and size arguments of a gpu.launch body
// without clusters: block ids, thread ids, grid sizes, block sizes.
const launchArgs = 12

// build creates the gpu.launch before root, in affine form: the IVs of the
// band become functions of the block and thread ids, the body of jj is
// cloned with its copy nests distributed over the block, and barriers
// order the copies against the reads of the shared buffers. It returns
// the launch and the size constants created before it.
func (p *mapPlan) build(ctx *ir.Context, root affine.ForOp) (*ir.Operation, []*ir.Operation) {
	loc := root.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(root.Operation)
	var consts []*ir.Operation
	byValue := map[int64][]*ir.Value{}
	index := func(c int64) []*ir.Value {
		if v, ok := byValue[c]; ok {
			return v
		}
		op := b.CreateOp("arith.constant", loc, nil, []ir.Type{ir.Index}, ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(c)})
		consts = append(consts, op)
		byValue[c] = op.Results()
		return op.Results()
	}
	one := index(1)
	gx, gy := index(p.n[p.gridX]), index(p.n[p.gridY])
	bx := index(p.threads)
	st := &ir.OperationState{Name: "gpu.launch", Loc: loc}
	st.SetOperandGroups(ctx.OpDef("gpu.launch"), nil, gx, gy, one, bx, one, one, nil, nil, nil, nil)
	body := st.AddRegion()
	launch := b.Create(st)
	blk := ir.NewBlock()
	for range launchArgs {
		blk.AddArgument(ir.Index, loc)
	}
	body.AppendBlock(blk)
	args, _ := gpu.LaunchBody(launch)
	b.SetInsertionPointToEnd(blk)
	term := b.CreateOp("gpu.terminator", loc, nil, nil)
	b.SetInsertionPointBefore(term)

	m := ir.NewMapping()
	for _, g := range p.shared {
		m.Map(g.Result(0), b.Clone(g, ir.NewMapping()).Result(0))
	}
	tid := args.ThreadIDs[0]
	apply := func(e aff.Expr, v *ir.Value) *ir.Value {
		return b.CreateOp(affine.ApplyName, loc, []*ir.Value{v}, []ir.Type{ir.Index},
			ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.NewMap(1, 0, []aff.Expr{aff.SimplifyExpr(e, 1, 0)}))}).Result(0)
	}
	scaled := func(d int, e aff.Expr) aff.Expr { return aff.AddConst(aff.MulConst(e, p.step[d]), p.lb[d]) }
	for d := 0; d < 2; d++ {
		id := args.BlockIDs[1]
		if d == p.gridX {
			id = args.BlockIDs[0]
		}
		m.Map(p.band[d].InductionVar(), apply(scaled(d, aff.Dim(0)), id))
	}
	warp := aff.FloorDiv(aff.Dim(0), aff.Const(warpSize))
	// (tid floordiv 32) floordiv n is tid floordiv (32 * n) for tid >= 0.
	m.Map(p.band[2].InductionVar(), apply(scaled(2, aff.FloorDiv(aff.Dim(0), aff.Const(warpSize*p.warpsInBlockX))), tid))
	m.Map(p.band[3].InductionVar(), apply(scaled(3, aff.Mod(warp, aff.Const(p.warpsInBlockX))), tid))

	// Clone jj's body; the clones of the copy nests are found by walking
	// the original and the clone in the same order.
	jjBody := p.band[3].Body()
	var clones []*ir.Operation
	for _, op := range jjBody.Ops() {
		if op == jjBody.Last() {
			break
		}
		clones = append(clones, b.Clone(op, m))
	}
	var orig, cloned []*ir.Operation
	for _, op := range jjBody.Ops() {
		if op != jjBody.Last() {
			ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult { orig = append(orig, o); return ir.Advance })
		}
	}
	for _, op := range clones {
		ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult { cloned = append(cloned, o); return ir.Advance })
	}
	var copies []*ir.Operation
	for i, o := range orig {
		if p.copies[o] {
			copies = append(copies, cloned[i])
		}
	}
	var distributed []*ir.Operation
	for _, c := range copies {
		distributed = append(distributed, p.distribute(b, c, tid))
	}
	insertCopyBarriers(b, distributed)
	return launch, consts
}

// distribute replaces the copy nest c by a loop in which every thread of
// the block runs its share of c's iterations, consecutive threads on
// consecutive iterations of the innermost (contiguous) loop.
func (p *mapPlan) distribute(b *ir.Builder, c *ir.Operation, tid *ir.Value) *ir.Operation {
	loc := c.Loc()
	f, _ := affine.AsFor(c)
	band := analysis.PerfectlyNestedBand(f)
	trips := make([]int64, len(band))
	total := int64(1)
	for i, l := range band {
		trips[i], _ = l.ConstantTripCount()
		total *= trips[i]
	}
	perThread := (total + p.threads - 1) / p.threads
	b.SetInsertionPointBefore(c)
	outer := looputil.BuildFor(b, loc, aff.ConstantMap(0), nil, aff.ConstantMap(perThread), nil, 1, nil)
	b.SetInsertionPointBefore(outer.Yield())
	// L = c * threads + tid, over (d0 = c, d1 = tid).
	linear := aff.Add(aff.MulConst(aff.Dim(0), p.threads), aff.Dim(1))
	ops := []*ir.Value{outer.InductionVar(), tid}
	if total%p.threads != 0 {
		// Only the first `total` linear indices are iterations.
		set := aff.NewSet(2, 0, []aff.Expr{aff.AddConst(aff.Neg(linear), total-1)}, []bool{false})
		st := &ir.OperationState{Name: affine.IfName, Loc: loc, Operands: ops}
		st.AddAttr("condition", ir.IntegerSetOf(set))
		thenB := ir.NewBlock()
		st.AddRegion().AppendBlock(thenB)
		st.AddRegion()
		thenB.Append(b.Ctx.NewOperation(&ir.OperationState{Name: affine.YieldName, Loc: loc}))
		b.Create(st)
		b.SetInsertionPointBefore(thenB.Last())
	}
	m := ir.NewMapping()
	stride := total
	for i, l := range band {
		stride /= trips[i]
		e := aff.FloorDiv(linear, aff.Const(stride))
		if i > 0 {
			e = aff.Mod(e, aff.Const(trips[i]))
		}
		lb, _ := l.ConstantLowerBound()
		e = aff.AddConst(aff.MulConst(e, l.Step()), lb)
		iv := b.CreateOp(affine.ApplyName, loc, ops, []ir.Type{ir.Index},
			ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.NewMap(2, 0, []aff.Expr{aff.SimplifyExpr(e, 2, 0)}))}).Result(0)
		m.Map(l.InductionVar(), iv)
	}
	inner := band[len(band)-1].Body()
	for _, op := range inner.Ops() {
		if op != inner.Last() {
			b.Clone(op, m)
		}
	}
	c.Erase()
	return outer.Operation
}

// insertCopyBarriers puts a gpu.barrier after the last distributed copy of
// each block (the copies' writes before any thread reads them) and, when
// that block is a loop body, one before its terminator (this iteration's
// reads before the next iteration's copies overwrite the buffers).
func insertCopyBarriers(b *ir.Builder, copies []*ir.Operation) {
	last := map[*ir.Block]*ir.Operation{}
	var blocks []*ir.Block
	for _, c := range copies {
		blk := c.Block()
		if prev, ok := last[blk]; !ok || prev.IsBeforeInBlock(c) {
			if !ok {
				blocks = append(blocks, blk)
			}
			last[blk] = c
		}
	}
	for _, blk := range blocks {
		c := last[blk]
		b.SetInsertionPointAfter(c)
		b.CreateOp("gpu.barrier", c.Loc(), nil, nil)
		if parent := blk.ParentOp(); parent != nil && (parent.Is(affine.ForName) || parent.Is("scf.for")) {
			b.SetInsertionPointBefore(blk.Last())
			if prev := blk.Last().Prev(); prev == nil || !prev.Is("gpu.barrier") {
				b.CreateOp("gpu.barrier", parent.Loc(), nil, nil)
			}
		}
	}
}
