// gpu-matmul-mma{spread-copies interleave-loads}: the same instructions as
// the default order, placed among the mma.sync. 64x64x32 block tiles, 4
// warps of 32x32 (2 rows of 4 mma.sync a 16-deep step), 3 stages, K = 8
// tiles. A K tile's 4 copies a thread go 2 before each step (the group is
// committed after the second share); the next step's fragments load after
// the rows of mma.sync, A fragment r and B pair r after row r; at a tile's
// last step the next tile's wait and barrier come after the first row.
// RUN: goopt opt %s --gpu-matmul-mma="tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0 spread-copies interleave-loads" | FileCheck %s
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory before lowering; passes/gpumatmulmma checks the lowered kernel by execution)

// CHECK-LABEL: func.func @matmul
// CHECK:           %[[LA0:.*]] = memref.view {{.*}} to memref<4616xf16, #gpu.address_space<workgroup>>
// CHECK:           %[[LA1:.*]] = memref.view {{.*}} to memref<4616xf16, #gpu.address_space<workgroup>>
// CHECK:           %[[LB0:.*]] = memref.view {{.*}} to memref<5128xf16, #gpu.address_space<workgroup>>
// CHECK:           %[[LB1:.*]] = memref.view {{.*}} to memref<5128xf16, #gpu.address_space<workgroup>>
// The prologue's copies are not spread: one burst and group a tile.
// CHECK-COUNT-4:   nvgpu.device_async_copy
// CHECK-NEXT:      nvgpu.device_async_create_group
// CHECK:           scf.for
// Step 0 of the trip's first tile: A's two copies, row 0, then step 1's
// A fragment 0 and B pair 0.
// CHECK-COUNT-2:     nvgpu.device_async_copy {{.*}} to memref<5128xf16
// CHECK-NOT:         nvgpu.device_async_create_group
// CHECK-COUNT-4:     nvgpu.mma.sync
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA1]][%c0] {numTiles = 4 : i32, transpose = false}
// CHECK-NEXT:        nvgpu.ldmatrix %[[LB0]][%c1024] {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-4:     vector.extract
// Row 1 (serpentine: last B fragment first), then A fragment 1 and B pair 1.
// CHECK:             nvgpu.mma.sync
// CHECK-COUNT-3:     nvgpu.mma.sync
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA1]][%c512]
// CHECK-NEXT:        nvgpu.ldmatrix %[[LB1]][%c1024]
// Step 1: B's two copies close the tile's group; row 0; tile k+1's wait and
// the barrier; its first fragments (slot 1) among the rows.
// CHECK:             nvgpu.device_async_copy
// CHECK:             nvgpu.device_async_copy
// CHECK-NEXT:        %[[G:.*]] = nvgpu.device_async_create_group
// CHECK-COUNT-4:     nvgpu.mma.sync
// CHECK-NEXT:        nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA0]][%c2048]
// CHECK-NEXT:        nvgpu.ldmatrix %[[LB0]][%c2048]
// CHECK-COUNT-4:     vector.extract
// CHECK:             nvgpu.mma.sync
// CHECK-COUNT-3:     nvgpu.mma.sync
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA0]][%c2560]
// CHECK-NEXT:        nvgpu.ldmatrix %[[LB1]][%c2048]
// CHECK:             scf.yield
// Tile 6 waits for every group after its last step's first row; after
// that barrier come only tile 7's fragments (8 ldmatrix: both its steps).
// CHECK:           nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       nvgpu.device_async_wait
// CHECK-NOT:       gpu.barrier
// CHECK-COUNT-8:   nvgpu.ldmatrix
// CHECK-NOT:       nvgpu.ldmatrix
// CHECK:           gpu.terminator

func.func @matmul(%A: memref<128x256xf16>, %B: memref<256x128xf16>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<128x256xf16>
        %b = affine.load %B[%k, %j] : memref<256x128xf16>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}
