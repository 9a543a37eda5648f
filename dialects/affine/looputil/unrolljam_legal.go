package looputil

import (
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
)

// CheckUnrollJamLegality reports, as an error naming the offending pair,
// whether unroll-and-jam of f by factor could reorder two dependent
// memory accesses (upstream MLIR does not check this).
//
// Unroll-jam runs iterations i, i+step, ..., i+(factor-1)*step of f
// together: the copies of a sub-block (a run of non-loop ops) follow each
// other in iteration order, and the inner loops reached through
// affine.for ops only are shared. An instance of src at iteration i and
// one of dst at a later iteration i+δ (δ < factor*step) of the same group
// keep their order when, over the inner loops common to both, dst is
// lexicographically later, or all those IVs are equal and src's ancestor
// in the innermost common loop body is the same op as dst's, in the same
// sub-block, or before it. The check is conservative: a dependence whose
// inner distance may be negative on any common inner loop, or zero on all
// of them with dst's ancestor first, makes the transformation illegal.
func CheckUnrollJamLegality(f affine.ForOp, factor int64) error {
	if factor <= 1 {
		return nil
	}
	var accs []*analysis.MemRefAccess
	ir.WalkOps(f.Operation, func(op *ir.Operation) {
		if a, ok := analysis.NewMemRefAccess(op); ok {
			accs = append(accs, a)
		}
	})
	depth := analysis.LoopDepth(f.Operation) + 1 // 1-based position of f among common loops
	span := f.Step() * factor
	for _, src := range accs {
		for _, dst := range accs {
			if src.MemRef != dst.MemRef || (!src.IsStore && !dst.IsStore) {
				continue
			}
			res := analysis.CheckDependence(src, dst, depth, true)
			if !res.HasDependence || len(res.Components) < depth {
				continue
			}
			if lb := res.Components[depth-1].Lb; lb != analysis.NoLowerBound && lb >= span {
				continue // only between different unroll-jam groups
			}
			if jamReorders(f, src.Op, dst.Op, res.Components[depth:]) {
				return fmt.Errorf("unroll-jam by %d would reorder a dependence from '%s' to '%s' carried by the loop", factor, src.Op.Name(), dst.Op.Name())
			}
		}
	}
	return nil
}

// jamReorders reports whether a dependence from src to dst carried by f,
// with the given distance ranges on the common loops inside f, may run dst
// before src once f is unroll-jammed.
func jamReorders(f affine.ForOp, src, dst *ir.Operation, inner []analysis.DependenceComponent) bool {
	for _, c := range inner {
		if c.Lb < 0 {
			return true
		}
	}
	for _, c := range inner {
		if c.Lb > 0 {
			return false // dst is lexicographically later on the inner loops
		}
	}
	// All common inner IVs may be equal: the order is the one of the ops
	// in the innermost common loop's body.
	body := f.Body()
	if n := len(inner); n > 0 {
		body = inner[n-1].Op.Body()
	}
	as, ad := ancestorIn(src, body), ancestorIn(dst, body)
	if as == nil || ad == nil {
		return true
	}
	if as == ad {
		return false // one sub-block op: the copies run in iteration order
	}
	// Both in one sub-block (no affine.for between them, inclusive): the
	// group's copies of the sub-block run in iteration order.
	first, second := as, ad
	if ad.IsBeforeInBlock(as) {
		first, second = ad, as
	}
	sameSubBlock := true
	for op := first; op != nil; op = op.Next() {
		if op.Is(affine.ForName) {
			sameSubBlock = false
			break
		}
		if op == second {
			break
		}
	}
	if sameSubBlock {
		return false
	}
	return first != as
}

// ancestorIn returns op's ancestor (or op) whose block is b, or nil.
func ancestorIn(op *ir.Operation, b *ir.Block) *ir.Operation {
	for ; op != nil; op = op.ParentOp() {
		if op.Block() == b {
			return op
		}
	}
	return nil
}
