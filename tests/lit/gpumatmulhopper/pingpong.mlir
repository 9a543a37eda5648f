// gpu-matmul-hopper's ping-pong schedule (pingpong=true, rung 7; it
// implies persistent and warp-specialize): each consumer warpgroup takes
// whole tiles of the block in turn (6 tiles on 4 blocks here, so the
// consumers of a block get 1 and 1 or 1 and 0 tiles), the producer fills
// one 7-stage ring in tile order, a slot is released by its one consumer,
// and turn[c] (an mbarrier of 128 arrivals) passes the main loop from one
// consumer to the next; the epilogue adds the accumulator's registers to
// C with 8-byte accesses, with no staging tile. Lowered by goopt compile
// to sm_90a PTX. Bad combinations are refused.
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 stages=7 pingpong=true sm-count=4" | FileCheck %s --check-prefix=PP
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{tb-tile=128,128,64 stages=7 pingpong=true sm-count=4}" --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=64,256,64 stages=5 pingpong=true sm-count=4" | FileCheck %s --check-prefix=WIDE
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 stages=7 pingpong=true cluster=2,1 sm-count=5" | FileCheck %s --check-prefix=CL
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{tb-tile=128,128,64 stages=7 pingpong=true cluster=2,1}" --emit=ptx -o %tc.ptx && FileCheck %s --check-prefix=CLPTX --input-file=%tc.ptx
// RUN: FileCheck %s --check-prefix=CLJSON --input-file=%tc.json
// RUN: not goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 epilogue=tma persistent=true cluster=2,1" 2>&1 | FileCheck %s --check-prefix=BADCL
// RUN: not goopt opt %s --gpu-matmul-hopper="pingpong=true" 2>&1 | FileCheck %s --check-prefix=BADREGS
// RUN: not goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 pingpong=true consumers=1" 2>&1 | FileCheck %s --check-prefix=BADCONS
// RUN: not goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 pingpong=true overlap-epilogue=true" 2>&1 | FileCheck %s --check-prefix=BADOV
// RUN: not goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 pingpong=true stages=8" 2>&1 | FileCheck %s --check-prefix=BADSMEM
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper/pingpong_test.go checks these kernels by execution after goopt's lowering)

// PP:       gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c229376_i32 {
// PP:         %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 7>
// PP:         %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 7>
// PP:         %[[TURN:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// PP-NOT:     nvgpu.mbarrier.create
// PP:           nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c1 :
// PP:         nvgpu.mbarrier.init %[[TURN]][%c0], %c128
// PP:         nvgpu.mbarrier.init %[[TURN]][%c1], %c128
// The producer loads every tile of the block, one 128-row A box a slot.
// PP:         scf.for %{{.*}} = %[[BX:.*]] to %c6 step %c4 {
// PP:           nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// PP:           nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c32768
// PP:           nvgpu.tma.async.load {{.*}} -> memref<128x64xf16, #gpu.address_space<workgroup>>
// PP-NEXT:      arith.addi
// PP-NEXT:      memref.view {{.*}} to memref<64x64xf16
// Consumer wg takes tiles bx + wg*4, stepping over both consumers' tiles;
// it waits for its turn, runs the whole tile's main loop, passes the turn
// on, then stores from registers.
// PP:         nvvm.setmaxregister  increase 232
// PP:         scf.for %{{.*}} = %{{.*}} to %c6 step %c8 {
// PP:             nvgpu.mbarrier.try_wait.parity %[[TURN]][
// PP:           scf.for {{.*}} iter_args({{.*}}) -> (!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>) {
// PP:             nvgpu.mbarrier.try_wait.parity %[[FULL]]
// PP:             nvgpu.warpgroup.mma {{.*}} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, <fragmented = vector<128x128xf32>>
// PP:               nvgpu.mbarrier.arrive %[[EMPTY]]
// The loads of C's first row of pairs overlap the last wgmma.
// PP:           nvgpu.mbarrier.arrive %[[TURN]][
// PP:           vector.load %arg2[{{.*}}] : memref<384x256xf32>, vector<2xf32>
// PP:           nvvm.wgmma.wait.group.sync.aligned 0
// PP:             nvgpu.mbarrier.arrive %[[EMPTY]]
// PP:           builtin.unrealized_conversion_cast %{{.*}} : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> to !llvm.struct<(struct<(f32,
// PP:           vector.store {{.*}} : memref<384x256xf32>, vector<2xf32>
// PP:           vector.load %arg2[{{.*}}] : memref<384x256xf32>, vector<2xf32>
// PP:           vector.store {{.*}} : memref<384x256xf32>, vector<2xf32>
// PP-NOT:     nvgpu.warpgroup.mma.store
// PP-NOT:     nvgpu.tma.async.store

// PTX: .target sm_90a
// PTX: .entry matmul_kernel(
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232
// PTX-DAG: ld.global.v2.f32
// PTX-DAG: st.global.v2.f32
// PTX-DAG: mbarrier.try_wait.parity.shared.b64

// JSON: "grid": [
// JSON-NEXT: 4,
// JSON: "block": [
// JSON-NEXT: 384,
// JSON: "dynamic_shared_bytes": 229376,

// WIDE:     dynamic_shared_memory_size %c204800_i32
// WIDE:     nvgpu.warpgroup.mma {{.*}} <fragmented = vector<64x256xf32>>

// With a 2x1 cluster the persistent grid is a row of whole clusters (5
// SMs: 4 blocks), each cluster walking pairs of tiles (3 here) and each
// block taking its rank's tile of the pair; A is loaded in halves and
// multicast, and a slot is free once both blocks' consumers of its tile
// have released it (2 arrivals, remote ones through mapa).
// CL:       gpu.launch clusters({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c1, %{{.*}} = %c1) blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) {{.*}} dynamic_shared_memory_size %c229432_i32 {
// CL:         nvvm.mbarrier.init.shared %{{.*}}, %c2_i32
// CL:         nvvm.cluster.arrive {aligned}
// CL:         scf.for %{{.*}} = %{{.*}} to %c3 step %c2 {
// CL:           nvgpu.tma.async.load {{.*}} multicast_mask = %c3_i16 : <tensor = memref<64x64xf16, 3>
// CL:         scf.for %{{.*}} = %{{.*}} to %c3 step %c4 {
// CL:           mapa.shared::cluster.u32
// CL:       nvvm.cluster.wait {aligned}

// CLPTX-DAG: multicast::cluster
// CLPTX-DAG: mbarrier.arrive.shared::cluster.b64
// CLPTX-DAG: ld.global.v2.f32

// CLJSON: "cluster": [
// CLJSON-NEXT: 2,

// BADCL: error: failed to add {{.*}}: gpu-matmul-hopper: cluster with persistent needs epilogue=registers or pingpong

// BADREGS: error: failed to add {{.*}}: gpu-matmul-hopper: pingpong gives each consumer warpgroup the whole 128x256 tile, 256 accumulator registers a thread (at most 128): use tb-tile=128,128,64 or 64,256,64
// BADCONS: error: failed to add {{.*}}: gpu-matmul-hopper: pingpong needs at least 2 consumers to take turns, got 1
// BADOV: error: failed to add {{.*}}: gpu-matmul-hopper: overlap-epilogue does not apply to pingpong: its epilogue stores from registers, with no staging tile
// BADSMEM: error: failed to add {{.*}}: gpu-matmul-hopper: 8 stages of 128x128x64 tiles need 262144 bytes of shared memory, more than the 232448 of sm_90
func.func @matmul(%A: memref<384x256xf16>, %B: memref<256x256xf16>, %C: memref<384x256xf32>) {
  affine.for %i = 0 to 384 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<384x256xf16>
        %b = affine.load %B[%k, %j] : memref<256x256xf16>
        %c = affine.load %C[%i, %j] : memref<384x256xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<384x256xf32>
      }
    }
  }
  return
}
