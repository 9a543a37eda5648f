// gpu-matmul-hopper's persistent rungs: persistent=true (rung 4) launches
// sm-count blocks (here 3, fewer than the 4 tiles of 128x256, kept by
// tile-by-size=false, so block 0 takes two)
// that loop over the tiles blockIdx.x + i*gridDim.x; the producer and the
// consumers count ring uses across tiles, and with the staging tile over
// the ring the producer waits for the previous epilogue on its own
// mbarrier. overlap-epilogue=true (rung 5) puts the staging tile past the
// ring and drops that wait. Both are lowered by goopt compile to sm_90a PTX.
// Both have a staging tile: epilogue=tma (the default, auto, would be the
// register epilogue for rung 4; it is tma with overlap-epilogue, whose
// default stages shrink to the 2 that fit beside the staging tile at
// 128x256). An explicit conflict is an error.
// RUN: goopt opt %s --gpu-matmul-hopper="epilogue=tma persistent=true sm-count=3 tile-by-size=false" | FileCheck %s --check-prefix=R4
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 persistent=true overlap-epilogue=true sm-count=3" | FileCheck %s --check-prefix=R5
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{epilogue=tma persistent=true sm-count=3 tile-by-size=false}" --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{tb-tile=128,128,64 persistent=true overlap-epilogue=true sm-count=3}" --emit=ptx -o %t5.ptx && FileCheck %s --check-prefix=PTX --input-file=%t5.ptx
// RUN: not goopt opt %s --gpu-matmul-hopper="persistent=true warp-specialize=false" 2>&1 | FileCheck %s --check-prefix=BADWS
// RUN: goopt opt %s --gpu-matmul-hopper="overlap-epilogue=true sm-count=3 tile-by-size=false" | FileCheck %s --check-prefix=OV
// RUN: not goopt opt %s --gpu-matmul-hopper="overlap-epilogue=true persistent=false" 2>&1 | FileCheck %s --check-prefix=BADOV
// RUN: not goopt opt %s --gpu-matmul-hopper="persistent=true overlap-epilogue=true stages=4" 2>&1 | FileCheck %s --check-prefix=BADSMEM
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper checks these kernels by execution after goopt's lowering)

// R4:       gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// R4:         %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// R4:         %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// R4:         %[[DONE:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
// R4:         %[[FREE:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
// R4:         nvgpu.mbarrier.init %[[FREE]][%c0], %c256
// The producer: a loop over the block's tiles, waiting for the previous
// tile's epilogue before refilling the ring.
// R4:         %[[BX:.*]] = gpu.block_id x
// R4:         scf.for %{{.*}} = %[[BX]] to %c4 step %c3 {
// R4:           nvgpu.mbarrier.try_wait.parity %[[FREE]][%c0]
// R4:           scf.for
// R4:             nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// R4:             nvgpu.mbarrier.arrive.expect_tx %[[FULL]]
// The consumers: the same tile loop; the tile's last slot is released
// after the final wgmma, and the staging tile after the TMA stores.
// R4:       scf.for %{{.*}} = %[[BX2:.*]] to %c4 step %c3 {
// R4:         scf.for {{.*}} iter_args
// R4:           nvgpu.mbarrier.try_wait.parity %[[FULL]]
// R4:           nvgpu.warpgroup.mma
// R4:         nvvm.wgmma.wait.group.sync.aligned 0
// R4:         nvgpu.mbarrier.arrive %[[EMPTY]]
// R4:         nvgpu.warpgroup.mma.store
// R4:         nvgpu.tma.async.store
// R4:         nvvm.fence.proxy
// R4-NEXT:    nvgpu.mbarrier.arrive %[[FREE]][%c0]

// R5:       gpu.launch {{.*}} dynamic_shared_memory_size %c196608_i32 {
// R5-NOT:     try_wait.parity {{.*}}[%c0], {{.*}} num_barriers = 1
// The staging tile starts past the 4-slot ring (4 x 32 KB).
// R5:         memref.view %{{.*}}[%c131072][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x128xf32, #gpu.address_space<workgroup>>

// PTX: .target sm_90a
// PTX: .entry matmul_kernel(
// PTX-DAG: wgmma.mma_async.sync.aligned
// PTX-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX-DAG: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// PTX-DAG: mbarrier.try_wait.parity.shared.b64

// JSON: "grid": [
// JSON-NEXT: 3,
// JSON-NEXT: 1,

// OV:       gpu.launch {{.*}} dynamic_shared_memory_size %c229376_i32 {
// OV:         nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// OV:         nvgpu.tma.async.store

// BADWS: error: failed to add {{.*}}: gpu-matmul-hopper: persistent needs warp-specialize
// BADOV: error: failed to add {{.*}}: gpu-matmul-hopper: overlap-epilogue needs persistent
// BADSMEM: error: failed to add {{.*}}: gpu-matmul-hopper: 4 stages of 128x256x64 tiles and a separate 131072-byte staging tile (overlap-epilogue) need 327680 bytes of shared memory, more than the 232448 of sm_90: use fewer stages or a smaller tile
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
