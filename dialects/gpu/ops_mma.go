package gpu

import (
	"github.com/goopt/goopt/dialects/memref"
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

// mmaMemRef is the memref a WMMA fragment is loaded from or stored to.
var mmaMemRef = ir.TypeOf("memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or "+
	"32-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit "+
	"float values of ranks 1 values", func(t ir.Type) bool { return memrefOf(t) != nil })

// mmaAccessAttrs are the attributes of the WMMA loads and stores.
var mmaAccessAttrs = []ir.AttrDef{ir.Attr("leadDimension", ir.IndexAttrKind), ir.OptAttr("transpose", unitAttr)}

// mmaOps is this file's part of the dialect's op table.
func mmaOps() opTable {
	return opTable{
		{
			Name:    "gpu.subgroup_mma_load_matrix",
			Summary: "GPU warp synchronous matrix load",
			Doc: "The warp collectively loads a matrix fragment whose top-left element is at the indices; " +
				"rows are leadDimension elements apart (columns, with `transpose`).\n\n" +
				"    %a = gpu.subgroup_mma_load_matrix %m[%i, %j] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, \"AOp\">",
			Traits:   ir.MemRead,
			Operands: []ir.ValueDef{ir.Operand("srcMemref", mmaMemRef), ir.Var("indices", ir.IndexConstraint)},
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
			Results:  []ir.ValueDef{ir.Operand("res", mmaMatrix)},
			Attrs:    mmaAccessAttrs,
			Format:   "$srcMemref`[`$indices`]` attr-dict `:` type($srcMemref) `->` type($res)",
			Verify: func(op *ir.Operation) error {
				if !lastDimUnitStride(memrefOf(op.Operand(0).Type())) {
					return ir.Errorf(op.Loc(), "expected source memref most minor dim must have unit stride")
				}
				return nil
			},
		},
		{
			Name:    "gpu.subgroup_mma_store_matrix",
			Summary: "GPU warp synchronous matrix store",
			Doc: "The warp collectively stores a C fragment with its top-left element at the indices; rows " +
				"are leadDimension elements apart.\n\n" +
				"    gpu.subgroup_mma_store_matrix %d, %m[%i, %j] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, \"COp\">, memref<32x32xf32>",
			Traits:  ir.MemWrite,
			Effects: ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
			Operands: []ir.ValueDef{
				ir.Operand("src", mmaMatrix),
				ir.Operand("dstMemref", mmaMemRef),
				ir.Var("indices", ir.IndexConstraint),
			},
			Results: ir.NoValues,
			Attrs:   mmaAccessAttrs,
			Format:  "$src`,` $dstMemref`[`$indices`]` attr-dict `:` type($src)`,` type($dstMemref)",
			Verify: func(op *ir.Operation) error {
				if !lastDimUnitStride(memrefOf(op.Operand(1).Type())) {
					return ir.Errorf(op.Loc(), "expected destination memref most minor dim must have unit stride")
				}
				if mmaOf(op.Operand(0).Type()).Operand != OperandC {
					return ir.Errorf(op.Loc(), "expected the operand matrix being stored to have 'COp' operand type")
				}
				return nil
			},
		},
		{
			Name:    "gpu.subgroup_mma_compute",
			Summary: "GPU warp synchronous matrix multiply accumulate",
			Doc: "The warp computes D = A*B + C on matrix fragments (A, B optionally transposed).\n\n" +
				"    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, \"AOp\">, !gpu.mma_matrix<16x16xf16, \"BOp\"> -> !gpu.mma_matrix<16x16xf32, \"COp\">",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("opA", mmaMatrix),
				ir.Operand("opB", mmaMatrix),
				ir.Operand("opC", mmaMatrix),
			},
			Results:       []ir.ValueDef{ir.Operand("res", mmaMatrix)},
			Attrs:         []ir.AttrDef{ir.OptAttr("a_transpose", unitAttr), ir.OptAttr("b_transpose", unitAttr)},
			AllTypesMatch: [][]string{{"opC", "res"}},
			Format:        "$opA`,` $opB`,` $opC attr-dict `:` type($opA)`,` type($opB) `->` type($res)",
			Verify: func(op *ir.Operation) error {
				a, b, c := mmaOf(op.Operand(0).Type()), mmaOf(op.Operand(1).Type()), mmaOf(op.Operand(2).Type())
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
		},
		{
			Name:    "gpu.subgroup_mma_constant_matrix",
			Summary: "GPU warp synchronous constant matrix",
			Doc: "Makes a fragment with every element equal to the scalar.\n\n" +
				"    %c = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, \"COp\">",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("value", nil)},
			Results:  []ir.ValueDef{ir.Operand("res", mmaMatrix)},
			Custom:   customDirectives,
			Format:   "$value attr-dict `:` custom<MMAMatrixType>(type($res), type($value))",
			Verify: func(op *ir.Operation) error {
				if op.Operand(0).Type() != mmaOf(op.Result(0).Type()).Elem {
					return op.Errorf("failed to verify that value type matches element type of mma_matrix")
				}
				return nil
			},
		},
		{
			Name:    "gpu.subgroup_mma_elementwise",
			Summary: "GPU warp elementwise operation on a matrix",
			Doc: "Applies a scalar operation to the elements of fragments.\n\n" +
				"    %e = gpu.subgroup_mma_elementwise  addf %a, %b : (!gpu.mma_matrix<16x16xf32, \"COp\">, !gpu.mma_matrix<16x16xf32, \"COp\">) -> !gpu.mma_matrix<16x16xf32, \"COp\">",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Var("args", ir.TypeOf("variadic of MMAMatrix type", mmaMatrix.Check))},
			Results:  []ir.ValueDef{ir.Operand("res", mmaMatrix)},
			Attrs:    []ir.AttrDef{ir.Attr("opType", enumAttrKind(MMAElementwiseKind))},
			Format:   "$opType $args attr-dict `:` functional-type($args, $res)",
		},
	}
}
