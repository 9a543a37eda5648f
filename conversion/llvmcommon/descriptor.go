package llvmcommon

import (
	"fmt"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
)

// Descriptor field positions (upstream's MemRefDescriptor).
const (
	allocatedPtrPos = 0
	alignedPtrPos   = 1
	offsetPos       = 2
	sizesPos        = 3
	stridesPos      = 4
)

// MemRefDescriptor builds the llvm ops that read and write the fields of a
// memref descriptor value (see TypeConverter.ConvertMemRefType).
type MemRefDescriptor struct {
	Value *ir.Value
	Type  *llvm.StructType
}

// NewDescriptor wraps a descriptor value.
func NewDescriptor(v *ir.Value) MemRefDescriptor {
	return MemRefDescriptor{Value: v, Type: v.Type().(*llvm.StructType)}
}

// UndefDescriptor returns a descriptor of type st whose fields are all
// undefined (`llvm.mlir.undef`, as MLIR 19's MemRefDescriptor::undef), to
// be filled with the setters.
func UndefDescriptor(b *ir.Builder, loc ir.Location, st *llvm.StructType) MemRefDescriptor {
	v := llvm.BuildMlirUndefOp(b, loc, st).Result(0)
	return MemRefDescriptor{Value: v, Type: st}
}

func (d *MemRefDescriptor) extract(b *ir.Builder, loc ir.Location, t ir.Type, pos ...int64) *ir.Value {
	return llvm.BuildExtractvalueOp(b, loc, d.Value, t, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos...)}).Result(0)
}

func (d *MemRefDescriptor) insert(b *ir.Builder, loc ir.Location, v *ir.Value, pos ...int64) {
	d.Value = llvm.BuildInsertvalueOp(b, loc, d.Value, v, d.Type, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos...)}).Result(0)
}

// Rank is the rank of the memref the descriptor describes.
func (d *MemRefDescriptor) Rank() int {
	if len(d.Type.Body) <= sizesPos {
		return 0
	}
	return int(d.Type.Body[sizesPos].(*llvm.ArrayType).Len)
}

func (d *MemRefDescriptor) ptrType() ir.Type { return d.Type.Body[allocatedPtrPos] }

// IndexType is the integer type of the offset, sizes and strides.
func (d *MemRefDescriptor) IndexType() ir.Type { return d.Type.Body[offsetPos] }

// AllocatedPtr reads the pointer the memory was allocated at.
func (d *MemRefDescriptor) AllocatedPtr(b *ir.Builder, loc ir.Location) *ir.Value {
	return d.extract(b, loc, d.ptrType(), allocatedPtrPos)
}

// AlignedPtr reads the aligned pointer that indexing starts from.
func (d *MemRefDescriptor) AlignedPtr(b *ir.Builder, loc ir.Location) *ir.Value {
	return d.extract(b, loc, d.ptrType(), alignedPtrPos)
}

// Offset reads the offset in elements from the aligned pointer.
func (d *MemRefDescriptor) Offset(b *ir.Builder, loc ir.Location) *ir.Value {
	return d.extract(b, loc, d.IndexType(), offsetPos)
}

// Size reads the size of dimension i.
func (d *MemRefDescriptor) Size(b *ir.Builder, loc ir.Location, i int) *ir.Value {
	return d.extract(b, loc, d.IndexType(), sizesPos, int64(i))
}

// Stride reads the stride of dimension i.
func (d *MemRefDescriptor) Stride(b *ir.Builder, loc ir.Location, i int) *ir.Value {
	return d.extract(b, loc, d.IndexType(), stridesPos, int64(i))
}

// SetAllocatedPtr writes the allocated pointer.
func (d *MemRefDescriptor) SetAllocatedPtr(b *ir.Builder, loc ir.Location, v *ir.Value) {
	d.insert(b, loc, v, allocatedPtrPos)
}

// SetAlignedPtr writes the aligned pointer.
func (d *MemRefDescriptor) SetAlignedPtr(b *ir.Builder, loc ir.Location, v *ir.Value) {
	d.insert(b, loc, v, alignedPtrPos)
}

// SetOffset writes the offset.
func (d *MemRefDescriptor) SetOffset(b *ir.Builder, loc ir.Location, v *ir.Value) {
	d.insert(b, loc, v, offsetPos)
}

// SetSize writes the size of dimension i.
func (d *MemRefDescriptor) SetSize(b *ir.Builder, loc ir.Location, i int, v *ir.Value) {
	d.insert(b, loc, v, sizesPos, int64(i))
}

// SetStride writes the stride of dimension i.
func (d *MemRefDescriptor) SetStride(b *ir.Builder, loc ir.Location, i int, v *ir.Value) {
	d.insert(b, loc, v, stridesPos, int64(i))
}

// IndexConstant creates `llvm.mlir.constant(v : index) : iN` of the
// converted index type, the form upstream's createIndexAttrConstant builds.
func (tc *TypeConverter) IndexConstant(b *ir.Builder, loc ir.Location, v int64) *ir.Value {
	return llvm.BuildMlirConstantOp(b, loc, tc.IndexType(), ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.Index, v)}).Result(0)
}

// DescriptorFromStaticShape builds the descriptor of a memref of static
// shape, strides and offset (CanBeBarePtr) from a pointer to its memory,
// used as both allocated and aligned pointer (upstream's
// MemRefDescriptor::fromStaticShape, used by the bare-pointer convention).
func (tc *TypeConverter) DescriptorFromStaticShape(b *ir.Builder, loc ir.Location, t *ir.MemRefType, ptr *ir.Value) (MemRefDescriptor, error) {
	st, ok := tc.ConvertMemRefType(t)
	if !ok || !CanBeBarePtr(t) {
		return MemRefDescriptor{}, fmt.Errorf("memref type %s has no static shape and strided layout", t)
	}
	strides, offset, _ := memref.StridesAndOffset(t)
	d := UndefDescriptor(b, loc, st)
	d.SetAllocatedPtr(b, loc, ptr)
	d.SetAlignedPtr(b, loc, ptr)
	d.SetOffset(b, loc, tc.IndexConstant(b, loc, offset))
	for i, s := range t.Dims {
		d.SetSize(b, loc, i, tc.IndexConstant(b, loc, s))
		d.SetStride(b, loc, i, tc.IndexConstant(b, loc, strides[i]))
	}
	return d, nil
}

// PackDescriptor builds a descriptor of st from its expanded fields, in the
// order ConvertCallingConventionType lists them, as upstream's
// MemRefDescriptor::pack: from undef, the pointers, the offset, then each
// size followed by its stride.
func PackDescriptor(b *ir.Builder, loc ir.Location, st *llvm.StructType, fields []*ir.Value) MemRefDescriptor {
	d := UndefDescriptor(b, loc, st)
	d.SetAllocatedPtr(b, loc, fields[0])
	d.SetAlignedPtr(b, loc, fields[1])
	d.SetOffset(b, loc, fields[2])
	r := d.Rank()
	for i := 0; i < r; i++ {
		d.SetSize(b, loc, i, fields[3+i])
		d.SetStride(b, loc, i, fields[3+r+i])
	}
	return d
}

// Unpack reads every field of the descriptor, in the order of the expanded
// calling convention.
func (d *MemRefDescriptor) Unpack(b *ir.Builder, loc ir.Location) []*ir.Value {
	vs := []*ir.Value{d.AllocatedPtr(b, loc), d.AlignedPtr(b, loc), d.Offset(b, loc)}
	r := d.Rank()
	for i := 0; i < r; i++ {
		vs = append(vs, d.Size(b, loc, i))
	}
	for i := 0; i < r; i++ {
		vs = append(vs, d.Stride(b, loc, i))
	}
	return vs
}

// StridedElementPtr returns a pointer to the element of a memref of type t
// (descriptor d) at indices (of the converted index type): the aligned
// pointer advanced by offset + sum(indices[i] * stride[i]) elements. Static
// strides and offset are used as constants, dynamic ones read from d, and
// a unit stride or zero offset adds no op (upstream's
// getStridedElementPtr).
func (tc *TypeConverter) StridedElementPtr(b *ir.Builder, loc ir.Location, t *ir.MemRefType, d MemRefDescriptor, indices []*ir.Value) (*ir.Value, error) {
	strides, offset, ok := memref.StridesAndOffset(t)
	if !ok {
		return nil, fmt.Errorf("memref type %s has no strided layout", t)
	}
	elem, ok := tc.Convert(t.Elem)
	if !ok {
		return nil, fmt.Errorf("cannot convert element type of %s", t)
	}
	it := tc.IndexType()
	base := d.AlignedPtr(b, loc)
	var index *ir.Value
	if offset != 0 {
		if offset == ir.Dynamic {
			index = d.Offset(b, loc)
		} else {
			index = tc.IndexConstant(b, loc, offset)
		}
	}
	for i, idx := range indices {
		term := idx
		if s := strides[i]; s != 1 {
			var sv *ir.Value
			if s == ir.Dynamic {
				sv = d.Stride(b, loc, i)
			} else {
				sv = tc.IndexConstant(b, loc, s)
			}
			term = llvm.BuildMulOp(b, loc, idx, sv, it).Result(0)
		}
		if index == nil {
			index = term
		} else {
			index = llvm.BuildAddOp(b, loc, index, term, it).Result(0)
		}
	}
	if index == nil {
		return base, nil
	}
	return llvm.BuildGetelementptrOp(b, loc, base, []*ir.Value{index}, base.Type(),
		ir.NamedAttribute{Name: "rawConstantIndices", Value: ir.DenseI32Array(llvm.DynamicIndex)},
		ir.NamedAttribute{Name: "elem_type", Value: ir.TypeAttrOf(elem)}).Result(0), nil
}
