// gpu-matmul-hopper's defaults are its fastest configuration: persistent
// (one block per SM, here 4 for the 4 tiles), warp-specialised, 128x256x64
// tiles over 4 stages, and epilogue=auto, which is the register epilogue
// there: no staging tile, no TMA store of C, C updated from the
// consumers' registers. Defaults that the options given rule out fall
// back: warp-specialize=false is the rung-0 kernel (one tile a block, TMA
// epilogue); overlap-epilogue=true takes the TMA epilogue and the 2
// stages that fit beside its staging tile. An option given explicitly
// never falls back: persistent=true or epilogue=registers with
// warp-specialize=false is an error, located at the pipeline's option.
// The checks below keep the 128x256 tiles with tile-by-size=false: at this
// size (4 tiles of 128x256 for 132 SMs) the defaults take 128x128 tiles,
// 8 blocks (SMALL).
// RUN: goopt opt %s --gpu-matmul-hopper | FileCheck %s --check-prefix=SMALL
// RUN: goopt opt %s --gpu-matmul-hopper="tile-by-size=false" | FileCheck %s
// RUN: goopt opt %s --pass-pipeline="builtin.module(gpu-matmul-hopper{tile-by-size=false})" | FileCheck %s
// RUN: goopt opt %s --gpu-matmul-hopper="warp-specialize=false tile-by-size=false" | FileCheck %s --check-prefix=NOWS
// RUN: goopt opt %s --gpu-matmul-hopper="overlap-epilogue=true tile-by-size=false" | FileCheck %s --check-prefix=OV
// RUN: goopt opt %s --gpu-matmul-hopper="persistent=false tile-by-size=false" | FileCheck %s --check-prefix=ONE
// RUN: not goopt opt %s --pass-pipeline="builtin.module(gpu-matmul-hopper{persistent=true warp-specialize=false})" 2>&1 | FileCheck %s --check-prefix=BADWS
// RUN: not goopt opt %s --gpu-matmul-hopper="epilogue=registers warp-specialize=false" 2>&1 | FileCheck %s --check-prefix=BADREG
// RUN: not goopt opt %s --gpu-matmul-hopper="overlap-epilogue=true epilogue=registers" 2>&1 | FileCheck %s --check-prefix=BADOV
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views nor nvgpu ops before their lowering; passes/gpumatmulhopper checks these kernels by execution after goopt's lowering)

// CHECK-LABEL: func.func @matmul
// CHECK-NOT:     memref<*xf32>
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// CHECK:           nvvm.setmaxregister  decrease 40
// CHECK:           scf.for %{{.*}} = %{{.*}} to %c4 step %c4 {
// CHECK:           nvvm.setmaxregister  increase 232
// CHECK:             vector.store %{{.*}} : memref<256x512xf32>, vector<2xf32>
// CHECK-NOT:       nvgpu.warpgroup.mma.store
// CHECK-NOT:       nvgpu.tma.async.store

// One tile a block: a 2x2 grid of 256 threads (two consumer warpgroups,
// no producer), the staging tile over the ring, TMA stores of C.
// NOWS-LABEL: func.func @matmul
// NOWS:         nvgpu.tma.create.descriptor {{.*}} : memref<*xf32>
// NOWS:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c2, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// NOWS-NOT:       nvvm.setmaxregister
// NOWS:           nvgpu.warpgroup.mma.store
// NOWS:           nvgpu.tma.async.store

// The ring's 2 stages (98304 bytes) and the 131072-byte staging tile.
// OV-LABEL: func.func @matmul
// OV:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, {{.*}}) dynamic_shared_memory_size %c229376_i32 {
// OV:           nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// OV:           nvgpu.warpgroup.mma.store
// OV:           nvgpu.tma.async.store

// persistent=false alone is the previous default: one tile a block,
// warp-specialised, the TMA epilogue.
// ONE-LABEL: func.func @matmul
// ONE:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c2, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c196608_i32 {
// ONE:           nvvm.setmaxregister  decrease 40
// ONE:           nvgpu.tma.async.store

// BADWS: <pass-pipeline>:1:16: error: gpu-matmul-hopper: persistent needs warp-specialize: the producer warpgroup runs the ring across tiles
// BADWS-NEXT: builtin.module(gpu-matmul-hopper{persistent=true warp-specialize=false})
// BADREG: error: failed to add {{.*}}: gpu-matmul-hopper: epilogue=registers needs warp-specialize
// BADOV: error: failed to add {{.*}}: gpu-matmul-hopper: overlap-epilogue does not apply to epilogue=registers

// SMALL-LABEL: func.func @matmul
// SMALL:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c8, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384, {{.*}}) dynamic_shared_memory_size %c131072_i32 {
// SMALL:           nvgpu.warpgroup.mma {{.*}} -> <fragmented = vector<64x128xf32>>
// SMALL-NOT:       vector<64x256xf32>
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
