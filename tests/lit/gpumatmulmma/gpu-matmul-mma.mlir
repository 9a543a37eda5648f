// gpu-matmul-mma turns the plain affine matmul into the legacy tensor-core
// kernel: cp.async copies of A and B tiles into a ring of shared-memory
// slots (XOR-swizzled in 16-byte chunks), one commit group per K tile,
// ldmatrix x4 (A) and x4.trans (B) fragments loaded one 16-deep step
// ahead of the mma.sync m16n8k16 that use them (f32 accumulators and the
// next tile's first fragments carried by the K loop), C += the
// accumulators from registers. Every shared access goes through a view
// at the thread's loop-invariant offset, at a constant index; the K loop
// is unrolled by the stages, so the ring slots are constants too. Here:
// 64x64x32 block tiles, 4 warps of 32x32, 3 stages, K = 8 tiles: tiles
// 0-5 copy tile t+2 (the loop: 2 trips of 3), tiles 6 and 7 are peeled.
// The plain step order (interleave-loads=false: the next step's loads all
// before this step's mma.sync) is checked here.
// RUN: goopt opt %s --gpu-matmul-mma="tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0 interleave-loads=false" | FileCheck %s
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory before lowering; passes/gpumatmulmma checks the lowered kernel by execution)

// CHECK-LABEL: func.func @matmul
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c2, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1) dynamic_shared_memory_size %c24576_i32 {
// CHECK:           %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// A as one flat array: a copy's global index is the thread's first plus a constant.
// CHECK:           %[[FA:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [32768], strides: [1] : memref<128x256xf16> to memref<32768xf16>
// The swizzle of A's 64-byte rows: chunk ^ ((row >> 1) & 3).
// CHECK:           arith.shrui %{{.*}}, %c1 : index
// CHECK-NEXT:      arith.andi %{{.*}}, %c3 : index
// CHECK-NEXT:      arith.xori
// The thread's view of the A ring for its copies: 2 slots, 32 rows and a chunk past its first.
// CHECK:           %[[VA:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<5128xf16, #gpu.address_space<workgroup>>
// CHECK:           %[[FB:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [32768], strides: [1] : memref<256x128xf16> to memref<32768xf16>
// CHECK:           %[[VB:.*]] = memref.view %[[SMEM]]
// Fragment views: A's per 16-deep step, B's per pair of 8-column blocks
// (the B ring starts at byte 12288).
// CHECK:           %[[LA0:.*]] = memref.view %[[SMEM]]{{.*}} to memref<4616xf16, #gpu.address_space<workgroup>>
// CHECK:           %[[LA1:.*]] = memref.view %[[SMEM]]{{.*}} to memref<4616xf16, #gpu.address_space<workgroup>>
// CHECK:           arith.addi %{{.*}}, %c12288 : index
// CHECK-NEXT:      %[[LB0:.*]] = memref.view %[[SMEM]]{{.*}} to memref<5128xf16, #gpu.address_space<workgroup>>
// CHECK:           %[[LB1:.*]] = memref.view %[[SMEM]]
// The prologue: tiles 0 and 1, each 2+2 16-byte copies a thread, one group.
// CHECK-NEXT:      nvgpu.device_async_copy %[[FA]][%{{.*}}], %[[VA]][%c0], 8 {bypassL1} : memref<32768xf16> to memref<5128xf16, #gpu.address_space<workgroup>>
// CHECK:           nvgpu.device_async_copy %[[FA]][%{{.*}}], %[[VA]][%c1024], 8 {bypassL1}
// CHECK-NEXT:      nvgpu.device_async_copy %[[FB]][%{{.*}}], %[[VB]][%c0], 8 {bypassL1}
// CHECK:           nvgpu.device_async_copy %[[FB]][%{{.*}}], %[[VB]][%c1024], 8 {bypassL1}
// CHECK-NEXT:      %[[G0:.*]] = nvgpu.device_async_create_group
// CHECK:           nvgpu.device_async_copy %[[FA]][%{{.*}}], %[[VA]][%c2048]
// CHECK:           %[[G1:.*]] = nvgpu.device_async_create_group
// Tile 0 has landed once at most stages-2 newer groups are in flight; its
// first fragments: 2 A blocks (x4), 4 B blocks (two x4.trans, split).
// CHECK-NEXT:      nvgpu.device_async_wait %[[G1]] {numGroups = 1 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[A0:.*]] = nvgpu.ldmatrix %[[LA0]][%c0] {numTiles = 4 : i32, transpose = false} : memref<4616xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NEXT:      %[[A1:.*]] = nvgpu.ldmatrix %[[LA0]][%c512]
// CHECK-NEXT:      %[[BP:.*]] = nvgpu.ldmatrix %[[LB0]][%c0] {numTiles = 4 : i32, transpose = true} : memref<5128xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NEXT:      %[[R0:.*]] = vector.extract %[[BP]][0] : vector<2xf16> from vector<4x2xf16>
// CHECK-NEXT:      %[[R1:.*]] = vector.extract %[[BP]][1] : vector<2xf16> from vector<4x2xf16>
// CHECK-NEXT:      %[[H:.*]] = vector.insert %[[R0]], %{{.*}} [0] : vector<2xf16> into vector<2x2xf16>
// CHECK-NEXT:      %[[B0:.*]] = vector.insert %[[R1]], %[[H]] [1] : vector<2xf16> into vector<2x2xf16>
// The loop: 3 tiles a trip.
// CHECK:           %[[RES:.*]]:15 = scf.for %[[K:.*]] = %c0 to %c6 step %c3 iter_args(%{{[a-z0-9_]+}} = %[[G1]], %[[FA0:[a-z0-9_]+]] = %[[A0]], %{{.*}} = %[[A1]], %[[FB0:[a-z0-9_]+]] = %[[B0]], %{{[a-z0-9_]+}} = %{{[0-9]+}}, %{{[a-z0-9_]+}} = %{{[0-9]+}}, %{{[a-z0-9_]+}} = %{{[0-9]+}}, %[[ACC0:[a-z0-9_]+]] = %cst, {{.*}}) -> (!nvgpu.device.async.token, vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf32>,
// One global index a trip and operand: A advances 32 columns a tile, B 32 rows.
// CHECK-NEXT:        %[[KA:.*]] = arith.muli %[[K]], %c32 : index
// CHECK-NEXT:        %[[TA:.*]] = arith.addi %{{.*}}, %[[KA]] : index
// CHECK-NEXT:        %[[KB:.*]] = arith.muli %[[K]], %c4096 : index
// CHECK-NEXT:        %[[TB:.*]] = arith.addi %{{.*}}, %[[KB]] : index
// Tile k+2 is copied into the slot of tile k-1: slot 2 of the first tile of a trip.
// CHECK-NEXT:        %[[I:.*]] = arith.addi %[[TA]], %c64 : index
// CHECK-NEXT:        nvgpu.device_async_copy %[[FA]][%[[I]]], %[[VA]][%c4096]
// CHECK-COUNT-3:     nvgpu.device_async_copy
// CHECK-NEXT:        %[[G:.*]] = nvgpu.device_async_create_group
// The second 16-deep step's fragments are loaded before the first step's
// 2x4 mma.sync, on the carried fragments.
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA1]][%c0]
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA1]][%c512]
// CHECK-NEXT:        nvgpu.ldmatrix %[[LB0]][%c1024]
// CHECK:             nvgpu.ldmatrix %[[LB1]][%c1024]
// CHECK:             nvgpu.mma.sync(%[[FA0]], %[[FB0]], %[[ACC0]]) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-COUNT-7:     nvgpu.mma.sync
// Then tile k+1 is waited for and its first fragments loaded (from slot 1)
// before the second step's mma.sync.
// CHECK-NEXT:        nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA0]][%c2048]
// CHECK-NEXT:        nvgpu.ldmatrix %[[LA0]][%c2560]
// CHECK-NEXT:        nvgpu.ldmatrix %[[LB0]][%c2048]
// CHECK:             nvgpu.mma.sync
// The trip's second tile copies tile k+3 into slot 0, from the same trip index.
// CHECK:             %[[I2:.*]] = arith.addi %[[TA]], %c96 : index
// CHECK-NEXT:        nvgpu.device_async_copy %[[FA]][%[[I2]]], %[[VA]][%c0]
// CHECK:             scf.yield %{{.*}} : !nvgpu.device.async.token, vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>,
// Tiles 6 and 7, peeled: 6 waits for all groups (its successor is the
// last), 7 neither waits nor loads ahead.
// CHECK:           nvgpu.mma.sync(%[[RES]]#1, %[[RES]]#3, %[[RES]]#7)
// CHECK:           nvgpu.device_async_wait %[[RES]]#0 {numGroups = 0 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       nvgpu.device_async_wait
// CHECK-NOT:       gpu.barrier
// The epilogue: rows g and g+8 of each accumulator, C += them.
// CHECK:           vector.extract %{{.*}}[0] : vector<2xf32> from vector<2x2xf32>
// CHECK-NEXT:      vector.load %arg2[{{.*}}] : memref<128x128xf32>, vector<2xf32>
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      vector.store %{{.*}}, %arg2[{{.*}}] : memref<128x128xf32>, vector<2xf32>
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
