// Package opsyntax holds the pieces of MLIR custom assembly formats that the
// declarative formats (ir.OpDef.Format) do not cover, so that the
// hand-written Parse and Print hooks of irregular ops spell them the same
// way MLIR 19 does.
//
// Each Parse* function reads part of the custom form into an
// ir.OperationState; its Print* twin writes the same text. Tokens that sit
// between the operand and the attribute dictionary of a cast-like op are
// handled by an optional Extra hook:
//
//	// %t = memref.transpose %m (i, j) -> (j, i) : memref<8x8xf32> to ...
//	Parse: func(p ir.OpParser, st *ir.OperationState) error {
//		return opsyntax.ParseCast(p, st, parsePermutation)
//	},
//	Print: func(p ir.OpPrinter, op *ir.Operation) {
//		opsyntax.PrintCast(p, op, printPermutation, "permutation")
//	},
//
// The function-like helpers (ParseFunctionOp, PrintFunctionOp and the
// lower-level ParseFunctionSignature, PrintFunctionSignature) implement
// MLIR's function_interface_impl: `@name(%arg0: i32 {attrs}) -> (f32 {attrs})
// attributes {...} { body }`, shared by func.func and gpu.func.
//
// ParseOptionalOperandsColonTypes is the `attr-dict ($v^ : type($v))?` form
// of terminators that still have hand-written hooks, and
// ParseDynamicIndexList the mixed static/dynamic lists (`[%a, 4, %b]`) of
// view-like ops such as memref.subview and scf.forall.
package opsyntax
