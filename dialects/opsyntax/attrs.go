package opsyntax

import "github.com/goopt/goopt/ir"

// Attribute constraints that function-like ops of several dialects
// (func.func, gpu.func) declare alike.
var (
	// DictArrayKind is ODS's DictArrayAttr: arg_attrs and res_attrs.
	DictArrayKind = ir.AttrOf("Array of dictionary attributes", func(a ir.Attribute) bool {
		arr, ok := a.(*ir.ArrayAttr)
		for i := 0; ok && i < len(arr.Elems); i++ {
			_, ok = arr.Elems[i].(*ir.DictionaryAttr)
		}
		return ok
	})
	// FunctionTypeKind is ODS's TypeAttrOf<FunctionType> (builtin function types).
	FunctionTypeKind = ir.AttrOf("type attribute of function type", func(a ir.Attribute) bool {
		ta, ok := a.(*ir.TypeAttr)
		if ok {
			_, ok = ta.Value.(*ir.FunctionType)
		}
		return ok
	})
)

// StringLiteralKind is a string attribute that a format spells as a bare
// string literal, never with a `: type` suffix (which would swallow what
// follows), and reads only where a string is next, so that an optional
// group can start with it (memref.global's `"private"`).
var StringLiteralKind = &ir.AttrConstraint{
	Desc:  ir.StrAttrKind.Desc,
	Check: ir.StrAttrKind.Check,
	Parse: func(p ir.OpParser) (ir.Attribute, error) {
		s, err := p.ParseString()
		return ir.Str(s), err
	},
	ParseOptional: func(p ir.OpParser) (ir.Attribute, bool, error) {
		s, ok := p.ParseOptionalString()
		if !ok {
			return nil, false, nil
		}
		return ir.Str(s), true, nil
	},
	Print: func(p ir.OpPrinter, a ir.Attribute) { p.Print(ir.Quote(a.(*ir.StringAttr).Value)) },
}
