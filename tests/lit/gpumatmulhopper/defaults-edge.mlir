// epilogue=auto at an edge-heavy size: at 200x300 the 128x256 tiles leave
// 3 edge tiles of 4, and the default keeps the register epilogue (an edge
// tile issues a row's guarded loads together, then a warp barrier, then
// its guarded stores; measured faster than the TMA epilogue: 1000^3 on the
// H200 85.5 against 78.9 TFLOP/s); an explicit epilogue=tma stages C
// through shared memory and TMA stores.
// tile-by-size=false keeps the default 128x256 tiles at this small size
// (tile-by-size would take 128x128 here; defaults.mlir checks it).
// RUN: goopt opt %s --gpu-matmul-hopper="tile-by-size=false" | FileCheck %s
// RUN: goopt opt %s --gpu-matmul-hopper="epilogue=tma tile-by-size=false" | FileCheck %s --check-prefix=TMA
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper checks these kernels by execution after goopt's lowering)

// CHECK-LABEL: func.func @matmul
// CHECK-NOT:     memref<*xf32>
// CHECK:         gpu.launch
// CHECK:         vector.load %{{.*}} : memref<200x300xf32>, vector<2xf32>
// CHECK:         } else {
// CHECK:           vector.load %{{.*}} : memref<200x300xf32>, vector<2xf32>
// CHECK:           nvvm.wgmma.wait.group.sync.aligned 0
// CHECK:           nvvm.bar.warp.sync
// CHECK:           vector.store %{{.*}} : memref<200x300xf32>, vector<2xf32>
// CHECK-NOT:     nvgpu.tma.async.store

// TMA-LABEL: func.func @matmul
// TMA:         nvgpu.tma.create.descriptor {{.*}} : memref<*xf32>
// TMA:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}})
// TMA:           nvvm.setmaxregister  decrease 40
// TMA:           nvgpu.warpgroup.mma.store
// TMA:           nvgpu.tma.async.store
func.func @matmul(%A: memref<200x64xf16>, %B: memref<64x300xf16>, %C: memref<200x300xf32>) {
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 300 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<200x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x300xf16>
        %c = affine.load %C[%i, %j] : memref<200x300xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<200x300xf32>
      }
    }
  }
  return
}
