// gpu-matmul-mma turns the plain affine matmul into the legacy tensor-core
// kernel: cp.async copies of A and B tiles into a ring of shared-memory
// slots (XOR-swizzled in 16-byte chunks), one commit group per K tile,
// ldmatrix x4 (A) and x4.trans (B) fragments loaded one 16-deep step
// ahead of the mma.sync m16n8k16 that use them (f32 accumulators and the
// next tile's first fragments carried by the K loop), C += the
// accumulators from registers. Here: 64x64x32 block tiles, 4 warps of 32x32, 3 stages.
// RUN: goopt opt %s --gpu-matmul-mma="tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0" | FileCheck %s
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory before lowering; passes/gpumatmulmma checks the lowered kernel by execution)

// CHECK-LABEL: func.func @matmul
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c2, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1) dynamic_shared_memory_size %c24576_i32 {
// CHECK:           %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:           %[[RA:.*]] = memref.view %[[SMEM]][%c0][] : {{.*}} to memref<3x64x32xf16, #gpu.address_space<workgroup>>
// CHECK:           %[[RB:.*]] = memref.view %[[SMEM]][%c12288][] : {{.*}} to memref<3x32x64xf16, #gpu.address_space<workgroup>>
// The swizzle of A's 64-byte rows: chunk ^ ((row >> 1) & 3).
// CHECK:           arith.shrui %{{.*}}, %c1 : index
// CHECK-NEXT:      arith.andi %{{.*}}, %c3 : index
// CHECK-NEXT:      arith.xori
// The prologue: stages-1 tiles, each 2+2 16-byte copies a thread, one group.
// CHECK-COUNT-2:   nvgpu.device_async_copy %arg0[%{{.*}}, %{{.*}}], %[[RA]][%c0, %{{.*}}, %{{.*}}], 8 {bypassL1} : memref<128x128xf16> to memref<3x64x32xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-2:   nvgpu.device_async_copy %arg1[%{{.*}}, %{{.*}}], %[[RB]][%c0, %{{.*}}, %{{.*}}], 8 {bypassL1}
// CHECK:           %[[G0:.*]] = nvgpu.device_async_create_group
// CHECK:           %[[G1:.*]] = nvgpu.device_async_create_group
// CHECK-NOT:       nvgpu.device_async_create_group
// Tile 0 has landed once at most stages-2 newer groups are in flight; its
// first fragments: 2 A blocks (x4), 4 B blocks (two x4.trans, split).
// CHECK:           nvgpu.device_async_wait %[[G1]] {numGroups = 1 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[A0:.*]] = nvgpu.ldmatrix %[[RA]][%c0, {{.*}}] {numTiles = 4 : i32, transpose = false} : memref<3x64x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NEXT:      %[[A1:.*]] = nvgpu.ldmatrix %[[RA]][%c0,
// CHECK-NEXT:      %[[BP:.*]] = nvgpu.ldmatrix %[[RB]][%c0, {{.*}}] {numTiles = 4 : i32, transpose = true} : memref<3x32x64xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NEXT:      %[[R0:.*]] = vector.extract %[[BP]][0] : vector<2xf16> from vector<4x2xf16>
// CHECK-NEXT:      %[[R1:.*]] = vector.extract %[[BP]][1] : vector<2xf16> from vector<4x2xf16>
// CHECK-NEXT:      %[[H:.*]] = vector.insert %[[R0]], %{{.*}} [0] : vector<2xf16> into vector<2x2xf16>
// CHECK-NEXT:      %[[B0:.*]] = vector.insert %[[R1]], %[[H]] [1] : vector<2xf16> into vector<2x2xf16>
// CHECK:           %[[RES:.*]]:15 = scf.for %[[K:.*]] = %c0 to %c4 step %c1 iter_args(%[[TOK:[a-z0-9_]+]] = %[[G1]], %[[FA0:[a-z0-9_]+]] = %[[A0]], %{{.*}} = %[[A1]], %[[FB0:[a-z0-9_]+]] = %[[B0]], %{{[a-z0-9_]+}} = %{{[0-9]+}}, %{{[a-z0-9_]+}} = %{{[0-9]+}}, %{{[a-z0-9_]+}} = %{{[0-9]+}}, %[[ACC0:[a-z0-9_]+]] = %cst, {{.*}}) -> (!nvgpu.device.async.token, vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf32>,
// Tile k+2 is copied into the slot of tile k-1.
// CHECK:             %[[NTOK:.*]] = scf.if %[[MORE:.*]] -> (!nvgpu.device.async.token) {
// CHECK-COUNT-4:       nvgpu.device_async_copy
// CHECK:               %[[G:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT:          scf.yield %[[G]] : !nvgpu.device.async.token
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.yield %[[TOK]] : !nvgpu.device.async.token
// The second 16-deep step's fragments are loaded before the first step's
// 2x4 mma.sync, on the carried fragments.
// CHECK-COUNT-2:     nvgpu.ldmatrix %[[RA]]
// CHECK-COUNT-2:     nvgpu.ldmatrix %[[RB]]
// CHECK:             nvgpu.mma.sync(%[[FA0]], %[[FB0]], %[[ACC0]]) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-COUNT-7:     nvgpu.mma.sync
// Then tile k+1 is waited for and its first fragments loaded before the
// second step's mma.sync.
// CHECK:             scf.if %[[MORE]] {
// CHECK-NEXT:          nvgpu.device_async_wait %[[NTOK]] {numGroups = 1 : i32}
// CHECK-NEXT:        } else {
// CHECK-NEXT:          nvgpu.device_async_wait %[[NTOK]] {numGroups = 0 : i32}
// CHECK:             gpu.barrier
// CHECK:             arith.minui %{{.*}}, %c3 : index
// CHECK-COUNT-2:     nvgpu.ldmatrix %[[RA]]
// CHECK-COUNT-2:     nvgpu.ldmatrix %[[RB]]
// CHECK-COUNT-8:     nvgpu.mma.sync
// CHECK:             scf.yield %[[NTOK]], {{.*}} : !nvgpu.device.async.token, vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>,
// The epilogue: rows g and g+8 of each accumulator, C += them.
// CHECK:           vector.extract %[[RES]]#7[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT:      vector.load %arg2[{{.*}}] : memref<128x128xf32>, vector<2xf32>
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      vector.store %{{.*}}, %arg2[{{.*}}] : memref<128x128xf32>, vector<2xf32>
// CHECK:           vector.extract %[[RES]]#7[1]
// CHECK:           vector.extract %[[RES]]#14[1]
// CHECK:           gpu.terminator

func.func @matmul(%A: memref<128x128xf16>, %B: memref<128x128xf16>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf16>
        %b = affine.load %B[%k, %j] : memref<128x128xf16>
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
