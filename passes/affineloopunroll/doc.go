// Package affineloopunroll implements upstream's affine-loop-unroll pass:
// the innermost affine.for loops of a function are unrolled by
// `unroll-factor` (default 4; `unroll-up-to-factor` caps it at the trip
// count), or fully with `unroll-full`; with `unroll-full` and
// `unroll-full-threshold=N` every loop (not only innermost ones) whose
// constant trip count is at most N is fully unrolled. Trip counts the
// factor does not divide get a cleanup loop after the unrolled one
// (`cleanup-unroll` unrolls fully instead); iter_args are threaded through
// the copies. `unroll-num-reps` repeats the process on the new innermost
// loops. Loops that cannot be unrolled are left alone, silently, as
// upstream.
//
//	%r = affine.for %i = 0 to 10 iter_args(%s = %z) -> (f32) {
//	  %v = affine.load %A[%i] : memref<10xf32>
//	  %t = arith.addf %s, %v : f32
//	  affine.yield %t : f32
//	}
//
// with `affine-loop-unroll{unroll-factor=4}` becomes
//
//	%0 = affine.for %i = 0 to 8 step 4 iter_args(%s = %z) -> (f32) {
//	  %v = affine.load %A[%i] : memref<10xf32>
//	  %t = arith.addf %s, %v : f32
//	  %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
//	  %v1 = affine.load %A[%i1] : memref<10xf32>
//	  %t1 = arith.addf %t, %v1 : f32
//	  ... (two more copies)
//	  affine.yield %t3 : f32
//	}
//	%r = affine.for %i = 8 to 10 iter_args(%s = %0) -> (f32) {
//	  ...
//	}
package affineloopunroll
