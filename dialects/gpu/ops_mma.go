package gpu

import (
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// WMMA fragment sizes that NVIDIA tensor cores (and the interpreter) support.
const (
	wmmaM = 16
	wmmaN = 16
	wmmaK = 16
)

// mmaOf returns t as an MMA matrix type, or nil.
func mmaOf(t ir.Type) *MMAMatrixType {
	m, _ := t.(*MMAMatrixType)
	return m
}

// lastDimUnitStride reports whether t's most minor dimension has stride 1.
func lastDimUnitStride(t *ir.MemRefType) bool {
	if len(t.Dims) == 0 {
		return true
	}
	strides, _, ok := memref.StridesAndOffset(t)
	return ok && strides[len(strides)-1] == 1
}

func mmaLoadOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.subgroup_mma_load_matrix",
		Summary: "GPU warp synchronous matrix load",
		Doc: "The warp collectively loads a matrix fragment whose top-left element is at the indices; " +
			"rows are leadDimension elements apart (columns, with `transpose`).\n\n" +
			"    %a = gpu.subgroup_mma_load_matrix %m[%i, %j] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, \"AOp\">",
		Traits:   ir.MemRead,
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
		Inherent: []string{"leadDimension", "transpose"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			mu, idx, err := opsyntax.ParseIndexedOperand(p)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			mt, err := p.ParseColonType()
			if err != nil {
				return err
			}
			res, err := p.ParseArrowTypeList()
			if err != nil {
				return err
			}
			if err := opsyntax.ResolveIndexed(p, st, mu, mt, idx); err != nil {
				return err
			}
			st.Types = append(st.Types, res...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			opsyntax.PrintIndexedOperand(p, op.Operand(0), op.Operands()[1:])
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
			p.Print(" -> ")
			p.PrintType(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() < 1 || op.NumResults() != 1 {
				return op.Errorf("expected a memref operand and one result")
			}
			src := memrefOf(op.Operand(0).Type())
			res := mmaOf(op.Result(0).Type())
			if src == nil {
				return op.Errorf("operand #0 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float values of ranks 1 values, but got %s", quoted(op.Operand(0).Type()))
			}
			if res == nil {
				return op.Errorf("result #0 must be MMAMatrix type, but got %s", quoted(op.Result(0).Type()))
			}
			if _, ok := intAttr(op, "leadDimension"); !ok {
				return op.Errorf("requires attribute 'leadDimension'")
			}
			if !lastDimUnitStride(src) {
				return ir.Errorf(op.Loc(), "expected source memref most minor dim must have unit stride")
			}
			return nil
		},
	}
}

func mmaStoreOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.subgroup_mma_store_matrix",
		Summary: "GPU warp synchronous matrix store",
		Doc: "The warp collectively stores a C fragment with its top-left element at the indices; rows " +
			"are leadDimension elements apart.\n\n" +
			"    gpu.subgroup_mma_store_matrix %d, %m[%i, %j] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, \"COp\">, memref<32x32xf32>",
		Traits:   ir.MemWrite,
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
		Inherent: []string{"leadDimension", "transpose"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			su, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.Parse(","); err != nil {
				return err
			}
			mu, idx, err := opsyntax.ParseIndexedOperand(p)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			ts, err := p.ParseColonTypeList()
			if err != nil {
				return err
			}
			if len(ts) != 2 {
				return p.Errorf("expected 2 types")
			}
			vs, err := p.ResolveOperands([]ir.UnresolvedOperand{su, mu}, ts)
			if err != nil {
				return err
			}
			is, err := resolveAll(p, idx, ir.Index)
			if err != nil {
				return err
			}
			st.Operands = append(append(st.Operands, vs...), is...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print(", ")
			opsyntax.PrintIndexedOperand(p, op.Operand(1), op.Operands()[2:])
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
			p.Print(", ")
			p.PrintType(op.Operand(1).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() < 2 {
				return op.Errorf("expected a matrix and a memref operand")
			}
			src := mmaOf(op.Operand(0).Type())
			dst := memrefOf(op.Operand(1).Type())
			if src == nil {
				return op.Errorf("operand #0 must be MMAMatrix type, but got %s", quoted(op.Operand(0).Type()))
			}
			if dst == nil {
				return op.Errorf("operand #1 must be memref, but got %s", quoted(op.Operand(1).Type()))
			}
			if _, ok := intAttr(op, "leadDimension"); !ok {
				return op.Errorf("requires attribute 'leadDimension'")
			}
			if !lastDimUnitStride(dst) {
				return ir.Errorf(op.Loc(), "expected destination memref most minor dim must have unit stride")
			}
			if src.Operand != OperandC {
				return ir.Errorf(op.Loc(), "expected the operand matrix being stored to have 'COp' operand type")
			}
			return nil
		},
	}
}

func mmaComputeOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.subgroup_mma_compute",
		Summary: "GPU warp synchronous matrix multiply accumulate",
		Doc: "The warp computes D = A*B + C on matrix fragments (A, B optionally transposed).\n\n" +
			"    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, \"AOp\">, !gpu.mma_matrix<16x16xf16, \"BOp\"> -> !gpu.mma_matrix<16x16xf32, \"COp\">",
		Traits:   ir.Pure,
		Inherent: []string{"a_transpose", "b_transpose"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			us, err := p.ParseOperandList(ir.DelimNone)
			if err != nil {
				return err
			}
			if len(us) != 3 {
				return p.Errorf("expected 3 operands")
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			ts, err := p.ParseColonTypeList()
			if err != nil {
				return err
			}
			if len(ts) != 2 {
				return p.Errorf("expected 2 types")
			}
			res, err := p.ParseArrowTypeList()
			if err != nil {
				return err
			}
			if len(res) != 1 {
				return p.Errorf("expected 1 result type")
			}
			vs, err := p.ResolveOperands(us, []ir.Type{ts[0], ts[1], res[0]})
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			st.Types = append(st.Types, res[0])
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperands(op.Operands())
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
			p.Print(", ")
			p.PrintType(op.Operand(1).Type())
			p.Print(" -> ")
			p.PrintType(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 3 || op.NumResults() != 1 {
				return op.Errorf("expected 3 operands and 1 result")
			}
			a, b, c := mmaOf(op.Operand(0).Type()), mmaOf(op.Operand(1).Type()), mmaOf(op.Operand(2).Type())
			if a == nil || b == nil || c == nil {
				return op.Errorf("operands must be MMAMatrix types")
			}
			if op.Result(0).Type() != c {
				return op.Errorf("failed to verify that all of {opC, res} have same type")
			}
			if a.Operand != OperandA || b.Operand != OperandB || c.Operand != OperandC {
				return ir.Errorf(op.Loc(), "operands must be in the order AOp, BOp, COp")
			}
			aRows, aCols := a.Rows, a.Cols
			if op.HasAttr("a_transpose") {
				aRows, aCols = aCols, aRows
			}
			bRows, bCols := b.Rows, b.Cols
			if op.HasAttr("b_transpose") {
				bRows, bCols = bCols, bRows
			}
			if aCols != bRows || aRows != c.Rows || bCols != c.Cols {
				return ir.Errorf(op.Loc(), "operand shapes do not satisfy matmul constraints")
			}
			return nil
		},
	}
}

func mmaConstantOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.subgroup_mma_constant_matrix",
		Summary: "GPU warp synchronous constant matrix",
		Doc: "Makes a fragment with every element equal to the scalar.\n\n" +
			"    %c = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, \"COp\">",
		Traits: ir.Pure,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := p.ParseOperand()
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
			mt := mmaOf(t)
			if mt == nil {
				return p.Errorf("expected !gpu.mma_matrix type")
			}
			v, err := p.ResolveOperand(u, mt.Elem)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			st.Types = append(st.Types, t)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || op.NumResults() != 1 {
				return op.Errorf("expected 1 operand and 1 result")
			}
			mt := mmaOf(op.Result(0).Type())
			if mt == nil {
				return op.Errorf("result #0 must be MMAMatrix type, but got %s", quoted(op.Result(0).Type()))
			}
			if op.Operand(0).Type() != mt.Elem {
				return op.Errorf("failed to verify that value type matches element type of mma_matrix")
			}
			return nil
		},
	}
}

func mmaElementwiseOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "gpu.subgroup_mma_elementwise",
		Summary: "GPU warp elementwise operation on a matrix",
		Doc: "Applies a scalar operation to the elements of fragments.\n\n" +
			"    %e = gpu.subgroup_mma_elementwise  addf %a, %b : (!gpu.mma_matrix<16x16xf32, \"COp\">, !gpu.mma_matrix<16x16xf32, \"COp\">) -> !gpu.mma_matrix<16x16xf32, \"COp\">",
		Traits:   ir.Pure,
		Inherent: []string{"opType"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			k, err := parseEnumKeyword(p, MMAElementwiseKind)
			if err != nil {
				return err
			}
			st.AddAttr("opType", k)
			us, err := p.ParseOperandList(ir.DelimNone)
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
			ft, ok := t.(*ir.FunctionType)
			if !ok {
				return p.Errorf("expected a function type")
			}
			if len(ft.Inputs) != len(us) {
				return p.Errorf("%d operands present, but expected %d", len(us), len(ft.Inputs))
			}
			vs, err := p.ResolveOperands(us, ft.Inputs)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			st.Types = append(st.Types, ft.Results...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print("  " + EnumValue(op, "opType") + " ")
			p.PrintOperands(op.Operands())
			p.PrintOptionalAttrDict(op.Attrs(), "opType")
			p.Print(" : ")
			p.PrintType(ir.Function(op.OperandTypes(), op.ResultTypes()))
		},
		Verify: func(op *ir.Operation) error {
			if op.NumResults() != 1 || op.NumOperands() < 1 {
				return op.Errorf("expected operands and 1 result")
			}
			for _, t := range append(op.OperandTypes(), op.Result(0).Type()) {
				if mmaOf(t) == nil {
					return op.Errorf("operand #0 must be variadic of MMAMatrix type, but got %s", quoted(t))
				}
			}
			return nil
		},
	}
}
