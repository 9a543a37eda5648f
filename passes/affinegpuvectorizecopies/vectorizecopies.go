package affinegpuvectorizecopies

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are the pass's options.
type Options struct {
	VectorBits uint32 `opt:"vector-bits" desc:"Width of the vector copies in bits: 32, 64 or 128 (default: 128)"`
}

// New returns the affine-gpu-vectorize-copies pass with 128-bit copies.
var New = pass.Define(pass.Base{Arg: "affine-gpu-vectorize-copies", Desc: "Turn global-to-shared-memory copy loops into vector copies (goopt)", On: "func.func", Display: "AffineGpuVectorizeCopies"}, Options{VectorBits: 128}, run)

// run vectorizes every copy loop of the function; a loop that cannot be
// vectorized with aligned accesses gets a remark and is left as it is.
func run(opts *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	switch opts.VectorBits {
	case 32, 64, 128:
	default:
		return ir.Errorf(fn.Loc(), "invalid value '%d' for option 'vector-bits': expected 32, 64 or 128", opts.VectorBits)
	}
	for _, c := range gpuutil.CopyLoops(fn) {
		if err := gpuutil.VectorizeCopyLoop(am.Context(), c, int(opts.VectorBits)); err != nil {
			am.Emit(c.Loop.Remarkf("copy loop not vectorized: %v", err))
		}
	}
	return nil
}
