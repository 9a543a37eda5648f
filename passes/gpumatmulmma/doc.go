// Package gpumatmulmma is goopt's gpu-matmul-mma pipeline: the legacy
// tensor-core path (issue 13, item 4) for chips without wgmma (sm_80,
// sm_86, sm_89) and for comparison with gpu-matmul-hopper on sm_90.
//
// The pass affine-gpu-mma recognises an affine matmul nest (C[i,j] +=
// A[i,k] * B[k,j], f16 A and B, f32 C, sizes multiples of the block tile)
// and replaces it by a gpu.launch written in nvgpu ops:
//
//   - a multi-stage shared-memory ring (stages, default 4) filled by
//     cp.async (nvgpu.device_async_copy {bypassL1}, 16 bytes a copy), one
//     commit group per K tile, nvgpu.device_async_wait for all but the
//     newest stages-2 groups before a tile is read;
//   - A and B stored XOR-swizzled in 16-byte chunks, so that the 8 row
//     addresses of each ldmatrix phase hit 8 distinct bank groups;
//   - per warp (default 64x64 of a 128x128x32 block tile, 4 warps),
//     nvgpu.ldmatrix x4 for A's 16x16 fragments, x4 transposed for two of
//     B's 16x8 ones (B is K x N row-major), nvgpu.mma.sync m16n8k16
//     f16 -> f32; the fragments are double-buffered in registers: those
//     of the next 16-deep step (past a tile's last step, the next tile's
//     first, after its wait and the block's one barrier a tile) are
//     loaded before the current step's mma.sync;
//   - C += the accumulators straight from registers (vector<2xf32>
//     accesses), and an optional grid swizzle for L2 reuse.
//
// The nvgpu ops lower through convert-nvgpu-to-nvvm (part of goopt
// compile) to cp.async.cg, ldmatrix.sync and mma.sync.aligned, sm_80+.
//
//	goopt opt --pass-pipeline='builtin.module(gpu-matmul-mma{stages=3})' matmul.mlir
//	goopt compile --pipeline=gpu-matmul-mma matmul.mlir
//	goopt bench matmul --pipeline=gpu-matmul-mma --sizes=4096,8192
package gpumatmulmma
