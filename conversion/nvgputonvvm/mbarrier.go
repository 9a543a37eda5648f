package nvgputonvvm

import (
	"fmt"

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

// mbarrierInit lowers nvgpu.mbarrier.init to nvvm.mbarrier.init(.shared)
// with the count truncated to i32.
func (l *lowering) mbarrierInit(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	bar, shared, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	count := operand(op, a, "count")
	if !converted(count) {
		return rw.NotifyMatchFailure(op, "count does not convert")
	}
	count = truncToI32(rw.Builder, op.Loc(), count)
	rw.Builder.CreateGroups(mbarrierOpName("nvvm.mbarrier.init", shared), op.Loc(),
		[][]*ir.Value{{bar}, {count}, optional(operand(op, a, "predicate"))}, nil)
	rw.EraseOp(op)
	return nil
}

// mbarrierArrive lowers nvgpu.mbarrier.arrive to nvvm.mbarrier.arrive,
// whose i64 state is the token.
func (l *lowering) mbarrierArrive(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	bar, shared, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	r := rw.CreateOp(mbarrierOpName("nvvm.mbarrier.arrive", shared), op.Loc(), []*ir.Value{bar}, []ir.Type{ir.I64}).Result(0)
	rw.ReplaceOp(op, []*ir.Value{r})
	return nil
}

// mbarrierArriveNoComplete lowers nvgpu.mbarrier.arrive.nocomplete to
// nvvm.mbarrier.arrive.nocomplete with the count truncated to i32.
func (l *lowering) mbarrierArriveNoComplete(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	bar, shared, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	count := operand(op, a, "count")
	if !converted(count) {
		return rw.NotifyMatchFailure(op, "count does not convert")
	}
	count = truncToI32(rw.Builder, op.Loc(), count)
	r := rw.CreateOp(mbarrierOpName("nvvm.mbarrier.arrive.nocomplete", shared), op.Loc(), []*ir.Value{bar, count}, []ir.Type{ir.I64}).Result(0)
	rw.ReplaceOp(op, []*ir.Value{r})
	return nil
}

// mbarrierTestWait lowers nvgpu.mbarrier.test.wait to
// nvvm.mbarrier.test.wait on the token's state.
func (l *lowering) mbarrierTestWait(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	bar, shared, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	token := operand(op, a, "token")
	if !converted(token) {
		return rw.NotifyMatchFailure(op, "token does not convert")
	}
	r := rw.CreateOp(mbarrierOpName("nvvm.mbarrier.test.wait", shared), op.Loc(), []*ir.Value{bar, token}, []ir.Type{ir.I1}).Result(0)
	rw.ReplaceOp(op, []*ir.Value{r})
	return nil
}

// mbarrierArriveExpectTx lowers nvgpu.mbarrier.arrive.expect_tx to
// nvvm.mbarrier.arrive.expect_tx with the byte count truncated to i32.
func (l *lowering) mbarrierArriveExpectTx(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	bar, shared, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	tx := operand(op, a, "txcount")
	if !converted(tx) {
		return rw.NotifyMatchFailure(op, "txcount does not convert")
	}
	tx = truncToI32(rw.Builder, op.Loc(), tx)
	rw.Builder.CreateGroups(mbarrierOpName("nvvm.mbarrier.arrive.expect_tx", shared), op.Loc(),
		[][]*ir.Value{{bar}, {tx}, optional(operand(op, a, "predicate"))}, nil)
	rw.EraseOp(op)
	return nil
}

// mbarrierTryWaitParity lowers nvgpu.mbarrier.try_wait.parity to
// nvvm.mbarrier.try_wait.parity: ticks truncated to i32, the i1 parity
// zero-extended. The nvvm op is the whole wait (its PTX is the
// try_wait loop), so no loop is built here, as upstream.
func (l *lowering) mbarrierTryWaitParity(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	bar, shared, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	ticks, parity := operand(op, a, "ticks"), operand(op, a, "phaseParity")
	if !converted(ticks, parity) {
		return rw.NotifyMatchFailure(op, "ticks or phaseParity do not convert")
	}
	loc := op.Loc()
	ticks = truncToI32(rw.Builder, loc, ticks)
	phase := llvm.BuildZextOp(rw.Builder, loc, parity, ir.I32).Result(0)
	rw.CreateOp(mbarrierOpName("nvvm.mbarrier.try_wait.parity", shared), loc, []*ir.Value{bar, phase, ticks}, nil)
	rw.EraseOp(op)
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

// tmaAsyncLoad lowers nvgpu.tma.async.load to
// nvvm.cp.async.bulk.tensor.shared.cluster.global: the box at the
// coordinates goes to the start of the destination buffer, completing on
// the barrier, with the multicast mask and predicate when given.
func (l *lowering) tmaAsyncLoad(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	dst, err := l.elementPtr(op, rw, operandType(op, "dst"), operand(op, a, "dst"), nil)
	if err != nil {
		return err
	}
	bar, _, err := l.barrier(op, a, rw)
	if err != nil {
		return err
	}
	desc := operand(op, a, "tensorMapDescriptor")
	if !converted(desc) {
		return rw.NotifyMatchFailure(op, "tensor map descriptor does not convert")
	}
	cs, err := coordinates(op, a, rw)
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
	rw.SetInsertionPointBefore(op)
	src, err := l.elementPtr(op, rw, operandType(op, "src"), operand(op, a, "src"), nil)
	if err != nil {
		return err
	}
	desc := operand(op, a, "tensorMapDescriptor")
	if !converted(desc) {
		return rw.NotifyMatchFailure(op, "tensor map descriptor does not convert")
	}
	cs, err := coordinates(op, a, rw)
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
	desc := operand(op, a, "tensorMapDescriptor")
	if !converted(desc) {
		return rw.NotifyMatchFailure(op, "tensor map descriptor does not convert")
	}
	rw.SetInsertionPointBefore(op)
	rw.Builder.CreateGroups("nvvm.prefetch.tensormap", op.Loc(),
		[][]*ir.Value{{desc}, optional(operand(op, a, "predicate"))}, nil)
	rw.EraseOp(op)
	return nil
}
