// Package ir is goopt's multi-level intermediate representation, modelled on
// MLIR's core: operations with operands, results, attributes, regions and
// successors; blocks with arguments; regions; SSA values with use lists;
// interned, immutable types and attributes; locations; diagnostics; a
// builder, walker, symbol tables, dominance and the structural verifier.
//
// Ownership is a strict tree: Operation → Region → Block → Operation.
// Types and attributes are interned by their canonical MLIR text, so `==`
// compares them. Ops are declared as data (OpDef) grouped in a Dialect and
// registered in a Context through an explicit list; the custom textual
// syntax of each op is a pair of hooks written against OpParser and OpPrinter.
//
// Example: build `%0 = arith.addi %a, %b : i32` with a Builder.
//
//	ctx := ir.NewContext(arith.Dialect())
//	b := ir.NewBuilder(ctx)
//	b.SetInsertionPointToEnd(block)
//	sum := b.CreateOp("arith.addi", ir.Unknown, []*ir.Value{a, bv}, []ir.Type{ir.I32})
//	sum.Result(0).ReplaceAllUsesWith(other)
//
// Walks take a three-valued result (Advance, Skip, Interrupt); in post-order
// the visited op may be erased.
package ir
