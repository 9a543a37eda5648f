package nvgpu

import "github.com/goopt/goopt/ir"

// Typed reads of the ops' attributes and operand types, for the
// conversions and the interpreter: the generated views (ops_gen.go) return
// ir.Attribute and ir.Value; these return the Go values, with upstream's
// defaults. They assume a verified op.

func intAttr(a ir.Attribute) int64 {
	if ia, ok := a.(*ir.IntegerAttr); ok {
		return ia.Int()
	}
	return 0
}

// MmaShapeMNK returns mmaShape as (m, n, k).
func (o MmaSyncOp) MmaShapeMNK() (m, n, k int64) {
	s, _ := mmaShape(o.Operation)
	return s[0], s[1], s[2]
}

// IsTf32Enabled reports whether f32 operands run as tf32.
func (o MmaSyncOp) IsTf32Enabled() bool { return o.Tf32Enabled() != nil }

// NumTilesInt returns the number of 8x8 matrices each lane loads.
func (o LdmatrixOp) NumTilesInt() int64 { return intAttr(o.NumTiles()) }

// IsTranspose reports whether the matrices are loaded transposed.
func (o LdmatrixOp) IsTranspose() bool { return intAttr(o.Transpose()) != 0 }

// DstElementsInt returns the number of elements the copy writes.
func (o DeviceAsyncCopyOp) DstElementsInt() int64 { return intAttr(o.DstElements()) }

// IsBypassL1 reports whether the copy asks to bypass L1 (cp.async.cg).
func (o DeviceAsyncCopyOp) IsBypassL1() bool { return o.BypassL1() != nil }

// NumGroupsInt returns numGroups, and false when it is absent (wait for
// every group: cp.async.wait_group 0, as upstream lowers it).
func (o DeviceAsyncWaitOp) NumGroupsInt() (int64, bool) {
	a := o.NumGroups()
	return intAttr(a), a != nil
}

// WaitGroupInt returns waitGroup, 1 when absent.
func (o WarpgroupMmaOp) WaitGroupInt() int64 {
	if a := o.WaitGroup(); a != nil {
		return intAttr(a)
	}
	return intAttr(waitGroupDefault)
}

// IsTransposeA reports whether A is transposed (column-major).
func (o WarpgroupMmaOp) IsTransposeA() bool { return o.TransposeA() != nil }

// IsTransposeB reports whether B is transposed (column-major).
func (o WarpgroupMmaOp) IsTransposeB() bool { return o.TransposeB() != nil }

// typeOf returns v's type as a T, or the zero T (nil) when it is not one.
func typeOf[T ir.Type](v *ir.Value) T {
	t, _ := v.Type().(T)
	return t
}

// TensorMapOf returns v's type as a tensor map descriptor type, or nil.
func TensorMapOf(v *ir.Value) *TensorMapDescriptorType { return typeOf[*TensorMapDescriptorType](v) }

// MBarrierGroupOf returns v's type as an mbarrier group type, or nil.
func MBarrierGroupOf(v *ir.Value) *MBarrierGroupType { return typeOf[*MBarrierGroupType](v) }

// WarpgroupMatrixDescriptorOf returns v's type as a warpgroup descriptor type, or nil.
func WarpgroupMatrixDescriptorOf(v *ir.Value) *WarpgroupMatrixDescriptorType {
	return typeOf[*WarpgroupMatrixDescriptorType](v)
}

// WarpgroupAccumulatorOf returns v's type as a warpgroup accumulator type, or nil.
func WarpgroupAccumulatorOf(v *ir.Value) *WarpgroupAccumulatorType {
	return typeOf[*WarpgroupAccumulatorType](v)
}

// IsShared reports whether the barriers live in shared memory.
func (t *MBarrierGroupType) IsShared() bool { return IsSharedMemorySpace(t.MemorySpace) }

// BoxBytes returns the size of the box in bytes (0 when the box is not a
// static memref of integers or floats): the transaction count one TMA load
// of it adds to its mbarrier.
func (t *TensorMapDescriptorType) BoxBytes() int64 {
	m := t.MemRef()
	if m == nil || !m.HasStaticShape() {
		return 0
	}
	return ir.NumElements(m.Dims) * int64(ir.BitWidth(m.Elem)) / 8
}
