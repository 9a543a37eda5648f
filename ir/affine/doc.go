// Package affine implements MLIR's affine expressions, affine maps and
// integer sets (mlir/lib/IR/AffineExpr.cpp, AffineMap.cpp, IntegerSet.cpp)
// as a leaf package that only depends on the standard library.
//
// # Expressions
//
// An Expr is one of *DimExpr (dN), *SymbolExpr (sN), *ConstantExpr or
// *BinaryExpr (Add, Mul, Mod, FloorDiv, CeilDiv). Expressions are
// immutable and hash-consed in a process-wide table (the Go equivalent of
// the MLIRContext uniquer), so structural equality is pointer equality:
// a == b on two Expr values built by this package means "same
// expression". The exported fields (DimExpr.Pos, SymbolExpr.Pos,
// ConstantExpr.Value, BinaryExpr.Op/LHS/RHS) are for reading only; never
// build or modify nodes with composite literals, use the constructors.
//
// The constructors Add, Sub, Neg, Mul, Mod, FloorDiv and CeilDiv apply
// exactly MLIR's construction-time simplifications (simplifyAdd,
// simplifyMul, simplifyMod, simplifyFloorDiv, simplifyCeilDiv), so that
// building an expression the way MLIR's parser does yields the same tree
// and therefore the same printed text as mlir-opt:
//
//   - constant folding (unless it would overflow int64),
//   - constants (then symbolic terms) moved to the right of + and *,
//   - x + 0, x * 1, x * 0, x floordiv 1, x ceildiv 1 folded,
//   - (x + c1) + c2 -> x + (c1+c2); (x * c1) * c2 -> x * (c1*c2),
//   - (x + c) + y -> (x + y) + c; (x * c) * y -> (x * y) * c,
//   - c1 * x + c2 * x -> x * (c1 + c2),
//   - x - (x floordiv q) * q -> x mod q,
//   - (x * c1) floordiv/ceildiv c2 -> x * (c1/c2) when c2 divides c1,
//   - (a + b) floordiv c split when a or b is a known multiple of c,
//   - x mod c -> 0 when x is a known multiple of c; (a + b) mod c drops a
//     known multiple; (x mod a) mod b -> x mod b when b divides a.
//
// Sub(a, b) is a + b * -1 and Neg(a) is a * -1, as in MLIR; the printer
// renders these back as "a - b" and "-a".
//
// Printing (Expr.String, ExprString, Map.String, Set.String) follows
// AsmPrinter::printAffineExprInternal byte for byte, including the
// parenthesisation rules and the pretty forms "d0 - 1", "d0 - d1",
// "d0 - d1 * 2" and "-d0".
//
// # Maps and sets
//
// *Map and *Set are uniqued as well (NewMap, NewSet), so map identity is
// pointer identity. Map.String prints "(d0, d1)[s0] -> (d0 + s0, d1)";
// Set.String prints "(d0)[s0] : (d0 - 10 >= 0, s0 == 0)". Neither adds
// the affine_map<...>/affine_set<...> wrapper.
//
// Compose(outer, inner) is MLIR's outer.compose(inner): the result takes
// inner's dims and has outer's symbols first followed by inner's symbols.
//
// SimplifyMap / SimplifyExpr implement simplifyAffineMap /
// simplifyAffineExpr: the expression is flattened into a linear form over
// [dims, symbols, locals, constant] by Flattener (a port of
// SimpleAffineExprFlattener, where locals stand for floordiv/ceildiv/mod
// quotients and, for semi-affine expressions, non-linear sub-terms) and
// rebuilt.
//
// # Example
//
//	d0, d1, s0 := affine.Dim(0), affine.Dim(1), affine.Symbol(0)
//	m := affine.NewMap(2, 1, []affine.Expr{
//		affine.Add(affine.Add(d0, affine.Const(2)), affine.Const(3)), // d0 + 5
//		affine.FloorDiv(affine.MulConst(d1, 4), affine.Const(2)),     // d1 * 2
//		affine.Sub(s0, d0),                                           // -d0 + s0
//	})
//	fmt.Println(m) // (d0, d1)[s0] -> (d0 + 5, d1 * 2, -d0 + s0)
//	v, _ := m.Eval([]int64{1, 2}, []int64{10}) // [6 4 9]
//
// Evaluation (EvalExpr, Map.Eval, Set.Eval) uses MLIR semantics:
// floordiv rounds toward negative infinity, ceildiv toward positive
// infinity, and mod by a positive divisor is non-negative; a zero
// divisor is reported as ErrDivByZero.
package affine
