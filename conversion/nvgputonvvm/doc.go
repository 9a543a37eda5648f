// Package nvgputonvvm holds the patterns lowering the nvgpu dialect to the
// nvvm and llvm dialects (upstream's NVGPUToNVVM conversion, MLIR 19):
// Populate adds them over an llvmcommon.TypeConverter, which
// AddTypeConversions teaches the nvgpu types (convert-gpu-to-nvvm adds
// them too, so that kernel signatures and block arguments of nvgpu types
// convert there).
//
//   - nvgpu.mbarrier.create is a private shared `memref.global`
//     (@__mbarrier, @__mbarrier_0, ...) and its memref.get_global; init,
//     arrive, arrive.nocomplete, arrive.expect_tx, test.wait and
//     try_wait.parity are the nvvm.mbarrier.* ops (`.shared` for a group
//     in workgroup memory) on the barrier's address, counts truncated to
//     i32;
//   - nvgpu.tma.async.load / store are nvvm.cp.async.bulk.tensor.* from or
//     to the start of the shared buffer, coordinates in the given order
//     (PTX's, innermost first); tma.prefetch.descriptor is
//     nvvm.prefetch.tensormap; tma.create.descriptor is host code and is
//     left alone;
//   - nvgpu.warpgroup.generate.descriptor builds the 64-bit wgmma matrix
//     descriptor (swizzle, stride and leading byte offsets, start
//     address); warpgroup.mma is a wgmma.fence, one nvvm.wgmma.mma_async
//     per 64-row tile and k step with advanced descriptors, commit and
//     wait; warpgroup.mma.store is memref.stores of each thread's
//     registers at their fragment positions; mma.init.accumulator zeroes
//     the registers;
//   - nvgpu.ldmatrix, nvgpu.mma.sync and the device_async copy, group and
//     wait ops are nvvm.ldmatrix, nvvm.mma.sync and nvvm.cp.async.*.
//
// passes/convertnvgputonvvm is the pass (convert-nvgpu-to-nvvm).
//
// Example:
//
//	nvgpu.tma.async.load %tm[%x, %y], %bar[%c0] to %buf
//	    : !tensorMap, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>> -> memref<64x64xf16, 3>
//
// becomes
//
//	%p = llvm.extractvalue %bufDesc[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
//	%b = llvm.getelementptr %barBase[%c0] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
//	%x32 = llvm.trunc %x : i64 to i32
//	%y32 = llvm.trunc %y : i64 to i32
//	nvvm.cp.async.bulk.tensor.shared.cluster.global %p, %tmPtr, %b, box[%x32, %y32] : <3>, !llvm.ptr
package nvgputonvvm
