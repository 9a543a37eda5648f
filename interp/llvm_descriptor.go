package interp

import (
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
)

// Memref descriptors across unrealized_conversion_cast. A partial
// conversion to the llvm dialect (convert-nvgpu-to-nvvm alone, say) leaves
// casts between a memref and its llvm form: the descriptor struct
// (allocated pointer, aligned pointer, offset, sizes, strides; both
// pointers at the buffer's start, the offset in elements, as
// llvm_launch.go passes expanded descriptors) or, under the bare-pointer
// convention, the pointer to the view's first element. The casts build
// one from the other, so both sides of the conversion run.

// descriptorOf returns m as a value of the llvm type t (a descriptor
// struct or a pointer).
func descriptorOf(op *ir.Operation, m *MemRef, t ir.Type) (any, error) {
	if m == nil {
		return nil, runtimeError(op, "cast of a null memref")
	}
	if m.layout != nil {
		return nil, unsupported(op, "casting a memref with a non-strided layout to %s", t)
	}
	switch tt := t.(type) {
	case *llvm.PointerType:
		return PointerTo(m), nil
	case *llvm.StructType:
		r := len(m.Sizes)
		want := 3
		if r > 0 {
			want = 5
		}
		if len(tt.Body) != want {
			return nil, unsupported(op, "cast of a rank-%d memref to %s", r, t)
		}
		fields := []Value{PointerValue(tt.Body[0], Pointer{Buf: m.Buf}), PointerValue(tt.Body[1], Pointer{Buf: m.Buf}),
			{Type: tt.Body[2], Bits: uint64(m.Offset)}}
		if r > 0 {
			at, ok := tt.Body[3].(*llvm.ArrayType)
			if !ok || at.Len != int64(r) {
				return nil, unsupported(op, "cast of a rank-%d memref to %s", r, t)
			}
			sizes, strides := make([]Value, r), make([]Value, r)
			for i := range sizes {
				sizes[i] = Value{Type: at.Elem, Bits: uint64(m.Sizes[i])}
				strides[i] = Value{Type: at.Elem, Bits: uint64(m.Strides[i])}
			}
			fields = append(fields, AggregateValue(NewAggregate(tt.Body[3], sizes)), AggregateValue(NewAggregate(tt.Body[4], strides)))
		}
		return NewAggregate(t, fields), nil
	}
	return nil, unsupported(op, "cast of a memref to %s", t)
}

// memrefOf rebuilds a memref of type t from its descriptor struct.
func memrefOf(op *ir.Operation, o any, t *ir.MemRefType) (*MemRef, error) {
	agg, ok := o.(*Aggregate)
	if !ok || len(agg.Fields) < 3 {
		return nil, unsupported(op, "cast of %v to %s", o, t)
	}
	p, _ := agg.Fields[1].Obj.(Pointer)
	if p.Buf == nil {
		return nil, runtimeError(op, "cast of a descriptor whose aligned pointer points to no memory to %s", t)
	}
	es := ByteSize(p.Buf.Elem)
	if es == 0 || p.Off%es != 0 || p.Buf.Elem != t.Elem {
		return nil, unsupported(op, "cast of a descriptor over a buffer of %s to %s", p.Buf.Elem, t)
	}
	m := &MemRef{Type: t, Buf: p.Buf, Offset: p.Off/es + int64(agg.Fields[2].Bits)}
	r := len(t.Dims)
	if r > 0 {
		if len(agg.Fields) != 5 {
			return nil, unsupported(op, "cast of %s to %s", agg.Type, t)
		}
		sz, ok1 := agg.Fields[3].Obj.(*Aggregate)
		st, ok2 := agg.Fields[4].Obj.(*Aggregate)
		if !ok1 || !ok2 || len(sz.Fields) != r || len(st.Fields) != r {
			return nil, unsupported(op, "cast of %s to %s", agg.Type, t)
		}
		for i := 0; i < r; i++ {
			m.Sizes = append(m.Sizes, int64(sz.Fields[i].Bits))
			m.Strides = append(m.Strides, int64(st.Fields[i].Bits))
		}
	}
	return m, nil
}
