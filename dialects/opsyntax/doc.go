// Package opsyntax holds reusable pieces of MLIR custom assembly formats, so
// that dialect packages spell common op syntaxes the same way MLIR 19 does.
//
// Each Parse* function reads the custom form after the op name into an
// ir.OperationState; its Print* twin writes the same text. Dialect-specific
// tokens that sit between the operands and the attribute dictionary (flags
// such as arith's `overflow<nsw>` or `fastmath<fast>`) are handled by an
// optional Extra hook:
//
//	// %r = arith.addi %a, %b overflow<nsw> : i32
//	Parse: func(p ir.OpParser, st *ir.OperationState) error {
//		return opsyntax.ParseSameType(p, st, 2, parseOverflow)
//	},
//	Print: func(p ir.OpPrinter, op *ir.Operation) {
//		opsyntax.PrintSameType(p, op, printOverflow, "overflowFlags")
//	},
//
// The function-like helpers (ParseFunctionOp, PrintFunctionOp and the
// lower-level ParseFunctionSignature, PrintFunctionSignature) implement
// MLIR's function_interface_impl: `@name(%arg0: i32 {attrs}) -> (f32 {attrs})
// attributes {...} { body }`, shared by func.func, gpu.func and llvm.func.
//
// ParseOptionalOperandsColonTypes is the `attr-dict ($v^ : type($v))?` form
// of most terminators (scf.yield, gpu.return, affine.yield), and
// ParseDynamicIndexList the mixed static/dynamic lists (`[%a, 4, %b]`) of
// view-like ops such as memref.subview and scf.forall.
package opsyntax
