package nvgpu

import "github.com/goopt/goopt/ir"

const (
	wgDescAExampleType = "!nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>"
	wgDescBExampleType = "!nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>"
	wgAccExampleType   = "!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>"
)

// warpgroupOps is this file's part of the dialect's op table.
func warpgroupOps() opTable {
	return opTable{
		{
			Name:    "nvgpu.warpgroup.generate.descriptor",
			Verify:  verifyGenerateDescriptor,
			Summary: "Generate a warpgroup matrix descriptor",
			Doc: "Builds the 64-bit wgmma matrix descriptor (start address, leading and stride byte offsets, " +
				"swizzle mode) of the shared-memory tensor, which the TMA descriptor tensorMap has filled, for " +
				"nvgpu.warpgroup.mma.\n\n" +
				"    %dA = nvgpu.warpgroup.generate.descriptor %a, %desc : memref<128x64xf16, 3>, " + tmaExampleType +
				" -> " + wgDescAExampleType,
			Operands: []ir.ValueDef{ir.Operand("tensor", anyMemRef), ir.Operand("tensorMap", tensorMap)},
			Results:  []ir.ValueDef{ir.Operand("descriptor", wgDescriptor)},
			Custom:   strippedTypes,
			Format: "$tensor `,` $tensorMap attr-dict `:` type($tensor) `,` custom<TensorMap>(type($tensorMap)) `->` " +
				"custom<WGDescriptor>(type($descriptor))",
			Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
		},
		{
			Name:    "nvgpu.warpgroup.mma",
			Verify:  verifyWarpgroupMma,
			Summary: "Warpgroup-level matrix multiply-accumulate (wgmma)",
			Doc: "The warpgroup (4 warps) computes D = A * B + C, A and B in shared memory described by " +
				"descriptorA and descriptorB, C and D distributed over its threads; the shape comes from the " +
				"descriptor and accumulator types. It stands for the nvvm.wgmma.mma_async ops that cover the " +
				"shape between a wgmma fence and a commit, and a wait for at most waitGroup (default 1) pending " +
				"groups; transposeA and transposeB give the operands' majorness.\n\n" +
				"    %d = nvgpu.warpgroup.mma %dA, %dB, %acc {transposeB} : " + wgDescAExampleType + ", " +
				wgDescBExampleType + ", " + wgAccExampleType + " -> " + wgAccExampleType,
			Operands: []ir.ValueDef{ir.Operand("descriptorA", wgDescriptor), ir.Operand("descriptorB", wgDescriptor),
				ir.Operand("matrixC", accumulator)},
			Results: []ir.ValueDef{ir.Operand("matrixD", accumulator)},
			Attrs: []ir.AttrDef{
				{Name: "waitGroup", Kind: ir.I32AttrKind, Optional: true, Default: waitGroupDefault, KeepAbsent: true},
				ir.OptAttr("transposeA", ir.UnitAttrKind), ir.OptAttr("transposeB", ir.UnitAttrKind),
			},
			Custom: strippedTypes,
			Format: "$descriptorA `,` $descriptorB `,` $matrixC attr-dict `:` custom<WGDescriptor>(type($descriptorA)) " +
				"`,` custom<WGDescriptor>(type($descriptorB)) `,` custom<WGAccumulator>(type($matrixC)) `->` " +
				"custom<WGAccumulator>(type($matrixD))",
		},
		{
			Name:    "nvgpu.warpgroup.mma.store",
			Verify:  verifyWarpgroupMmaStore,
			Summary: "Store the warpgroup accumulator to memory",
			Doc: "The warpgroup stores the fragmented accumulator matrixD to dstMemref, each thread its own " +
				"registers at their places in the matrix.\n\n" +
				"    nvgpu.warpgroup.mma.store %d, %c : " + wgAccExampleType + " to memref<128x128xf32>",
			Operands: []ir.ValueDef{ir.Operand("matrixD", accumulator), ir.Operand("dstMemref", anyMemRef)},
			Results:  ir.NoValues,
			Custom:   strippedTypes,
			Format:   "$matrixD `,` $dstMemref attr-dict `:` custom<WGAccumulator>(type($matrixD)) `to` type($dstMemref)",
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
		},
		{
			Name:    "nvgpu.warpgroup.mma.init.accumulator",
			Verify:  verifyInitAccumulator,
			Summary: "Initializes the accumulator matrix",
			Doc: "Returns a warpgroup accumulator of zeros for nvgpu.warpgroup.mma.\n\n" +
				"    %acc = nvgpu.warpgroup.mma.init.accumulator -> " + wgAccExampleType,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("matrixC", accumulator)},
			Custom:   strippedTypes,
			Format:   "attr-dict `->` custom<WGAccumulator>(type($matrixC))",
		},
	}
}

// waitGroupDefault is upstream's default of nvgpu.warpgroup.mma's waitGroup.
var waitGroupDefault = ir.IntAttr(ir.I32, 1)
