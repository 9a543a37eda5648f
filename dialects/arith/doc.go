//go:generate go run ../../internal/opgen -dialect arith -out ops_gen.go

// Package arith is MLIR's arith dialect: integer and floating-point
// arithmetic, comparisons, select and casts on scalars and on vectors and
// tensors of them, with MLIR 19's custom syntax, verifier messages, folders
// and canonicalization patterns.
//
//	%c1 = arith.constant 1 : i32
//	%0 = arith.addi %a, %c1 overflow<nsw> : i32
//	%1 = arith.cmpi slt, %0, %b : i32
//	%2 = arith.addf %x, %y fastmath<fast> : f32
//	%3 = arith.truncf %2 : f32 to f16
//
// The dialect attributes `#arith.fastmath<...>` (FastMathAttr) and
// `#arith.overflow<...>` (OverflowAttr) are Go types; other dialects with
// fast-math flags (math) declare a `fastmath` attribute of FastMathKind,
// which a format spells `fastmath<fast>`.
// Constant folding is exact: integers wrap at their width, division by zero
// does not fold, and f16/bf16/f32 results are rounded once to their type.
package arith
