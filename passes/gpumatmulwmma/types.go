package gpumatmulwmma

import (
	"fmt"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// checkTypesPass is the pipeline's first stage: it refuses, at the load
// of the operand at fault, a matmul whose element types the WMMA kernel
// has no variant for, saying which pipeline has one, before the tiling
// stages would refuse it in their own terms (or not at all, for C).
// The kernel is f16 A and B with an f32 C, or with an f16 C (f16
// accumulation): the gpu dialect's MMA matrices (MLIR 19) have no bf16 or
// tf32 element type.
func checkTypesPass() pass.Pass {
	return &pass.Func{
		Base: pass.Base{Arg: "gpu-matmul-wmma-check-types", Desc: "Refuse matmuls whose element types gpu-matmul-wmma has no kernel for (goopt)", On: "func.func", Display: "GPUMatmulWMMACheckTypes"},
		Fn: func(fn *ir.Operation, am *pass.AnalysisManager) error {
			// A nest that is not a matmul is the tiling stage's to report.
			for _, mm := range passutil.MatmulNests(fn) {
				if op, msg := wrongType(mm); op != nil {
					am.Emit(op.Errorf("%s", msg))
				}
			}
			return nil
		},
	}
}

// wrongType returns the load of the first operand whose element type the
// kernel does not take, and why.
func wrongType(mm *gpuutil.MatmulNest) (*ir.Operation, string) {
	loadOf := func(v *ir.Value) *ir.Operation {
		for _, l := range []*ir.Operation{mm.Body.LoadA, mm.Body.LoadB, mm.Body.LoadC} {
			if l.Operand(0) == v {
				return l
			}
		}
		return mm.Body.LoadC
	}
	for _, o := range []struct {
		v    *ir.Value
		name string
	}{{mm.A, "A"}, {mm.B, "B"}, {mm.C, "C"}} {
		t, ok := o.v.Type().(*ir.MemRefType)
		if !ok || t.Elem == ir.F16 || (o.name == "C" && t.Elem == ir.F32) {
			continue
		}
		msg := fmt.Sprintf("%s: operand %s has element type %s; the WMMA kernel takes f16 A and B and an f32 or f16 C", Name, o.name, t.Elem)
		switch {
		case t.Elem == ir.BF16:
			msg += " (the gpu dialect's MMA matrices have no bf16: gpu-matmul-hopper takes bf16)"
		case t.Elem == ir.F32:
			msg += " (f32 inputs need tf32 tensor cores, which the gpu dialect's MMA matrices do not have: gpu-matmul-mma{allow-tf32=true} takes them)"
		}
		return loadOf(o.v), msg
	}
	return nil, ""
}
