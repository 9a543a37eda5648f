package passutil

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

// Outermost returns the ops named name under op, in pre-order, without
// those nested inside another one (op itself is never returned).
func Outermost(op *ir.Operation, name string) []*ir.Operation {
	var out []*ir.Operation
	ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o != op && o.Is(name) {
			out = append(out, o)
			return ir.Skip
		}
		return ir.Advance
	})
	return out
}

// OutermostFors returns the affine.for ops under op that no other
// affine.for encloses: the roots of its loop nests.
func OutermostFors(op *ir.Operation) []affine.ForOp {
	var roots []affine.ForOp
	for _, o := range Outermost(op, affine.ForName) {
		f, _ := affine.AsFor(o)
		roots = append(roots, f)
	}
	return roots
}

// MatmulNest matches the perfectly nested band rooted at root as a matmul
// (gpuutil.MatchMatmulNest), the test every matmul pass starts with.
func MatmulNest(root affine.ForOp) (*gpuutil.MatmulNest, error) {
	return gpuutil.MatchMatmulNest(looputil.GetPerfectlyNestedLoops(root))
}

// MatmulNests returns the matmul nests among the outermost affine.for
// nests of op, passing over the others (for the stages that leave saying
// why to another).
func MatmulNests(op *ir.Operation) []*gpuutil.MatmulNest {
	var out []*gpuutil.MatmulNest
	for _, root := range OutermostFors(op) {
		if mm, err := MatmulNest(root); err == nil {
			out = append(out, mm)
		}
	}
	return out
}
