package looputil

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// LoopUnrollFull fully unrolls f when its trip count is a known constant
// (MLIR's loopUnrollFull). Zero-trip loops are left alone.
func LoopUnrollFull(ctx *ir.Context, f affine.ForOp) error {
	tc, ok := ConstantTripCount(f)
	if !ok {
		return errors.New("trip count is not a known constant")
	}
	switch tc {
	case 0:
		return nil
	case 1:
		return PromoteIfSingleIteration(ctx, f)
	}
	return LoopUnrollByFactor(ctx, f, tc, false)
}

// LoopUnrollUpToFactor unrolls f by factor, or fully when its constant
// trip count is smaller (MLIR's loopUnrollUpToFactor).
func LoopUnrollUpToFactor(ctx *ir.Context, f affine.ForOp, factor int64) error {
	if tc, ok := ConstantTripCount(f); ok && tc < factor {
		return LoopUnrollByFactor(ctx, f, tc, false)
	}
	return LoopUnrollByFactor(ctx, f, factor, false)
}

// LoopUnrollByFactor unrolls f by factor as MLIR's loopUnrollByFactor: the
// step is multiplied by factor and the body replicated factor times with
// the induction variable bumped by `affine.apply (d0) -> (d0 + i*step)`,
// iter_args threaded through the copies. When factor does not divide the
// trip count, a cleanup loop runs the remaining iterations (or, with
// cleanup, the loop is unrolled fully). Loops with a max lower bound or a
// min upper bound whose trip count is not a multiple of factor are not
// unrolled.
func LoopUnrollByFactor(ctx *ir.Context, f affine.ForOp, factor int64, cleanup bool) error {
	tc, tcOK, done, err := unrollPrologue(ctx, f, factor, "unroll")
	if done {
		return err
	}
	if tcOK && tc < factor {
		if cleanup {
			return LoopUnrollFull(ctx, f)
		}
		return fmt.Errorf("trip count %d is less than the unroll factor %d", tc, factor)
	}
	if LargestDivisorOfTripCount(f)%factor != 0 {
		if len(f.LowerBoundMap().Results) != 1 || len(f.UpperBoundMap().Results) != 1 {
			return errors.New("cannot generate a cleanup loop for a max lower bound or min upper bound")
		}
		if cleanup {
			return LoopUnrollFull(ctx, f)
		}
		if err := generateCleanupLoop(ctx, f, factor); err != nil {
			return err
		}
	}
	step := f.Step()
	f.SetStep(step * factor)
	generateUnrolledLoop(ctx, f, factor, func(b *ir.Builder, i int64, iv *ir.Value) *ir.Value {
		return buildApply(b, f.Loc(), shiftMap(i*step), []*ir.Value{iv})
	})
	_ = PromoteIfSingleIteration(ctx, f)
	return nil
}

// generateUnrolledLoop appends factor-1 copies of f's body before its
// terminator, remapping the IV through ivRemap and iter_args through the
// values yielded by the previous copy.
func generateUnrolledLoop(ctx *ir.Context, f affine.ForOp, factor int64, ivRemap func(*ir.Builder, int64, *ir.Value) *ir.Value) {
	body := f.Body()
	term := body.Last()
	orig := body.Ops()
	orig = orig[:len(orig)-1]
	iv := f.InductionVar()
	iterArgs := f.RegionIterArgs()
	yielded := term.Operands()
	last := append([]*ir.Value(nil), yielded...)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(term)
	for i := int64(1); i < factor; i++ {
		m := ir.NewMapping()
		for k, a := range iterArgs {
			m.Map(a, last[k])
		}
		if iv.HasUses() {
			m.Map(iv, ivRemap(b, i, iv))
		}
		for _, op := range orig {
			b.Clone(op, m)
		}
		for k, y := range yielded {
			if d := y.DefiningOp(); d != nil && d.Block() == body {
				last[k] = m.Lookup(y)
			}
		}
	}
	term.SetOperands(last)
}

// CleanupLoopLowerBound returns the lower bound of the cleanup loop of f
// unrolled by factor: lb + (tc - tc mod factor) * step for each trip count
// expression (MLIR's getCleanupLoopLowerBound). The affine.apply ops it
// needs are created before f. It returns a nil map when the trip count
// cannot be expressed.
func CleanupLoopLowerBound(ctx *ir.Context, f affine.ForOp, factor int64) (*aff.Map, []*ir.Value) {
	tcMap, tcOps := TripCountMapAndOperands(f)
	if tcMap == nil {
		return nil, nil
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(f.Operation)
	lbm, lbo := f.LowerBound()
	lb := buildApply(b, f.Loc(), lbm, lbo)
	step := f.Step()
	bumps := make([]*ir.Value, len(tcMap.Results))
	newUb := make([]aff.Expr, len(tcMap.Results))
	for i, e := range tcMap.Results {
		bump := aff.MulConst(aff.Sub(e, aff.Mod(e, aff.Const(factor))), step)
		bumps[i] = buildApply(b, f.Loc(), aff.NewMap(tcMap.NumDims, tcMap.NumSymbols, []aff.Expr{bump}), tcOps)
		newUb[i] = aff.Add(aff.Dim(0), aff.Dim(i+1))
	}
	ops := append([]*ir.Value{lb}, bumps...)
	m := aff.NewMap(1+len(bumps), 0, newUb)
	m, ops = affine.FullyComposeMapAndOperands(m, ops)
	m = aff.SimplifyMap(m)
	m, ops = affine.CanonicalizeMapAndOperands(m, ops)
	for _, v := range bumps {
		if !v.HasUses() && !contains(ops, v) {
			v.DefiningOp().Erase()
		}
	}
	if !lb.HasUses() && !contains(ops, lb) {
		lb.DefiningOp().Erase()
	}
	return m, ops
}

func contains(vs []*ir.Value, v *ir.Value) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// generateCleanupLoop clones f after itself as the cleanup loop running
// the iterations past the last full group of factor, and shrinks f's upper
// bound accordingly (MLIR's generateCleanupLoopForUnroll).
func generateCleanupLoop(ctx *ir.Context, f affine.ForOp, factor int64) error {
	m, ops := CleanupLoopLowerBound(ctx, f, factor)
	if m == nil {
		return errors.New("cleanup loop lower bound cannot be computed")
	}
	cl := affine.ForOp{Operation: f.Clone(nil)}
	cl.MoveAfter(f.Operation)
	for i, r := range f.Results() {
		r.ReplaceAllUsesWith(cl.Result(i))
	}
	numControl := cl.NumOperands() - len(cl.Inits())
	for i, r := range f.Results() {
		cl.SetOperand(numControl+i, r)
	}
	cl.SetLowerBound(m, ops)
	_ = PromoteIfSingleIteration(ctx, cl)
	f.SetUpperBound(m, ops)
	return nil
}

// unrollPrologue is what unrolling and unroll-jamming by factor share: a
// factor that is not positive is an error, a factor of one only promotes a
// single-iteration loop, and a loop with an empty body is left alone; done
// reports that the caller has nothing more to do (and err its result).
// Otherwise it returns f's constant trip count, when it has one.
func unrollPrologue(ctx *ir.Context, f affine.ForOp, factor int64, what string) (tc int64, tcOK, done bool, err error) {
	if factor <= 0 {
		return 0, false, true, fmt.Errorf("%s factor %d is not positive", what, factor)
	}
	tc, tcOK = ConstantTripCount(f)
	if factor == 1 {
		if tcOK && tc == 1 {
			return tc, tcOK, true, PromoteIfSingleIteration(ctx, f)
		}
		return tc, tcOK, true, nil
	}
	return tc, tcOK, f.Body().Len() == 1, nil
}
