package opsyntax

import "github.com/goopt/goopt/ir"

// VerifyEntryArgs checks that the entry block of a function-like op's body
// takes exactly params, with MLIR's function_interface_impl diagnostics;
// func.func and llvm.func run it on their non-external functions.
func VerifyEntryArgs(op *ir.Operation, params []ir.Type) error {
	entry := op.Region(0).Front()
	if entry.NumArguments() != len(params) {
		return op.Errorf("entry block must have %d arguments to match function signature", len(params))
	}
	for i, a := range entry.Arguments() {
		if a.Type() != params[i] {
			return op.Errorf("type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, a.Type(), params[i])
		}
	}
	return nil
}

// ReferencedOp returns the op named opName (such as "llvm.func") that op's
// symbol-reference attribute attr (a call's `callee`, an addressof's
// `global_name`) resolves to from op, or nil where the attribute is absent
// or names a symbol of another kind.
func ReferencedOp(op *ir.Operation, attr, opName string) *ir.Operation {
	ref, ok := op.Attr(attr).(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	if f := ir.LookupNearestSymbolFrom(op, ref); f != nil && f.Is(opName) {
		return f
	}
	return nil
}
