// Package cse implements the cse pass: dominance-scoped common
// subexpression elimination, as upstream's. An op is replaced by an
// equivalent one (same name, operands, attributes and result types) that
// dominates it; effect-free ops are merged across nested regions, ops that
// only read memory only within a block and with no possibly-writing op in
// between. Regions of ops isolated from above start a fresh scope. Ops
// found trivially dead on the way are erased.
//
//	%0 = arith.addi %a, %b : i32
//	%1 = arith.addi %a, %b : i32
//	%2 = arith.muli %0, %1 : i32
//
// becomes
//
//	%0 = arith.addi %a, %b : i32
//	%1 = arith.muli %0, %0 : i32
package cse
