// Package gpumatmulwmma is the named pipeline gpu-matmul-wmma (goopt's own;
// upstream MLIR has no such pipeline): the GPU code generation of Katel,
// Khandelwal and Bondhugula, "High Performance GPU Code Generation for
// Matrix-Matrix Multiplication using MLIR" (arXiv 2108.13191), as a
// sequence of goopt's passes, each usable on its own:
//
//	gpu-matmul-wmma-split       index-set splitting: full tiles here, guarded edges
//	affine-gpu-tile             thread block, warp and WMMA tiling, paper loop order
//	affine-gpu-smem-copy        A and B tiles copied to padded workgroup memory
//	affine-gpu-wmma             16x16x16 nests to gpu.subgroup_mma_*, C in registers
//	affine-gpu-vectorize-copies vector<8xf16> copies (vector-bits)
//	affine-gpu-map              gpu.launch: grid, warps, copies over all threads
//	gpu-latency-hiding          k loop shifted, next tile staged in registers
//	gpu-insert-barriers         barriers from workgroup-memory dependences
//	gpu-matmul-wmma-fuse-edges  the edges folded into the WMMA launch
//	canonicalize, cse           clean-up
//
// Use it as a pass flag or inside a pipeline:
//
//	goopt opt matmul.mlir --gpu-matmul-wmma="tb-tile=128,128,64 warp-tile=64,32,32"
//	goopt opt matmul.mlir --pass-pipeline='builtin.module(gpu-matmul-wmma{latency-hiding=false})'
//
// Input, the plain affine matmul C[f32] += extf(A[f16]) * extf(B[f16]):
//
//	affine.for %i = 0 to 8192 {
//	  affine.for %j = 0 to 8192 {
//	    affine.for %k = 0 to 8192 {
//	      %a = affine.load %A[%i, %k] : memref<8192x8192xf16>
//	      ...
//	      affine.store %s, %C[%i, %j] : memref<8192x8192xf32>
//
// Output, the shape of the paper's Listing 6:
//
//	memref.global "private" @matmul_smem_a : memref<128x72xf16, 3>
//	memref.global "private" @matmul_smem_b : memref<64x136xf16, 3>
//	gpu.launch blocks(...) in (%gx = %c64, %gy = %c64, %gz = %c1)
//	           threads(...) in (%tx = %c256, %ty = %c1, %tz = %c1) {
//	  ... C fragments loaded, tile 0 copied with vector<8xf16> ...
//	  gpu.barrier
//	  %r:8 = scf.for %k = %c0 to %c8128 step %c64 iter_args(...) -> (!gpu.mma_matrix<16x16xf32, "COp">, ...) {
//	    %v = vector.load %A[...] : memref<8192x8192xf16>, vector<8xf16>   // tile k+1
//	    gpu.barrier
//	    ... gpu.subgroup_mma_compute on tile k ...
//	    gpu.barrier
//	    vector.store %v, %a_smem[...] : memref<128x72xf16, 3>, vector<8xf16>
//	  }
//	  gpu.barrier
//	  ... compute of the last tile, C fragments stored ...
//
// Options are every knob the paper swept (tb-tile, warp-tile, mma-tile,
// padding-a, padding-b, vector-bits) and one switch per optimisation
// (padding, hoist-c, latency-hiding, vectorize-copies; all on by default),
// so an ablation turns them off one at a time.
//
// Element types: f16 A and B with an f32 C (the paper's), or with an f16
// C: f16 products accumulated in f16 (!gpu.mma_matrix<16x16xf16, "COp">
// accumulators). The gpu dialect's MMA matrices have no bf16 or tf32, so
// bf16 inputs are refused naming gpu-matmul-hopper and f32 inputs naming
// gpu-matmul-mma{allow-tf32=true}, each at the load of the operand.
//
// Any M, N and K (by index-set splitting). The part the thread-block tile
// divides, [0, M-M%TM) x [0, N-N%TN) over [0, K-K%TK), goes through the
// stages above; the rest runs in the same launch, one thread per element
// of C, guarded, the k loop in a register with the body's own operations
// in its order: the WMMA blocks, after their fragment stores and a
// barrier, add their tile's K remainder; blocks after them cover the
// columns right of the tiles and the rows below. For 1000³ with the
// default tiles that is 896x896x960 on tensor cores (77% of the work) and
// 913 blocks in all. Copies whose rows are not 16-byte aligned (K % 8 != 0
// for A) stay scalar (a remark). WMMA loads and stores C's fragments in
// place, with C's row as the stride, which must be a multiple of 16 bytes:
// when N is not a multiple of 4 (f32 C) or 8 (f16 C), or the matmul is
// smaller than one tile, the whole matmul is the guarded kernel, with a
// remark saying why (slow: no tensor cores; gpu-matmul-hopper takes such
// sizes on tensor cores). Bodies that are not a matmul are refused with a
// located error; the result is never a half-transformed function.
package gpumatmulwmma
