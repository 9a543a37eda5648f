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
