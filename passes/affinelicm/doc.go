// Package affinelicm implements affine-loop-invariant-code-motion, as
// upstream's AffineLoopInvariantCodeMotion: loops are visited innermost
// first, and the ops of a loop body whose operands do not depend on the
// loop (its IV, its iter_args, or body ops that stay) move before the
// loop, in order. Side-effect-free ops qualify, as do affine loads and
// stores to a memref that no other op inside the loop writes (for a load)
// or accesses at all (for a store), and affine.if ops whose condition and
// nested ops all qualify. Nested affine.for ops and DMA ops stay.
//
// Unlike upstream, memory ops (and affine.if ops containing them) are only
// hoisted out of loops known to run at least once: hoisting a store out of
// a zero-trip loop, or a load that may be out of bounds when the loop does
// not run, changes the program.
//
//	affine.for %i = 0 to 10 {
//	  %c = arith.addf %x, %y : f32
//	  %v = affine.load %B[0] : memref<1xf32>
//	  affine.store %c, %A[%i] : memref<10xf32>
//	}
//
// becomes
//
//	%c = arith.addf %x, %y : f32
//	%v = affine.load %B[0] : memref<1xf32>
//	affine.for %i = 0 to 10 {
//	  affine.store %c, %A[%i] : memref<10xf32>
//	}
package affinelicm
