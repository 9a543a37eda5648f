// Package gputonvvm holds the patterns lowering the gpu dialect's device
// ops to the nvvm and llvm dialects (upstream's GPUToNVVM conversion,
// MLIR 19): Populate adds them to a pattern set over an
// llvmcommon.TypeConverter, which it teaches `!gpu.mma_matrix` (the struct
// of a lane's WMMA registers, ConvertMMAType) and the gpu memory spaces.
//
//   - gpu.thread_id / block_id / block_dim / grid_dim / lane_id read
//     nvvm.read.ptx.sreg.* (i32), sign-extended or truncated to the index
//     width;
//   - gpu.barrier is nvvm.barrier0; gpu.shuffle is nvvm.shfl.sync with the
//     active-lane mask and clamp computed from the width;
//   - gpu.func is an llvm.func (nvvm.kernel, nvvm.maxntid from
//     known_block_size) whose memref arguments follow the calling
//     convention, workgroup attributions address-space-3 globals and
//     private attributions allocas; an !nvgpu.tensormap.descriptor
//     argument is an !llvm.ptr parameter with `llvm.byval =
//     !llvm.array<128 x i8>, llvm.align = 64, nvvm.grid_constant` (goopt's
//     convention: the CUtensorMap passed by value, as CUDA's
//     `const __grid_constant__ CUtensorMap`); gpu.return is llvm.return;
//   - gpu.subgroup_mma_load_matrix / store_matrix / compute are
//     nvvm.wmma.load / store / mma (f16 and s8/u8 inputs, f16, f32 and s32
//     accumulators, the m16n16k16, m32n8k16 and m8n32k16 geometries;
//     `transpose`, a_transpose and b_transpose select the col layout, and
//     leadDimension is the stride), constant_matrix and elementwise
//     (addf, mulf, divf, maxf, minf) llvm ops on the registers.
//
// An op that has no lowering (a fragment no WMMA intrinsic takes, say)
// stays illegal and the conversion fails with the reason as a note.
// passes/convertgputonvvm is the pass (convert-gpu-to-nvvm).
//
// Example: in a gpu.module,
//
//	%a = gpu.subgroup_mma_load_matrix %w[%i, %j] {leadDimension = 72 : index}
//	    : memref<128x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
//
// becomes
//
//	%p = llvm.getelementptr %base[%off] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
//	%ld = llvm.mlir.constant(72 : index) : i32
//	%a = nvvm.wmma.load %p, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>,
//	    k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}
//	    : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, ... 8 registers)>
package gputonvvm
