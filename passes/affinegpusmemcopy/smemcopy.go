package affinegpusmemcopy

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Paper's padding of the A and B tiles, in elements (8 f16 = 16 bytes).
const defaultPadding = 8

// Options are affine-gpu-smem-copy's options.
type Options struct {
	PaddingA int64 `opt:"padding-a" desc:"Elements added to the innermost dimension of the A tile in shared memory (default: 8)"`
	PaddingB int64 `opt:"padding-b" desc:"Elements added to the innermost dimension of the B tile in shared memory (default: 8)"`
}

// Pass is the affine-gpu-smem-copy pass.
type Pass struct {
	pass.Base
	Opts Options
}

// New returns the pass with the paper's padding.
func New() pass.Pass {
	return &Pass{
		Base: pass.Base{Arg: "affine-gpu-smem-copy", Desc: "Copy the A and B tiles of a GPU-tiled matmul into padded shared memory at the thread-block k loop (goopt)", On: "func.func", Display: "AffineGpuSmemCopy"},
		Opts: Options{PaddingA: defaultPadding, PaddingB: defaultPadding},
	}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run stages the A and B tiles of every outermost affine.for nest of the
// function; nests it cannot handle get a remark and are left unchanged.
func (p *Pass) Run(fn *ir.Operation, am *pass.AnalysisManager) error {
	if p.Opts.PaddingA < 0 || p.Opts.PaddingB < 0 {
		return fn.Errorf("invalid padding %d,%d: must be non-negative", p.Opts.PaddingA, p.Opts.PaddingB)
	}
	var roots []affine.ForOp
	ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if f, ok := affine.AsFor(op); ok {
			roots = append(roots, f)
			return ir.Skip
		}
		return ir.Advance
	})
	opts := gpuutil.SmemCopyOptions{PaddingA: p.Opts.PaddingA, PaddingB: p.Opts.PaddingB}
	for _, root := range roots {
		if err := gpuutil.CopyToSharedMemory(am.Context(), root, opts); err != nil {
			am.Emit(root.Remarkf("no shared-memory copies generated: %v", err))
		}
	}
	return nil
}
