// Package affinegpumap implements affine-gpu-map, goopt's own pass (upstream
// has none like it) for the paper's section 3.9: a tiled affine matmul
// nest, as affine-gpu-tile, -smem-copy, -wmma and -vectorize-copies leave
// it, becomes a gpu.launch. The thread-block loops i and j become the grid
// (j along blockIdx.x by default: grid (N/TBN, M/TBM)), the warp loops ii
// and jj become warps of a one-dimensional block of 32 threads per warp
// tile (warp = threadIdx.x floordiv 32, ii = (warp floordiv (TBN/WN)) *
// WM, jj = (warp mod (TBN/WN)) * WN), and each copy nest into shared
// memory is spread over all threads of the block, the contiguous
// dimension fastest so that consecutive threads touch consecutive
// addresses. Barriers are inserted after the copies and at the end of the
// loop that holds them. The launch body is then lowered (lower-affine):
// scf, arith, memref, vector and gpu ops remain.
//
// Legality comes from the dependence analysis: the grid and warp loops
// must be parallel (shared buffers are private to a block; the copies are
// run once per block), the subgroup_mma tiles 16-aligned, and the warp
// code may write memory only with warp-wide subgroup_mma stores. A nest
// that cannot be mapped is left unchanged, with a remark saying why.
//
// Options: grid-x-loop (j or i: which thread-block loop goes to
// blockIdx.x), max-threads-per-block (1024).
//
// Input (64x64x32 thread-block tiles, 32x32 warp tiles, on 128x128x64):
//
//	%as = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
//	affine.for %i = 0 to 128 step 64 {
//	  affine.for %j = 0 to 128 step 64 {
//	    affine.for %ii = 0 to 64 step 32 {
//	      affine.for %jj = 0 to 64 step 32 {
//	        %c = gpu.subgroup_mma_load_matrix %C[...]
//	        %r = affine.for %k = 0 to 64 step 32 iter_args(%acc = %c) -> (...) {
//	          affine.for %ci = 0 to 64 {
//	            affine.for %ck = 0 to 32 step 8 {
//	              %v = affine.vector_load %A[%i + %ci, %k + %ck] : memref<128x64xf16>, vector<8xf16>
//	              affine.vector_store %v, %as[%ci, %ck] : memref<64x40xf16, 3>, vector<8xf16>
//	        ... the compute: subgroup_mma loads from %as, %bs, computes ...
//
// Output:
//
//	gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
//	           threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
//	  %as = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
//	  ... %i = %by * 64, %j = %bx * 64, %ii and %jj from %tx floordiv 32 ...
//	  %r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %c) -> (...) {
//	    scf.for %c = %c0 to %c2 step %c1 {   // 64*4 vectors over 128 threads
//	      ... %ci = (%c * 128 + %tx) floordiv 4, %ck = (%c * 128 + %tx) mod 4 * 8 ...
//	      %v = vector.load %A[...] : memref<128x64xf16>, vector<8xf16>
//	      vector.store %v, %as[...] : memref<64x40xf16, 3>, vector<8xf16>
//	    }
//	    ...
//	    gpu.barrier
//	    ... the compute ...
//	    gpu.barrier
//	    scf.yield ...
//	  }
//	  gpu.terminator
//	}
package affinegpumap
