package nvgputonvvm

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// mbarrierGlobalName is the symbol of the shared global an
// nvgpu.mbarrier.create makes; further ones get _0, _1, ... (upstream's
// SymbolTable::insert renaming).
const mbarrierGlobalName = "__mbarrier"

// mbarrierAlignment is the alignment of the mbarrier globals: an mbarrier
// object is a 64-bit word that must be 8-byte aligned.
const mbarrierAlignment = 8

// mbarrierCreate lowers nvgpu.mbarrier.create to a private
// `memref.global` of memref<n x i64, 3> at the start of the enclosing
// gpu.module (or module) and a memref.get_global of it, as upstream: the
// barriers are static shared memory, one set per block. The memref ops
// are left to the memref conversion.
func (l *lowering) mbarrierCreate(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	gt, ok := op.Result(0).Type().(*nvgpu.MBarrierGroupType)
	if !ok {
		return rw.NotifyMatchFailure(op, "expected an mbarrier group result")
	}
	mt := MBarrierMemRefType(gt)
	module := enclosingModule(op)
	if module == nil || module.NumRegions() == 0 || module.Region(0).Empty() {
		return rw.NotifyMatchFailure(op, "not inside a module")
	}
	body := module.Region(0).Front()
	name := uniqueSymbol(body, mbarrierGlobalName)
	ip := rw.Builder.Save()
	rw.SetInsertionPointToStart(body)
	memref.BuildGlobalOp(rw.Builder, op.Loc(),
		ir.NamedAttribute{Name: "sym_name", Value: ir.Str(name)},
		ir.NamedAttribute{Name: "sym_visibility", Value: ir.Str("private")},
		ir.NamedAttribute{Name: "type", Value: ir.TypeAttrOf(mt)},
		ir.NamedAttribute{Name: "alignment", Value: ir.IntAttr(ir.I64, mbarrierAlignment)})
	rw.Builder.Restore(ip)
	rw.SetInsertionPointBefore(op)
	g := memref.BuildGetGlobalOp(rw.Builder, op.Loc(), mt, ir.NamedAttribute{Name: "name", Value: ir.SymbolRef(name)})
	rw.ReplaceOp(op, []*ir.Value{g.Result(0)})
	return nil
}

// enclosingModule returns the nearest gpu.module, else builtin.module,
// around op (upstream looks for a gpu.module first).
func enclosingModule(op *ir.Operation) *ir.Operation {
	var builtin *ir.Operation
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		switch p.Name() {
		case "gpu.module":
			return p
		case "builtin.module":
			if builtin == nil {
				builtin = p
			}
		}
	}
	return builtin
}

// uniqueSymbol returns name, or name_N for the first N that no op of
// block defines.
func uniqueSymbol(block *ir.Block, name string) string {
	taken := map[string]bool{}
	for _, o := range block.Ops() {
		if s, ok := o.Attr("sym_name").(*ir.StringAttr); ok {
			taken[s.Value] = true
		}
	}
	if !taken[name] {
		return name
	}
	for i := 0; ; i++ {
		if n := fmt.Sprintf("%s_%d", name, i); !taken[n] {
			return n
		}
	}
}

// barrier returns the address of barrier mbarId of the group whose
// converted descriptor the adaptor holds, and whether the group is in
// shared memory (which selects the `.shared` nvvm op).
func (l *lowering) barrier(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) (*ir.Value, bool, error) {
	bars := op.NamedOperand("barriers")
	if bars == nil {
		return nil, false, rw.NotifyMatchFailure(op, "expected an mbarrier group operand")
	}
	gt, ok := bars.Type().(*nvgpu.MBarrierGroupType)
	if !ok {
		return nil, false, rw.NotifyMatchFailure(op, "expected an mbarrier group operand")
	}
	id := operand(op, a, "mbarId")
	if !converted(id) {
		return nil, false, rw.NotifyMatchFailure(op, "mbarId does not convert")
	}
	p, err := l.elementPtr(op, rw, MBarrierMemRefType(gt), operand(op, a, "barriers"), []*ir.Value{id})
	return p, isShared(gt.MemorySpace), err
}

// mbarrierOpName is name, with `.shared` for a barrier in shared memory.
func mbarrierOpName(name string, shared bool) string {
	if shared {
		return name + ".shared"
	}
	return name
}

// optional returns a one-value group for v, or an empty one for nil.
func optional(v *ir.Value) []*ir.Value {
	if v == nil {
		return nil
	}
	return []*ir.Value{v}
}

// mbarrierLowering is the lowering of one nvgpu mbarrier op other than
// create: every one addresses barrier mbarId of its group and becomes the
// nvvm op of the same name (`.shared` for a group in shared memory) on
// that address and some converted operands. They differ only in the
// operands, how each is widened or narrowed, the nvvm result and whether
// an optional predicate follows, so one table describes them.
type mbarrierLowering struct {
	nvvm string
	// args are the nvgpu operands after the barrier, converted (and their
	// casts built) in this order.
	args []mbarrierArg
	// order is the position in args of each nvvm operand after the
	// barrier; nil keeps the order of args. try_wait.parity takes
	// (parity, ticks) but its casts are built ticks first, as upstream.
	order []int
	// predicated ops end in the optional predicate operand group.
	predicated bool
	// result is the nvvm op's result (the i64 token state, test.wait's
	// i1), or nil; a result replaces the nvgpu op's.
	result ir.Type
}

// mbarrierArg is an nvgpu operand and the cast to the nvvm operand.
type mbarrierArg struct {
	name string
	cast func(b *ir.Builder, loc ir.Location, v *ir.Value) *ir.Value
}

// i32Count is a count, byte count or tick limit: the nvvm ops take i32.
func i32Count(name string) mbarrierArg { return mbarrierArg{name, truncToI32} }

// mbarrierLowerings maps each nvgpu mbarrier op to its lowering.
var mbarrierLowerings = map[string]mbarrierLowering{
	// init: the arrival count truncated to i32.
	"nvgpu.mbarrier.init": {nvvm: "nvvm.mbarrier.init", args: []mbarrierArg{i32Count("count")}, predicated: true},
	// arrive: the i64 state is the token.
	"nvgpu.mbarrier.arrive": {nvvm: "nvvm.mbarrier.arrive", result: ir.I64},
	"nvgpu.mbarrier.arrive.nocomplete": {nvvm: "nvvm.mbarrier.arrive.nocomplete",
		args: []mbarrierArg{i32Count("count")}, result: ir.I64},
	// test.wait: on the token's state.
	"nvgpu.mbarrier.test.wait": {nvvm: "nvvm.mbarrier.test.wait", args: []mbarrierArg{{name: "token"}}, result: ir.I1},
	"nvgpu.mbarrier.arrive.expect_tx": {nvvm: "nvvm.mbarrier.arrive.expect_tx",
		args: []mbarrierArg{i32Count("txcount")}, predicated: true},
	// try_wait.parity: the i1 parity zero-extended. The nvvm op is the
	// whole wait (its PTX is the try_wait loop), so no loop is built
	// here, as upstream.
	"nvgpu.mbarrier.try_wait.parity": {nvvm: "nvvm.mbarrier.try_wait.parity",
		args: []mbarrierArg{i32Count("ticks"), {name: "phaseParity", cast: zextToI32}}, order: []int{1, 0}},
}

// zextToI32 zero-extends v (try_wait's i1 parity) to i32.
func zextToI32(b *ir.Builder, loc ir.Location, v *ir.Value) *ir.Value {
	return llvm.BuildZextOp(b, loc, v, ir.I32).Result(0)
}

// mbarrierOp lowers an nvgpu mbarrier op by its entry in
// mbarrierLowerings.
func (l *lowering) mbarrierOp(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	m, ok := mbarrierLowerings[op.Name()]
	if !ok {
		return rw.NotifyMatchFailure(op, "not an mbarrier op")
	}
	rw.SetInsertionPointBefore(op)
	bar, shared, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	vs := make([]*ir.Value, len(m.args))
	names := make([]string, len(m.args))
	for i, arg := range m.args {
		vs[i], names[i] = operand(op, a, arg.name), arg.name
	}
	if !converted(vs...) {
		verb := "does"
		if len(names) > 1 {
			verb = "do"
		}
		return rw.NotifyMatchFailure(op, "%s %s not convert", strings.Join(names, " or "), verb)
	}
	for i, arg := range m.args {
		if arg.cast != nil {
			vs[i] = arg.cast(rw.Builder, op.Loc(), vs[i])
		}
	}
	groups := [][]*ir.Value{{bar}}
	for i := range vs {
		if m.order != nil {
			i = m.order[i]
		}
		groups = append(groups, []*ir.Value{vs[i]})
	}
	if m.predicated {
		groups = append(groups, optional(operand(op, a, "predicate")))
	}
	var results []ir.Type
	if m.result != nil {
		results = []ir.Type{m.result}
	}
	nv := rw.Builder.CreateGroups(mbarrierOpName(m.nvvm, shared), op.Loc(), groups, results)
	if m.result == nil {
		rw.EraseOp(op)
		return nil
	}
	rw.ReplaceOp(op, []*ir.Value{nv.Result(0)})
	return nil
}

// coordinates returns the converted coordinates of a TMA op, truncated to
// i32. They go to the nvvm op in the order given: nvgpu's TMA
// coordinates are already PTX's (innermost dimension first), and
// MLIR 19 does not reorder them.
func coordinates(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) ([]*ir.Value, error) {
	cs := operands(op, a, "coordinates")
	if !converted(cs...) {
		return nil, rw.NotifyMatchFailure(op, "coordinates do not convert")
	}
	for i, c := range cs {
		cs[i] = truncToI32(rw.Builder, op.Loc(), c)
	}
	return cs, nil
}

// tensorMap returns the converted tensor map descriptor of a TMA op.
func tensorMap(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) (*ir.Value, error) {
	desc := operand(op, a, "tensorMapDescriptor")
	if !converted(desc) {
		return nil, rw.NotifyMatchFailure(op, "tensor map descriptor does not convert")
	}
	return desc, nil
}

// tmaOperands returns the converted operands of a TMA copy, building
// their address computations and casts: the address of the start of the
// shared buffer (operand buffer), the barrier when the copy completes on
// one (loads), the descriptor and the coordinates.
func (l *lowering) tmaOperands(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter, buffer string, onBarrier bool) (buf, bar, desc *ir.Value, cs []*ir.Value, err error) {
	rw.SetInsertionPointBefore(op)
	if buf, err = l.elementPtr(op, rw, operandType(op, buffer), operand(op, a, buffer), nil); err != nil {
		return
	}
	if onBarrier {
		if bar, _, err = l.barrier(op, a, rw); err != nil {
			return
		}
	}
	if desc, err = tensorMap(op, a, rw); err != nil {
		return
	}
	cs, err = coordinates(op, a, rw)
	return
}

// tmaAsyncLoad lowers nvgpu.tma.async.load to
// nvvm.cp.async.bulk.tensor.shared.cluster.global: the box at the
// coordinates goes to the start of the destination buffer, completing on
// the barrier, with the multicast mask and predicate when given.
func (l *lowering) tmaAsyncLoad(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	dst, bar, desc, cs, err := l.tmaOperands(op, a, rw, "dst", true)
	if err != nil {
		return err
	}
	rw.Builder.CreateGroups("nvvm.cp.async.bulk.tensor.shared.cluster.global", op.Loc(),
		[][]*ir.Value{{dst}, {desc}, cs, {bar}, nil, optional(operand(op, a, "multicastMask")), nil,
			optional(operand(op, a, "predicate"))}, nil)
	rw.EraseOp(op)
	return nil
}

// tmaAsyncStore lowers nvgpu.tma.async.store to
// nvvm.cp.async.bulk.tensor.global.shared.cta from the start of the
// source buffer.
func (l *lowering) tmaAsyncStore(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	src, _, desc, cs, err := l.tmaOperands(op, a, rw, "src", false)
	if err != nil {
		return err
	}
	rw.Builder.CreateGroups("nvvm.cp.async.bulk.tensor.global.shared.cta", op.Loc(),
		[][]*ir.Value{{desc}, {src}, cs, optional(operand(op, a, "predicate"))}, nil)
	rw.EraseOp(op)
	return nil
}

// tmaPrefetch lowers nvgpu.tma.prefetch.descriptor to
// nvvm.prefetch.tensormap.
func (l *lowering) tmaPrefetch(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	desc, err := tensorMap(op, a, rw)
	if err != nil {
		return err
	}
	rw.SetInsertionPointBefore(op)
	rw.Builder.CreateGroups("nvvm.prefetch.tensormap", op.Loc(),
		[][]*ir.Value{{desc}, optional(operand(op, a, "predicate"))}, nil)
	rw.EraseOp(op)
	return nil
}
