// Package convertnvgputonvvm implements upstream's convert-nvgpu-to-nvvm
// pass (MLIR 19): the nvgpu dialect's ops — mbarriers, TMA copies,
// warpgroup (wgmma) descriptors, MMAs and stores, ldmatrix, mma.sync and
// cp.async — lowered to the nvvm and llvm dialects by the patterns of
// conversion/nvgputonvvm, in one partial conversion of the op it runs on.
// nvgpu values used by ops it does not convert (a func.func argument, an
// scf.for iter_arg) meet the lowered code through unrealized casts, which
// convert-gpu-to-nvvm (which knows the nvgpu types) and
// reconcile-unrealized-casts remove. nvgpu.tma.create.descriptor stays:
// goopt builds TMA descriptors on the host. Any other nvgpu op that does
// not lower is an error at its location (MLIR 19 would leave it).
//
//	%bar = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
//	nvgpu.mbarrier.init %bar[%c0], %n : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
//
// becomes
//
//	memref.global "private" @__mbarrier : memref<1xi64, 3> {alignment = 8 : i64}
//	...
//	%0 = memref.get_global @__mbarrier : memref<1xi64, 3>
//	%1 = builtin.unrealized_conversion_cast %0 : memref<1xi64, 3> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
//	%2 = llvm.extractvalue %1[1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
//	%3 = llvm.getelementptr %2[%id] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
//	%4 = llvm.trunc %n64 : i64 to i32
//	nvvm.mbarrier.init.shared %3, %4 : !llvm.ptr<3>, i32
package convertnvgputonvvm
