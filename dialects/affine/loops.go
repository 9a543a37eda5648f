package affine

import (
	"errors"

	"github.com/goopt/goopt/ir"
)

// PromoteIfSingleIteration inlines the body of a loop that runs exactly
// once into its parent block, replacing the induction variable by the lower
// bound, the iter_args by the inits and the results by the yielded values
// (upstream's promoteIfSingleIteration). It fails, changing nothing, when
// the trip count is not known to be one or the lower bound has several results.
func PromoteIfSingleIteration(rw *ir.Rewriter, f ForOp) error {
	tc, ok := f.ConstantTripCount()
	if !ok || tc != 1 {
		return errors.New("trip count is not known to be one")
	}
	lbm, lbo := f.LowerBound()
	if len(lbm.Results) != 1 {
		return errors.New("lower bound has several results")
	}
	iv := f.InductionVar()
	rw.SetInsertionPointBefore(f.Operation)
	if iv.HasUses() {
		var lb *ir.Value
		if c, ok := lbm.IsSingleConstant(); ok {
			lb = rw.CreateOp("arith.constant", f.Loc(), nil, []ir.Type{ir.Index},
				ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(c)}).Result(0)
		} else {
			lb = rw.CreateOp(ApplyName, f.Loc(), lbo, []ir.Type{ir.Index},
				ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(lbm)}).Result(0)
		}
		rw.ReplaceAllUsesWith(iv, lb)
	}
	body := f.Body()
	y := f.Yield()
	args := append([]*ir.Value{iv}, f.Inits()...)
	rw.InlineBlockBefore(body, f.Operation, args)
	yielded := y.Operands() // read after inlining: iter_args are now the inits
	rw.EraseOp(y)
	rw.ReplaceOp(f.Operation, yielded)
	return nil
}

// EraseZeroTripLoop removes a loop known to run zero times, replacing its
// results by the inits. It reports whether it did.
func EraseZeroTripLoop(rw *ir.Rewriter, f ForOp) bool {
	tc, ok := f.ConstantTripCount()
	if !ok || tc != 0 {
		return false
	}
	rw.ReplaceOp(f.Operation, f.Inits())
	return true
}

// LoopSimplificationPatterns returns patterns that upstream's canonicalizer
// does not apply to affine.for but loop passes want: promotion of
// single-iteration loops and removal of zero-trip loops.
func LoopSimplificationPatterns() []ir.Pattern {
	return []ir.Pattern{
		ir.PatternFunc{Root: ForName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
			return EraseZeroTripLoop(rw, ForOp{op})
		}},
		ir.PatternFunc{Root: ForName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
			return PromoteIfSingleIteration(rw, ForOp{op}) == nil
		}},
	}
}
