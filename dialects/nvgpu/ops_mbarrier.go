package nvgpu

import "github.com/goopt/goopt/ir"

// The mbarrier ops address barrier mbarId of a group. Upstream declares no
// memory effects for them, so they keep unknown effects: nothing is moved,
// merged or erased across them.

const mbarrierExampleType = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"

func mbarrierCreateOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvgpu.mbarrier.create",
		Summary: "Creates a `nvgpu.mbarrier` object.",
		Doc: "Creates a group of mbarrier objects (64-bit, 8-byte aligned, in shared memory).\n\n" +
			"    %barrier = nvgpu.mbarrier.create -> " + mbarrierExampleType,
		Operands: ir.NoValues,
		Results:  []ir.ValueDef{ir.Operand("barriers", mbarrierGroup)},
		Custom:   strippedTypes,
		Format:   "attr-dict `->` custom<MBarrierGroup>(type($barriers))",
	}
}

func mbarrierInitOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvgpu.mbarrier.init",
		Summary: "Initialize the `nvgpu.mbarrier`.",
		Doc: "Initialises barrier mbarId of the group to expect count arrivals per phase; predicate, when " +
			"given, guards the operation.\n\n" +
			"    nvgpu.mbarrier.init %barrier[%c0], %count : " + mbarrierExampleType,
		Operands: []ir.ValueDef{ir.Operand("barriers", mbarrierGroup), ir.Operand("count", indexType),
			ir.Operand("mbarId", indexType), ir.Opt("predicate", i1Type)},
		Results: ir.NoValues,
		Custom:  strippedTypes,
		Format: "$barriers `[` $mbarId `]` `,` $count (`,` `predicate` `=` $predicate^)? attr-dict `:` " +
			"custom<MBarrierGroup>(type($barriers))",
	}
}

func mbarrierTestWaitOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvgpu.mbarrier.test.wait",
		Summary: "Checks if the `nvgpu.mbarrier` has completed its current phase.",
		Doc: "Returns, without blocking, whether the phase of barrier mbarId that token (from " +
			"nvgpu.mbarrier.arrive) names has completed.\n\n" +
			"    %done = nvgpu.mbarrier.test.wait %barrier[%c0], %token : " + mbarrierExampleType +
			", !nvgpu.mbarrier.token",
		Operands: []ir.ValueDef{ir.Operand("barriers", mbarrierGroup), ir.Operand("token", mbarrierToken),
			ir.Operand("mbarId", indexType)},
		Results: []ir.ValueDef{ir.Operand("waitComplete", i1Type)},
		Custom:  strippedTypes,
		Format: "$barriers `[` $mbarId `]` `,` $token attr-dict `:` custom<MBarrierGroup>(type($barriers)) `,` " +
			"type($token)",
	}
}

func mbarrierArriveOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvgpu.mbarrier.arrive",
		Summary: "Performs arrive operation on the `nvgpu.mbarrier.arrive`.",
		Doc: "Counts the thread's arrival at barrier mbarId and returns a token naming the phase it " +
			"arrived in.\n\n" +
			"    %token = nvgpu.mbarrier.arrive %barrier[%c0] : " + mbarrierExampleType + " -> !nvgpu.mbarrier.token",
		Operands: []ir.ValueDef{ir.Operand("barriers", mbarrierGroup), ir.Operand("mbarId", indexType)},
		Results:  []ir.ValueDef{ir.Operand("token", mbarrierToken)},
		Custom:   strippedTypes,
		Format:   "$barriers `[` $mbarId `]` attr-dict `:` custom<MBarrierGroup>(type($barriers)) `->` type($token)",
	}
}

func mbarrierArriveNoCompleteOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvgpu.mbarrier.arrive.nocomplete",
		Summary: "Performs arrive operation on the `nvgpu.mbarrier.arrive.nocomplete` as non-blocking.",
		Doc: "Counts count arrivals at barrier mbarId without completing its current phase, and returns " +
			"a token naming the phase.\n\n" +
			"    %token = nvgpu.mbarrier.arrive.nocomplete %barrier[%c0], %count : " + mbarrierExampleType +
			" -> !nvgpu.mbarrier.token",
		Operands: []ir.ValueDef{ir.Operand("barriers", mbarrierGroup), ir.Operand("mbarId", indexType),
			ir.Operand("count", indexType)},
		Results: []ir.ValueDef{ir.Operand("token", mbarrierToken)},
		Custom:  strippedTypes,
		Format: "$barriers `[` $mbarId `]` `,` $count attr-dict `:` custom<MBarrierGroup>(type($barriers)) `->` " +
			"type($token)",
	}
}

func mbarrierArriveExpectTxOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvgpu.mbarrier.arrive.expect_tx",
		Summary: "Performs expect_tx operation on the `nvgpu.mbarrier.arrive`",
		Doc: "Raises the transaction count of barrier mbarId's current phase by txcount bytes, then " +
			"arrives; predicate, when given, guards the operation.\n\n" +
			"    nvgpu.mbarrier.arrive.expect_tx %barrier[%c0], %bytes : " + mbarrierExampleType,
		Operands: []ir.ValueDef{ir.Operand("barriers", mbarrierGroup), ir.Operand("txcount", indexType),
			ir.Operand("mbarId", indexType), ir.Opt("predicate", i1Type)},
		Results: ir.NoValues,
		Custom:  strippedTypes,
		Format: "$barriers `[` $mbarId `]` `,` $txcount (`,` `predicate` `=` $predicate^)? attr-dict `:` " +
			"custom<MBarrierGroup>(type($barriers))",
	}
}

func mbarrierTryWaitParityOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvgpu.mbarrier.try_wait.parity",
		Summary: "Waits for the `nvgpu.mbarrier` to complete its current phase.",
		Doc: "Blocks until the phase of barrier mbarId with parity phaseParity (false: even, true: odd) " +
			"has completed, retrying after each time-out of ticks.\n\n" +
			"    nvgpu.mbarrier.try_wait.parity %barrier[%c0], %parity, %ticks : " + mbarrierExampleType,
		Operands: []ir.ValueDef{ir.Operand("barriers", mbarrierGroup), ir.Operand("phaseParity", i1Type),
			ir.Operand("ticks", indexType), ir.Operand("mbarId", indexType)},
		Results: ir.NoValues,
		Custom:  strippedTypes,
		Format: "$barriers `[` $mbarId `]` `,` $phaseParity `,` $ticks attr-dict `:` " +
			"custom<MBarrierGroup>(type($barriers))",
	}
}
