package builtin

import "github.com/goopt/goopt/ir"

// Dialect returns the builtin dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: "builtin", Ops: dialectOps()}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

// dialectOps is this file's part of the dialect's op table.
func dialectOps() opTable {
	return opTable{
		{
			Name:    "builtin.module",
			Summary: "A top level container operation",
			Doc: "Holds a single block of ops without a terminator and is a symbol table; " +
				"it may itself be named.\n\n    module @name attributes {a.b} {\n      ...\n    }",
			Traits: ir.IsolatedFromAbove | ir.NoTerminator | ir.SingleBlock | ir.SymbolTableTrait |
				ir.AffineScope,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.OptAttr("sym_name", ir.SymbolNameKind), ir.OptAttr("sym_visibility", ir.StrAttrKind)},
			Regions:  []ir.RegionDef{{Name: "bodyRegion"}},
			Verify: func(op *ir.Operation) error {
				if b := op.Region(0).Front(); b != nil && b.NumArguments() > 0 {
					return op.Errorf("region should have no arguments")
				}
				return nil
			},
			Format: "($sym_name^)? attr-dict-with-keyword $bodyRegion",
		},
		{
			Name:    "builtin.unrealized_conversion_cast",
			Summary: "An unrealized conversion from one set of types to another",
			Doc: "Converts values between type systems during partial lowering; it has no " +
				"semantics of its own and must be gone once conversion completes.\n\n" +
				"    %1:2 = builtin.unrealized_conversion_cast %a, %b : i32, i32 to i64, i8",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Var("inputs", nil)},
			Results:  []ir.ValueDef{ir.Var("outputs", nil)},
			Verify: func(op *ir.Operation) error {
				if op.NumResults() == 0 {
					return op.Errorf("expected at least one result for cast operation")
				}
				return nil
			},
			Format: "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict",
			Fold:   foldCast,
		},
	}
}

// foldCast folds a cast of a cast back to the original values when the
// types round-trip: cast(cast(x : A to B) : B to A) -> x.
func foldCast(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() == 0 {
		return nil
	}
	in := op.Operand(0).DefiningOp()
	if in == nil || !in.Is(op.Name()) || in.NumResults() != op.NumOperands() || in.NumOperands() != op.NumResults() {
		return nil
	}
	for i, v := range op.Operands() {
		if v != in.Result(i) {
			return nil
		}
	}
	out := make([]ir.FoldResult, op.NumResults())
	for i, r := range op.Results() {
		if in.Operand(i).Type() != r.Type() {
			return nil
		}
		out[i] = ir.FoldResult{Value: in.Operand(i)}
	}
	return out
}
