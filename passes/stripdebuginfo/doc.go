// Package stripdebuginfo implements the strip-debuginfo pass: every
// operation and block argument location becomes loc(unknown).
//
//	%0 = arith.addi %a, %b : i32 loc("f.mlir":3:8)
//
// becomes
//
//	%0 = arith.addi %a, %b : i32 loc(unknown)
package stripdebuginfo
