package gpu

import (
	"github.com/goopt/goopt/dialects/internal/segments"
	"github.com/goopt/goopt/ir"
)

// memrefLayoutSymbols returns the number of symbols of t's affine-map layout.
func memrefLayoutSymbols(t *ir.MemRefType) int {
	if m, ok := t.Layout.(*ir.AffineMapAttr); ok {
		return m.Map.NumSymbols
	}
	return 0
}

func numDynamic(dims []int64) int {
	n := 0
	for _, d := range dims {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

func allocOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.alloc",
		Summary: "GPU memory allocation operation",
		Doc: "Allocates device memory (host_shared: memory shared with the host), optionally as an async " +
			"op ordered after its dependencies.\n\n" +
			"    %m, %t = gpu.alloc async [%dep] (%n) : memref<?xf32>",
		Traits:   ir.MemAlloc,
		Effects:  ir.FixedEffects(ir.OnResult(ir.Allocate, 0)),
		Inherent: []string{"hostShared", segments.Attr},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			tokens := []ir.Type{}
			var tmp ir.OperationState
			deps, err := parseAsyncDependencies(p, &tmp)
			if err != nil {
				return err
			}
			tokens = tmp.Types
			if p.ParseOptionalKeyword("host_shared") {
				st.AddAttr("hostShared", &ir.UnitAttr{})
			}
			sizes, err := p.ParseOperandList(ir.DelimParen)
			if err != nil {
				return err
			}
			syms, err := p.ParseOperandList(ir.DelimOptionalSquare)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			vs, err := resolveAll(p, append(sizes, syms...), ir.Index)
			if err != nil {
				return err
			}
			st.Operands = append(append(st.Operands, deps...), vs...)
			segments.Set(st, len(deps), len(sizes), len(syms))
			st.Types = append(append(st.Types, t), tokens...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			printAsyncDependencies(p, op.NumResults() == 2, Segment(op, 0))
			if op.HasAttr("hostShared") {
				p.Print(" host_shared")
			}
			p.Print(" (")
			p.PrintOperands(Segment(op, 1))
			p.Print(")")
			if syms := Segment(op, 2); len(syms) > 0 {
				p.Print("[")
				p.PrintOperands(syms)
				p.Print("]")
			}
			p.PrintOptionalAttrDict(op.Attrs(), "hostShared", segments.Attr)
			p.Print(" : ")
			p.PrintType(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if err := segments.Check(op, 3); err != nil {
				return err
			}
			if op.NumResults() < 1 {
				return op.Errorf("requires a memref result")
			}
			t := memrefOf(op.Result(0).Type())
			if t == nil {
				return op.Errorf("result #0 must be memref of any type values, but got %s", quoted(op.Result(0).Type()))
			}
			if len(Segment(op, 1)) != numDynamic(t.Dims) {
				return op.Errorf("dimension operand count does not equal memref dynamic dimension count")
			}
			if len(Segment(op, 2)) != memrefLayoutSymbols(t) {
				return op.Errorf("symbol operand count does not equal memref symbol count")
			}
			return nil
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
			set(op.Result(0), "memref")
			if op.NumResults() == 2 {
				set(op.Result(1), "asyncToken")
			}
		},
	}
}

// asyncOp declares a gpu op whose custom form is `[async [deps]] operands attr-dict : types`
// and that returns an optional async token.
func asyncOp(name, summary, doc string, traits ir.Trait, numOperands int, verify func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Doc:     doc,
		Traits:  traits,
		Effects: asyncOpEffects(name),
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			deps, err := parseAsyncDependencies(p, st)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, deps...)
			if numOperands == 0 {
				return p.ParseOptionalAttrDict(st)
			}
			us, err := p.ParseOperandList(ir.DelimNone)
			if err != nil {
				return err
			}
			if len(us) != numOperands {
				return p.Errorf("expected %d operands", numOperands)
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			ts, err := p.ParseColonTypeList()
			if err != nil {
				return err
			}
			if len(ts) != numOperands {
				return p.Errorf("expected %d types", numOperands)
			}
			vs, err := p.ResolveOperands(us, ts)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			deps := AsyncDependencies(op)
			printAsyncDependencies(p, hasAsyncToken(op), deps)
			rest := op.Operands()[len(deps):]
			if len(rest) > 0 {
				p.Print(" ")
				p.PrintOperands(rest)
			}
			p.PrintOptionalAttrDict(op.Attrs())
			if len(rest) > 0 {
				p.Print(" : ")
				p.PrintTypes(op.OperandTypes()[len(deps):])
			}
		},
		Verify: func(op *ir.Operation) error {
			deps := AsyncDependencies(op)
			if len(op.Operands())-len(deps) != numOperands {
				return op.Errorf("expected %d operands after the async dependencies", numOperands)
			}
			if verify != nil {
				return verify(op)
			}
			return nil
		},
	}
}

func deallocOp() *ir.OpDef {
	return asyncOp("gpu.dealloc", "GPU memory deallocation operation",
		"Frees memory that gpu.alloc allocated.\n\n    %t = gpu.dealloc async [%dep] %m : memref<?xf32>",
		ir.MemFree, 1, func(op *ir.Operation) error {
			if memrefOf(op.Operand(op.NumOperands()-1).Type()) == nil {
				return op.Errorf("operand #%d must be memref of any type values", op.NumOperands()-1)
			}
			return nil
		})
}

func memcpyOp() *ir.OpDef {
	return asyncOp("gpu.memcpy", "GPU memcpy operation",
		"Copies the source memref into the destination memref of the same shape and element type.\n\n"+
			"    %t = gpu.memcpy async [%dep] %dst, %src : memref<32xf32>, memref<32xf32, 1>",
		ir.MemRead|ir.MemWrite, 2, func(op *ir.Operation) error {
			n := op.NumOperands()
			dst, src := memrefOf(op.Operand(n-2).Type()), memrefOf(op.Operand(n-1).Type())
			if dst == nil || src == nil {
				return op.Errorf("operands must be memrefs")
			}
			if dst.Elem != src.Elem {
				return op.Errorf("arguments have incompatible element type")
			}
			if !shapesCompatible(dst.Dims, src.Dims) {
				return op.Errorf("arguments have incompatible shape")
			}
			return nil
		})
}

// shapesCompatible reports whether two shapes agree where both are static.
func shapesCompatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

func memsetOp() *ir.OpDef {
	return asyncOp("gpu.memset", "GPU memset operation",
		"Sets every element of the destination memref to the value.\n\n"+
			"    %t = gpu.memset async [%dep] %dst, %zero : memref<32xf32>, f32",
		ir.MemWrite, 2, func(op *ir.Operation) error {
			n := op.NumOperands()
			dst := memrefOf(op.Operand(n - 2).Type())
			if dst == nil {
				return op.Errorf("operand #%d must be memref", n-2)
			}
			if dst.Elem != op.Operand(n-1).Type() {
				return op.Errorf("failed to verify that all of {dst, value} have same element type")
			}
			return nil
		})
}

func waitOp() *ir.OpDef {
	return asyncOp("gpu.wait", "Wait for async gpu ops to complete",
		"Waits for its dependencies; `async` makes it return a token instead of blocking the host.\n\n"+
			"    %t = gpu.wait async [%t1, %t2]",
		ir.MemRead|ir.MemWrite, 0, nil)
}
