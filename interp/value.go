package interp

import (
	"fmt"
	"math"
	"strconv"

	"github.com/goopt/goopt/ir"
)

// Value is a runtime value crossing the interpreter's API: a scalar (integer,
// index or float, in register form in Bits), a *MemRef, a *Vector, or
// another object in Obj (a Pointer for !llvm.ptr; dialect handlers keep
// their own kinds of object there, such as llvm aggregates).
//
// Register form: an integer of width w holds its w-bit two's-complement
// pattern zero-extended to 64 bits (i1 true is 1); index is 64-bit; a float
// holds its own format's encoding (f16 and bf16: 16 bits, f32: 32 bits, f64:
// 64 bits). Memory holds elements in the same form, so a bitcast is a no-op.
type Value struct {
	Type ir.Type
	Bits uint64
	Ref  *MemRef
	Vec  *Vector
	Obj  any
}

// Vector is the value of a `vector<...>` type: its elements in register form,
// row-major.
type Vector struct {
	Type  *ir.VectorType
	Elems []uint64
}

// IntValue returns an integer or index value of type t holding v (wrapped to t's width).
func IntValue(t ir.Type, v int64) Value {
	return Value{Type: t, Bits: truncBits(uint64(v), ir.BitWidth(t))}
}

// IndexValue returns an `index` value.
func IndexValue(v int64) Value { return Value{Type: ir.Index, Bits: uint64(v)} }

// FloatValue returns a float value of type t holding v rounded to t (nearest even).
func FloatValue(t *ir.FloatType, v float64) Value { return Value{Type: t, Bits: encodeFloat(t, v)} }

// MemRefValue wraps a memref; a nil memref gives an empty Value, which
// Machine.Call rejects with an error.
func MemRefValue(m *MemRef) Value {
	if m == nil {
		return Value{}
	}
	return Value{Type: m.Type, Ref: m}
}

// VectorValue wraps a vector; a nil vector gives an empty Value.
func VectorValue(v *Vector) Value {
	if v == nil {
		return Value{}
	}
	return Value{Type: v.Type, Vec: v}
}

// Int returns an integer value sign-extended from its width (index as is).
func (v Value) Int() int64 { return signExtend(v.Bits, ir.BitWidth(v.Type)) }

// Uint returns an integer value zero-extended from its width.
func (v Value) Uint() uint64 { return v.Bits }

// Float returns a float value as float64 (exact for every supported format).
func (v Value) Float() float64 {
	if ft, ok := v.Type.(*ir.FloatType); ok {
		return decodeFloat(ft, v.Bits)
	}
	return math.NaN()
}

func (v Value) String() string {
	switch {
	case v.Ref != nil:
		return v.Ref.String()
	case v.Vec != nil:
		return fmt.Sprintf("%s%v", v.Vec.Type, v.Vec.Elems)
	case v.Obj != nil:
		return fmt.Sprint(v.Obj)
	}
	return formatScalar(v.Type, v.Bits)
}

func formatScalar(t ir.Type, bits uint64) string {
	switch t := t.(type) {
	case *ir.FloatType:
		prec := 64
		if t.Width() <= 32 {
			prec = 32
		}
		return strconv.FormatFloat(decodeFloat(t, bits), 'g', -1, prec) + " : " + t.String()
	case *ir.IntegerType:
		if t.Width == 1 {
			return fmt.Sprint(bits != 0)
		}
		if t.Signedness == ir.Unsigned {
			return fmt.Sprintf("%d : %s", bits, t)
		}
		return fmt.Sprintf("%d : %s", signExtend(bits, t.Width), t)
	case *ir.IndexType:
		return fmt.Sprintf("%d : index", int64(bits))
	}
	return fmt.Sprintf("0x%x : %v", bits, t)
}

// ---- bit helpers ----

func widthMask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func truncBits(b uint64, w int) uint64 { return b & widthMask(w) }

func signExtend(b uint64, w int) int64 {
	if w >= 64 || w <= 0 {
		return int64(b)
	}
	s := uint(64 - w)
	return int64(b<<s) >> s
}

// ---- floats ----

// decodeFloat returns the float64 value of bits in format t (exact). f16
// and bf16, the tensor-core inputs, take a shorter path than
// ir.BitsToFloat's generic small-format decoder.
func decodeFloat(t *ir.FloatType, bits uint64) float64 {
	switch t.Kind {
	case ir.KindF16:
		return float64(f16ToF32(uint16(bits)))
	case ir.KindBF16:
		return float64(math.Float32frombits(uint32(bits) << 16))
	}
	return ir.BitsToFloat(t, bits)
}

// encodeFloat rounds v to format t (round to nearest even) and returns its encoding.
func encodeFloat(t *ir.FloatType, v float64) uint64 { return ir.FloatToBits(t, v) }

// f16ToF32 decodes an IEEE binary16 value (exactly representable in float32).
func f16ToF32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		f := float32(mant) * (1.0 / (1 << 24))
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
}

// isSupportedFloat reports whether the interpreter computes in format t.
func isSupportedFloat(t *ir.FloatType) bool {
	switch t.Kind {
	case ir.KindF16, ir.KindBF16, ir.KindF32, ir.KindF64, ir.KindTF32:
		return true
	}
	return false
}

// ValuesEqual compares two scalar or vector values (floats within relTol
// relative to max(|a|, |b|, 1); 0 is bit-exact with NaN equal to NaN).
func ValuesEqual(a, b Value, relTol float64) bool {
	if a.Type != b.Type {
		return false
	}
	if a.Vec != nil || b.Vec != nil {
		if a.Vec == nil || b.Vec == nil || len(a.Vec.Elems) != len(b.Vec.Elems) {
			return false
		}
		for i := range a.Vec.Elems {
			if ok, _ := scalarEqual(a.Vec.Type.Elem, a.Vec.Elems[i], b.Vec.Elems[i], relTol); !ok {
				return false
			}
		}
		return true
	}
	if a.Ref != nil || b.Ref != nil {
		return a.Ref != nil && b.Ref != nil && a.Ref.Compare(b.Ref, relTol) == nil
	}
	ok, _ := scalarEqual(a.Type, a.Bits, b.Bits, relTol)
	return ok
}
