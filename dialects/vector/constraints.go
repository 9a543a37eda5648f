package vector

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/ir"
)

// Type and attribute constraints of the vector ops' schemas, described as
// MLIR 19 describes them in its verifier messages.

func asVector(t ir.Type) *ir.VectorType { v, _ := t.(*ir.VectorType); return v }

func isVector(t ir.Type) bool { return asVector(t) != nil }

// vectorOf is a constraint on vectors whose rank and element type satisfy ok.
func vectorOf(desc string, ok func(*ir.VectorType) bool) *ir.TypeConstraint {
	return ir.ClassOf(desc, ok)
}

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.IsSignless()
}

func isInteger(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return ok }

// isScalar is MLIR's AnyTypeOf<[AnySignlessInteger, Index, AnyFloat]>.
func isScalar(t ir.Type) bool { return isSignlessInt(t) || t == ir.Index || ir.IsFloat(t) }

var (
	anyVector        = vectorOf("vector of any type values", nil)
	anyVectorNonZero = vectorOf("vector of any type values", func(v *ir.VectorType) bool { return v.Rank() > 0 })
	anyMemRef        = ir.TypeOf("memref of any type values", func(t ir.Type) bool { _, ok := t.(*ir.MemRefType); return ok })
	maskVector       = vectorOf("vector of 1-bit signless integer values", func(v *ir.VectorType) bool {
		return v.Rank() > 0 && v.Elem == ir.I1
	})
	boolVector = vectorOf("vector of 1-bit signless integer values", func(v *ir.VectorType) bool { return v.Elem == ir.I1 })
	// memRefOrTensor is the source of the transfer ops.
	memRefOrTensor = ir.TypeOf("shaped of any type values", func(t ir.Type) bool {
		switch t.(type) {
		case *ir.MemRefType, *ir.RankedTensorType:
			return true
		}
		return false
	})
	floatVector = vectorOf("vector of floating-point values", func(v *ir.VectorType) bool { return ir.IsFloat(v.Elem) })
	scalarType  = ir.TypeOf("integer/index/float type", isScalar)
	splatVector = vectorOf("vector of integer/index/float type values", func(v *ir.VectorType) bool { return isScalar(v.Elem) })
	reducible   = vectorOf("vector of floating-point or integer or index values", func(v *ir.VectorType) bool {
		return ir.IsFloat(v.Elem) || isInteger(v.Elem) || v.Elem == ir.Index
	})
	printable = ir.TypeOf("vector of any type values or integer or index or floating-point", func(t ir.Type) bool {
		return isVector(t) || isInteger(t) || t == ir.Index || ir.IsFloat(t)
	})
	// signlessIntOrFloatVector is bitcast's operand and result.
	signlessIntOrFloatVector = vectorOf("vector of any type values", nil)
)

var (
	i64ArrayKind  = ir.I64ArrayAttrKind
	boolArrayKind = ir.BoolArrayAttrKind // in_bounds
)

// ints returns the values of an I64ArrayAttr (nil when a is not one).
func ints(a ir.Attribute) []int64 {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int64, len(arr.Elems))
	for i, e := range arr.Elems {
		if ia, ok := e.(*ir.IntegerAttr); ok {
			out[i] = ia.Int()
		}
	}
	return out
}

// bools returns the values of a BoolArrayAttr (nil when a is not one):
// bools are i1 integers, so it reads them as ints does.
func bools(a ir.Attribute) []bool {
	is := ints(a)
	if is == nil {
		return nil
	}
	out := make([]bool, len(is))
	for i, v := range is {
		out[i] = v != 0
	}
	return out
}

func boolArray(bs []bool) *ir.ArrayAttr {
	es := make([]ir.Attribute, len(bs))
	for i, b := range bs {
		es[i] = ir.BoolAttr(b)
	}
	return ir.Array(es...)
}

// elementType is the TypesMatchWith transform from a vector or memref to its element type.
func elementType(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return nil
}

// shapeString prints a shape as MLIR's messages do: 4x8.
func shapeString(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, "x")
}

func quoted(t ir.Type) string { return "'" + t.String() + "'" }
