package looputil

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
)

// LoopUnrollJamByFactor unrolls f by factor and jams the copies of each
// maximal sequence of non-loop ops (a sub-block) into the inner loops, as
// MLIR's loopUnrollJamByFactor: inner loops keep their position and their
// bodies get factor copies of each sub-block with the induction variable
// bumped by `(d0) -> (d0 + i*step)`. Inner loops with iter_args carry
// factor copies of them. A cleanup loop handles trip counts that factor
// does not divide. Unlike upstream, dependences are checked first
// (CheckUnrollJamLegality): an unroll-jam that could reorder dependent
// accesses is refused with an error and the IR is left unchanged. f's own
// iter_args are not supported (upstream duplicates their inits, which is
// only correct for identity inits).
func LoopUnrollJamByFactor(ctx *ir.Context, f affine.ForOp, factor int64) error {
	tc, tcOK, done, err := unrollPrologue(ctx, f, factor, "unroll-jam")
	if done {
		return err
	}
	if tcOK && tc < factor {
		return fmt.Errorf("trip count %d is less than the unroll-jam factor %d", tc, factor)
	}
	if f.NumResults() > 0 {
		return errors.New("unroll-jam of a loop with iter_args is not supported")
	}
	// Inner loop bounds must not depend on f.
	invariant := true
	for _, op := range f.Body().Ops() {
		affine.WalkFors(op, func(inner affine.ForOp) ir.WalkResult {
			n := inner.NumOperands() - len(inner.Inits())
			for _, v := range inner.Operands()[:n] {
				if !v.DefinedOutside(f.Operation) {
					invariant = false
				}
			}
			return ir.Advance
		})
	}
	if !invariant {
		return errors.New("inner loop bounds are not invariant in the unroll-jammed loop")
	}
	if err := CheckUnrollJamLegality(f, factor); err != nil {
		return err
	}
	if LargestDivisorOfTripCount(f)%factor != 0 {
		if len(f.LowerBoundMap().Results) != 1 || len(f.UpperBoundMap().Results) != 1 {
			return errors.New("cannot generate a cleanup loop for a max lower bound or min upper bound")
		}
		if err := generateCleanupLoop(ctx, f, factor); err != nil {
			return err
		}
	}

	subBlocks := gatherJamBlocks(f.Operation)
	maps := make([]*ir.Mapping, factor-1)
	for i := range maps {
		maps[i] = ir.NewMapping()
	}
	// Widen inner loops with iter_args to factor copies of them.
	var widened []affine.ForOp
	for _, inner := range Loops(f.Operation) {
		if inner.Operation == f.Operation || len(inner.Inits()) == 0 {
			continue
		}
		n := len(inner.Inits())
		nf := widenIterArgs(ctx, inner, factor)
		widened = append(widened, nf)
		args := nf.RegionIterArgs()
		for i := int64(1); i < factor; i++ {
			for j := 0; j < n; j++ {
				maps[i-1].Map(args[j], args[int(i)*n+j])
				maps[i-1].Map(nf.Result(j), nf.Result(int(i)*n+j))
			}
		}
	}
	// The sub-blocks were gathered before widening: widening moves ops, it
	// does not recreate them, so the ranges stay valid.
	step := f.Step()
	f.SetStep(step * factor)
	iv := f.InductionVar()
	b := ir.NewBuilder(ctx)
	for i := factor - 1; i >= 1; i-- {
		m := maps[i-1]
		for _, sb := range subBlocks {
			b.SetInsertionPointAfter(sb[len(sb)-1])
			if iv.HasUses() {
				m.Map(iv, buildApply(b, f.Loc(), shiftMap(i*step), []*ir.Value{iv}))
			}
			for _, op := range sb {
				b.Clone(op, m)
			}
		}
		for _, nf := range widened {
			n := len(nf.Inits()) / int(factor)
			numControl := nf.NumOperands() - len(nf.Inits())
			y := nf.Yield()
			for j := 0; j < n; j++ {
				nf.SetOperand(numControl+int(i)*n+j, m.Lookup(nf.Operand(numControl+j)))
				y.SetOperand(int(i)*n+j, m.Lookup(y.Operand(j)))
			}
		}
	}
	_ = PromoteIfSingleIteration(ctx, f)
	return nil
}

// gatherJamBlocks returns the maximal runs of consecutive non-affine.for
// ops (terminators excluded) in the blocks of op's regions, recursing into
// affine.for ops (MLIR's JamBlockGatherer).
func gatherJamBlocks(op *ir.Operation) [][]*ir.Operation {
	var out [][]*ir.Operation
	var walkOp func(*ir.Operation)
	walkOp = func(o *ir.Operation) {
		for _, r := range o.Regions() {
			for _, blk := range r.Blocks() {
				var cur []*ir.Operation
				ops := blk.Ops()
				if n := len(ops); n > 0 && ops[n-1].HasTrait(ir.Terminator) {
					ops = ops[:n-1]
				}
				for _, x := range ops {
					if x.Is(affine.ForName) {
						if len(cur) > 0 {
							out = append(out, cur)
							cur = nil
						}
						walkOp(x)
						continue
					}
					cur = append(cur, x)
				}
				if len(cur) > 0 {
					out = append(out, cur)
				}
			}
		}
	}
	walkOp(op)
	return out
}

// widenIterArgs replaces f by a loop with factor copies of its inits,
// iter_args, results and yielded values (the copies initially equal to the
// originals), moving f's body; uses of f's results go to the first copy.
func widenIterArgs(ctx *ir.Context, f affine.ForOp, factor int64) affine.ForOp {
	inits := f.Inits()
	var all []*ir.Value
	for i := int64(0); i < factor; i++ {
		all = append(all, inits...)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(f.Operation)
	lbm, lbo := f.LowerBound()
	ubm, ubo := f.UpperBound()
	nf := BuildFor(b, f.Loc(), lbm, lbo, ubm, ubo, f.Step(), all)
	// Move the body: map old block args onto the new ones.
	f.InductionVar().ReplaceAllUsesWith(nf.InductionVar())
	for i, a := range f.RegionIterArgs() {
		a.ReplaceAllUsesWith(nf.RegionIterArgs()[i])
	}
	oldYield := f.Yield()
	yv := oldYield.Operands()
	var ys []*ir.Value
	for i := int64(0); i < factor; i++ {
		ys = append(ys, yv...)
	}
	nf.Yield().SetOperands(ys)
	moveBodyBefore(f.Body(), nf.Yield())
	for i, r := range f.Results() {
		r.ReplaceAllUsesWith(nf.Result(i))
	}
	f.Erase()
	return nf
}
