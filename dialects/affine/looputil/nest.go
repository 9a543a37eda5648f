package looputil

import (
	"errors"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
)

// GetPerfectlyNestedLoops returns the band of loops perfectly nested under
// root, root first: each loop's body holds exactly the next loop and its
// terminator (MLIR's getPerfectlyNestedLoops).
func GetPerfectlyNestedLoops(root affine.ForOp) []affine.ForOp {
	return analysis.PerfectlyNestedBand(root)
}

// IsPerfectlyNested reports whether each loop of loops is the only op (but
// the terminator) of the body of the previous one.
func IsPerfectlyNested(loops []affine.ForOp) bool {
	for i := 1; i < len(loops); i++ {
		body := loops[i-1].Body()
		if body.Len() != 2 || body.First() != loops[i].Operation {
			return false
		}
	}
	return true
}

// IsInnermost reports whether no affine.for is nested in f's body.
func IsInnermost(f affine.ForOp) bool {
	for _, op := range f.Body().Ops() {
		if _, nested := affine.FirstFor(op); nested {
			return false
		}
	}
	return true
}

// InnermostLoops returns the affine.for ops nested in op (op included) that
// contain no other affine.for, in post-order (MLIR's gatherInnermostLoops).
func InnermostLoops(op *ir.Operation) []affine.ForOp {
	var out []affine.ForOp
	ir.WalkOps(op, func(o *ir.Operation) {
		if f, ok := affine.AsFor(o); ok && IsInnermost(f) {
			out = append(out, f)
		}
	})
	return out
}

// Loops returns the affine.for ops nested in op (op included) in post-order.
func Loops(op *ir.Operation) []affine.ForOp {
	var out []affine.ForOp
	ir.WalkOps(op, func(o *ir.Operation) {
		if f, ok := affine.AsFor(o); ok {
			out = append(out, f)
		}
	})
	return out
}

// PromoteIfSingleIteration inlines the body of a loop whose constant trip
// count is one into the parent block, as upstream's
// affine::promoteIfSingleIteration: the induction variable becomes an
// `arith.constant` at the start of the enclosing function's body (constant
// lower bound; before the loop when there is no enclosing function), the
// lower bound operand (identity map) or an affine.apply of the lower bound
// map before the loop; iter_args become their inits and results the
// yielded values. It fails, changing nothing, when the trip count is not
// known to be one or the lower bound has several results.
func PromoteIfSingleIteration(ctx *ir.Context, f affine.ForOp) error {
	return promoteIfSingleIteration(ir.NewRewriter(ctx), f)
}

// promoteIfSingleIteration is PromoteIfSingleIteration through a rewriter,
// so that a pattern driver sees every change.
func promoteIfSingleIteration(rw *ir.Rewriter, f affine.ForOp) error {
	tc, ok := ConstantTripCount(f)
	if !ok || tc != 1 {
		return errors.New("trip count is not known to be one")
	}
	lbMap, lbOps := f.LowerBound()
	if len(lbMap.Results) != 1 {
		return errors.New("lower bound has several results")
	}
	iv := f.InductionVar()
	if iv.HasUses() {
		var lb *ir.Value
		if c, ok := f.ConstantLowerBound(); ok {
			if fn := enclosingFunction(f.Operation); fn != nil && fn.NumRegions() > 0 && !fn.Region(0).Empty() {
				rw.SetInsertionPointToStart(fn.Region(0).Front())
			} else {
				rw.SetInsertionPointBefore(f.Operation)
			}
			lb = buildConstantIndex(rw.Builder, f.Loc(), c)
		} else if lbMap.Equal(dimIdentityMap()) {
			lb = lbOps[0]
		} else {
			rw.SetInsertionPointBefore(f.Operation)
			lb = buildApply(rw.Builder, f.Loc(), lbMap, lbOps)
		}
		rw.ReplaceAllUsesWith(iv, lb)
	}
	y := f.Yield()
	rw.InlineBlockBefore(f.Body(), f.Operation, append([]*ir.Value{iv}, f.Inits()...))
	yielded := y.Operands() // read after inlining: iter_args are now the inits
	rw.EraseOp(y)
	rw.ReplaceOp(f.Operation, yielded)
	return nil
}

// LoopSimplificationPatterns returns patterns that upstream's canonicalizer
// does not apply to affine.for but loop passes want: removal of zero-trip
// loops and promotion of single-iteration ones.
func LoopSimplificationPatterns() []ir.Pattern {
	return []ir.Pattern{
		ir.PatternFunc{Root: affine.ForName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
			return affine.EraseZeroTripLoop(rw, affine.ForOp{Operation: op})
		}},
		ir.PatternFunc{Root: affine.ForName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
			return promoteIfSingleIteration(rw, affine.ForOp{Operation: op}) == nil
		}},
	}
}
