package interp

import (
	"sort"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
)

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
				offs, _, err := llvm.StructLayout(ct)
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
		if scale, err = llvm.AllocSize(t); err != nil {
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
		s.next = uint64(llvm.AlignTo(int64(base+size+addressGap), addressAlign))
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
