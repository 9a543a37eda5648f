package opsyntax

import "github.com/goopt/goopt/ir"

// DynamicIndexListDirective is MLIR's custom<DynamicIndexList>($values,
// $static) in square brackets, `[%i, 4]`, for declarative formats: its
// arguments are the variadic index operand group and the dense i64 array
// attribute of the static entries (ir.Dynamic where an operand stands).
// memref's views and vector.extract/insert spell their positions with it.
var DynamicIndexListDirective = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		dyn, static, err := ParseDynamicIndexList(p, ir.DelimSquare)
		if err != nil {
			return err
		}
		args[0].Operands, args[1].Attr = dyn, ir.DenseI64Array(static...)
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		var static []int64
		if a, ok := args[1].Attr.(*ir.DenseArrayAttr); ok {
			static = a.Ints
		}
		PrintDynamicIndexList(p, args[0].Values, static, ir.DelimSquare)
	},
}
