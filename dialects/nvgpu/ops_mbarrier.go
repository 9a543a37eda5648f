package nvgpu

import "github.com/goopt/goopt/ir"

// The mbarrier ops address barrier mbarId of a group. Upstream declares no
// memory effects for them, so they keep unknown effects: nothing is moved,
// merged or erased across them.

const mbarrierExampleType = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"

// mbarrierOps is this file's part of the dialect's op table.
func mbarrierOps() opTable {
	return opTable{
		{
			Name:    "nvgpu.mbarrier.create",
			Summary: "Creates a `nvgpu.mbarrier` object.",
			Doc: "Creates a group of mbarrier objects (64-bit, 8-byte aligned, in shared memory).\n\n" +
				"    %barrier = nvgpu.mbarrier.create -> " + mbarrierExampleType,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("barriers", mbarrierGroup)},
			Custom:   strippedTypes,
			Format:   "attr-dict `->` custom<MBarrierGroup>(type($barriers))",
		},
	}
}

// barrierOp is an op on barrier mbarId of a group: the group is its first
// operand, its syntax `$barriers[$mbarId]`, args, the attributes, the
// group's type and tail.
type barrierOp struct {
	name, summary, doc string
	// example is the op's syntax in the doc, up to the group's type.
	example string
	// operands follow the group, in upstream's order (mbarId among them).
	operands, results []ir.ValueDef
	args, tail        string
}

// def returns the op's definition.
func (b barrierOp) def() *ir.OpDef {
	return &ir.OpDef{
		Name:     b.name,
		Summary:  b.summary,
		Doc:      b.doc + "\n\n    " + b.example + " : " + mbarrierExampleType + b.tail,
		Operands: append([]ir.ValueDef{ir.Operand("barriers", mbarrierGroup)}, b.operands...),
		Results:  b.results,
		Custom:   strippedTypes,
		Format: "$barriers `[` $mbarId `]`" + b.args + " attr-dict `:` custom<MBarrierGroup>(type($barriers))" +
			b.tailFormat(),
	}
}

// tailFormat is the format of the types after the group's: a result token
// or test.wait's token operand.
func (b barrierOp) tailFormat() string {
	switch b.tail {
	case "":
		return ""
	case tokenTail:
		return " `->` type($token)"
	}
	return " `,` type($token)"
}

// tokenTail is the doc example's result type of the ops returning a token.
const tokenTail = " -> !nvgpu.mbarrier.token"

// predicated is the syntax of an optional predicate operand.
const predicated = " (`,` `predicate` `=` $predicate^)?"

// barrierOps returns the ops on one barrier of a group.
func barrierOps() opTable {
	mbarID, count := ir.Operand("mbarId", indexType), ir.Operand("count", indexType)
	pred := ir.Opt("predicate", i1Type)
	token := []ir.ValueDef{ir.Operand("token", mbarrierToken)}
	ops := []barrierOp{{
		name:    "nvgpu.mbarrier.init",
		summary: "Initialize the `nvgpu.mbarrier`.",
		doc: "Initialises barrier mbarId of the group to expect count arrivals per phase; predicate, when " +
			"given, guards the operation.",
		example:  "nvgpu.mbarrier.init %barrier[%c0], %count",
		operands: []ir.ValueDef{count, mbarID, pred}, results: ir.NoValues,
		args: " `,` $count" + predicated,
	}, {
		name:    "nvgpu.mbarrier.arrive",
		summary: "Performs arrive operation on the `nvgpu.mbarrier.arrive`.",
		doc: "Counts the thread's arrival at barrier mbarId and returns a token naming the phase it " +
			"arrived in.",
		example:  "%token = nvgpu.mbarrier.arrive %barrier[%c0]",
		operands: []ir.ValueDef{mbarID}, results: token,
		tail: tokenTail,
	}, {
		name:    "nvgpu.mbarrier.arrive.nocomplete",
		summary: "Performs arrive operation on the `nvgpu.mbarrier.arrive.nocomplete` as non-blocking.",
		doc: "Counts count arrivals at barrier mbarId without completing its current phase, and returns " +
			"a token naming the phase.",
		example:  "%token = nvgpu.mbarrier.arrive.nocomplete %barrier[%c0], %count",
		operands: []ir.ValueDef{mbarID, count}, results: token,
		args: " `,` $count", tail: tokenTail,
	}, {
		name:    "nvgpu.mbarrier.arrive.expect_tx",
		summary: "Performs expect_tx operation on the `nvgpu.mbarrier.arrive`",
		doc: "Raises the transaction count of barrier mbarId's current phase by txcount bytes, then " +
			"arrives; predicate, when given, guards the operation.",
		example:  "nvgpu.mbarrier.arrive.expect_tx %barrier[%c0], %bytes",
		operands: []ir.ValueDef{ir.Operand("txcount", indexType), mbarID, pred}, results: ir.NoValues,
		args: " `,` $txcount" + predicated,
	}, {
		name:    "nvgpu.mbarrier.test.wait",
		summary: "Checks if the `nvgpu.mbarrier` has completed its current phase.",
		doc: "Returns, without blocking, whether the phase of barrier mbarId that token (from " +
			"nvgpu.mbarrier.arrive) names has completed.",
		example:  "%done = nvgpu.mbarrier.test.wait %barrier[%c0], %token",
		operands: []ir.ValueDef{token[0], mbarID}, results: []ir.ValueDef{ir.Operand("waitComplete", i1Type)},
		args: " `,` $token", tail: ", !nvgpu.mbarrier.token",
	}, {
		name:    "nvgpu.mbarrier.try_wait.parity",
		summary: "Waits for the `nvgpu.mbarrier` to complete its current phase.",
		doc: "Blocks until the phase of barrier mbarId with parity phaseParity (false: even, true: odd) " +
			"has completed, retrying after each time-out of ticks.",
		example:  "nvgpu.mbarrier.try_wait.parity %barrier[%c0], %parity, %ticks",
		operands: []ir.ValueDef{ir.Operand("phaseParity", i1Type), ir.Operand("ticks", indexType), mbarID},
		results:  ir.NoValues,
		args:     " `,` $phaseParity `,` $ticks",
	}}
	defs := make([]*ir.OpDef, len(ops))
	for i, b := range ops {
		defs[i] = b.def()
	}
	return defs
}
