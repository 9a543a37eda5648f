package gpumatmulmma

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
)

// KernelPassName is the pass that replaces each matmul nest by the
// kernel; the pipeline is this pass (strict) and its clean-up.
const KernelPassName = "affine-gpu-mma"

// NewKernelPass returns affine-gpu-mma with the pipeline's defaults.
func NewKernelPass() pass.Pass {
	return &pass.OptionsFunc[Options]{
		Base: pass.Base{Arg: KernelPassName, Desc: "Replace an affine f16 matmul nest by a cp.async + ldmatrix + mma.sync gpu.launch (goopt)", On: "func.func", Display: "AffineGPUMma"},
		Opts: DefaultOptions(),
		Fn:   runKernelPass,
	}
}

// runKernelPass replaces every matmul nest of fn. Nests that are not a
// matmul are remarks (errors under the pipeline's strict mode); a matmul
// the kernel cannot compute (element types, sizes the tiles do not
// divide, a configuration over a hardware limit) is an error at its loop.
func runKernelPass(o *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	cfg, err := o.kernel()
	if err != nil {
		return fn.Errorf("%s: %v", Name, err)
	}
	kernelemit.ReplaceMatmulNests(fn, am, "an mma.sync kernel", Name, func(mm *gpuutil.MatmulNest) (string, error) {
		k := cfg
		if err := k.fit(mm); err != nil {
			return "", err
		}
		return k.text(), nil
	})
	return nil
}

// fit completes k with the matmul's sizes and checks that the kernel
// computes exactly this nest.
func (k *kernel) fit(mm *gpuutil.MatmulNest) error {
	wantTypes := []struct {
		v    *ir.Value
		load *ir.Operation
		elem ir.Type
		name string
		dims [2]int
	}{
		{mm.A, mm.Body.LoadA, ir.F16, "A", [2]int{0, 2}},
		{mm.B, mm.Body.LoadB, ir.F16, "B", [2]int{2, 1}},
		{mm.C, mm.Body.LoadC, ir.F32, "C", [2]int{0, 1}},
	}
	if mm.Body.LoadA.Operand(0) != mm.A {
		wantTypes[0].load, wantTypes[1].load = mm.Body.LoadB, mm.Body.LoadA
	}
	for _, w := range wantTypes {
		t, ok := w.v.Type().(*ir.MemRefType)
		if !ok || t.Elem != w.elem || len(t.Dims) != 2 || t.Layout != nil || t.MemorySpace != nil {
			return kernelemit.Locatedf(w.load, "operand %s must be a %s memref in global memory with the identity layout, got %s", w.name, w.elem, w.v.Type())
		}
		for i, d := range w.dims {
			if mm.Lower[d] != 0 || mm.Upper[d] != t.Dims[i] {
				return kernelemit.Locatedf(mm.Loop[d].Operation, "the loop must cover dimension %d of %s (0 to %d), got %d to %d", i, w.name, t.Dims[i], mm.Lower[d], mm.Upper[d])
			}
		}
	}
	k.M, k.N, k.K = mm.Size(0), mm.Size(1), mm.Size(2)
	for d, tile := range [3]int64{k.BM, k.BN, k.BK} {
		if mm.Size(d)%tile != 0 {
			return kernelemit.Locatedf(mm.Loop[d].Operation, "matmul size %d is not a multiple of the thread-block tile %d", mm.Size(d), tile)
		}
	}
	return nil
}
