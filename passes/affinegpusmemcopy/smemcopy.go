package affinegpusmemcopy

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Paper's padding of the A and B tiles, in elements (8 f16 = 16 bytes).
const defaultPadding = 8

// Options are affine-gpu-smem-copy's options: the utility's own.
type Options = gpuutil.SmemCopyOptions

// New returns the pass with the paper's padding.
var New = pass.Define(pass.Base{Arg: "affine-gpu-smem-copy", Desc: "Copy the A and B tiles of a GPU-tiled matmul into padded shared memory at the thread-block k loop (goopt)", On: "func.func", Display: "AffineGpuSmemCopy"}, Options{PaddingA: defaultPadding, PaddingB: defaultPadding}, run)

// run stages the A and B tiles of every outermost affine.for nest of the
// function; nests it cannot handle get a remark and are left unchanged.
func run(o *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	if o.PaddingA < 0 || o.PaddingB < 0 {
		return fn.Errorf("invalid padding %d,%d: must be non-negative", o.PaddingA, o.PaddingB)
	}
	for _, root := range passutil.OutermostFors(fn) {
		if err := gpuutil.CopyToSharedMemory(am.Context(), root, *o); err != nil {
			am.Emit(root.Remarkf("no shared-memory copies generated: %v", err))
		}
	}
	return nil
}
