// gpu-matmul-hopper turns the plain affine matmul into a Hopper kernel:
// TMA loads (128-byte swizzle) into a ring of shared-memory slots guarded by
// mbarriers, wgmma on descriptors. RUN lines climb the ladder: rung 0 (one
// warpgroup, 128x128 tiles, C += the accumulators through a shared staging
// tile), then warp specialisation with the TMA-store epilogue and grid
// swizzle, one tile a block (128x256 tiles over two consumer warpgroups),
// then the defaults: the same, persistent, with the register epilogue.
// tile-by-size=false keeps the default 128x256 tiles at this small size
// (tile-by-size would take 128x128 here; defaults.mlir checks it).
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 consumers=1 warp-specialize=false epilogue=direct grid-swizzle=0" | FileCheck %s --check-prefix=RUNG0
// RUN: goopt opt %s --gpu-matmul-hopper="epilogue=tma persistent=false tile-by-size=false" | FileCheck %s --check-prefix=TOP
// RUN: goopt opt %s --gpu-matmul-hopper="tile-by-size=false" | FileCheck %s --check-prefix=DEFAULT
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering)

// RUNG0-LABEL: func.func @matmul
// RUNG0-DAG:     %[[A:.*]] = memref.cast %{{.*}} : memref<256x128xf16> to memref<*xf16>
// RUNG0-DAG:     %[[B:.*]] = memref.cast %{{.*}} : memref<128x512xf16> to memref<*xf16>
// RUNG0:         %[[TA:.*]] = nvgpu.tma.create.descriptor %[[A]] box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// RUNG0:         %[[TB:.*]] = nvgpu.tma.create.descriptor %[[B]] box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// RUNG0:         gpu.launch {{.*}} dynamic_shared_memory_size %c131072_i32 {
// RUNG0:           %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// RUNG0:           %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// RUNG0:           nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1
// RUNG0:           nvgpu.tma.prefetch.descriptor %[[TA]]
// RUNG0:           gpu.barrier
// The prologue fills the ring (here both K tiles), from thread 0.
// RUNG0:           scf.for %{{.*}} = %c0 to %c2 step %c1 {
// RUNG0:             nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c32768
// RUNG0:             nvgpu.tma.async.load %[[TA]][%{{.*}}, %{{.*}}], %[[FULL]][%{{.*}}] to %{{.*}} : {{.*}} -> memref<128x64xf16, #gpu.address_space<workgroup>>
// RUNG0-COUNT-2:     nvgpu.tma.async.load %[[TB]]
// RUNG0:           %[[INIT:.*]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// RUNG0:           %[[ACC:.*]] = scf.for %{{.*}} iter_args(%[[IT:.*]] = %[[INIT]])
// RUNG0:             nvgpu.mbarrier.try_wait.parity %[[FULL]][%{{.*}}], %{{.*}}, %c10000000
// RUNG0:             %[[DA:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[TA]]
// RUNG0:             %[[DB:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[TB]]
// RUNG0:             nvgpu.warpgroup.mma %[[DA]], %[[DB]], %[[IT]] {transposeB} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, <fragmented = vector<128x128xf32>> -> <fragmented = vector<128x128xf32>>
// warpgroup.mma leaves the last wgmma group in flight (wait_group 1): the
// slot of the previous K tile is refilled, after a barrier past every
// warpgroup's wgmma on it; the last wgmma is waited for after the loop.
// RUNG0:             scf.if
// RUNG0-NEXT:          gpu.barrier
// RUNG0:               nvgpu.mbarrier.arrive.expect_tx
// RUNG0:           nvvm.wgmma.wait.group.sync.aligned 0
// RUNG0-NEXT:      gpu.barrier
// RUNG0:           nvgpu.warpgroup.mma.store %[[ACC]], %{{.*}} : <fragmented = vector<128x128xf32>> to memref<128x128xf32, #gpu.address_space<workgroup>>
// RUNG0:           gpu.barrier
// RUNG0:           scf.for
// RUNG0:             vector.load %{{.*}} : memref<128x128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// RUNG0:             vector.load %{{.*}} : memref<256x512xf32>, vector<4xf32>
// RUNG0:             arith.addf %{{.*}} : vector<4xf32>
// RUNG0:             vector.store %{{.*}} : memref<256x512xf32>, vector<4xf32>
// RUNG0-NOT:       nvgpu.tma.async.store

// The defaults: 4 persistent blocks (fewer tiles than the 132 SMs), no
// staging tile (the ring's 196608 bytes), no consumer barrier; each
// consumer loads its first row of C's pairs before waiting for its last
// wgmma, releases the slot, and adds its registers to C with 8-byte
// accesses.
// DEFAULT-LABEL: func.func @matmul
// DEFAULT-NOT:     memref<*xf32>
// DEFAULT:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// DEFAULT:           %[[FULL:.*]] = nvgpu.mbarrier.create
// DEFAULT:           %[[EMPTY:.*]] = nvgpu.mbarrier.create
// DEFAULT-NOT:       nvgpu.mbarrier.create
// DEFAULT:           nvvm.setmaxregister  decrease 40
// DEFAULT:           scf.for %{{.*}} = %[[BX:.*]] to %c4 step %c4 {
// DEFAULT:             arith.minui
// DEFAULT:             nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// DEFAULT:             nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c49152
// DEFAULT:         } else {
// DEFAULT-NEXT:      nvvm.setmaxregister  increase 232
// DEFAULT:           scf.for %{{.*}} = %[[BX]] to %c4 step %c4 {
// DEFAULT:             nvgpu.warpgroup.mma {{.*}} -> <fragmented = vector<64x256xf32>>
// DEFAULT:             vector.load %{{.*}} : memref<256x512xf32>, vector<2xf32>
// DEFAULT:             nvvm.wgmma.wait.group.sync.aligned 0
// DEFAULT:             nvgpu.mbarrier.arrive %[[EMPTY]]
// DEFAULT:             builtin.unrealized_conversion_cast
// DEFAULT:             vector.store %{{.*}} : memref<256x512xf32>, vector<2xf32>
// DEFAULT-NOT:       nvgpu.warpgroup.mma.store
// DEFAULT-NOT:       nvgpu.tma.async.store

// TOP-LABEL: func.func @matmul
// TOP:         %[[TC:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%{{.*}}, %{{.*}}] : memref<*xf32> -> <tensor = memref<64x256xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
// TOP:         gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// Grid swizzle: the tile row and column come from the rasterised block index.
// TOP:           arith.minui
// TOP:           %[[FULL:.*]] = nvgpu.mbarrier.create
// TOP:           %[[EMPTY:.*]] = nvgpu.mbarrier.create
// TOP:           %[[DONE:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>{{$}}
// TOP:           nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1
// TOP:           nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c2
// TOP:           nvgpu.mbarrier.init %[[DONE]][%c0], %c256
// TOP:           scf.if
// TOP-NEXT:        nvvm.setmaxregister  decrease 40
// TOP:             nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// TOP:             nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c49152
// TOP:           } else {
// TOP-NEXT:        nvvm.setmaxregister  increase 232
// TOP:             nvgpu.mbarrier.try_wait.parity %[[FULL]]
// TOP:             nvgpu.warpgroup.mma {{.*}} -> <fragmented = vector<64x256xf32>>
// TOP:             nvgpu.mbarrier.arrive %[[EMPTY]]
// TOP:           nvvm.wgmma.wait.group.sync.aligned 0
// The consumers synchronise without the producer, on the DONE mbarrier.
// TOP:           nvgpu.mbarrier.arrive %[[DONE]][%c0]
// TOP-NEXT:      nvgpu.mbarrier.try_wait.parity %[[DONE]][%c0], %false
// TOP:           nvgpu.warpgroup.mma.store
// TOP:           nvgpu.mbarrier.arrive %[[DONE]][%c0]
// TOP-NEXT:      nvgpu.mbarrier.try_wait.parity %[[DONE]][%c0], %true
// TOP:             nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// TOP-COUNT-2:     nvgpu.tma.async.store %{{.*}} to %[[TC]]
// TOP:             nvvm.cp.async.bulk.commit.group
// TOP-NEXT:        nvvm.cp.async.bulk.wait_group 0 {read}
func.func @matmul(%A: memref<256x128xf16>, %B: memref<128x512xf16>, %C: memref<256x512xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 512 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<256x128xf16>
        %b = affine.load %B[%k, %j] : memref<128x512xf16>
        %c = affine.load %C[%i, %j] : memref<256x512xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<256x512xf32>
      }
    }
  }
  return
}
