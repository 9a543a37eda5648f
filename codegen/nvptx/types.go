package nvptx

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
)

// llir/llvm v0.3.6 predates opaque pointers and bfloat: its PointerType
// prints `i8*`, which LLVM 19 still reads, but goopt's `!llvm.ptr` has no
// element type to give it. ptrType prints LLVM 19's own `ptr addrspace(N)`
// so the .ll files read like mlir-translate-19's; values of it never pass
// through llir's typed-pointer helpers (instructions are built as struct
// literals with their result types set).
type ptrType struct{ addrSpace int }

func (t *ptrType) String() string { return t.LLString() }

func (t *ptrType) LLString() string {
	if t.addrSpace == 0 {
		return "ptr"
	}
	return "ptr addrspace(" + strconv.Itoa(t.addrSpace) + ")"
}

func (t *ptrType) Equal(u types.Type) bool {
	p, ok := u.(*ptrType)
	return ok && p.addrSpace == t.addrSpace
}

func (*ptrType) Name() string   { return "" }
func (*ptrType) SetName(string) {}

// bfloatType is LLVM's `bfloat`, which llir's FloatType lacks.
type bfloatType struct{}

func (bfloatType) String() string          { return "bfloat" }
func (bfloatType) LLString() string        { return "bfloat" }
func (bfloatType) Equal(u types.Type) bool { _, ok := u.(bfloatType); return ok }
func (bfloatType) Name() string            { return "" }
func (bfloatType) SetName(string)          {}

// typ converts an llvm-dialect-compatible type to its LLVM IR type.
func (t *translator) typ(ty ir.Type) (types.Type, error) {
	switch ty := ty.(type) {
	case *ir.IntegerType:
		if !ty.IsSignless() {
			return nil, fmt.Errorf("type '%s' has no LLVM IR equivalent (signed or unsigned integer)", ty)
		}
		return types.NewInt(uint64(ty.Width)), nil
	case *ir.FloatType:
		switch ty {
		case ir.F16:
			return types.Half, nil
		case ir.BF16:
			return bfloatType{}, nil
		case ir.F32:
			return types.Float, nil
		case ir.F64:
			return types.Double, nil
		}
		switch ty.String() {
		case "f80":
			return types.X86_FP80, nil
		case "f128":
			return types.FP128, nil
		}
	case *ir.VectorType:
		if len(ty.Dims) != 1 {
			return nil, fmt.Errorf("type '%s' has no LLVM IR equivalent (multi-dimensional vector)", ty)
		}
		elem, err := t.typ(ty.Elem)
		if err != nil {
			return nil, err
		}
		return &types.VectorType{Len: uint64(ty.Dims[0]), ElemType: elem, Scalable: ty.IsScalable()}, nil
	case *llvm.PointerType:
		return t.ptr(ty.AddrSpace), nil
	case *llvm.VoidType:
		return types.Void, nil
	case *llvm.ArrayType:
		elem, err := t.typ(ty.Elem)
		if err != nil {
			return nil, err
		}
		return types.NewArray(uint64(ty.Len), elem), nil
	case *llvm.StructType:
		return t.structType(ty)
	case *llvm.FunctionType:
		ret, err := t.typ(ty.Result)
		if err != nil {
			return nil, err
		}
		params, err := t.typs(ty.Params)
		if err != nil {
			return nil, err
		}
		ft := types.NewFunc(ret, params...)
		ft.Variadic = ty.VarArg
		return ft, nil
	}
	return nil, fmt.Errorf("type '%s' has no LLVM IR equivalent", ty)
}

func (t *translator) typs(ts []ir.Type) ([]types.Type, error) {
	out := make([]types.Type, len(ts))
	for i, x := range ts {
		lt, err := t.typ(x)
		if err != nil {
			return nil, err
		}
		out[i] = lt
	}
	return out, nil
}

func (t *translator) ptr(as int) *ptrType {
	p, ok := t.ptrs[as]
	if !ok {
		p = &ptrType{addrSpace: as}
		t.ptrs[as] = p
	}
	return p
}

// structType converts a literal struct to an llir literal struct and an
// identified one to a named type definition of the module (one per name).
func (t *translator) structType(st *llvm.StructType) (types.Type, error) {
	if s, ok := t.structs[st]; ok {
		return s, nil
	}
	s := &types.StructType{Packed: st.Packed, Opaque: st.Opaque}
	if st.Identified {
		// Registered before the fields so a field may name the struct.
		s.SetName(st.Name)
		t.structs[st] = s
		t.m.TypeDefs = append(t.m.TypeDefs, s)
	}
	fields, err := t.typs(st.Body)
	if err != nil {
		return nil, err
	}
	s.Fields = fields
	if !st.Identified {
		t.structs[st] = s
	}
	return s, nil
}

// mangle is an overloaded intrinsic's type suffix: f32, i64, v4f32, p3.
func mangle(ty types.Type) string {
	switch ty := ty.(type) {
	case *types.IntType:
		return "i" + strconv.FormatUint(ty.BitSize, 10)
	case *types.FloatType:
		switch ty.Kind {
		case types.FloatKindHalf:
			return "f16"
		case types.FloatKindFloat:
			return "f32"
		case types.FloatKindDouble:
			return "f64"
		case types.FloatKindFP128:
			return "f128"
		case types.FloatKindX86_FP80:
			return "f80"
		}
	case bfloatType:
		return "bf16"
	case *types.VectorType:
		pre := "v"
		if ty.Scalable {
			pre = "nxv"
		}
		return pre + strconv.FormatUint(ty.Len, 10) + mangle(ty.ElemType)
	case *ptrType:
		return "p" + strconv.Itoa(ty.addrSpace)
	}
	return strings.ReplaceAll(ty.String(), " ", "")
}

// constVal is a constant written as LLVM IR text: llir's constants
// type-check against typed pointers and lack bfloat, poison of any type and
// `ptr null`, so every constant goes through here.
type constVal struct {
	typ  types.Type
	text string
	// parts are an aggregate's elements, kept so insertvalue can fold.
	parts []*constVal
}

func (c *constVal) String() string   { return c.typ.String() + " " + c.text }
func (c *constVal) Type() types.Type { return c.typ }
func (c *constVal) Ident() string    { return c.text }
func (c *constVal) IsConstant()      {}

// symRef is the address of a global or function as an opaque pointer. It
// prints as a constant does, but is a type of its own: the places that
// fold or inspect constants (*constVal) must not take it for one.
type symRef struct{ constVal }

// calleeVal presents an opaque-pointer callee (an indirect call's operand)
// with the typed-pointer-to-function type llir's call printer asks for.
// Its name is read when printing: llir numbers unnamed values then.
type calleeVal struct {
	v   value.Value
	sig *types.FuncType
}

func (c *calleeVal) String() string   { return c.Type().String() + " " + c.v.Ident() }
func (c *calleeVal) Type() types.Type { return types.NewPointer(c.sig) }
func (c *calleeVal) Ident() string    { return c.v.Ident() }

// zeroText is the LLVM IR zero of ty.
func zeroText(ty types.Type) string {
	switch ty.(type) {
	case *types.IntType:
		return "0"
	case *types.FloatType, bfloatType:
		return floatText(ty, 0, 0)
	case *ptrType:
		return "null"
	}
	return "zeroinitializer"
}

// floatText writes a float constant exactly: LLVM's hex forms (a double's
// bits for float and double, 0xH/0xR for half and bfloat).
func floatText(ty types.Type, v float64, bits uint64) string {
	if ft, ok := ty.(*types.FloatType); ok {
		switch ft.Kind {
		case types.FloatKindHalf:
			return fmt.Sprintf("0xH%04X", bits&0xffff)
		case types.FloatKindFloat:
			return fmt.Sprintf("0x%016X", math.Float64bits(float64(float32(v))))
		case types.FloatKindDouble:
			return fmt.Sprintf("0x%016X", math.Float64bits(v))
		}
	}
	if _, ok := ty.(bfloatType); ok {
		return fmt.Sprintf("0xR%04X", bits&0xffff)
	}
	return fmt.Sprintf("0x%016X", math.Float64bits(v))
}
