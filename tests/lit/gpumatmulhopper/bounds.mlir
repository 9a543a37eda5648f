// gpu-matmul-hopper at sizes its tiles do not divide (70x72x40 with 64-wide
// tiles): the grid rounds up (2x2 blocks), the K loop runs ceil(40/64) = 1
// tile whose TMA boxes reach past A's and B's edges and are zero-filled
// (oob = zero, no guard), and the epilogue guards its accesses of C in
// the tiles that reach past C's edge only (a whole tile takes the
// unguarded loop); the TMA epilogue's store is clipped by the hardware,
// so its edge tiles only clamp their reads of C into C. passes/gpumatmulhopper's TestAwkwardSizes runs these
// kernels, lowered, against the affine nest.
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false epilogue=direct grid-swizzle=0" | FileCheck %s
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0" | FileCheck %s --check-prefix=TMA
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views before their lowering; TestAwkwardSizes checks the lowered kernels)

// CHECK-LABEL: func.func @matmul
// CHECK:         nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %[[G:.*]], %{{.*}} = %[[G]], %{{.*}} = %{{.*}})
// CHECK:           nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c16384
// One K tile: the clean-up folds the one-trip K loop.
// CHECK-NOT:       iter_args
// CHECK:           nvgpu.warpgroup.mma {{.*}} {transposeB}
// CHECK-NOT:       nvgpu.warpgroup.mma {{.*}} {transposeB}
// CHECK:           nvgpu.warpgroup.mma.store
// CHECK:           %[[FM:.*]] = arith.cmpi ule, %{{.*}}, %c70
// CHECK:           %[[FN:.*]] = arith.cmpi ule, %{{.*}}, %c72
// CHECK:           %[[WHOLE:.*]] = arith.andi %[[FM]], %[[FN]] : i1
// CHECK:           scf.if %[[WHOLE]] {
// CHECK:             scf.for
// CHECK-NOT:           scf.if
// CHECK:               vector.store %{{.*}} : memref<70x72xf32>, vector<4xf32>
// CHECK:           } else {
// CHECK:             scf.for
// CHECK:             %[[R:.*]] = arith.cmpi ult, %{{.*}}, %c70
// CHECK:             %[[C:.*]] = arith.cmpi ult, %{{.*}}, %c72
// CHECK:             %[[IN:.*]] = arith.andi %[[R]], %[[C]] : i1
// CHECK:             scf.if %[[IN]] {
// CHECK:               vector.load %{{.*}} : memref<70x72xf32>, vector<4xf32>
// CHECK:               vector.store %{{.*}} : memref<70x72xf32>, vector<4xf32>

// TMA:               scf.if
// TMA:                 vector.load %{{.*}} : memref<70x72xf32>, vector<4xf32>
// TMA:               } else {
// The edge tile reads C at indices clamped into C, with no test: what it
// reads past the edge lands where the TMA store clips.
// TMA-NOT:             scf.if
// TMA:                 arith.minui %{{.*}}, %c69 : index
// TMA:                 vector.load %{{.*}} : memref<70x72xf32>, vector<4xf32>
// TMA-NOT:             vector.store %{{.*}} : memref<70x72xf32>
// TMA:                 vector.store %{{.*}} : memref<64x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// TMA:               nvgpu.tma.async.store

func.func @matmul(%A: memref<70x40xf16>, %B: memref<40x72xf16>, %C: memref<70x72xf32>) {
  affine.for %i = 0 to 70 {
    affine.for %j = 0 to 72 {
      affine.for %k = 0 to 40 {
        %a = affine.load %A[%i, %k] : memref<70x40xf16>
        %b = affine.load %B[%k, %j] : memref<40x72xf16>
        %c = affine.load %C[%i, %j] : memref<70x72xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<70x72xf32>
      }
    }
  }
  return
}
