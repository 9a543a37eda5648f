package nvvm

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// SpecialRegister describes one `nvvm.read.ptx.sreg.*` op: the PTX special
// register it reads.
type SpecialRegister struct {
	// Name is the op name without `nvvm.read.ptx.sreg.`: "tid.x", "laneid".
	Name string
	// Pure registers are constant during a kernel; the clocks are not.
	Pure bool
	// PostMLIR19 marks registers upstream added after MLIR 19: mlir-opt-19
	// reads their ops in generic form only.
	PostMLIR19 bool
	Summary    string
}

// xyz expands a per-dimension register into its .x, .y and .z ops.
func xyz(name, summary string, post bool) []SpecialRegister {
	var rs []SpecialRegister
	for _, d := range []string{"x", "y", "z"} {
		rs = append(rs, SpecialRegister{Name: name + "." + d, Pure: true, PostMLIR19: post, Summary: summary + " along " + d})
	}
	return rs
}

// SpecialRegisters lists the special-register ops, in upstream's order.
var SpecialRegisters = func() []SpecialRegister {
	rs := []SpecialRegister{
		{Name: "laneid", Pure: true, Summary: "lane index within the warp"},
		{Name: "warpsize", Pure: true, Summary: "number of threads in a warp"},
		{Name: "warpid", Pure: true, PostMLIR19: true, Summary: "warp index within the block"},
		{Name: "nwarpid", Pure: true, PostMLIR19: true, Summary: "maximum number of warps per block"},
		{Name: "smid", Pure: true, PostMLIR19: true, Summary: "index of the SM running the thread"},
		{Name: "nsmid", Pure: true, PostMLIR19: true, Summary: "maximum number of SMs"},
	}
	rs = append(rs, xyz("tid", "thread index within the block", false)...)
	rs = append(rs, xyz("ntid", "number of threads per block", false)...)
	rs = append(rs, xyz("ctaid", "block index within the grid", false)...)
	rs = append(rs, xyz("nctaid", "number of blocks per grid", false)...)
	rs = append(rs, xyz("clusterid", "cluster index within the grid", false)...)
	rs = append(rs, xyz("nclusterid", "number of clusters per grid", false)...)
	rs = append(rs, xyz("cluster.ctaid", "block index within the cluster", false)...)
	rs = append(rs, xyz("cluster.nctaid", "number of blocks per cluster", false)...)
	rs = append(rs,
		SpecialRegister{Name: "cluster.ctarank", Pure: true, Summary: "linear block index within the cluster"},
		SpecialRegister{Name: "cluster.nctarank", Pure: true, Summary: "number of blocks in the cluster"},
		SpecialRegister{Name: "clock", Summary: "32-bit cycle counter"},
		SpecialRegister{Name: "clock64", Summary: "64-bit cycle counter"},
	)
	return rs
}()

// SregPrefix starts every special-register op name.
const SregPrefix = "nvvm.read.ptx.sreg."

func sregOp(r SpecialRegister) *ir.OpDef {
	var traits ir.Trait
	if r.Pure {
		traits = ir.Pure
	}
	return &ir.OpDef{
		Name:     SregPrefix + r.Name,
		Summary:  "Reads the PTX special register %" + r.Name,
		Doc:      "Returns the " + r.Summary + ".\n\n    %0 = " + SregPrefix + r.Name + " : i32",
		Traits:   traits,
		Operands: ir.NoValues,
		Results:  []ir.ValueDef{ir.Operand("res", nil)},
		Format:   "attr-dict `:` type($res)",
	}
}

// bareOp declares an op without operands or results spelled as its
// attribute dictionary; sync ops read and write memory so that no pass
// moves memory accesses across them.
func bareOp(name, summary, doc string, traits ir.Trait) *ir.OpDef {
	return opsyntax.BareOp(name, summary, doc, traits, nil)
}

const sync = ir.MemRead | ir.MemWrite

func barrierOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvvm.barrier",
		Summary: "CTA barrier synchronization",
		Doc: "Waits at barrier `id` (0 when absent) until `number_of_threads` threads (the whole block " +
			"when absent) have arrived.\n\n    nvvm.barrier id = %id number_of_threads = %n",
		Traits:   sync,
		Operands: []ir.ValueDef{ir.Opt("barrierId", i32Type), ir.Opt("numberOfThreads", i32Type)},
		Results:  ir.NoValues,
		Format:   "(`id` `=` $barrierId^)? (`number_of_threads` `=` $numberOfThreads^)? attr-dict",
		Verify: func(op *ir.Operation) error {
			if op.NamedOperand("numberOfThreads") != nil && op.NamedOperand("barrierId") == nil {
				return op.Errorf("barrier id is missing, it should be set between 0 to 15")
			}
			return nil
		},
	}
}

func shflOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvvm.shfl.sync",
		Summary: "NVVM Dialect Op for shfl.sync",
		Doc: "Each lane of thread_mask reads val from another lane: lane^offset (bfly), lane+offset " +
			"(down), lane-offset (up) or lane offset (idx), within the segment mask_and_clamp sets. With " +
			"`return_value_and_is_valid` the result is a struct of the value and whether the source lane " +
			"was in range.\n\n    %r = nvvm.shfl.sync  bfly %mask, %v, %off, %clamp : f32 -> f32",
		Traits: ir.Pure,
		Operands: []ir.ValueDef{
			ir.Operand("thread_mask", i32Type), ir.Operand("val", nil),
			ir.Operand("offset", i32Type), ir.Operand("mask_and_clamp", i32Type),
		},
		Results: []ir.ValueDef{ir.Operand("res", nil)},
		Attrs:   []ir.AttrDef{ir.Attr("kind", enumKind(ShflKindKind)), ir.OptAttr("return_value_and_is_valid", ir.UnitAttrKind)},
		Format:  "$kind $thread_mask `,` $val `,` $offset `,` $mask_and_clamp attr-dict `:` type($val) `->` type($res)",
		Verify: func(op *ir.Operation) error {
			if op.Attr("return_value_and_is_valid") == nil {
				return nil
			}
			if f, ok := StructFields(op.Result(0).Type()); !ok || len(f) != 2 || f[1] != "i1" {
				return ir.Errorf(op.Loc(), "expected return type to be a two-element struct with i1 as the second element")
			}
			return nil
		},
	}
}

func voteBallotOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvvm.vote.ballot.sync",
		Summary: "Vote across the threads of a warp",
		Doc: "Every lane of mask gets the 32-bit mask of the lanes of mask whose pred is true.\n\n" +
			"    %b = nvvm.vote.ballot.sync %mask, %pred : i32",
		Operands: []ir.ValueDef{ir.Operand("mask", i32Type), ir.Operand("pred", i1Type)},
		Results:  []ir.ValueDef{ir.Operand("res", nil)},
		Format:   "$mask `,` $pred attr-dict `:` type($res)",
	}
}

func electSyncOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvvm.elect.sync",
		Summary: "Elect one leader thread",
		Doc: "Elects one lane of the full warp (the lowest active one): it gets true, the others false.\n\n" +
			"    %leader = nvvm.elect.sync -> i1",
		Operands: ir.NoValues,
		Results:  []ir.ValueDef{ir.Operand("pred", i1Type)},
		Format:   "attr-dict `->` type($pred)",
	}
}

func fenceProxyOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvvm.fence.proxy",
		Summary: "Fence between the generic and async proxies",
		Doc: "Orders memory accesses made through different proxies (generic, async, tensormap); an " +
			"`async.shared` fence names the shared space.\n\n" +
			"    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}",
		Traits:   sync,
		Operands: ir.NoValues,
		Results:  ir.NoValues,
		Attrs:    []ir.AttrDef{ir.Attr("kind", enumKind(ProxyKindKind)), ir.OptAttr("space", enumKind(SharedSpaceKind))},
		Format:   "attr-dict",
		Verify: func(op *ir.Operation) error {
			async := EnumValue(op, "kind") == "async.shared"
			switch {
			case async && op.Attr("space") == nil:
				return op.Errorf("async_shared fence requires space attribute")
			case !async && op.Attr("space") != nil:
				return op.Errorf("only async_shared fence can have space attribute")
			}
			return nil
		},
	}
}

func setMaxRegisterOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "nvvm.setmaxregister",
		Summary: "Hint the register budget of the warpgroup",
		Doc: "Raises or lowers the number of registers each thread of the warpgroup may use " +
			"(24 to 256, a multiple of 8).\n\n    nvvm.setmaxregister  increase 232",
		Traits:   sync,
		Operands: ir.NoValues,
		Results:  ir.NoValues,
		Attrs:    []ir.AttrDef{ir.Attr("regCount", ir.I32AttrKind), ir.Attr("action", enumKind(ActionKind))},
		Format:   "$action $regCount attr-dict",
		Verify: func(op *ir.Operation) error {
			n := intAttr(op, "regCount")
			if n%8 != 0 {
				return op.Errorf("new register size must be multiple of 8")
			}
			if n < 24 || n > 256 {
				return op.Errorf("new register size must be in between 24 to 256")
			}
			return nil
		},
	}
}

// intAttr returns op's integer attribute name (0 when absent).
func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}
