package gpumatmulhopper

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
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
	for _, root := range passutil.OutermostFors(fn) {
		mm, err := gpuutil.MatchMatmulNest(looputil.GetPerfectlyNestedLoops(root))
		if err == nil {
			err = gpuutil.CheckFullyPermutable(mm.Band)
		}
		if err != nil {
			am.Emit(root.Remarkf("loop nest not mapped to a Hopper kernel: %v", err))
			continue
		}
		k := cfg
		if err := k.fit(mm); err != nil {
			var le *locatedError
			if errors.As(err, &le) {
				am.Emit(le.op.Errorf("%s", le.msg))
			} else {
				am.Emit(root.Errorf("%v", err))
			}
			continue
		}
		if err := replaceNest(am.Context(), &k, mm); err != nil {
			am.Emit(root.Errorf("cannot build the Hopper kernel: %v", err))
		}
	}
	return nil
}

// locatedError is a refusal that belongs to one op of the nest (the loop
// of the dimension at fault, the load of the operand at fault).
type locatedError struct {
	op  *ir.Operation
	msg string
}

func (e *locatedError) Error() string { return e.msg }

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
			return &locatedError{loadA, fmt.Sprintf("operand A has element type %s: the Hopper kernel takes f16 or bf16 inputs with an f32 C%s", t.Elem, elemHint(t.Elem))}
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
			return &locatedError{w.load, fmt.Sprintf("operand %s must be a %s memref in global memory with the identity layout, got %s", w.name, w.elem, w.v.Type())}
		}
		for i, d := range w.dims {
			if mm.Lower[d] != 0 || mm.Upper[d] != t.Dims[i] {
				return &locatedError{mm.Loop[d].Operation, fmt.Sprintf("the loop must cover dimension %d of %s (0 to %d), got %d to %d", i, w.name, t.Dims[i], mm.Lower[d], mm.Upper[d])}
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
		return &locatedError{mm.Loop[1].Operation, fmt.Sprintf("the %d column tiles are not a whole number of clusters of %d", k.tilesN(), k.CX)}
	}
	if k.tilesM()%k.CY != 0 {
		return &locatedError{mm.Loop[0].Operation, fmt.Sprintf("the %d row tiles are not a whole number of clusters of %d", k.tilesM(), k.CY)}
	}
	return nil
}

// replaceNest writes the kernel, parses it and moves its body in place of
// the nest, with the nest's location on every op.
func replaceNest(ctx *ir.Context, k *kernel, mm *gpuutil.MatmulNest) error {
	f, err := parser.ParseFile(ctx, Name, []byte(k.source()))
	if err != nil {
		return err
	}
	var fn *ir.Operation
	for _, op := range f.Module.Region(0).Front().Ops() {
		if op.Is("func.func") {
			fn = op
		}
	}
	if fn == nil {
		return errors.New("the kernel text has no function")
	}
	root := mm.Band[0]
	body := fn.Region(0).Front()
	m := ir.NewMapping()
	for i, v := range []*ir.Value{mm.A, mm.B, mm.C} {
		m.Map(body.Argument(i), v)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(root.Operation)
	loc := root.Loc()
	for _, op := range body.Ops() {
		if op.HasTrait(ir.Terminator) {
			break
		}
		c := b.Clone(op, m)
		ir.WalkOps(c, func(o *ir.Operation) { o.SetLoc(loc) })
	}
	root.Erase()
	return nil
}
