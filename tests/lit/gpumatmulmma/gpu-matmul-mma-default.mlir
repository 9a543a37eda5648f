// gpu-matmul-mma's default shape: 128x256x32 block tiles, 8 warps of
// 64x64 (2 x 4), a 4-stage ring (96 KB); per warp and 16-deep step 4 A and
// 8 B fragments (4 ldmatrix x4.trans) and 32 mma.sync. K = 12 tiles: two
// trips of the loop, unrolled by the 4 stages, then 4 peeled tiles. The
// steps are checked in the plain order (all of a step's loads before its
// mma.sync); gpu-matmul-mma-interleave.mlir checks the default's
// interleaved order.
// RUN: goopt opt %s --gpu-matmul-mma=interleave-loads=false | FileCheck %s
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory before lowering; passes/gpumatmulmma checks the lowered kernel by execution)

// CHECK-LABEL: func.func @matmul
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) dynamic_shared_memory_size %c98304_i32 {
// A warp's A fragment views: 3 slots of 128x32 past the first, 48 rows and a chunk.
// CHECK:           memref.view {{.*}} to memref<13832xf16, #gpu.address_space<workgroup>>
// B's: 3 slots of 32x256, a 16-deep step and a chunk.
// CHECK:           memref.view {{.*}} to memref<28680xf16, #gpu.address_space<workgroup>>
// The loop carries fragments and accumulators only: every iteration
// waits on the group it committed itself (canonicalize drops the token).
// CHECK:           scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args({{.*}}) -> (vector<4x2xf16>, vector<4x2xf16>, vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>,
// 2 + 4 16-byte copies a thread of the 128x32 A and 32x256 B tiles.
// CHECK-COUNT-6:     nvgpu.device_async_copy
// CHECK-NEXT:        nvgpu.device_async_create_group
// CHECK-COUNT-4:     nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK-COUNT-4:     nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-32:    nvgpu.mma.sync
// CHECK-NEXT:        nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK-NEXT:        gpu.barrier
func.func @matmul(%A: memref<128x384xf16>, %B: memref<384x256xf16>, %C: memref<128x256xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 384 {
        %a = affine.load %A[%i, %k] : memref<128x384xf16>
        %b = affine.load %B[%k, %j] : memref<384x256xf16>
        %c = affine.load %C[%i, %j] : memref<128x256xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x256xf32>
      }
    }
  }
  return
}
