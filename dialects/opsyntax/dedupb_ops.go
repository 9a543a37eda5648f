package opsyntax

import "github.com/goopt/goopt/ir"

// ReturnLikeOp declares a terminator that hands its variadic operands,
// named operands, to the parent op (`scf.yield %a, %b : i32, f32`,
// `func.return`, `gpu.yield`): every dialect's yield has this schema and
// syntax and differs only in names, docs and the parent it checks.
func ReturnLikeOp(name, operands, summary, doc string, verify func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      doc,
		Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
		Operands: []ir.ValueDef{ir.Var(operands, nil)},
		Results:  ir.NoValues,
		Format:   "attr-dict ($" + operands + "^ `:` type($" + operands + "))?",
		Verify:   verify,
	}
}

// BareOp declares an op with no operands, results or regions whose syntax
// is its name and attribute dictionary (`gpu.barrier`, `gpu.terminator`).
func BareOp(name, summary, doc string, traits ir.Trait, verify func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      doc,
		Traits:   traits,
		Operands: ir.NoValues,
		Results:  ir.NoValues,
		Format:   "attr-dict",
		Verify:   verify,
	}
}

// VerifyParentIfAttached reports MLIR's HasParent error when op sits inside
// an op not named parent. A detached op passes: it is checked again once it
// is inserted, as the ops that use this allow building them standalone.
func VerifyParentIfAttached(op *ir.Operation, parent string) error {
	if p := op.ParentOp(); p != nil && p.Name() != parent {
		return op.Errorf("expects parent op '%s'", parent)
	}
	return nil
}

// DirectCallee returns the op named funcOp that call's `callee` symbol
// reference resolves to (from the nearest symbol table), or nil for an
// indirect call or a symbol that names another kind of op.
func DirectCallee(call *ir.Operation, funcOp string) *ir.Operation {
	ref, ok := call.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	if f := ir.LookupNearestSymbolFrom(call, ref); f != nil && f.Is(funcOp) {
		return f
	}
	return nil
}
