package affineloopnormalize

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's affine-loop-normalize options.
type Options struct {
	PromoteSingleIter bool `opt:"promote-single-iter" desc:"Promote single iteration loops"`
}

// New returns the affine-loop-normalize pass.
var New = pass.Define(pass.Base{Arg: "affine-loop-normalize", Desc: "Apply normalization transformations to affine loop-like ops", On: "func.func", Display: "AffineLoopNormalizePass"}, Options{}, run)

// run normalizes every affine.for and affine.parallel, innermost first.
func run(opts *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	ctx := am.Context()
	ir.Walk(fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if par, ok := affine.AsParallel(op); ok {
			_ = looputil.NormalizeAffineParallel(ctx, par)
		} else if f, ok := affine.AsFor(op); ok {
			_ = looputil.NormalizeAffineFor(ctx, f, opts.PromoteSingleIter)
		}
		return ir.Advance
	})
	return nil
}
