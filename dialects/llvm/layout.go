package llvm

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// The NVPTX data layout (LLVM's "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-
// i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-
// v64:64:64-v128:128:128-n16:32:64"), which getelementptr offsets and the
// memory image of llvm values follow: scalars and pointers are aligned to
// their size, vectors to their size rounded up to a power of two (LLVM's
// default for vectors the layout does not name), structs to their widest
// field with each field at the next multiple of its alignment (packed
// structs: 1, no padding), and an array is its element's allocation size
// (size rounded up to the alignment) times its length.

// pointerBytes is the size of every pointer: NVPTX64 pointers are 64 bits in
// all address spaces by default.
const pointerBytes = 8

// StoreSize is the number of bytes a load or store of t touches.
func StoreSize(t ir.Type) (int64, error) {
	switch t := t.(type) {
	case *PointerType:
		return pointerBytes, nil
	case *ir.IntegerType, *ir.FloatType, *ir.IndexType:
		return int64(ir.BitWidth(t)+7) / 8, nil
	case *ir.VectorType:
		if t.Elem == ir.I1 {
			return 0, fmt.Errorf("vectors of i1 in memory (bit-packed in LLVM) are not supported")
		}
		if _, ok := t.Elem.(*PointerType); ok {
			return 0, fmt.Errorf("vectors of pointers are not supported")
		}
		e, err := StoreSize(t.Elem)
		n := int64(1)
		for _, d := range t.Dims {
			n *= d
		}
		return n * e, err
	case *ArrayType, *StructType:
		return AllocSize(t)
	}
	return 0, fmt.Errorf("type %s has no memory layout", t)
}

// ABIAlign is the ABI alignment of t in bytes.
func ABIAlign(t ir.Type) (int64, error) {
	switch t := t.(type) {
	case *PointerType:
		return pointerBytes, nil
	case *ir.IntegerType, *ir.FloatType, *ir.IndexType:
		// Widths the layout does not name take the next larger one's.
		b := int64(ir.BitWidth(t)+7) / 8
		a := int64(1)
		for a < b && a < 16 {
			a *= 2
		}
		return a, nil
	case *ir.VectorType:
		s, err := StoreSize(t)
		if err != nil {
			return 0, err
		}
		a := int64(1)
		for a < s {
			a *= 2
		}
		return a, nil
	case *ArrayType:
		return ABIAlign(t.Elem)
	case *StructType:
		if t.Opaque {
			return 0, fmt.Errorf("opaque struct %s has no memory layout", t)
		}
		if t.Packed {
			return 1, nil
		}
		a := int64(1)
		for _, f := range t.Body {
			fa, err := ABIAlign(f)
			if err != nil {
				return 0, err
			}
			a = max(a, fa)
		}
		return a, nil
	}
	return 0, fmt.Errorf("type %s has no memory layout", t)
}

// AllocSize is the distance between consecutive values of t in memory.
func AllocSize(t ir.Type) (int64, error) {
	switch t := t.(type) {
	case *ArrayType:
		e, err := AllocSize(t.Elem)
		return e * t.Len, err
	case *StructType:
		_, size, err := StructLayout(t)
		return size, err
	}
	s, err := StoreSize(t)
	if err != nil {
		return 0, err
	}
	a, err := ABIAlign(t)
	if err != nil {
		return 0, err
	}
	return AlignTo(s, a), nil
}

// AlignTo rounds n up to a multiple of a.
func AlignTo(n, a int64) int64 { return (n + a - 1) / a * a }

// StructLayout returns the byte offset of each field of st and its size.
func StructLayout(st *StructType) ([]int64, int64, error) {
	if st.Opaque {
		return nil, 0, fmt.Errorf("opaque struct %s has no memory layout", st)
	}
	offs := make([]int64, len(st.Body))
	off := int64(0)
	for i, f := range st.Body {
		a := int64(1)
		if !st.Packed {
			var err error
			if a, err = ABIAlign(f); err != nil {
				return nil, 0, err
			}
		}
		off = AlignTo(off, a)
		offs[i] = off
		s, err := AllocSize(f)
		if err != nil {
			return nil, 0, err
		}
		off += s
	}
	a, err := ABIAlign(st)
	if err != nil {
		return nil, 0, err
	}
	return offs, AlignTo(off, a), nil
}
