package affinegpuwmma

import (
	"errors"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are affine-gpu-wmma's options.
type Options struct {
	HoistC bool `opt:"hoist-c" desc:"Load the C fragments before the reduction loops and store them after, carrying them as iter_args"`
}

// New returns the pass with its defaults (hoist-c on).
var New = pass.Define(pass.Base{Arg: "affine-gpu-wmma", Desc: "Turn 16x16x16 affine matmul point nests into GPU WMMA fragment ops (goopt)", On: "func.func", Display: "AffineGPUWMMA"}, Options{HoistC: true}, run)

// run converts every matmul point nest of the function; candidates that
// are not matmuls, and optional steps that cannot be done, are remarks.
func run(o *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	opts := gpuutil.WMMAOptions{HoistC: o.HoistC}
	for _, f := range gpuutil.WMMAPointNests(fn) {
		notes, err := gpuutil.ConvertToWMMA(am.Context(), f, opts)
		if err != nil {
			notes = []error{err}
		}
		for _, n := range notes {
			var we *gpuutil.WMMAError
			if errors.As(n, &we) && we.Op != nil {
				am.Emit(we.Op.Remarkf("%s", we.Msg))
			} else {
				am.Emit(fn.Remarkf("%v", n))
			}
		}
	}
	return nil
}
