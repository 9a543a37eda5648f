package affineloopunrolljam

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's affine-loop-unroll-jam options.
type Options struct {
	UnrollJamFactor uint32 `opt:"unroll-jam-factor" desc:"Use this unroll jam factor for all loops (default 4)"`
}

// New returns the affine-loop-unroll-jam pass with upstream's defaults.
var New = pass.Define(pass.Base{Arg: "affine-loop-unroll-jam", Desc: "Unroll and jam affine loops", On: "func.func", Display: "LoopUnrollAndJam"}, Options{UnrollJamFactor: 4}, run)

// run unroll-jams the function's first op when it is an affine.for (as
// upstream, which targets only the outermost loop of the first nest).
func run(opts *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	if opts.UnrollJamFactor == 0 {
		return ir.Errorf(fn.Loc(), "invalid value '0' for option 'unroll-jam-factor': expected a positive unroll-jam factor")
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil
	}
	f, ok := affine.AsFor(fn.Region(0).Front().First())
	if !ok {
		return nil
	}
	if err := looputil.LoopUnrollJamByFactor(am.Context(), f, int64(opts.UnrollJamFactor)); err != nil {
		am.Emit(f.Remarkf("loop unroll-jam failed: %v", err))
	}
	return nil
}
