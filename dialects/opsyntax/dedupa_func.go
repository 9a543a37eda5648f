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

// DirectCallee returns the op named funcOp (such as "llvm.func") that a
// call's `callee` symbol reference resolves to from the call, or nil for
// an indirect call or a symbol of another kind.
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
