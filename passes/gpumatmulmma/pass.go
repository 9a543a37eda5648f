package gpumatmulmma

import (
	"fmt"

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

// fit completes k with the matmul's element types and sizes and checks
// that the kernel computes exactly this nest.
func (k *kernel) fit(mm *gpuutil.MatmulNest) error {
	in, acc := matmulpass.ElemA(mm), ir.Type(nil)
	if t, ok := mm.C.Type().(*ir.MemRefType); ok {
		acc = t.Elem
	}
	if err := k.fitTypes(in, acc); err != nil {
		return kernelemit.Locatedf(matmulpass.LoadA(mm), "%v", err)
	}
	if err := matmulpass.CheckOperands(mm, in, acc); err != nil {
		return err
	}
	// The element size sets the chunks a tile splits into.
	if err := k.check(); err != nil {
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

// fitTypes selects the mma.sync variant for A's element type in and C's
// acc: f16 x f16 -> f32 or f16, bf16 x bf16 -> f32, and f32 x f32 -> f32
// as tf32 where allowed.
func (k *kernel) fitTypes(in, acc ir.Type) error {
	switch {
	case in == ir.F16 && (acc == ir.F32 || acc == ir.F16):
		k.In = f16
	case in == ir.BF16 && acc == ir.F32:
		k.In = bf16
	case in == ir.F32 && acc == ir.F32:
		if !k.AllowTF32 {
			return fmt.Errorf("f32 operands run on the tensor cores as tf32 (10-bit mantissa): pass allow-tf32 to accept that, or use gpu-matmul-wmma or gpu-map-affine for f32 precision")
		}
		k.In = f32
	default:
		return fmt.Errorf("mma.sync takes f16 A and B with an f32 or f16 C, bf16 with an f32 C, or f32 (as tf32, under allow-tf32) with an f32 C; got %v A and %v C", in, acc)
	}
	k.Acc = acc.String()
	return nil
}
