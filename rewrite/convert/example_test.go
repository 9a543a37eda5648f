package convert_test

import (
	"fmt"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
	"github.com/goopt/goopt/rewrite/convert"
)

// Converting index arithmetic to i64: the pattern sees its operands already
// converted, the function argument and result keep their type through
// materializations, which reconcile-unrealized-casts would fold with the
// rest of a full lowering.
func Example() {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "in.mlir", []byte(`
func.func @f(%a: index, %b: index) -> index {
  %0 = arith.addi %a, %b : index
  return %0 : index
}`))
	if err != nil {
		panic(err)
	}
	tc := convert.NewTypeConverter()
	tc.AddIdentityConversion()
	tc.AddTypeConversion(func(t ir.Type) (ir.Type, bool) { return ir.I64, t == ir.Index })

	target := convert.NewTarget()
	target.AddLegalDialect("builtin", "func")
	target.AddDynamicallyLegalDialect(tc.IsLegal, "arith")

	addi := &convert.OpPattern{Root: "arith.addi", Converter: tc,
		Rewrite: func(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
			n := rw.CreateOp("arith.addi", op.Loc(), operands.Operands(), []ir.Type{ir.I64})
			rw.ReplaceOp(op, n.Results())
			return nil
		}}
	if err := convert.ApplyFullConversion(ctx, f.Module, target, convert.NewPatternSet(addi)); err != nil {
		panic(err)
	}
	fmt.Print(printer.String(f.Module, printer.Options{}))
	// Output:
	// module {
	//   func.func @f(%arg0: index, %arg1: index) -> index {
	//     %0 = builtin.unrealized_conversion_cast %arg0 : index to i64
	//     %1 = builtin.unrealized_conversion_cast %arg1 : index to i64
	//     %2 = arith.addi %0, %1 : i64
	//     %3 = builtin.unrealized_conversion_cast %2 : i64 to index
	//     return %3 : index
	//   }
	// }
}
