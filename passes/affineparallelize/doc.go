// Package affineparallelize implements affine-parallelize, as upstream's
// AffineParallelize: every affine.for without loop-carried memory
// dependence (analysis.IsLoopParallel) becomes a 1-D affine.parallel, outer
// loops first, with at most max-nested nested affine.parallel ops. With
// parallel-reductions, loops whose iter_args are simple reductions
// (addf, mulf, addi, muli, andi, ori, min/max...) become affine.parallel
// with a `reduce` clause; the combiner op moves after the loop and
// combines the loop's result with the initial value.
//
// Options: max-nested (default unlimited), parallel-reductions (default
// false).
//
//	affine.for %i = 0 to 10 {
//	  %v = affine.load %A[%i] : memref<10xf32>
//	  affine.store %v, %B[%i] : memref<10xf32>
//	}
//
// becomes
//
//	affine.parallel (%i) = (0) to (10) {
//	  %v = affine.load %A[%i] : memref<10xf32>
//	  affine.store %v, %B[%i] : memref<10xf32>
//	}
package affineparallelize
