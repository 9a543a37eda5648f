// Package affinegpusmemcopy implements affine-gpu-smem-copy, the second
// stage of goopt's GPU matmul pipeline (the paper's shared-memory copies
// with padding; upstream MLIR has no such pass, its
// affine-data-copy-generate places a copy per warp tile here). Its input
// is affine-gpu-tile's nest (i, j, ii, jj, k, kk, kkk, iii, jjj, pi, pj,
// pk); at the thread-block k loop, the fifth, the tiles of A and B read in
// one iteration (for all warps of the block) are copied into workgroup
// memory (address space 3), their innermost dimension padded by
// padding-a / padding-b elements (default 8), and the compute reads them
// there. C is left in global memory. With tb-tile=64,64,32:
//
//	memref.global "private" @matmul_smem_a : memref<64x40xf16, 3> = uninitialized
//	memref.global "private" @matmul_smem_b : memref<32x72xf16, 3> = uninitialized
//	func.func @matmul(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
//	  %a_smem = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
//	  %b_smem = memref.get_global @matmul_smem_b : memref<32x72xf16, 3>
//	  affine.for %i = 0 to 128 step 64 {
//	    affine.for %j = 0 to 128 step 64 {
//	      affine.for %ii = 0 to 64 step 32 {
//	        affine.for %jj = 0 to 64 step 32 {
//	          affine.for %k = 0 to 64 step 32 {
//	            affine.for %ci = 0 to 64 {
//	              affine.for %ck = 0 to 32 {
//	                %0 = affine.load %A[%i + %ci, %k + %ck] : memref<128x64xf16>
//	                affine.store %0, %a_smem[%ci, %ck] : memref<64x40xf16, 3>
//	            ...
//	            affine.for %ck = 0 to 32 {
//	              affine.for %cj = 0 to 64 {
//	                %0 = affine.load %B[%k + %ck, %j + %cj] : memref<64x128xf16>
//	                affine.store %0, %b_smem[%ck, %cj] : memref<32x72xf16, 3>
//	            ...
//	            affine.for %kk = 0 to 32 step 16 {
//	              ...
//	                %a = affine.load %a_smem[%ii + %iii + %pi, %kk + %kkk + %pk] : memref<64x40xf16, 3>
//	                %b = affine.load %b_smem[%kk + %kkk + %pk, %jj + %jjj + %pj] : memref<32x72xf16, 3>
//
// The copies depend on i, j, k only: every warp iteration re-copies the
// same tile, which is correct sequentially; the mapping stage spreads the
// copies over the thread block. The staged memrefs are the two that the k
// loop's body only reads and indexes with k (A and B, in order of first
// access); they must not be written anywhere in the nest. A nest without
// that shape gets a remark and is left unchanged. The work is
// gpuutil.CopyToSharedMemory.
package affinegpusmemcopy
