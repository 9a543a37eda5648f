package looputil

import (
	"errors"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// NormalizeAffineFor rewrites f to run from 0 with step 1, as MLIR's
// normalizeAffineFor: the upper bound becomes (ub - lb) ceildiv step (one
// result per upper bound result) and the old induction variable is
// recomputed at the top of the body by `affine.apply lb + iv * step`. With
// promoteSingleIter, a single-iteration loop is promoted instead. Loops
// with a max lower bound are left alone (error).
func NormalizeAffineFor(ctx *ir.Context, f affine.ForOp, promoteSingleIter bool) error {
	if promoteSingleIter && PromoteIfSingleIteration(ctx, f) == nil {
		return nil
	}
	if lb, ok := f.ConstantLowerBound(); ok && lb == 0 && f.Step() == 1 {
		return nil
	}
	lbMap, lbOps := f.LowerBound()
	if len(lbMap.Results) != 1 {
		return errors.New("loops with a max lower bound cannot be normalized")
	}
	step := f.Step()
	ubMap, ubOps := f.UpperBound()
	splat := make([]aff.Expr, len(ubMap.Results))
	for i := range splat {
		splat[i] = lbMap.Results[0]
	}
	diff, diffOps := ValueMapDifference(ubMap, ubOps, aff.NewMap(lbMap.NumDims, lbMap.NumSymbols, splat), lbOps)
	diff, diffOps = affine.ComposeMapAndOperands(diff, diffOps)
	scale := make([]aff.Expr, len(diff.Results))
	for i := range scale {
		scale[i] = aff.CeilDiv(aff.Dim(i), aff.Const(step))
	}
	newUb := aff.Compose(aff.NewMap(len(diff.Results), 0, scale), diff)

	f.SetUpperBound(newUb, diffOps)
	f.SetLowerBound(aff.ConstantMap(0), nil)
	f.SetStep(1)

	iv := f.InductionVar()
	scaleIv := aff.NewMap(1, 0, []aff.Expr{aff.MulConst(aff.Neg(aff.Dim(0)), step)})
	m, ops := ValueMapDifference(lbMap, lbOps, scaleIv, []*ir.Value{iv})
	m, ops = affine.ComposeMapAndOperands(m, ops)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(f.Body())
	newIV := buildApply(b, f.Loc(), m, ops)
	replaceAllUsesExcept(iv, newIV, newIV.DefiningOp())
	return nil
}

// NormalizeAffineParallel rewrites p to run every dimension from 0 with
// step 1, as MLIR's normalizeAffineParallel. Dimensions with min/max
// bounds are not supported (error).
func NormalizeAffineParallel(ctx *ir.Context, p affine.ParallelOp) error {
	for _, g := range append(p.LowerBoundsGroups(), p.UpperBoundsGroups()...) {
		if g != 1 {
			return errors.New("loops with min/max bounds are not normalized")
		}
	}
	lbMap := p.LowerBoundsMap()
	steps := p.Steps()
	normalized := true
	for i, s := range steps {
		if c, ok := aff.ConstantValue(lbMap.Results[i]); !ok || c != 0 || s != 1 {
			normalized = false
		}
	}
	if normalized {
		return nil
	}
	ranges, rangeOps := ValueMapDifference(p.UpperBoundsMap(), p.UpperBoundsOperands(), lbMap, p.LowerBoundsOperands())
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(p.Body())
	lbOps := p.LowerBoundsOperands()
	nDims := lbMap.NumDims
	var lbExprs, ubExprs []aff.Expr
	for i, s := range steps {
		lbExprs = append(lbExprs, aff.Const(0))
		ubExprs = append(ubExprs, aff.CeilDiv(ranges.Results[i], aff.Const(s)))
		iv := p.Body().Argument(i)
		e := aff.Add(lbMap.Results[i], aff.MulConst(aff.Dim(nDims), s))
		m := aff.NewMap(nDims+1, lbMap.NumSymbols, []aff.Expr{e})
		ops := append(append(append([]*ir.Value(nil), lbOps[:nDims]...), iv), lbOps[nDims:]...)
		apply := buildApply(b, p.Loc(), m, ops)
		replaceAllUsesExcept(iv, apply, apply.DefiningOp())
	}
	ones := make([]int64, len(steps))
	for i := range ones {
		ones[i] = 1
	}
	p.SetAttr("steps", ir.I64Array(ones...))
	p.SetLowerBounds(aff.NewMap(0, 0, lbExprs), nil)
	p.SetUpperBounds(aff.NewMap(ranges.NumDims, ranges.NumSymbols, ubExprs), rangeOps)
	return nil
}
