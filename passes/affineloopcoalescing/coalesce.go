package affineloopcoalescing

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/scf/scfutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the affine-loop-coalescing pass.
var New = pass.DefineFunc(pass.Base{Arg: "affine-loop-coalescing", Desc: "Coalesce nested loops with independent bounds into a single loop", On: "func.func", Display: "LoopCoalescingPass"}, run)

// run coalesces, outermost nests first, every perfect nest of normalized
// affine.for loops, and of scf.for loops, whose bounds are defined above it.
func run(fn *ir.Operation, am *pass.AnalysisManager) error {
	ctx := am.Context()
	ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if f, ok := affine.AsFor(op); ok {
			looputil.CoalescePerfectlyNestedLoops(ctx, f)
		} else if op.Name() == "scf.for" {
			scfutil.CoalescePerfectlyNestedForLoops(ctx, op)
		}
		return ir.Advance
	})
	return nil
}
