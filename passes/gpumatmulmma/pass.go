package gpumatmulmma

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"github.com/goopt/goopt/passes/internal/matmulpass"
)

// KernelPassName is the pass that replaces each matmul nest by the
// kernel; the pipeline is this pass (strict) and its clean-up.
const KernelPassName = "affine-gpu-mma"

// spec is the pipeline's skeleton (shared with gpu-matmul-hopper): the kernel
// pass, strict, and canonicalize and cse when o.Cleanup.
var spec = &matmulpass.Spec[Options]{Name: Name, Kernel: "an mma.sync kernel", Defaults: DefaultOptions,
	Summary: "An affine f16 matmul to an Ampere-style gpu.launch: a cp.async shared-memory ring, XOR swizzle, ldmatrix and mma.sync (goopt)",
	Pass:    pass.Base{Arg: KernelPassName, Desc: "Replace an affine f16 matmul nest by a cp.async + ldmatrix + mma.sync gpu.launch (goopt)", On: "func.func", Display: "AffineGPUMma"},
	Prepare: func(o *Options) (matmulpass.Builder, bool, error) {
		b, err := matmulpass.Fitted(o.kernel, (*kernel).fit, (*kernel).text)
		return b, o.Cleanup, err
	}}

// NewKernelPass returns affine-gpu-mma with the pipeline's defaults.
func NewKernelPass() pass.Pass { return spec.NewKernelPass() }

// fit completes k with the matmul's sizes and checks that the kernel
// computes exactly this nest.
func (k *kernel) fit(mm *gpuutil.MatmulNest) error {
	if err := matmulpass.CheckOperands(mm, ir.F16, ir.F32); err != nil {
		return err
	}
	k.M, k.N, k.K = mm.Size(0), mm.Size(1), mm.Size(2)
	for d, tile := range [3]int64{k.BM, k.BN, k.BK} {
		if mm.Size(d)%tile != 0 {
			return kernelemit.Locatedf(mm.Loop[d].Operation, "matmul size %d is not a multiple of the thread-block tile %d", mm.Size(d), tile)
		}
	}
	return nil
}
