package nvgpu

import (
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// The types print in MLIR 19's spelling, `!nvgpu.<mnemonic>` followed, for
// the parametric ones, by upstream's `struct(params)` body
// (`<name = value, ...>`). Each String computes the text from the exported
// fields, so a type built as a struct literal prints correctly; the
// constructors intern it, which makes `==` identity.

// DeviceAsyncTokenType is `!nvgpu.device.async.token`: the value
// nvgpu.device_async_copy returns, grouped by nvgpu.device_async_create_group
// and waited on by nvgpu.device_async_wait.
type DeviceAsyncTokenType struct{ ir.TypeBase }

func (*DeviceAsyncTokenType) String() string { return "!nvgpu.device.async.token" }

// DialectName returns "nvgpu".
func (*DeviceAsyncTokenType) DialectName() string { return dialectName }

// DeviceAsyncToken returns the interned `!nvgpu.device.async.token`.
func DeviceAsyncToken() *DeviceAsyncTokenType { return ir.InternType(&DeviceAsyncTokenType{}) }

// MBarrierTokenType is `!nvgpu.mbarrier.token`: the phase state that
// nvgpu.mbarrier.arrive returns and nvgpu.mbarrier.test.wait tests.
type MBarrierTokenType struct{ ir.TypeBase }

func (*MBarrierTokenType) String() string { return "!nvgpu.mbarrier.token" }

// DialectName returns "nvgpu".
func (*MBarrierTokenType) DialectName() string { return dialectName }

// MBarrierToken returns the interned `!nvgpu.mbarrier.token`.
func MBarrierToken() *MBarrierTokenType { return ir.InternType(&MBarrierTokenType{}) }

// MBarrierGroupType is `!nvgpu.mbarrier.group<memorySpace = ms, num_barriers = n>`:
// NumBarriers 64-bit mbarrier objects (8-byte aligned) in the memory space
// MemorySpace, normally `#gpu.address_space<workgroup>` or 3.
type MBarrierGroupType struct {
	ir.TypeBase
	MemorySpace ir.Attribute
	// NumBarriers is at least 1; 1 is the default and is not printed.
	NumBarriers int
}

func (t *MBarrierGroupType) String() string { return "!nvgpu.mbarrier.group" + t.body() }

func (t *MBarrierGroupType) body() string {
	s := "<memorySpace = " + attrText(t.MemorySpace)
	if t.NumBarriers != 1 {
		s += ", num_barriers = " + strconv.Itoa(t.NumBarriers)
	}
	return s + ">"
}

// DialectName returns "nvgpu".
func (*MBarrierGroupType) DialectName() string { return dialectName }

// MBarrierGroup returns the interned group of n mbarriers in memorySpace.
func MBarrierGroup(memorySpace ir.Attribute, n int) *MBarrierGroupType {
	return ir.InternType(&MBarrierGroupType{MemorySpace: memorySpace, NumBarriers: n})
}

// TensorMapDescriptorType is `!nvgpu.tensormap.descriptor<tensor = memref<...>,
// swizzle = s, l2promo = l, oob = o, interleave = i>`: a 128-byte TMA
// descriptor (CUtensorMap) whose box is Tensor, a memref in shared memory,
// with the swizzle, L2 promotion, out-of-bounds fill and interleave modes of
// cuTensorMapEncodeTiled.
type TensorMapDescriptorType struct {
	ir.TypeBase
	// Tensor is the box, a *ir.MemRefType.
	Tensor     ir.Type
	Swizzle    Swizzle
	L2Promo    L2Promo
	OOB        OOB
	Interleave Interleave
}

func (t *TensorMapDescriptorType) String() string { return "!nvgpu.tensormap.descriptor" + t.body() }

func (t *TensorMapDescriptorType) body() string {
	return "<tensor = " + typeText(t.Tensor) + ", swizzle = " + string(t.Swizzle) + ", l2promo = " +
		string(t.L2Promo) + ", oob = " + string(t.OOB) + ", interleave = " + string(t.Interleave) + ">"
}

// DialectName returns "nvgpu".
func (*TensorMapDescriptorType) DialectName() string { return dialectName }

// MemRef returns Tensor as a memref type (nil when it is not one).
func (t *TensorMapDescriptorType) MemRef() *ir.MemRefType {
	m, _ := t.Tensor.(*ir.MemRefType)
	return m
}

// TensorMapDescriptor returns the interned descriptor type.
func TensorMapDescriptor(tensor ir.Type, swizzle Swizzle, l2promo L2Promo, oob OOB, interleave Interleave) *TensorMapDescriptorType {
	return ir.InternType(&TensorMapDescriptorType{Tensor: tensor, Swizzle: swizzle, L2Promo: l2promo, OOB: oob, Interleave: interleave})
}

// WarpgroupMatrixDescriptorType is `!nvgpu.warpgroup.descriptor<tensor = memref<...>>`:
// the 64-bit wgmma matrix descriptor of the shared-memory operand Tensor.
type WarpgroupMatrixDescriptorType struct {
	ir.TypeBase
	// Tensor is the operand, a *ir.MemRefType.
	Tensor ir.Type
}

func (t *WarpgroupMatrixDescriptorType) String() string {
	return "!nvgpu.warpgroup.descriptor" + t.body()
}

func (t *WarpgroupMatrixDescriptorType) body() string { return "<tensor = " + typeText(t.Tensor) + ">" }

// DialectName returns "nvgpu".
func (*WarpgroupMatrixDescriptorType) DialectName() string { return dialectName }

// MemRef returns Tensor as a memref type (nil when it is not one).
func (t *WarpgroupMatrixDescriptorType) MemRef() *ir.MemRefType {
	m, _ := t.Tensor.(*ir.MemRefType)
	return m
}

// WarpgroupMatrixDescriptor returns the interned descriptor type of tensor.
func WarpgroupMatrixDescriptor(tensor ir.Type) *WarpgroupMatrixDescriptorType {
	return ir.InternType(&WarpgroupMatrixDescriptorType{Tensor: tensor})
}

// WarpgroupAccumulatorType is `!nvgpu.warpgroup.accumulator<fragmented = vector<MxNxT>>`:
// the accumulator matrix of nvgpu.warpgroup.mma, MxN in all, distributed
// over the 128 threads of the warpgroup.
type WarpgroupAccumulatorType struct {
	ir.TypeBase
	// Fragmented is the whole matrix, a *ir.VectorType.
	Fragmented ir.Type
}

func (t *WarpgroupAccumulatorType) String() string {
	return "!nvgpu.warpgroup.accumulator" + t.body()
}

func (t *WarpgroupAccumulatorType) body() string {
	return "<fragmented = " + typeText(t.Fragmented) + ">"
}

// DialectName returns "nvgpu".
func (*WarpgroupAccumulatorType) DialectName() string { return dialectName }

// Vector returns Fragmented as a vector type (nil when it is not one).
func (t *WarpgroupAccumulatorType) Vector() *ir.VectorType {
	v, _ := t.Fragmented.(*ir.VectorType)
	return v
}

// WarpgroupAccumulator returns the interned accumulator type of fragmented.
func WarpgroupAccumulator(fragmented ir.Type) *WarpgroupAccumulatorType {
	return ir.InternType(&WarpgroupAccumulatorType{Fragmented: fragmented})
}

func typeText(t ir.Type) string {
	if t == nil {
		return "<<NULL TYPE>>"
	}
	return t.String()
}

func attrText(a ir.Attribute) string {
	if a == nil {
		return "<<NULL ATTRIBUTE>>"
	}
	return a.String()
}

// strippedBody returns the text a format's type directive prints for t:
// upstream prints the types of its own dialect that have parameters without
// the `!nvgpu.mnemonic` prefix (printStrippedAttrOrType), and the others in
// full.
func strippedBody(t ir.Type) (string, bool) {
	switch t := t.(type) {
	case *MBarrierGroupType:
		return t.body(), true
	case *TensorMapDescriptorType:
		return t.body(), true
	case *WarpgroupMatrixDescriptorType:
		return t.body(), true
	case *WarpgroupAccumulatorType:
		return t.body(), true
	}
	return "", false
}

// IsSharedMemorySpace reports whether the memory-space attribute a is
// NVVM's shared memory: the integer 3 or `#gpu.address_space<workgroup>`
// (upstream's NVGPUDialect::isSharedMemoryAddressSpace).
func IsSharedMemorySpace(a ir.Attribute) bool {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Int() == SharedMemorySpace
	case ir.NumberedMemorySpace:
		return a.MemorySpaceNumber() == SharedMemorySpace
	}
	return false
}

// HasSharedMemorySpace reports whether t is a memref in shared memory.
func HasSharedMemorySpace(t ir.Type) bool {
	m, ok := t.(*ir.MemRefType)
	return ok && IsSharedMemorySpace(m.MemorySpace)
}

// NVVM's numeric memory spaces that the verifiers test.
const (
	GlobalMemorySpace = 1
	SharedMemorySpace = 3
)

func isMnemonicChar(c byte) bool {
	return c == '.' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// splitMnemonic splits a type body `.mbarrier.group<...>` into its mnemonic
// and the rest.
func splitMnemonic(body string) (string, string) {
	i := 0
	for i < len(body) && isMnemonicChar(body[i]) {
		i++
	}
	return strings.TrimPrefix(body[:i], "."), body[i:]
}
