package gpumatmulhopper

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
)

// KernelPassName is the pass that replaces each matmul nest by the
// kernel; the pipeline is this pass (strict) and its clean-up.
const KernelPassName = "affine-gpu-hopper"

// NewKernelPass returns affine-gpu-hopper with the pipeline's defaults.
func NewKernelPass() pass.Pass {
	return &pass.OptionsFunc[Options]{
		Base: pass.Base{Arg: KernelPassName, Desc: "Replace an affine f16 matmul nest by a Hopper TMA + mbarrier + wgmma gpu.launch (goopt)", On: "func.func", Display: "AffineGPUHopper"},
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
	kernelemit.ReplaceMatmulNests(fn, am, "a Hopper kernel", Name, func(mm *gpuutil.MatmulNest) (string, error) {
		k := cfg
		if err := k.fit(mm); err != nil {
			return "", err
		}
		return k.source(), nil
	})
	return nil
}

// fit completes k with the matmul's sizes and checks that the kernel
// computes exactly this nest.
func (k *kernel) fit(mm *gpuutil.MatmulNest) error {
	// A's element type selects the variant (f16 or bf16); B must match.
	loadA := mm.Body.LoadA
	if loadA.Operand(0) != mm.A {
		loadA = mm.Body.LoadB
	}
	abType := ir.Type(ir.F16)
	if t, ok := mm.A.Type().(*ir.MemRefType); ok {
		if name, ok := abElem(t.Elem); ok {
			abType, k.Elem = t.Elem, name
		} else {
			return kernelemit.Locatedf(loadA, "operand A has element type %s: the Hopper kernel takes f16 or bf16 inputs with an f32 C%s", t.Elem, elemHint(t.Elem))
		}
	}
	wantTypes := []struct {
		v    *ir.Value
		load *ir.Operation
		elem ir.Type
		name string
		dims [2]int
	}{
		{mm.A, mm.Body.LoadA, abType, "A", [2]int{0, 2}},
		{mm.B, mm.Body.LoadB, abType, "B", [2]int{2, 1}},
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
	if err := k.fitBounds(mm); err != nil {
		return err
	}
	// A cluster's blocks lie in one tile grid row or column group: the
	// (rounded-up) tile counts must be whole clusters.
	if k.tilesN()%k.CX != 0 {
		return kernelemit.Locatedf(mm.Loop[1].Operation, "the %d column tiles are not a whole number of clusters of %d", k.tilesN(), k.CX)
	}
	if k.tilesM()%k.CY != 0 {
		return kernelemit.Locatedf(mm.Loop[0].Operation, "the %d row tiles are not a whole number of clusters of %d", k.tilesM(), k.CY)
	}
	return nil
}
