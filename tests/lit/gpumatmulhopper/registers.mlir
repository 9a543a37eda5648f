// gpu-matmul-hopper's register epilogue for the cooperative schedule
// (epilogue=registers, with warp-specialize; here persistent on 4 blocks
// for the 6 tiles of 128x256, kept by tile-by-size=false): each consumer warpgroup adds its 64 rows
// of the tile to C from its accumulator's registers, with 8-byte
// accesses, all of a row's loads before its stores, the first row's
// before the wait for the tile's last wgmma. There is no staging
// tile (the shared memory is the ring's 4 stages, 192 KB) and no barrier
// between the consumers or with the producer beyond the ring's: the last
// slot of a tile is released before the epilogue, so the producer loads
// the next tile meanwhile. On a persistent row of clusters it needs no
// pingpong. Lowered by goopt compile to sm_90a PTX (llc). Bad
// combinations are refused.
// RUN: goopt opt %s --gpu-matmul-hopper="epilogue=registers persistent=true sm-count=4 tile-by-size=false" | FileCheck %s --check-prefix=REG
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{epilogue=registers persistent=true sm-count=4 tile-by-size=false}" --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 stages=6 epilogue=registers persistent=true cluster=2,1 sm-count=4" | FileCheck %s --check-prefix=CL
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{tb-tile=128,128,64 stages=6 epilogue=registers persistent=true cluster=2,1 sm-count=4}" --emit=ptx -o %tc.ptx && FileCheck %s --check-prefix=CLPTX --input-file=%tc.ptx
// RUN: not goopt opt %s --gpu-matmul-hopper="epilogue=registers warp-specialize=false" 2>&1 | FileCheck %s --check-prefix=BADWS
// RUN: not goopt opt %s --gpu-matmul-hopper="epilogue=registers persistent=true overlap-epilogue=true stages=2" 2>&1 | FileCheck %s --check-prefix=BADOV
// RUN: not goopt opt %s --gpu-matmul-hopper="epilogue=registers stages=5" 2>&1 | FileCheck %s --check-prefix=BADSMEM
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper/register_epilogue_test.go checks these kernels by execution after goopt's lowering)

// REG:       gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// REG:         %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// REG:         %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// REG-NOT:     nvgpu.mbarrier.create
// REG:           nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c2 :
// The producer walks the block's tiles waiting only for released slots.
// REG:         scf.for %{{.*}} = %[[BX:.*]] to %c6 step %c4 {
// REG-NOT:       try_wait
// REG:           scf.for
// REG:             nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// REG:             nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c49152
// Each consumer: the tile's main loop, the last slot released once its
// wgmma completed, then C += registers, no barrier in between.
// REG:         nvvm.setmaxregister  increase 232
// REG:         scf.for %{{.*}} = %[[BX]] to %c6 step %c4 {
// REG:           scf.for {{.*}} iter_args({{.*}}) -> (!nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>) {
// REG:             nvgpu.mbarrier.try_wait.parity %[[FULL]]
// REG:             nvgpu.warpgroup.mma {{.*}} : <tensor = memref<64x64xf16, 3>>, <tensor = memref<64x256xf16, 3>>, <fragmented = vector<64x256xf32>>
// REG:               nvgpu.mbarrier.arrive %[[EMPTY]]
// The loads of C's first row of pairs are issued before the wait for
// the last wgmma, so that their latency overlaps it.
// REG:           vector.load %arg2[{{.*}}] : memref<384x512xf32>, vector<2xf32>
// REG-NOT:       vector.store
// REG:           nvvm.wgmma.wait.group.sync.aligned 0
// REG-NEXT:      scf.if
// REG:             nvgpu.mbarrier.arrive %[[EMPTY]]
// REG-NOT:       try_wait
// REG:           builtin.unrealized_conversion_cast %{{.*}} : !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>> to !llvm.struct<(struct<(f32,
// REG:           vector.store {{.*}} : memref<384x512xf32>, vector<2xf32>
// REG:           vector.load %arg2[{{.*}}] : memref<384x512xf32>, vector<2xf32>
// REG:           vector.store {{.*}} : memref<384x512xf32>, vector<2xf32>
// REG-NOT:     nvgpu.warpgroup.mma.store
// REG-NOT:     nvgpu.tma.async.store
// REG-NOT:     try_wait

// PTX: .target sm_90a
// PTX: .entry matmul_kernel(
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232
// PTX-DAG: ld.global.v2.f32
// PTX-DAG: st.global.v2.f32
// PTX-NOT: st.shared.v4.f32

// JSON: "grid": [
// JSON-NEXT: 4,
// JSON: "block": [
// JSON-NEXT: 384,
// JSON: "dynamic_shared_bytes": 196608,

// On a persistent row of 2x1 clusters: A in halves, multicast, slots
// released by the 4 consumers of the cluster (remote arrives).
// CL:       gpu.launch clusters({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c1, %{{.*}} = %c1) blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) {{.*}} dynamic_shared_memory_size %c196656_i32 {
// CL:         nvvm.mbarrier.init.shared %{{.*}}, %c4_i32
// CL:           nvgpu.tma.async.load {{.*}} multicast_mask = %c3_i16 : <tensor = memref<32x64xf16, 3>
// CL:           mapa.shared::cluster.u32
// CL:           vector.store {{.*}} : memref<384x512xf32>, vector<2xf32>
// CL:       nvvm.cluster.wait {aligned}

// CLPTX-DAG: multicast::cluster
// CLPTX-DAG: mbarrier.arrive.shared::cluster.b64
// CLPTX-DAG: st.global.v2.f32

// BADWS: error: failed to add {{.*}}: gpu-matmul-hopper: epilogue=registers needs warp-specialize
// BADOV: error: failed to add {{.*}}: gpu-matmul-hopper: overlap-epilogue does not apply to epilogue=registers
// BADSMEM: error: failed to add {{.*}}: gpu-matmul-hopper: 5 stages of 128x256x64 tiles need 245760 bytes of shared memory, more than the 232448 of sm_90
func.func @matmul(%A: memref<384x256xf16>, %B: memref<256x512xf16>, %C: memref<384x512xf32>) {
  affine.for %i = 0 to 384 {
    affine.for %j = 0 to 512 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<384x256xf16>
        %b = affine.load %B[%k, %j] : memref<256x512xf16>
        %c = affine.load %C[%i, %j] : memref<384x512xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<384x512xf32>
      }
    }
  }
  return
}
