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

// basicOps is this file's part of the dialect's op table.
func basicOps() opTable {
	return opTable{
		{
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
		},
		{
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
		},
		{
			Name:    "nvvm.vote.ballot.sync",
			Summary: "Vote across the threads of a warp",
			Doc: "Every lane of mask gets the 32-bit mask of the lanes of mask whose pred is true.\n\n" +
				"    %b = nvvm.vote.ballot.sync %mask, %pred : i32",
			Operands: []ir.ValueDef{ir.Operand("mask", i32Type), ir.Operand("pred", i1Type)},
			Results:  []ir.ValueDef{ir.Operand("res", nil)},
			Format:   "$mask `,` $pred attr-dict `:` type($res)",
		},
		{
			Name:    "nvvm.elect.sync",
			Summary: "Elect one leader thread",
			Doc: "Elects one lane of the full warp (the lowest active one): it gets true, the others false.\n\n" +
				"    %leader = nvvm.elect.sync -> i1",
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("pred", i1Type)},
			Format:   "attr-dict `->` type($pred)",
		},
		{
			Name:    "nvvm.fence.proxy",
			Summary: "Fence between the generic and async proxies",
			Doc: "Orders memory accesses made through different proxies (alias, async, async.global, " +
				"async.shared); an `async.shared` fence names the shared space. The generic -> tensormap " +
				"fences are nvvm.fence.proxy.acquire and nvvm.fence.proxy.release.\n\n" +
				"    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}",
			Traits:   sync,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("kind", enumKind(ProxyKindKind)), ir.OptAttr("space", enumKind(SharedSpaceKind))},
			Format:   "attr-dict",
			Verify: func(op *ir.Operation) error {
				kind := EnumValue(op, "kind")
				async := kind == "async.shared"
				switch {
				case kind == "tensormap":
					return op.Errorf("tensormap proxy is not a supported proxy kind")
				case kind == "generic":
					return op.Errorf("generic proxy not a supported proxy kind")
				case async && op.Attr("space") == nil:
					return op.Errorf("async_shared fence requires space attribute")
				case !async && op.Attr("space") != nil:
					return op.Errorf("only async_shared fence can have space attribute")
				}
				return nil
			},
		},
		{
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
		},
		{
			Name:    "nvvm.barrier.arrive",
			Summary: "Announce arrival at a CTA barrier without waiting",
			Doc: "The thread counts itself at barrier `id` (0 when absent), which completes when " +
				"number_of_threads threads have arrived or waited, and goes on without waiting (bar.arrive); " +
				"producer warps use it to signal consumers that wait with nvvm.barrier.\n\n" +
				"    nvvm.barrier.arrive id = %id number_of_threads = %n",
			Traits:   sync,
			Operands: []ir.ValueDef{ir.Opt("barrierId", i32Type), ir.Operand("numberOfThreads", i32Type)},
			Results:  ir.NoValues,
			Format:   "(`id` `=` $barrierId^)? `number_of_threads` `=` $numberOfThreads attr-dict",
		},
		{
			Name:    "nvvm.bar.warp.sync",
			Summary: "Warp barrier synchronization",
			Doc: "Waits until every lane of mask has reached a bar.warp.sync with the same mask; memory " +
				"accesses before it are ordered before those after it among those lanes.\n\n" +
				"    nvvm.bar.warp.sync %mask : i32",
			Traits:   sync,
			Operands: []ir.ValueDef{ir.Operand("mask", nil)},
			Results:  ir.NoValues,
			Format:   "$mask attr-dict `:` type($mask)",
		},
		{
			Name:    "nvvm.redux.sync",
			Summary: "Warp reduction of a 32-bit integer",
			Doc: "Every lane of mask_and_clamp gets kind (add, min, max, umin, umax, and, or, xor) of val " +
				"over those lanes.\n\n    %r = nvvm.redux.sync  add %v, %mask : i32 -> i32",
			Operands: []ir.ValueDef{ir.Operand("val", nil), ir.Operand("mask_and_clamp", i32Type)},
			Results:  []ir.ValueDef{ir.Operand("res", nil)},
			Attrs:    []ir.AttrDef{ir.Attr("kind", enumKind(ReduxKindKind))},
			Format:   "$kind $val `,` $mask_and_clamp attr-dict `:` type($val) `->` type($res)",
		},
		{
			Name:     "nvvm.rcp.approx.ftz.f",
			Summary:  "Approximate reciprocal, subnormals flushed to zero",
			Doc:      "Returns an approximation of 1/arg (rcp.approx.ftz.f32).\n\n    %r = nvvm.rcp.approx.ftz.f %x : f32",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("arg", f32Type)},
			Results:  []ir.ValueDef{ir.Operand("res", f32Type)},
			Format:   "$arg attr-dict `:` type($res)",
		},
		// mapaOp postdates MLIR 19 (upstream's syntax of LLVM 20): mlir-opt-19
		// reads it in generic form only.
		{
			Name:    "nvvm.mapa",
			Summary: "Map a shared-memory address into another CTA of the cluster",
			Doc: "Returns the address of the variable at a in the shared memory of the cluster's CTA of " +
				"rank b (mapa); a generic pointer maps to a generic one, a shared one to a shared one. " +
				"Postdates MLIR 19.\n\n    %r = nvvm.mapa %p, %rank : !llvm.ptr<3> -> !llvm.ptr<3>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("a", genericOrSharedPtr), ir.Operand("b", i32Type)},
			Results:  []ir.ValueDef{ir.Operand("res", genericOrSharedPtr)},
			TypesMatchWith: []ir.TypeMatch{{From: "a", To: "res", Desc: "`res` and `a` should have the same type",
				Transform: func(t ir.Type) ir.Type { return t }}},
			Format: "$a `,` $b attr-dict `:` type($a) `->` type($res)",
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

var f32Type = ir.TypeIs(ir.F32, "32-bit float")

// clusterBarrierOp declares one half of the split cluster barrier
// (barrier.cluster.arrive / wait); `aligned` promises that every thread of
// the warp executes the same instance.
func clusterBarrierOp(name, summary, doc string) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      doc,
		Traits:   sync,
		Operands: ir.NoValues,
		Results:  ir.NoValues,
		Attrs:    []ir.AttrDef{ir.OptAttr("aligned", ir.UnitAttrKind)},
		Format:   "attr-dict",
	}
}

func clusterBarrierOps() opTable {
	return opTable{
		clusterBarrierOp("nvvm.cluster.arrive", "Arrive at the cluster barrier",
			"Counts the thread's arrival at the cluster barrier with release semantics; the barrier "+
				"completes when every non-exited thread of the cluster has arrived "+
				"(barrier.cluster.arrive).\n\n    nvvm.cluster.arrive {aligned}"),
		clusterBarrierOp("nvvm.cluster.arrive.relaxed", "Arrive at the cluster barrier, relaxed",
			"As nvvm.cluster.arrive, without ordering the thread's prior memory accesses "+
				"(barrier.cluster.arrive.relaxed).\n\n    nvvm.cluster.arrive.relaxed {aligned}"),
		clusterBarrierOp("nvvm.cluster.wait", "Wait at the cluster barrier",
			"Waits until every non-exited thread of the cluster has arrived at the cluster barrier, "+
				"with acquire semantics (barrier.cluster.wait).\n\n    nvvm.cluster.wait {aligned}"),
	}
}

// fenceProxyTensormapOps are the uni-directional generic -> tensormap
// fences (fence.proxy.tensormap::generic.release / .acquire) that order a
// tensor map written in global memory by generic stores before TMA
// reads of it. They postdate MLIR 19 (upstream's syntax of LLVM 20).
func fenceProxyTensormapOps() opTable {
	proxy := enumKind(ProxyKindKind)
	attrs := func() []ir.AttrDef {
		return []ir.AttrDef{
			ir.Attr("scope", memScope),
			ir.DefaultAttr("fromProxy", proxy, Enum(ProxyKindKind, "generic")),
			ir.DefaultAttr("toProxy", proxy, Enum(ProxyKindKind, "tensormap")),
		}
	}
	verify := func(op *ir.Operation) error {
		if from := EnumValue(op, "fromProxy"); from != "" && from != "generic" {
			return op.Errorf("uni-directional proxies only support generic for from_proxy attribute")
		}
		if to := EnumValue(op, "toProxy"); to != "" && to != "tensormap" {
			return op.Errorf("uni-directional proxies only support tensormap for to_proxy attribute")
		}
		return nil
	}
	proxies := "(`from_proxy` `=` $fromProxy^)? (`to_proxy` `=` $toProxy^)? attr-dict"
	return opTable{
		{
			Name:    "nvvm.fence.proxy.acquire",
			Summary: "Acquire fence from the generic to the tensormap proxy",
			Doc: "Orders the tensormap-proxy reads of the size (128) bytes at addr after generic-proxy " +
				"writes to them released by a fence.proxy.release at scope. Postdates MLIR 19.\n\n" +
				"    nvvm.fence.proxy.acquire #nvvm.mem_scope<gpu> %desc, %c128",
			Traits:   sync,
			Operands: []ir.ValueDef{ir.Operand("addr", ptrIn(GenericSpace)), ir.Operand("size", i32Type)},
			Results:  ir.NoValues,
			Attrs:    attrs(),
			Custom:   map[string]ir.CustomDirective{"ScopeGenericPtr": scopeAndGenericPtrDirective},
			Format:   "custom<ScopeGenericPtr>($scope, type($addr)) $addr `,` $size " + proxies,
			Verify:   verify,
		},
		{
			Name:    "nvvm.fence.proxy.release",
			Summary: "Release fence from the generic to the tensormap proxy",
			Doc: "Releases the thread's prior generic-proxy writes at scope to a later tensormap-proxy " +
				"acquire. Postdates MLIR 19.\n\n    nvvm.fence.proxy.release #nvvm.mem_scope<gpu>",
			Traits:   sync,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs:    attrs(),
			Format:   "$scope " + proxies,
			Verify:   verify,
		},
	}
}
