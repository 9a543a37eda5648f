//go:generate go run ../../internal/opgen -dialect scf -out ops_gen.go

// Package scf implements MLIR's structured control flow dialect: scf.for,
// scf.if, scf.while, scf.parallel (with scf.reduce), scf.forall (with
// scf.forall.in_parallel), scf.execute_region and scf.index_switch, with
// MLIR 19's custom syntax, verifier messages and canonicalization patterns:
//
//	%sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
//	  %v = memref.load %A[%i] : memref<?xf32>
//	  %s = arith.addf %acc, %v : f32
//	  scf.yield %s : f32
//	}
//
// Canonicalization removes scf.for loops that run zero times, inlines those
// that run once, drops loop-carried values that are yielded unchanged,
// inlines scf.if on a constant condition and drops its unused results, inlines
// single-block scf.execute_region and constant scf.index_switch.
package scf
