// Package gpuutil holds the transformations of goopt's GPU pipeline (the
// paper's matmul: tiling, shared-memory copies, WMMA, mapping to
// gpu.launch, latency hiding, barriers) as utilities over the IR, one file
// per topic; the passes under passes/ are thin drivers over them. Each
// utility checks its preconditions first and leaves the IR unchanged when
// it returns an error.
//
// MapToLaunch (mapping.go) turns a tiled affine matmul nest into a
// gpu.launch: the two thread-block loops become the grid, the two warp
// loops become warps of a one-dimensional block, the shared-memory copy
// nests are spread over every thread of the block, and barriers order the
// copies against the reads:
//
//	affine.for %i = 0 to 128 step 64 {
//	  affine.for %j = 0 to 128 step 64 {
//	    affine.for %ii = 0 to 64 step 32 {
//	      affine.for %jj = 0 to 64 step 32 {
//	        ... copies into shared memory, subgroup_mma compute ...
//
// becomes
//
//	gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
//	           threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
//	  %i = %by * 64, %j = %bx * 64
//	  %ii = (%tx floordiv 32) floordiv 2 * 32, %jj = (%tx floordiv 32) mod 2 * 32
//	  ... copies: scf.for %c = 0 to copies-per-thread, then gpu.barrier ...
//	  gpu.terminator
//	}
//
//	launch, err := gpuutil.MapToLaunch(ctx, root, gpuutil.MapOptions{Lower: lowerAffine})
package gpuutil
