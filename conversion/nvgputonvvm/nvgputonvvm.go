package nvgputonvvm

import (
	"fmt"
	"maps"
	"slices"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// sharedSpace is NVVM's shared (workgroup) memory address space.
const sharedSpace = 3

// Populate adds to ps the patterns lowering the nvgpu dialect's device ops
// to the nvvm and llvm dialects (upstream's
// populateNVGPUToNVVMConversionPatterns), and to tc the nvgpu type
// conversions (AddTypeConversions). nvgpu.tma.create.descriptor has no
// pattern: goopt builds TMA descriptors on the host, from the kernel
// manifest, so the op stays where it is.
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	AddTypeConversions(tc)
	l := &lowering{tc: tc}
	pat := tc.Pattern
	ps.Add(pat("nvgpu.mbarrier.create", l.mbarrierCreate))
	for _, name := range slices.Sorted(maps.Keys(mbarrierLowerings)) {
		ps.Add(pat(name, l.mbarrierOp))
	}
	ps.Add(
		pat("nvgpu.tma.async.load", l.tmaAsyncLoad),
		pat("nvgpu.tma.async.store", l.tmaAsyncStore),
		pat("nvgpu.tma.prefetch.descriptor", l.tmaPrefetch),
		pat("nvgpu.warpgroup.generate.descriptor", l.generateDescriptor),
		pat("nvgpu.warpgroup.mma", l.warpgroupMma),
		pat("nvgpu.warpgroup.mma.store", l.warpgroupMmaStore),
		pat("nvgpu.warpgroup.mma.init.accumulator", l.warpgroupInitAccumulator),
		pat("nvgpu.mma.sync", l.mmaSync),
		pat("nvgpu.ldmatrix", l.ldmatrix),
		pat("nvgpu.device_async_copy", l.asyncCopy),
		pat("nvgpu.device_async_create_group", l.asyncCreateGroup),
		pat("nvgpu.device_async_wait", l.asyncWait),
	)
}

// ConfigureLegality sets what convert-nvgpu-to-nvvm produces (upstream's
// target): the llvm, nvvm, arith and memref dialects (mbarrier.create
// makes a memref.global, warpgroup.mma.store memref.stores, both left to
// the memref conversion) and the unrealized casts between them and the
// types of unconverted users. Other dialects' ops keep their unknown
// legality and are left alone.
//
// Unlike upstream, the nvgpu dialect is illegal, but for
// nvgpu.tma.create.descriptor (host code, see Populate): an nvgpu op no
// pattern lowers (an f32 mma.sync without tf32Enabled, say) is reported
// at its location, with the reason as a note, rather than left for the
// translation to LLVM IR to reject.
func ConfigureLegality(t *convert.Target) {
	t.AddLegalDialect("llvm", "nvvm", "arith", "memref")
	t.AddIllegalDialect("nvgpu")
	t.AddLegalOp("nvgpu.tma.create.descriptor")
	t.AddLegalOp(convert.CastName)
}

// lowering holds what the patterns share.
type lowering struct {
	tc *llvmcommon.TypeConverter
}

// AddTypeConversions teaches tc the nvgpu dialect's types, as upstream's
// convert-nvgpu-to-nvvm (and convert-gpu-to-nvvm) do:
//
//   - !nvgpu.device.async.token is an i32 (a dummy: device tokens carry no
//     value, the ops using them are dropped or become waits by count);
//   - !nvgpu.mbarrier.token is the i64 state mbarrier.arrive returns;
//   - !nvgpu.mbarrier.group<memorySpace = s, num_barriers = n> is the
//     descriptor of memref<n x i64, 3> (of its space when not workgroup):
//     the shared global nvgpu.mbarrier.create makes;
//   - !nvgpu.tensormap.descriptor<...> is an !llvm.ptr (the CUtensorMap in
//     param/generic space);
//   - !nvgpu.warpgroup.descriptor<...> is the i64 wgmma matrix descriptor;
//   - !nvgpu.warpgroup.accumulator<fragmented = vector<M x N x T>> is a
//     struct of M/64 structs, one per 64-row wgmma tile, each of the
//     thread's N/2 (f32, i32) or N/4 (f16, ...) registers of the tile.
func AddTypeConversions(tc *llvmcommon.TypeConverter) {
	tc.AddTypeConversion(func(t ir.Type) (ir.Type, bool) {
		switch t := t.(type) {
		case *nvgpu.DeviceAsyncTokenType:
			return ir.I32, true
		case *nvgpu.MBarrierTokenType:
			return ir.I64, true
		case *nvgpu.MBarrierGroupType:
			return tc.Convert(MBarrierMemRefType(t))
		case *nvgpu.TensorMapDescriptorType:
			return llvm.Ptr(0), true
		case *nvgpu.WarpgroupMatrixDescriptorType:
			return ir.I64, true
		case *nvgpu.WarpgroupAccumulatorType:
			st, err := AccumulatorStructType(t)
			if err != nil {
				return nil, false
			}
			return st, true
		}
		return nil, false
	})
}

// wgmmaM is the number of rows one wgmma instruction computes.
const wgmmaM = 64

// AccumulatorStructType returns the registers a thread holds of a
// warpgroup accumulator (upstream's conversion of
// WarpgroupAccumulatorType): one inner struct per 64-row tile, of N/2
// elements for f32 and i32, N/4 for the other element types.
func AccumulatorStructType(t *nvgpu.WarpgroupAccumulatorType) (*llvm.StructType, error) {
	vt, ok := t.Fragmented.(*ir.VectorType)
	if !ok || len(vt.Dims) != 2 {
		return nil, fmt.Errorf("accumulator %s is not a 2-D vector", t)
	}
	m, n := vt.Dims[0], vt.Dims[1]
	// MLIR 19 gives f32 and i32 accumulators N/2 registers and every
	// other element type N/4.
	members := n / 4
	if vt.Elem == ir.F32 || vt.Elem == ir.I32 {
		members = n / 2
	}
	inner := make([]ir.Type, members)
	for i := range inner {
		inner[i] = vt.Elem
	}
	it := llvm.Struct(false, inner...)
	var outer []ir.Type
	for i := int64(0); i < m; i += wgmmaM {
		outer = append(outer, it)
	}
	return llvm.Struct(false, outer...), nil
}

// isShared reports whether a memory space attribute is shared memory: 3
// or #gpu.address_space<workgroup> (NVGPUDialect::isSharedMemoryAddressSpace).
func isShared(space ir.Attribute) bool {
	switch s := space.(type) {
	case *ir.IntegerAttr:
		return s.Int() == sharedSpace
	case *gpu.AddressSpaceAttr:
		return s.Space == gpu.Workgroup
	}
	return false
}

// MBarrierMemRefType returns the memref an mbarrier group lives in
// (upstream's getMBarrierMemrefType): memref<n x i64, 3> for a group in
// shared memory, memref<n x i64> otherwise.
func MBarrierMemRefType(t *nvgpu.MBarrierGroupType) *ir.MemRefType {
	var space ir.Attribute
	if isShared(t.MemorySpace) {
		space = ir.IntAttr(ir.I64, sharedSpace)
	}
	n := int64(t.NumBarriers)
	if n == 0 {
		n = 1
	}
	return ir.MemRef([]int64{n}, ir.I64, nil, space)
}

// operands returns the converted values of op's operand group name (nil
// for an absent optional group).
func operands(op *ir.Operation, a convert.Adaptor, name string) []*ir.Value {
	def := op.Def()
	if def == nil {
		return nil
	}
	i := def.OperandIndex(name)
	start := op.OperandGroupStart(i)
	if start < 0 {
		return nil
	}
	n := len(op.OperandGroup(i))
	vs := make([]*ir.Value, 0, n)
	for j := 0; j < n; j++ {
		vs = append(vs, a.Operand(start+j))
	}
	return vs
}

// operand returns the single converted value of operand name, or nil.
func operand(op *ir.Operation, a convert.Adaptor, name string) *ir.Value {
	if vs := operands(op, a, name); len(vs) == 1 {
		return vs[0]
	}
	return nil
}

// converted checks that every listed converted operand is present and of
// an llvm type (a failed 1:1 conversion leaves it nil).
func converted(vs ...*ir.Value) bool {
	for _, v := range vs {
		if v == nil || !llvm.IsCompatibleType(v.Type()) {
			return false
		}
	}
	return true
}

// truncToI32 truncates an integer wider than 32 bits to i32: the GPU's
// registers are 32-bit and the nvvm ops take i32 counts and coordinates.
func truncToI32(b *ir.Builder, loc ir.Location, v *ir.Value) *ir.Value {
	if it, ok := v.Type().(*ir.IntegerType); ok && it.Width <= 32 {
		return v
	}
	return llvm.BuildTruncOp(b, loc, v, ir.I32).Result(0)
}

// constant builds `llvm.mlir.constant(v : at) : t`.
func constant(b *ir.Builder, loc ir.Location, t, at ir.Type, v int64) *ir.Value {
	return llvm.BuildMlirConstantOp(b, loc, t, ir.NamedAttribute{Name: "value", Value: ir.IntAttr(at, v)}).Result(0)
}

// extract builds `llvm.extractvalue %agg[pos]`.
func extract(b *ir.Builder, loc ir.Location, agg *ir.Value, pos int64) *ir.Value {
	st := agg.Type()
	var t ir.Type
	switch s := st.(type) {
	case *llvm.StructType:
		t = s.Body[pos]
	case *llvm.ArrayType:
		t = s.Elem
	}
	return llvm.BuildExtractvalueOp(b, loc, agg, t, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos)}).Result(0)
}

// insert builds `llvm.insertvalue %v, %agg[pos]`.
func insert(b *ir.Builder, loc ir.Location, agg, v *ir.Value, pos int64) *ir.Value {
	return llvm.BuildInsertvalueOp(b, loc, agg, v, agg.Type(), ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos)}).Result(0)
}

// elementPtr returns the address of element indices of the memref whose
// original type is t and whose converted descriptor is desc.
func (l *lowering) elementPtr(op *ir.Operation, rw *convert.Rewriter, t ir.Type, desc *ir.Value, indices []*ir.Value) (*ir.Value, error) {
	mt, ok := t.(*ir.MemRefType)
	if !ok || desc == nil {
		return nil, rw.NotifyMatchFailure(op, "expected a ranked memref")
	}
	if _, ok := desc.Type().(*llvm.StructType); !ok {
		return nil, rw.NotifyMatchFailure(op, "memref type '%s' does not convert to a descriptor", mt)
	}
	p, err := l.tc.StridedElementPtr(rw.Builder, op.Loc(), numericSpace(mt), llvmcommon.NewDescriptor(desc), indices)
	if err != nil {
		return nil, rw.NotifyMatchFailure(op, "%v", err)
	}
	return p, nil
}

// numericSpace returns t with a gpu address space replaced by its NVVM
// number, the form StridedElementPtr's layout query needs.
func numericSpace(t *ir.MemRefType) *ir.MemRefType {
	if as, ok := t.MemorySpace.(*gpu.AddressSpaceAttr); ok {
		var space ir.Attribute
		if n := as.MemorySpaceNumber(); n != 0 {
			space = ir.IntAttr(ir.I64, n)
		}
		return ir.MemRef(t.Dims, t.Elem, t.Layout, space)
	}
	return t
}

// operandType returns the original type of operand name, or nil when op
// has none (a malformed op then fails to match instead of panicking).
func operandType(op *ir.Operation, name string) ir.Type {
	if v := op.NamedOperand(name); v != nil {
		return v.Type()
	}
	return nil
}
