package interp

import (
	"fmt"
	"sort"

	"github.com/goopt/goopt/dialects/llvm"
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

// storeSize is the number of bytes a load or store of t touches.
func storeSize(t ir.Type) (int64, error) {
	switch t := t.(type) {
	case *llvm.PointerType:
		return pointerBytes, nil
	case *ir.IntegerType, *ir.FloatType, *ir.IndexType:
		return int64(ir.BitWidth(t)+7) / 8, nil
	case *ir.VectorType:
		if t.Elem == ir.I1 {
			return 0, fmt.Errorf("vectors of i1 in memory (bit-packed in LLVM) are not supported")
		}
		if _, ok := t.Elem.(*llvm.PointerType); ok {
			return 0, fmt.Errorf("vectors of pointers are not supported")
		}
		return ByteSize(t), nil
	case *llvm.ArrayType, *llvm.StructType:
		return allocSize(t)
	}
	return 0, fmt.Errorf("type %s has no memory layout", t)
}

// abiAlign is the ABI alignment of t in bytes.
func abiAlign(t ir.Type) (int64, error) {
	switch t := t.(type) {
	case *llvm.PointerType:
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
		s, err := storeSize(t)
		if err != nil {
			return 0, err
		}
		a := int64(1)
		for a < s {
			a *= 2
		}
		return a, nil
	case *llvm.ArrayType:
		return abiAlign(t.Elem)
	case *llvm.StructType:
		if t.Opaque {
			return 0, fmt.Errorf("opaque struct %s has no memory layout", t)
		}
		if t.Packed {
			return 1, nil
		}
		a := int64(1)
		for _, f := range t.Body {
			fa, err := abiAlign(f)
			if err != nil {
				return 0, err
			}
			a = max(a, fa)
		}
		return a, nil
	}
	return 0, fmt.Errorf("type %s has no memory layout", t)
}

// allocSize is the distance between consecutive values of t in memory.
func allocSize(t ir.Type) (int64, error) {
	switch t := t.(type) {
	case *llvm.ArrayType:
		e, err := allocSize(t.Elem)
		return e * t.Len, err
	case *llvm.StructType:
		_, size, err := structLayout(t)
		return size, err
	}
	s, err := storeSize(t)
	if err != nil {
		return 0, err
	}
	a, err := abiAlign(t)
	if err != nil {
		return 0, err
	}
	return alignTo(s, a), nil
}

func alignTo(n, a int64) int64 { return (n + a - 1) / a * a }

// structLayout returns the byte offset of each field of st and its size.
func structLayout(st *llvm.StructType) ([]int64, int64, error) {
	if st.Opaque {
		return nil, 0, fmt.Errorf("opaque struct %s has no memory layout", st)
	}
	offs := make([]int64, len(st.Body))
	off := int64(0)
	for i, f := range st.Body {
		a := int64(1)
		if !st.Packed {
			var err error
			if a, err = abiAlign(f); err != nil {
				return nil, 0, err
			}
		}
		off = alignTo(off, a)
		offs[i] = off
		s, err := allocSize(f)
		if err != nil {
			return nil, 0, err
		}
		off += s
	}
	a, err := abiAlign(st)
	if err != nil {
		return nil, 0, err
	}
	return offs, alignTo(off, a), nil
}

// gepStep is one index of a compiled getelementptr: the byte offset is
// Const, plus Scale times the index's value (sign-extended from Width bits)
// when the index is dynamic (Slot >= 0).
type gepStep struct {
	Const int64
	Slot  int
	Scale int64
	Width int
}

// gepSteps resolves a getelementptr's indices against its element type.
// The first index steps over whole elements; later ones walk into arrays,
// vectors (by element) and structs (by constant field number only).
func gepSteps(c *Compiler, op *ir.Operation) ([]gepStep, error) {
	t := llvm.GEPElemType(op)
	if t == nil {
		return nil, op.Errorf("requires an 'elem_type'")
	}
	var steps []gepStep
	for i, ix := range llvm.GEPIndices(op) {
		var scale int64
		if i > 0 {
			switch ct := t.(type) {
			case *llvm.StructType:
				if ix.Value != nil {
					return nil, op.Errorf("indexes struct %s with a dynamic value", ct)
				}
				offs, _, err := structLayout(ct)
				if err != nil {
					return nil, unsupported(op, "%v", err)
				}
				if ix.Const < 0 || ix.Const >= int64(len(offs)) {
					return nil, op.Errorf("field %d out of struct %s", ix.Const, ct)
				}
				steps = append(steps, gepStep{Const: offs[ix.Const], Slot: -1})
				t = ct.Body[ix.Const]
				continue
			case *llvm.ArrayType:
				t = ct.Elem
			case *ir.VectorType:
				t = ct.Elem
			default:
				return nil, op.Errorf("index %d goes into %s, which is not an aggregate", i, t)
			}
		}
		var err error
		if scale, err = allocSize(t); err != nil {
			return nil, unsupported(op, "%v", err)
		}
		if ix.Value == nil {
			steps = append(steps, gepStep{Const: ix.Const * scale, Slot: -1})
			continue
		}
		w, err := intWidth(op, ix.Value.Type())
		if err != nil {
			return nil, err
		}
		steps = append(steps, gepStep{Slot: c.Slot(ix.Value), Scale: scale, Width: w})
	}
	return steps, nil
}

// ---- synthetic addresses ----

// addressSpace gives buffers addresses, on demand, for the operations
// that need a pointer as an integer: llvm.ptrtoint, pointer comparisons
// across buffers, and pointers stored in memory (which hold integers).
// Each buffer gets a fresh, deterministic range the first time it needs
// one, past the previous range with a gap, so that an address maps back to
// its buffer (llvm.inttoptr, loading a pointer) and one past the end of a
// buffer is not the start of the next. Addresses start above 0 (null is no
// buffer's) and stay below 2^32 for as long as they can, so that a shared
// memory pointer truncated to i32 (as NVPTX's 32-bit shared addresses are)
// converts back.
type addressSpace struct {
	bases, sizes []uint64
	bufs         []*Buffer
	of           map[*Buffer]uint64
	next         uint64
}

const (
	firstAddress = 0x10000
	addressGap   = 0x100
	addressAlign = 0x100
)

// address returns p as an integer.
func (s *addressSpace) address(p Pointer) uint64 {
	if p.Buf == nil {
		return uint64(p.Off)
	}
	base, ok := s.of[p.Buf]
	if !ok {
		if s.of == nil {
			s.of, s.next = map[*Buffer]uint64{}, firstAddress
		}
		base = s.next
		size := uint64(len(p.Buf.Data)) * uint64(max(ByteSize(p.Buf.Elem), 1))
		s.next = uint64(alignTo(int64(base+size+addressGap), addressAlign))
		s.of[p.Buf] = base
		s.bases, s.sizes = append(s.bases, base), append(s.sizes, size)
		s.bufs = append(s.bufs, p.Buf)
	}
	return base + uint64(p.Off)
}

// pointer returns the pointer an integer address designates: into the
// buffer whose range holds it (one past its end included), else into no
// buffer.
func (s *addressSpace) pointer(a uint64) Pointer {
	i := sort.Search(len(s.bases), func(i int) bool { return s.bases[i] > a }) - 1
	if i >= 0 {
		if a-s.bases[i] <= s.sizes[i] {
			return Pointer{Buf: s.bufs[i], Off: int64(a - s.bases[i])}
		}
	}
	return Pointer{Off: int64(a)}
}
