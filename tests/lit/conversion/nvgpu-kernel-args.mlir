// RUN: goopt opt %s --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=1},reconcile-unrealized-casts))' | FileCheck %s
// RUN: goopt opt %s --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-gpu-to-nvvm,reconcile-unrealized-casts))' | FileCheck %s --check-prefix=DESC
// EQUIV: none (gpu.module bodies only, no host function)

// goopt's kernel-argument convention for TMA descriptors: an
// !nvgpu.tensormap.descriptor argument of a kernel is one !llvm.ptr
// parameter passed by value, the 128-byte CUtensorMap as CUDA's
// `const __grid_constant__ CUtensorMap` (llvm.byval, 64-byte aligned,
// nvvm.grid_constant), whatever the convention of the memref arguments
// around it. (MLIR 19's convert-gpu-to-nvvm does not convert
// tensormap arguments.)

!tensorMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  // CHECK-LABEL: llvm.func @k
  // CHECK-SAME: (%{{.*}}: !llvm.ptr, %[[TM:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: i64)
  // CHECK-SAME: nvvm.kernel
  // CHECK: nvvm.prefetch.tensormap %[[TM]] : !llvm.ptr
  // DESC-LABEL: llvm.func @k
  // DESC-SAME: (%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %[[TM:.*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: i64)
  // DESC: nvvm.prefetch.tensormap %[[TM]] : !llvm.ptr
  gpu.func @k(%a: memref<64xf32>, %tm: !tensorMap, %n: index) kernel {
    nvgpu.tma.prefetch.descriptor %tm : !tensorMap
    gpu.return
  }
}
