// gpu-matmul-hopper's rung 3: cluster=2,1 launches clusters of two blocks
// along x, which compute tiles of the same rows: each loads half of every
// consumer's A box (a 32-row descriptor) and multicasts it to both (mask
// 0b11); cluster=1,2 pairs blocks along y, each loading half of B's boxes.
// The empty barriers live in dynamic shared memory past the ring, counted
// over the cluster's consumers, which arrive on every block's through
// mapa; a cluster barrier publishes their initialisation and keeps a
// block from exiting while its peer may still arrive. These clusters
// compute one tile a block with the TMA epilogue; a cluster alone keeps the
// defaults (persistent, the register epilogue, as in registers.mlir), and
// a staging-tile epilogue makes it one tile a block unless persistent is
// given, which is then an error.
// RUN: goopt opt %s --gpu-matmul-hopper="cluster=2,1 epilogue=tma persistent=false" | FileCheck %s --check-prefix=CX
// RUN: goopt opt %s --gpu-matmul-hopper="cluster=2,1 epilogue=tma" | FileCheck %s --check-prefix=CX
// RUN: goopt opt %s --gpu-matmul-hopper="cluster=2,1" | FileCheck %s --check-prefix=DEF
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{cluster=2,1 epilogue=tma persistent=false}" --emit=ptx -o %t.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: goopt compile %s --pipeline="gpu-matmul-hopper{cluster=1,2 epilogue=tma persistent=false}" --emit=ptx -o %t.y.ptx && FileCheck %s --check-prefix=PTX --input-file=%t.y.ptx
// RUN: not goopt opt %s --gpu-matmul-hopper="cluster=2,2" 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not goopt opt %s --gpu-matmul-hopper="cluster=2,1 epilogue=tma persistent=true" 2>&1 | FileCheck %s --check-prefix=PERS
// RUN: not goopt opt %s --gpu-matmul-hopper="cluster=4,1" 2>&1 | FileCheck %s --check-prefix=GRID
// EQUIV: none (the interpreter runs a cluster's blocks one after another: TMA multicast to another block is not executable)

// CX:       nvgpu.tma.create.descriptor %{{.*}} box[%c32, %c64] : memref<*xf16> -> <tensor = memref<32x64xf16, 3>, swizzle = swizzle_128b
// CX:       gpu.launch clusters(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c1, %{{.*}} = %c1) blocks
// CX:         %[[BASE:.*]] = memref.extract_aligned_pointer_as_index
// CX:         nvvm.mbarrier.init.shared %{{.*}}, %c4_i32 : !llvm.ptr<3>, i32
// CX:         nvvm.fence.mbarrier.init
// CX-NEXT:    nvvm.cluster.arrive {aligned}
// CX-NEXT:    nvvm.cluster.wait {aligned}
// CX:         nvvm.mbarrier.try_wait.parity.shared
// CX:         nvgpu.tma.async.load {{.*}} multicast_mask = %c3_i16 : {{.*}} -> memref<32x64xf16, #gpu.address_space<workgroup>>
// CX:         nvgpu.tma.async.load {{.*}} to %{{[^ ]*}} : {{.*}} -> memref<64x64xf16, #gpu.address_space<workgroup>>
// CX:         llvm.inline_asm has_side_effects "{ .reg .b32 remote; mapa.shared::cluster.u32 remote, $0, $1; mbarrier.arrive.shared::cluster.b64 _, [remote]; }"
// CX:       nvvm.cluster.arrive {aligned}
// CX-NEXT:  nvvm.cluster.wait {aligned}
// CX-NEXT:  gpu.terminator

// PTX: .target sm_90a
// PTX-DAG: multicast::cluster
// PTX-DAG: mapa.shared::cluster.u32
// PTX-DAG: mbarrier.arrive.shared::cluster.b64
// PTX-DAG: fence.mbarrier_init.release.cluster
// PTX-DAG: barrier.cluster.arrive.aligned

// JSON: "cluster": [
// JSON-NEXT: 2,
// JSON-NEXT: 1,

// SHAPE: cluster must be 1,1 or 2 or 4 blocks along one dimension, got 2,2
// DEF:       gpu.launch clusters(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c1, %{{.*}} = %c1) blocks
// DEF:         scf.for %{{.*}} = %{{.*}} to %c2 step %c2 {
// DEF:         vector.store %{{.*}} : memref<{{.*}}xf32>, vector<2xf32>
// DEF-NOT:     nvgpu.tma.async.store

// PERS: cluster with persistent needs epilogue=registers or pingpong
// GRID: error: 'affine.for' op the 2 column tiles are not a whole number of clusters of 4
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
