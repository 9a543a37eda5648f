package nvgpu

import "github.com/goopt/goopt/ir"

const tmaExampleType = "!nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, " +
	"l2promo = none, oob = zero, interleave = none>"

// tmaOps is this file's part of the dialect's op table.
func tmaOps() opTable {
	return opTable{
		{
			Name:    "nvgpu.tma.prefetch.descriptor",
			Summary: "Prefetch given `nvgpu.tensormap.descriptor` ",
			Doc: "Brings the cache line holding the tensor map descriptor into the cache for the TMA copies " +
				"that follow; predicate, when given, guards the operation.\n\n" +
				"    nvgpu.tma.prefetch.descriptor %desc : " + tmaExampleType,
			Operands: []ir.ValueDef{ir.Operand("tensorMapDescriptor", tensorMap), ir.Opt("predicate", i1Type)},
			Results:  ir.NoValues,
			Custom:   strippedTypes,
			Format: "$tensorMapDescriptor (`,` `predicate` `=` $predicate^)? attr-dict `:` " +
				"custom<TensorMap>(type($tensorMapDescriptor))",
		},
		{
			Name:    "nvgpu.tma.async.load",
			Verify:  verifyTMALoad,
			Summary: "TMA asynchronous load",
			Doc: "Copies the box of the tensor the descriptor maps at coordinates (innermost first) from " +
				"global to shared memory dst, by the Tensor Memory Accelerator; the bytes arrive as transactions " +
				"on barrier mbarId. multicastMask copies to the same offset in the CTAs of the cluster it " +
				"names; predicate, when given, guards the operation.\n\n" +
				"    nvgpu.tma.async.load %desc[%x, %y], %barrier[%c0] to %buf : " + tmaExampleType + ", " +
				mbarrierExampleType + " -> memref<128x64xf16, 3>",
			Operands: []ir.ValueDef{
				ir.Operand("dst", anyMemRef), ir.Operand("barriers", mbarrierGroup),
				ir.Operand("tensorMapDescriptor", tensorMap), ir.Var("coordinates", indexType),
				ir.Operand("mbarId", indexType), ir.Opt("multicastMask", i16Type), ir.Opt("predicate", i1Type),
			},
			Results: ir.NoValues,
			Custom:  strippedTypes,
			Format: "$tensorMapDescriptor `[` $coordinates `]` `,` $barriers `[` $mbarId `]` `to` $dst " +
				"(`multicast_mask` `=` $multicastMask^)? (`,` `predicate` `=` $predicate^)? attr-dict `:` " +
				"custom<TensorMap>(type($tensorMapDescriptor)) `,` custom<MBarrierGroup>(type($barriers)) `->` type($dst)",
			// Upstream declares the write of dst alone.
			Effects: ir.FixedEffects(ir.OnOperand(ir.Write, 0)),
		},
		{
			Name:    "nvgpu.tma.async.store",
			Verify:  verifyTMAStore,
			Summary: "TMA asynchronous store",
			Doc: "Copies shared memory src to the box of the tensor the descriptor maps at coordinates, in " +
				"global memory, by the Tensor Memory Accelerator; predicate, when given, guards the operation.\n\n" +
				"    nvgpu.tma.async.store %buf to %desc[%x, %y] : memref<128x64xf16, 3> -> " + tmaExampleType,
			Operands: []ir.ValueDef{
				ir.Operand("src", anyMemRef), ir.Operand("tensorMapDescriptor", tensorMap),
				ir.Var("coordinates", indexType), ir.Opt("predicate", i1Type),
			},
			Results: ir.NoValues,
			Custom:  strippedTypes,
			Format: "$src `to` $tensorMapDescriptor `[` $coordinates `]` (`,` `predicate` `=` $predicate^)? " +
				"attr-dict `:` type($src) `->` custom<TensorMap>(type($tensorMapDescriptor))",
			// Upstream: MemReadAt src, MemWriteAt the descriptor (the global tensor it maps).
			Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 1)),
		},
		{
			Name:    "nvgpu.tma.create.descriptor",
			Verify:  verifyTMACreateDescriptor,
			Summary: "TMA create descriptor",
			Doc: "Creates, on the host, a tensor map descriptor of the global tensor with the box sizes " +
				"boxDimensions (cuTensorMapEncodeTiled); the result type gives the box in shared memory and " +
				"the swizzle, L2 promotion, out-of-bounds fill and interleave modes.\n\n" +
				"    %desc = nvgpu.tma.create.descriptor %t box[%c128, %c64] : memref<*xf16> -> " + tmaExampleType,
			Operands: []ir.ValueDef{ir.Operand("tensor", anyUnrankedMemRef), ir.Var("boxDimensions", indexType)},
			Results:  []ir.ValueDef{ir.Operand("tensorMap", tensorMap)},
			Custom:   strippedTypes,
			Format: "$tensor `box` `[` $boxDimensions `]` attr-dict `:` type($tensor) `->` " +
				"custom<TensorMap>(type($tensorMap))",
		},
	}
}
