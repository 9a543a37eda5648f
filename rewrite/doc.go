// Package rewrite holds goopt's pattern-rewrite machinery: pattern sets,
// MLIR's greedy driver (applyPatternsAndFoldGreedily) with constant
// folding, constant uniquing and hoisting (OperationFolder), trivially
// dead op removal and region simplification, and the memory-effect queries
// that passes such as cse share.
//
//	ctx := all.NewContext()
//	patterns := rewrite.CanonicalizationPatterns(ctx) // every op's Canonicalize
//	res := rewrite.ApplyPatternsAndFoldGreedily(ctx, module, patterns, rewrite.DefaultConfig())
//	if !res.Converged { ... }
//
// Folding `%s = arith.addi %c1, %c4 : i32` with constant operands
// materialises `arith.constant 5 : i32` through the op's dialect
// (ir.Dialect.Materialize); on the next sweep the constant is uniqued with
// equal constants and moved to the start of the entry block of the closest
// region isolated from above, in the order upstream's folder produces.
// Patterns must change the IR only through the ir.Rewriter they are given,
// whose listener hooks put changed ops back on the worklist.
package rewrite
