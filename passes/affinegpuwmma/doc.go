// Package affinegpuwmma implements affine-gpu-wmma, stage 3 of goopt's GPU
// matmul pipeline (tile → smem-copy → wmma → vectorize-copies → map). It
// is goopt's own pass: upstream MLIR has no pass that turns an affine
// point nest into gpu.subgroup_mma ops (its WMMA ops come from the vector
// or linalg paths).
//
// Every 16×16×16 point nest (three perfectly nested loops of 16
// iterations around exactly C[m, n] += extf(A[m, k]) * extf(B[k, n]), f16
// operands, f32 accumulator, as affine-gpu-tile leaves it) becomes a load
// of an A, a B and a C fragment at the tile origin, a
// gpu.subgroup_mma_compute and a store of C. The loops over the fragments
// of a warp tile step (kkk, iii, jjj) are then fully unrolled, equal
// fragment loads merged (one per distinct fragment per kk iteration) and,
// with `hoist-c` (default on), the C fragments are loaded before the
// reduction loops k and kk, carried through them as iter_args and stored
// after them. Candidates that are not matmuls, and steps that cannot be
// done, are reported as remarks; the IR of a refused nest is unchanged.
// The fragment op sums in another order than the scalar loop (one rounding
// per 16 products), so results agree within a relative tolerance.
//
// With tb-tile 64,64,32 and warp-tile 32,32,16 (affine-gpu-smem-copy's
// shared buffers padded by 8), the point nest inside kk,
//
//	affine.for %kk = 0 to 32 step 16 {
//	  affine.for %kkk = 0 to 16 step 16 {
//	    affine.for %iii = 0 to 32 step 16 {
//	      affine.for %jjj = 0 to 32 step 16 {
//	        affine.for %pi = 0 to 16 { affine.for %pj = 0 to 16 { affine.for %pk = 0 to 16 {
//	          %a = affine.load %sa[%ii + %iii + %pi, %kk + %kkk + %pk] : memref<64x40xf16, 3>
//	          %b = affine.load %sb[%kk + %kkk + %pk, %jj + %jjj + %pj] : memref<32x72xf16, 3>
//	          %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<128x128xf32>
//	          ... extf, extf, mulf, addf
//	          affine.store %s, %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<128x128xf32>
//	}}}}}}}
//
// becomes (C fragments hoisted out of k and kk, which carry them)
//
//	%c0 = gpu.subgroup_mma_load_matrix %C[%r0, %c0_] {leadDimension = 128 : index} : memref<128x128xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
//	... (4 C fragments)
//	%res:4 = affine.for %k = 0 to 64 step 32 iter_args(%x0 = %c0, ...) -> (...) {
//	  ... copy nests
//	  %acc:4 = affine.for %kk = 0 to 32 step 16 iter_args(%y0 = %x0, ...) -> (...) {
//	    %a0 = gpu.subgroup_mma_load_matrix %sa[%ii, %kk] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
//	    %b0 = gpu.subgroup_mma_load_matrix %sb[%kk, %jj] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
//	    %d0 = gpu.subgroup_mma_compute %a0, %b0, %y0 : ... -> !gpu.mma_matrix<16x16xf32, "COp">
//	    ... (2 A and 2 B fragment loads, 4 computes)
//	    affine.yield %d0, %d1, %d2, %d3 : ...
//	  }
//	  affine.yield %acc#0, ... : ...
//	}
//	gpu.subgroup_mma_store_matrix %res#0, %C[%r0, %c0_] {leadDimension = 128 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<128x128xf32>
//	... (4 C stores)
//
// Options: `hoist-c=false` keeps the C loads and stores around each
// compute inside kk.
package affinegpuwmma
