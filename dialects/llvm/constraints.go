package llvm

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Type constraints, described as upstream's LLVMOpBase.td describes them so
// that verifier messages match mlir-opt's.

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.IsSignless()
}

func isLLVMFloat(t ir.Type) bool {
	_, ok := t.(*ir.FloatType)
	return ok && IsCompatibleType(t)
}

func isPtr(t ir.Type) bool { _, ok := t.(*PointerType); return ok }

// scalarOrVector accepts t or a (fixed or scalable) vector of t.
func scalarOrVector(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		if vt, ok := t.(*ir.VectorType); ok {
			return elem(vt.Elem)
		}
		return elem(t)
	}
}

var (
	anyLLVMType = ir.TypeOf("LLVM dialect-compatible type", IsCompatibleType)
	intLike     = ir.TypeOf("signless integer or LLVM dialect-compatible vector of signless integer", scalarOrVector(isSignlessInt))
	floatLike   = ir.TypeOf("floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type", scalarOrVector(isLLVMFloat))
	ptrLike     = ir.TypeOf("LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type", scalarOrVector(isPtr))
	anyPtr      = ir.TypeOf("LLVM pointer type", isPtr)
	i1Like      = ir.TypeOf("1-bit signless integer or LLVM dialect-compatible vector of 1-bit signless integer", scalarOrVector(func(t ir.Type) bool { return t == ir.I1 }))
	anyVector   = ir.TypeOf("LLVM dialect-compatible vector type", func(t ir.Type) bool {
		vt, ok := t.(*ir.VectorType)
		return ok && IsCompatibleType(vt)
	})
	anySignless  = ir.TypeOf("signless integer", isSignlessInt)
	aggregate    = ir.TypeOf("LLVM aggregate type", isAggregate)
	loadableType = ir.TypeOf("LLVM type with size", func(t ir.Type) bool {
		switch t.(type) {
		case *VoidType, *FunctionType:
			return false
		}
		return IsCompatibleType(t)
	})
)

func isAggregate(t ir.Type) bool {
	switch t.(type) {
	case *StructType, *ArrayType:
		return true
	}
	return false
}

// typeAttrKind is a TypeAttr that a format spells as a bare type.
var typeAttrKind = &ir.AttrConstraint{
	Desc:  "any type attribute",
	Check: func(a ir.Attribute) bool { _, ok := a.(*ir.TypeAttr); return ok },
	Parse: func(p ir.OpParser) (ir.Attribute, error) {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		return ir.TypeAttrOf(t), nil
	},
	Print: func(p ir.OpPrinter, a ir.Attribute) { p.PrintType(a.(*ir.TypeAttr).Value) },
}

// funcTypeKind is TypeAttrOf<LLVMFunctionType>.
var funcTypeKind = ir.AttrOf("type attribute of LLVM function type", func(a ir.Attribute) bool {
	ta, ok := a.(*ir.TypeAttr)
	if !ok {
		return false
	}
	_, ok = ta.Value.(*FunctionType)
	return ok
})

// dictArrayKind is ODS's DictArrayAttr: arg_attrs and res_attrs.
var dictArrayKind = opsyntax.DictArrayKind

// plainStrKind is a string attribute a format spells as a bare string
// literal (never with a `: type` suffix, which would swallow what follows).
var plainStrKind = opsyntax.StringLiteralKind

// bracketI32ArrayKind is an i32 dense array a format spells `[1, 2]`
// (branch weights).
var bracketI32ArrayKind = &ir.AttrConstraint{
	Desc:  ir.DenseI32ArrayKind.Desc,
	Check: ir.DenseI32ArrayKind.Check,
	Parse: func(p ir.OpParser) (ir.Attribute, error) {
		vs, err := parsePosition(p)
		if err != nil {
			return nil, err
		}
		out := make([]int32, len(vs))
		for i, v := range vs {
			out[i] = int32(v)
		}
		return ir.DenseI32Array(out...), nil
	},
	Print: func(p ir.OpPrinter, a ir.Attribute) { printPosition(p, a.(*ir.DenseArrayAttr).Ints) },
}
