package interp

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// Pointer is the value of an `!llvm.ptr`: a byte offset into a buffer.
// Memory stays typed (a Buffer of elements), and an access through a
// pointer is an access of the elements its bytes cover, with every check a
// memref access makes (bounds, initialisation, races, constness): a pointer
// derived from a memref descriptor therefore reads what the memref ops
// wrote, so that execution equivalence holds through the conversion of
// memref to llvm. The elements are little-endian, as on NVPTX and x86.
//
// A pointer that points into no buffer (the null pointer, or an inttoptr
// of an address that no buffer holds) has a nil Buf and its address in Off;
// any access through it is an error.
type Pointer struct {
	Buf *Buffer
	Off int64
}

// IsNull reports whether p points into no buffer.
func (p Pointer) IsNull() bool { return p.Buf == nil }

// Add returns p advanced by n bytes.
func (p Pointer) Add(n int64) Pointer { return Pointer{Buf: p.Buf, Off: p.Off + n} }

// String shows the pointer for diagnostics.
func (p Pointer) String() string {
	if p.Buf == nil {
		return fmt.Sprintf("ptr(0x%x)", p.Off)
	}
	return fmt.Sprintf("ptr(%d x %s + %d bytes)", len(p.Buf.Data), p.Buf.Elem, p.Off)
}

// PointerTo returns a pointer to the first element of m's view (its
// buffer at its offset), which is what a memref descriptor's aligned
// pointer plus offset address.
func PointerTo(m *MemRef) Pointer {
	return Pointer{Buf: m.Buf, Off: m.Offset * ByteSize(m.Buf.Elem)}
}

// ByteSize returns the size in bytes of a scalar or vector type as stored
// in memory (i1 takes a byte, as in LLVM's data layouts), or 0 for a type
// without one.
func ByteSize(t ir.Type) int64 {
	if vt, ok := t.(*ir.VectorType); ok {
		n := int64(1)
		for _, d := range vt.Dims {
			n *= d
		}
		return n * ByteSize(vt.Elem)
	}
	return int64(ir.BitWidth(t)+7) / 8
}

// flatView returns a rank-1 memref over all of b, through which pointer
// accesses go to Load and Store (so they get the same checks).
func (b *Buffer) flatView() *MemRef {
	if b.flat == nil {
		n := int64(len(b.Data))
		var space ir.Attribute
		if b.Space != 0 {
			space = ir.IntAttr(ir.Integer(64), b.Space)
		}
		b.flat = &MemRef{Type: ir.MemRef([]int64{n}, b.Elem, nil, space), Buf: b, Sizes: []int64{n}, Strides: []int64{1}}
	}
	return b.flat
}

// span returns the elements [first, first+n) that the bytes [p.Off,
// p.Off+size) of p's buffer cover, and the element size.
func (p Pointer) span(op *ir.Operation, kind string, size int64) (first, n, esize int64, err error) {
	if p.Buf == nil {
		return 0, 0, 0, runtimeError(op, "%s through a pointer to no memory (%s)", kind, p)
	}
	esize = ByteSize(p.Buf.Elem)
	if esize == 0 || size == 0 {
		return 0, 0, 0, unsupported(op, "%s of %d bytes from a buffer of %s", kind, size, p.Buf.Elem)
	}
	if p.Off < 0 || p.Off+size > int64(len(p.Buf.Data))*esize || p.Buf.Freed {
		what := "out-of-bounds"
		if p.Buf.Freed {
			what = "freed-memory"
		}
		return 0, 0, 0, runtimeError(op, "%s %s of %d bytes at byte offset %d of a buffer of %d x %s",
			what, kind, size, p.Off, len(p.Buf.Data), p.Buf.Elem)
	}
	first = p.Off / esize
	last := (p.Off + size - 1) / esize
	return first, last - first + 1, esize, nil
}

// LoadBytes reads size bytes at p for op, element by element through Load.
func LoadBytes(op *ir.Operation, p Pointer, size int64) ([]byte, error) {
	first, n, esize, err := p.span(op, "load", size)
	if err != nil {
		return nil, err
	}
	view := p.Buf.flatView()
	raw := make([]byte, n*esize)
	for i := int64(0); i < n; i++ {
		bits, err := Load(op, view, []int64{first + i})
		if err != nil {
			return nil, err
		}
		putBits(raw[i*esize:(i+1)*esize], bits)
	}
	skip := p.Off - first*esize
	return raw[skip : skip+size], nil
}

// StoreBytes writes data at p for op, element by element through Store. An
// element only partly covered keeps its other bytes (it must have been
// written before unless data covers it whole).
func StoreBytes(op *ir.Operation, p Pointer, data []byte) error {
	first, n, esize, err := p.span(op, "store", int64(len(data)))
	if err != nil {
		return err
	}
	view := p.Buf.flatView()
	skip := p.Off - first*esize
	for i := int64(0); i < n; i++ {
		lo, hi := i*esize-skip, (i+1)*esize-skip // data bytes of element i
		elem := make([]byte, esize)
		if lo < 0 || hi > int64(len(data)) {
			old, err := Load(op, view, []int64{first + i})
			if err != nil {
				return err
			}
			putBits(elem, old)
		}
		for j := int64(0); j < esize; j++ {
			if k := lo + j; k >= 0 && k < int64(len(data)) {
				elem[j] = data[k]
			}
		}
		if err := Store(op, view, []int64{first + i}, bitsOf(elem)); err != nil {
			return err
		}
	}
	return nil
}

// LoadPointer reads a value of scalar or vector type t at p.
func LoadPointer(op *ir.Operation, p Pointer, t ir.Type) (Value, error) {
	raw, err := LoadBytes(op, p, ByteSize(t))
	if err != nil {
		return Value{}, err
	}
	return valueFromBytes(t, raw), nil
}

// StorePointer writes v (a scalar or vector) at p.
func StorePointer(op *ir.Operation, p Pointer, v Value) error {
	return StoreBytes(op, p, valueBytes(v))
}

// valueBytes is v's memory image.
func valueBytes(v Value) []byte {
	if v.Vec != nil {
		es := ByteSize(v.Vec.Type.Elem)
		out := make([]byte, int64(len(v.Vec.Elems))*es)
		for i, e := range v.Vec.Elems {
			putBits(out[int64(i)*es:int64(i+1)*es], e)
		}
		return out
	}
	out := make([]byte, ByteSize(v.Type))
	putBits(out, v.Bits)
	return out
}

// valueFromBytes decodes a memory image as a value of type t.
func valueFromBytes(t ir.Type, raw []byte) Value {
	if vt, ok := t.(*ir.VectorType); ok {
		es := ByteSize(vt.Elem)
		vec := &Vector{Type: vt, Elems: make([]uint64, int64(len(raw))/es)}
		for i := range vec.Elems {
			vec.Elems[i] = truncBits(bitsOf(raw[int64(i)*es:int64(i+1)*es]), ir.BitWidth(vt.Elem))
		}
		return Value{Type: t, Vec: vec}
	}
	return Value{Type: t, Bits: truncBits(bitsOf(raw), ir.BitWidth(t))}
}

// putBits writes the low len(dst) bytes of bits, little-endian.
func putBits(dst []byte, bits uint64) {
	for i := range dst {
		dst[i] = byte(bits >> (8 * i))
	}
}

// bitsOf reads up to 8 little-endian bytes.
func bitsOf(src []byte) uint64 {
	var bits uint64
	for i := len(src) - 1; i >= 0; i-- {
		bits = bits<<8 | uint64(src[i])
	}
	return bits
}
