// gpu-map-affine{transpose=tma} (the TMA transpose of seed 000) on a
// 40x72 f32 transpose: 64x64 tiles (transpose-tile), a 2x1 grid of 256
// threads. Thread 0 loads a tile of A with two TMA loads of 64 rows by 32
// columns (the 128 bytes a swizzle_128b box row may span) into
// 128-byte-swizzled dynamic shared memory, completing on an mbarrier; the
// block reads it transposed (16-byte chunk j of a box row c at chunk
// j^(c%8)) into a plain 64x64 tile, and after a proxy fence and a barrier
// thread 0 stores that tile to B with one TMA store. The tensor maps
// zero-fill the loads and clip the stores past the edges (40 and 72 are
// not multiples of 64): no guards. Rows must be multiples of 16 bytes
// (tma_invalid.mlir). passes/gpumapaffine's TestTMATranspose runs the
// lowered kernels against the loops.
// RUN: goopt opt %s --gpu-map-affine="transpose=tma" | FileCheck %s
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory's byte views before their lowering; TestTMATranspose checks the lowered kernels)

// CHECK-LABEL: func.func @transpose(
// CHECK:         %[[CA:.*]] = memref.cast %arg0 : memref<40x72xf32> to memref<*xf32>
// CHECK:         %[[CB:.*]] = memref.cast %arg1 : memref<72x40xf32> to memref<*xf32>
// CHECK:         %[[DA:.*]] = nvgpu.tma.create.descriptor %[[CA]] box[%c64, %c32] : memref<*xf32> -> <tensor = memref<64x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK:         %[[DB:.*]] = nvgpu.tma.create.descriptor %[[CB]] box[%c64, %c64] : memref<*xf32> -> <tensor = memref<64x64xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
// CHECK:         gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) dynamic_shared_memory_size %c32768_i32
// CHECK:           %[[X0:.*]] = arith.muli %[[BX]], %c64 : index
// CHECK:           %[[Y0:.*]] = arith.muli %[[BY]], %c64 : index
// CHECK:           %[[IN:.*]] = memref.view %{{.*}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x32xf32, #gpu.address_space<workgroup>>
// CHECK:           %[[OUT:.*]] = memref.view %{{.*}}[%c16384][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf32, #gpu.address_space<workgroup>>
// CHECK:           %[[BAR:.*]] = nvgpu.mbarrier.create
// CHECK:           nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c0], %c16384
// CHECK-NEXT:      %[[B0:.*]] = memref.view %{{.*}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      nvgpu.tma.async.load %[[DA]][%[[X0]], %[[Y0]]], %[[BAR]][%c0] to %[[B0]]
// CHECK-NEXT:      %[[B1:.*]] = memref.view %{{.*}}[%c8192][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[X1:.*]] = arith.addi %[[X0]], %c32 : index
// CHECK-NEXT:      nvgpu.tma.async.load %[[DA]][%[[X1]], %[[Y0]]], %[[BAR]][%c0] to %[[B1]]
// CHECK:           nvgpu.mbarrier.try_wait.parity %[[BAR]][%c0], %false
// CHECK:           arith.xori
// CHECK:           %[[V:.*]] = memref.load %[[IN]]
// CHECK-NEXT:      memref.store %[[V]], %[[OUT]]
// CHECK:           nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT:      gpu.barrier
// CHECK:           nvgpu.tma.async.store %[[OUT]] to %[[DB]][%[[Y0]], %[[X0]]]
// CHECK-NEXT:      nvvm.cp.async.bulk.commit.group
// CHECK-NEXT:      nvvm.cp.async.bulk.wait_group 0 {read}
func.func @transpose(%a: memref<40x72xf32>, %b: memref<72x40xf32>) {
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 72 {
      %x = affine.load %a[%i, %j] : memref<40x72xf32>
      affine.store %x, %b[%j, %i] : memref<72x40xf32>
    }
  }
  return
}
