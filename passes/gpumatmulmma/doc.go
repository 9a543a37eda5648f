// Package gpumatmulmma is goopt's gpu-matmul-mma pipeline: the legacy
// tensor-core path (issue 13, item 4) for chips without wgmma (sm_80,
// sm_86, sm_89) and for comparison with gpu-matmul-hopper on sm_90.
//
// The pass affine-gpu-mma recognises an affine matmul nest (C[i,j] +=
// A[i,k] * B[k,j], sizes multiples of the block tile) and replaces it by a
// gpu.launch written in nvgpu ops. The element types select the mma.sync
// variant: f16 A and B with an f32 C (m16n8k16), f16 A, B and C (f16
// accumulators), bf16 A and B with an f32 C (m16n8k16 .bf16), and, under
// the option allow-tf32, f32 A, B and C on the tensor cores as tf32
// (m16n8k8: the inputs keep 10 bits of mantissa). Other types, and f32
// without allow-tf32, are errors at A's load. The kernel:
//
//   - a multi-stage shared-memory ring (stages, default 4) filled by
//     cp.async (nvgpu.device_async_copy {bypassL1}, 16 bytes a copy), one
//     commit group per K tile, nvgpu.device_async_wait for all but the
//     newest stages-2 groups before a tile is read;
//   - A and B stored XOR-swizzled in 16-byte chunks, so that the 8 row
//     addresses of each ldmatrix phase hit 8 distinct bank groups;
//   - per warp (default 64x64 of a 128x256x32 block tile, 8 warps),
//     nvgpu.ldmatrix x4 for A's 16 x k fragments, x4 transposed for two of
//     B's k x 8 ones (B is K x N row-major; for tf32, whose 32-bit
//     elements ldmatrix cannot transpose, each lane loads its B[t, g] and
//     B[t+4, g] itself), nvgpu.mma.sync; the fragments are
//     double-buffered in registers: those
//     of the next 16-deep step (past a tile's last step, the next tile's
//     first, after its wait and the block's one barrier a tile) are
//     loaded before the current step's mma.sync;
//   - a lean K loop: the iterations that issue copies run in a loop
//     unrolled by the stages (option unroll-ring, default on), so every
//     ring slot in its body is a constant, and the last iterations are
//     peeled with their exact wait counts, so no iteration tests whether
//     a next tile exists; each thread reads and writes shared memory
//     through memref.view's at its loop-invariant (swizzled) offsets, and
//     A and B through flat 1-d casts, so every ldmatrix and cp.async
//     address is a base register plus a constant (at 8192, about 10
//     instructions besides the 64 mma.sync, 16 ldmatrix, 6 cp.async and
//     one barrier of a K tile and warp, against 104 with the ring indexed
//     modulo the stages: ptxmix_test.go measures it);
//   - the order of a step's instructions, an option each so that they can
//     be measured apart (interleave-loads on by default, spread-copies
//     off: on the H200 at 8192 interleaving measured 480 TFLOP/s against
//     440-476 without, spreading 430-469): spread-copies issues a K
//     tile's cp.async in equal shares before each 16-deep step, not as one
//     burst before the first; interleave-loads puts the next step's
//     ldmatrix among the current step's rows of mma.sync (A fragment r
//     after row r, whose registers it then takes over, B's in step with
//     it) and the next tile's wait and barrier after barrier-row rows of
//     the last step (default 1), so that the shared-memory queue never
//     sees a burst and the warps meet at the barrier with mma.sync in
//     flight;
//   - C += the accumulators straight from registers (vector<2xf32> or
//     vector<2xf16> accesses), and an optional grid swizzle for L2 reuse.
//
// The block size is a constant, so the kernel carries .maxntid (the
// threads) and ptxas budgets registers for it: 64x64 warp tiles hold 128
// f32 accumulators and two sets of fragments (64 registers) a thread.
//
// The nvgpu ops lower through convert-nvgpu-to-nvvm (part of goopt
// compile) to cp.async.cg, ldmatrix.sync and mma.sync.aligned, sm_80+.
//
//	goopt opt --pass-pipeline='builtin.module(gpu-matmul-mma{stages=3})' matmul.mlir
//	goopt compile --pipeline=gpu-matmul-mma matmul.mlir
//	goopt bench matmul --pipeline=gpu-matmul-mma --sizes=4096,8192
//	goopt bench matmul --pipeline='gpu-matmul-mma{allow-tf32}' --types=f16,bf16,tf32 --sizes=8192
//	goopt bench matmul --pipeline='gpu-matmul-mma{spread-copies interleave-loads}' --sizes=8192
package gpumatmulmma
