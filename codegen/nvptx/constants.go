package nvptx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/llir/llvm/ir/types"

	"github.com/goopt/goopt/ir"
)

// aggregate writes a struct, array or vector constant of its elements.
func aggregate(ty types.Type, parts []*constVal) *constVal {
	var b strings.Builder
	open, close := "[", "]"
	switch ty := ty.(type) {
	case *types.StructType:
		open, close = "{ ", " }"
		if ty.Packed {
			open, close = "<{ ", " }>"
		}
		if len(parts) == 0 {
			open, close = "{", "}"
		}
	case *types.VectorType:
		open, close = "<", ">"
	}
	b.WriteString(open)
	for i, p := range parts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	b.WriteString(close)
	return &constVal{typ: ty, text: b.String(), parts: parts}
}

// constant converts a constant attribute to an LLVM IR constant of type ty:
// integers, floats, dense elements (splat or not, onto vectors and nested
// arrays), strings (onto i8 arrays) and arrays of those (onto structs and
// arrays).
func (t *translator) constant(a ir.Attribute, ty types.Type) (*constVal, error) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return scalarConst(ty, a)
	case *ir.FloatAttr:
		return scalarConst(ty, a)
	case *ir.StringAttr:
		at, ok := ty.(*types.ArrayType)
		if !ok || !at.ElemType.Equal(types.I8) || at.Len != uint64(len(a.Value)) {
			return nil, fmt.Errorf("string constant of type '%s' is not an i8 array of its length", ty)
		}
		return &constVal{typ: ty, text: "c" + quoteBytes(a.Value)}, nil
	case *ir.DenseElementsAttr:
		n := ir.NumElements(a.ShapedType().Shape())
		elems := make([]ir.Attribute, n)
		for i := range elems {
			if a.Splat {
				elems[i] = a.Elements[0]
			} else {
				elems[i] = a.Elements[i]
			}
		}
		c, rest, err := denseConst(ty, elems)
		if err != nil {
			return nil, err
		}
		if len(rest) != 0 {
			return nil, fmt.Errorf("dense constant has more elements than type '%s'", ty)
		}
		return c, nil
	case *ir.ArrayAttr:
		elemTypes, ok := aggregateElemTypes(ty)
		if !ok {
			return nil, fmt.Errorf("array attribute cannot be a constant of type '%s'", ty)
		}
		if len(elemTypes) != len(a.Elems) {
			return nil, fmt.Errorf("array attribute has %d elements for type '%s'", len(a.Elems), ty)
		}
		parts := make([]*constVal, len(a.Elems))
		for i, e := range a.Elems {
			p, err := t.constant(e, elemTypes[i])
			if err != nil {
				return nil, err
			}
			parts[i] = p
		}
		return aggregate(ty, parts), nil
	}
	return nil, fmt.Errorf("attribute '%s' cannot be translated to an LLVM IR constant", a)
}

// denseConst consumes the leading elements ty needs.
func denseConst(ty types.Type, elems []ir.Attribute) (*constVal, []ir.Attribute, error) {
	var n uint64
	var et types.Type
	switch ty := ty.(type) {
	case *types.VectorType:
		n, et = ty.Len, ty.ElemType
	case *types.ArrayType:
		n, et = ty.Len, ty.ElemType
	default:
		if len(elems) == 0 {
			return nil, nil, fmt.Errorf("dense constant has too few elements for its type")
		}
		c, err := scalarConst(ty, elems[0])
		return c, elems[1:], err
	}
	parts := make([]*constVal, n)
	for i := range parts {
		c, rest, err := denseConst(et, elems)
		if err != nil {
			return nil, nil, err
		}
		parts[i], elems = c, rest
	}
	return aggregate(ty, parts), elems, nil
}

func scalarConst(ty types.Type, a ir.Attribute) (*constVal, error) {
	switch ty := ty.(type) {
	case *types.IntType:
		switch a := a.(type) {
		case *ir.IntegerAttr:
			if ty.BitSize == 1 {
				if a.Int() != 0 {
					return &constVal{typ: ty, text: "true"}, nil
				}
				return &constVal{typ: ty, text: "false"}, nil
			}
			// Values are written signed at the type's width, as LLVM does.
			v := a.Big()
			if ty.BitSize < 64 && v.IsInt64() {
				w := ty.BitSize
				x := v.Int64() & (1<<w - 1)
				if x&(1<<(w-1)) != 0 {
					x -= 1 << w
				}
				return &constVal{typ: ty, text: strconv.FormatInt(x, 10)}, nil
			}
			return &constVal{typ: ty, text: v.String()}, nil
		}
	case *types.FloatType, bfloatType:
		if f, ok := a.(*ir.FloatAttr); ok {
			if ft, ok := ty.(*types.FloatType); ok && (ft.Kind == types.FloatKindFP128 || ft.Kind == types.FloatKindX86_FP80) {
				return nil, fmt.Errorf("constants of type '%s' are not supported", ty)
			}
			return &constVal{typ: ty, text: floatText(ty, f.Value(), f.Bits())}, nil
		}
	}
	return nil, fmt.Errorf("attribute '%s' cannot be a constant of type '%s'", a, ty)
}

// quoteBytes writes s as an LLVM IR string literal body ("..." with \XX escapes).
func quoteBytes(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "\\%02X", c)
	}
	b.WriteByte('"')
	return b.String()
}
