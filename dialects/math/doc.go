//go:generate go run ../../internal/opgen -dialect math -out ops_gen.go

// Package math is MLIR 19's math dialect: elementary functions on floats
// (sqrt, exp, sin, fma, powf, ...) and a few on integers (absi, ctlz, ipowi),
// on scalars and on vectors and tensors of them. Float ops carry arith's
// fast-math flags.
//
//	%0 = math.sqrt %x fastmath<fast> : f32
//	%1 = math.fma %a, %b, %c : vector<4xf32>
//	%2 = math.fpowi %x, %n : f32, i32
//
// Folders cover the exactly rounded functions (absf, ceil, floor, trunc,
// round, roundeven, copysign, sqrt, absi, ctlz, cttz, ctpop, ipowi); the
// transcendental functions are not folded, since their results depend on
// the host's libm.
package math
