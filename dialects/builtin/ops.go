package builtin

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Dialect returns the builtin dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: "builtin", Ops: []*ir.OpDef{moduleOp(), castOp()}}
}

func moduleOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "builtin.module",
		Summary: "A top level container operation",
		Doc: "Holds a single block of ops without a terminator and is a symbol table; " +
			"it may itself be named.\n\n    module @name attributes {a.b} {\n      ...\n    }",
		Traits: ir.IsolatedFromAbove | ir.NoTerminator | ir.SingleBlock | ir.SymbolTableTrait |
			ir.AffineScope,
		Inherent: []string{"sym_name", "sym_visibility"},
		Verify: func(op *ir.Operation) error {
			if op.NumRegions() != 1 {
				return op.Errorf("requires one region")
			}
			if b := op.Region(0).Front(); b != nil && b.NumArguments() > 0 {
				return op.Errorf("region should have no arguments")
			}
			if n := op.Attr("sym_name"); n != nil {
				if _, ok := n.(*ir.StringAttr); !ok {
					return op.Errorf("attribute 'sym_name' failed to satisfy constraint: string attribute")
				}
			}
			return nil
		},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			if name, ok := p.ParseOptionalSymbolName(); ok {
				st.AddAttr("sym_name", ir.Str(name))
			}
			if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
				return err
			}
			r := st.AddRegion()
			if err := p.ParseRegion(r, nil); err != nil {
				return err
			}
			if r.Empty() {
				r.AppendBlock(ir.NewBlock())
			}
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			if n, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
				p.Print(" ")
				p.PrintSymbolName(n.Value)
			}
			p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name")
			p.Print(" ")
			p.PrintRegion(op.Region(0), false, false)
		},
	}
}

func castOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "builtin.unrealized_conversion_cast",
		Summary: "An unrealized conversion from one set of types to another",
		Doc: "Converts values between type systems during partial lowering; it has no " +
			"semantics of its own and must be gone once conversion completes.\n\n" +
			"    %1:2 = builtin.unrealized_conversion_cast %a, %b : i32, i32 to i64, i8",
		Traits: ir.Pure,
		Verify: func(op *ir.Operation) error {
			if op.NumResults() == 0 {
				return op.Errorf("expected at least one result for cast operation")
			}
			return nil
		},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			ops, err := p.ParseOperandList(ir.DelimNone)
			if err != nil {
				return err
			}
			if len(ops) > 0 {
				if err := opsyntax.ParseColonOperandTypes(p, st, ops); err != nil {
					return err
				}
			}
			if err := p.ParseKeyword("to"); err != nil {
				return err
			}
			ts, err := p.ParseTypeList()
			if err != nil {
				return err
			}
			st.Types = append(st.Types, ts...)
			return p.ParseOptionalAttrDict(st)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			if op.NumOperands() > 0 {
				p.Print(" ")
				p.PrintOperands(op.Operands())
			}
			if op.NumOperands() > 0 {
				p.Print(" : ")
				p.PrintTypes(op.OperandTypes())
			}
			p.Print(" to ")
			p.PrintTypes(op.ResultTypes())
			p.PrintOptionalAttrDict(op.Attrs())
		},
		Fold: foldCast,
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
