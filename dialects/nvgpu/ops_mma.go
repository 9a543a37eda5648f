package nvgpu

import "github.com/goopt/goopt/ir"

// mmaOps is this file's part of the dialect's op table.
func mmaOps() opTable {
	return opTable{
		{
			Name:    "nvgpu.ldmatrix",
			Verify:  verifyLdMatrix,
			Summary: "Load a matrix fragment from shared memory to registers (ldmatrix)",
			Doc: "Each lane of the warp loads its share of numTiles 8x8 matrices (transposed when transpose " +
				"is set) from srcMemref at indices; the result holds the lane's registers, a vector<numTiles x " +
				"(32 bits) x elem>. The distributed form of a vector.transfer_read, compatible with nvvm.ldmatrix.\n\n" +
				"    %0 = nvgpu.ldmatrix %sm[%c0, %c0] {numTiles = 4 : i32, transpose = false} :\n" +
				"      memref<?x?xf16, 3> -> vector<4x2xf16>",
			Operands: []ir.ValueDef{ir.Operand("srcMemref", anyMemRef), ir.Var("indices", indexType)},
			Results:  []ir.ValueDef{ir.Operand("res", anyVector)},
			Attrs:    []ir.AttrDef{ir.Attr("transpose", ir.BoolAttrKind), ir.Attr("numTiles", ir.I32AttrKind)},
			Format:   "$srcMemref `[` $indices `]` attr-dict `:` type($srcMemref) `->` type($res)",
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
		},
		{
			Name:    "nvgpu.mma.sync",
			Verify:  verifyMmaSync,
			Summary: "Warp-level matrix multiply-accumulate (mma.sync)",
			Doc: "The warp computes D = A * B + C for one mmaShape = [m, n, k] tile; each operand and the " +
				"result hold the lane's share of the fragment (vector<registers x elements-per-register x elem>). " +
				"tf32Enabled runs f32 operands as tf32. Compatible with nvvm.mma.sync.\n\n" +
				"    %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} :\n" +
				"      (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("matrixA", anyVector), ir.Operand("matrixB", anyVector),
				ir.Operand("matrixC", anyVector)},
			Results: []ir.ValueDef{ir.Operand("res", anyVector)},
			Attrs:   []ir.AttrDef{ir.Attr("mmaShape", i64ArrayAttr), ir.OptAttr("tf32Enabled", ir.UnitAttrKind)},
			Format: "`(` $matrixA `,` $matrixB `,` $matrixC `)` attr-dict `:` `(` type($matrixA) `,` type($matrixB) " +
				"`,` type($matrixC) `)` `->` type($res)",
		},
	}
}
