package matmulpass

import (
	"fmt"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Builder writes the kernel of one matmul nest as the text of a function
// @name(%A, %B, %C) (see kernelemit.ReplaceMatmulNests); a refusal is best
// a kernelemit.LocatedError at the op at fault.
type Builder func(mm *gpuutil.MatmulNest) (string, error)

// Spec describes a kernel-writing matmul pipeline with options O.
type Spec[O any] struct {
	Name    string    // the pipeline's command-line name
	Summary string    // its one-line description
	Pass    pass.Base // the kernel pass's registration
	Kernel  string    // the kernel in messages: "an mma.sync kernel"
	// Defaults returns the pipeline's default options.
	Defaults func() O
	// Prepare checks o for everything that does not depend on a matmul's
	// sizes and returns the kernel writer it configures and whether
	// canonicalize and cse follow the kernel pass.
	Prepare func(o *O) (b Builder, cleanup bool, err error)
}

// NewKernelPass returns the kernel pass with the pipeline's defaults. It
// replaces every matmul nest of a function; nests that are not a matmul
// are remarks (errors under the pipeline's strict mode), and a matmul the
// kernel cannot compute is an error at the op at fault.
func (s *Spec[O]) NewKernelPass() pass.Pass {
	return &pass.OptionsFunc[O]{Base: s.Pass, Opts: s.Defaults(), Fn: s.run}
}

func (s *Spec[O]) run(o *O, fn *ir.Operation, am *pass.AnalysisManager) error {
	build, _, err := s.Prepare(o)
	if err != nil {
		return fn.Errorf("%s: %v", s.Name, err)
	}
	kernelemit.ReplaceMatmulNests(fn, am, s.Kernel, s.Name, build)
	return nil
}

// Pipeline returns the pipeline's registration.
func (s *Spec[O]) Pipeline() *pass.PipelineInfo {
	return passutil.Pipeline(s.Name, s.Summary, s.Defaults, s.Build)
}

// Build appends the pipeline configured by o to pm (a module pass manager
// or one on func.func). The kernel pass is strict: a nest it cannot map
// fails the pipeline with a located error.
func (s *Spec[O]) Build(pm *pass.OpPassManager, o O) error {
	_, cleanup, err := s.Prepare(&o)
	if err != nil {
		return fmt.Errorf("%s: %v", s.Name, err)
	}
	kp := s.NewKernelPass().(*pass.OptionsFunc[O])
	kp.Opts = o
	return passutil.AddFuncStages(pm, s.Name, cleanup, pass.Strict(kp))
}

// CheckOperands checks that the nest's A (M x K), B (K x N) and C (M x N)
// are 2-d memrefs in global memory with the identity layout, of element
// types ab, ab and c, whose loops cover them from 0: the kernel computes
// exactly this nest. The error is at the load or loop at fault.
func CheckOperands(mm *gpuutil.MatmulNest, ab, c ir.Type) error {
	operands := []struct {
		v    *ir.Value
		load *ir.Operation
		elem ir.Type
		name string
		dims [2]int
	}{
		{mm.A, mm.Body.LoadA, ab, "A", [2]int{0, 2}},
		{mm.B, mm.Body.LoadB, ab, "B", [2]int{2, 1}},
		{mm.C, mm.Body.LoadC, c, "C", [2]int{0, 1}},
	}
	if mm.Body.LoadA.Operand(0) != mm.A {
		operands[0].load, operands[1].load = mm.Body.LoadB, mm.Body.LoadA
	}
	for _, w := range operands {
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
	return nil
}

// LoadA is the load of the nest's A operand (the body's loads may come in
// either order), where an error about A's element type belongs.
func LoadA(mm *gpuutil.MatmulNest) *ir.Operation {
	if mm.Body.LoadA.Operand(0) != mm.A {
		return mm.Body.LoadB
	}
	return mm.Body.LoadA
}

// ElemA is the element type of the nest's A (nil if A is not a memref).
func ElemA(mm *gpuutil.MatmulNest) ir.Type {
	if t, ok := mm.A.Type().(*ir.MemRefType); ok {
		return t.Elem
	}
	return nil
}

// TilesDivide says why the block tile (M, N, K) does not divide an m×n×k
// matmul (nil when it does), for a pipeline's Check.
func TilesDivide(tile []int64, m, n, k int64) error {
	for d, s := range [3]int64{m, n, k} {
		if s%tile[d] != 0 {
			return fmt.Errorf("matmul size %d is not a multiple of the thread-block tile %d", s, tile[d])
		}
	}
	return nil
}

// Fitted is the usual Prepare: configure returns a kernel configuration
// checked for everything that does not depend on the sizes; each nest
// gets a copy, which fit completes with the nest's sizes (or refuses) and
// write turns into text.
func Fitted[K any](configure func() (K, error), fit func(*K, *gpuutil.MatmulNest) error, write func(*K) string) (Builder, error) {
	cfg, err := configure()
	return func(mm *gpuutil.MatmulNest) (string, error) {
		k := cfg
		if err := fit(&k, mm); err != nil {
			return "", err
		}
		return write(&k), nil
	}, err
}
