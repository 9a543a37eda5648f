// RUN: goopt opt %s --split-input-file | FileCheck %s
// RUN: goopt opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: goopt opt %s --split-input-file | goopt opt --split-input-file | FileCheck %s

// The nvgpu types print in full where a function signature holds them; the
// default num_barriers = 1 is left out.
// CHECK-LABEL: func.func private @types
// CHECK-SAME: !nvgpu.device.async.token
// CHECK-SAME: !nvgpu.mbarrier.token
// CHECK-SAME: !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
// CHECK-SAME: !nvgpu.mbarrier.group<memorySpace = 3 : i64, num_barriers = 4>
// CHECK-SAME: !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = nan, interleave = interleave_16b>
// CHECK-SAME: !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, strided<[128, 1]>, 3>>
// CHECK-SAME: !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
func.func private @types(!nvgpu.device.async.token, !nvgpu.mbarrier.token,
  !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>,
  !nvgpu.mbarrier.group<num_barriers = 4, memorySpace = 3>,
  !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = nan, interleave = interleave_16b>,
  !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, strided<[128, 1]>, 3>>,
  !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>)

// -----

// Ampere warp-level ops and cp.async copies; the copy's token type is not spelled.
// CHECK-LABEL: func.func @ampere
// CHECK: nvgpu.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<?x?xf16, 3> -> vector<4x2xf16>
// CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK: %[[C0:.*]] = nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], 4 : memref<4x5xf32> to memref<2x7x5xf32, 3>
// CHECK: %[[C1:.*]] = nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], 4, %{{.*}} {bypassL1} : memref<4x5xf32> to memref<2x7x5xf32, 3>
// CHECK: %[[G:.*]] = nvgpu.device_async_create_group %[[C0]], %[[C1]]
// CHECK: nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// GENERIC-LABEL: sym_name = "ampere"
// GENERIC: "nvgpu.ldmatrix"(%{{.*}}, %{{.*}}, %{{.*}}) <{numTiles = 4 : i32, transpose = false}>
// GENERIC: "nvgpu.device_async_copy"({{.*}}) <{dstElements = 4 : index, operandSegmentSizes = array<i32: 1, 3, 1, 2, 0>}> : (memref<2x7x5xf32, 3>, index, index, index, memref<4x5xf32>, index, index) -> !nvgpu.device.async.token
// GENERIC: "nvgpu.device_async_copy"({{.*}}) <{bypassL1, dstElements = 4 : index, operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}>
func.func @ampere(%sm: memref<?x?xf16, 3>, %i: index, %a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>,
                  %dst: memref<2x7x5xf32, 3>, %src: memref<4x5xf32>, %n: index) {
  %l = nvgpu.ldmatrix %sm[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<?x?xf16, 3> -> vector<4x2xf16>
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  %0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : memref<4x5xf32> to memref<2x7x5xf32, 3>
  %1 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4, %n {bypassL1} : memref<4x5xf32> to memref<2x7x5xf32, 3>
  %g = nvgpu.device_async_create_group %0, %1
  nvgpu.device_async_wait %g {numGroups = 1 : i32}
  return
}

// -----

// The mbarrier ops; in an op's custom form the group type is printed without
// `!nvgpu.mbarrier.group`, as upstream prints it, and read in either form.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK-LABEL: func.func @mbarrier
// CHECK: %[[B:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK: nvgpu.mbarrier.init %[[B]][%{{.*}}], %{{.*}} : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK: nvgpu.mbarrier.init %[[B]][%{{.*}}], %{{.*}}, predicate = %{{.*}} : <memorySpace
// CHECK: %[[T:.*]] = nvgpu.mbarrier.arrive %[[B]][%{{.*}}] : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2> -> !nvgpu.mbarrier.token
// CHECK: nvgpu.mbarrier.arrive.nocomplete %[[B]][%{{.*}}], %{{.*}} : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2> -> !nvgpu.mbarrier.token
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[B]][%{{.*}}], %{{.*}} : <memorySpace
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[B]][%{{.*}}], %{{.*}}, predicate = %{{.*}} : <memorySpace
// CHECK: nvgpu.mbarrier.test.wait %[[B]][%{{.*}}], %[[T]] : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>, !nvgpu.mbarrier.token
// CHECK: nvgpu.mbarrier.try_wait.parity %[[B]][%{{.*}}], %{{.*}}, %{{.*}} : <memorySpace
// GENERIC-LABEL: sym_name = "mbarrier"
// GENERIC: "nvgpu.mbarrier.init"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>, index, index, i1) -> ()
// GENERIC: "nvgpu.mbarrier.try_wait.parity"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>, i1, index, index) -> ()
func.func @mbarrier(%i: index, %n: index, %p: i1) {
  %b = nvgpu.mbarrier.create -> !bar
  nvgpu.mbarrier.init %b[%i], %n : !bar
  nvgpu.mbarrier.init %b[%i], %n, predicate = %p : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
  %t = nvgpu.mbarrier.arrive %b[%i] : !bar -> !nvgpu.mbarrier.token
  %t2 = nvgpu.mbarrier.arrive.nocomplete %b[%i], %n : !bar -> !nvgpu.mbarrier.token
  nvgpu.mbarrier.arrive.expect_tx %b[%i], %n : !bar
  nvgpu.mbarrier.arrive.expect_tx %b[%i], %n, predicate = %p : !bar
  %done = nvgpu.mbarrier.test.wait %b[%i], %t : !bar, !nvgpu.mbarrier.token
  nvgpu.mbarrier.try_wait.parity %b[%i], %p, %n : !bar
  return
}

// -----

// TMA: descriptor creation and prefetch, loads with and without multicast
// and predicate (operandSegmentSizes in the generic form), stores.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK-LABEL: func.func @tma
// CHECK: %[[D:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: nvgpu.tma.prefetch.descriptor %[[D]] : <tensor
// CHECK: nvgpu.tma.prefetch.descriptor %[[D]], predicate = %{{.*}} : <tensor
// CHECK: nvgpu.tma.async.load %[[D]][%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}] to %{{.*}} : <tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<128x64xf16, 3>
// CHECK: nvgpu.tma.async.load %[[D]][%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}] to %{{.*}} multicast_mask = %{{.*}}, predicate = %{{.*}} : <tensor
// CHECK: nvgpu.tma.async.store %{{.*}} to %[[D]][%{{.*}}, %{{.*}}] : memref<128x64xf16, 3> -> <tensor
// CHECK: nvgpu.tma.async.store %{{.*}} to %[[D]][%{{.*}}, %{{.*}}], predicate = %{{.*}} : memref<128x64xf16, 3> -> <tensor
// GENERIC-LABEL: sym_name = "tma"
// GENERIC: "nvgpu.tma.async.load"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 0, 0>}>
// GENERIC: "nvgpu.tma.async.load"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 1>}>
// GENERIC: "nvgpu.tma.async.store"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>}>
// GENERIC: "nvgpu.tma.async.store"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>}>
func.func @tma(%g: memref<*xf16>, %x: index, %y: index, %p: i1, %mask: i16, %buf: memref<128x64xf16, 3>) {
  %b = nvgpu.mbarrier.create -> !bar
  %d = nvgpu.tma.create.descriptor %g box[%x, %y] : memref<*xf16> -> !tma
  nvgpu.tma.prefetch.descriptor %d : !tma
  nvgpu.tma.prefetch.descriptor %d, predicate = %p : !tma
  nvgpu.tma.async.load %d[%x, %y], %b[%x] to %buf : !tma, !bar -> memref<128x64xf16, 3>
  nvgpu.tma.async.load %d[%x, %y], %b[%x] to %buf multicast_mask = %mask, predicate = %p : !tma, !bar -> memref<128x64xf16, 3>
  nvgpu.tma.async.store %buf to %d[%x, %y] : memref<128x64xf16, 3> -> !tma
  nvgpu.tma.async.store %buf to %d[%x, %y], predicate = %p : memref<128x64xf16, 3> -> !tma
  return
}

// -----

// Warpgroup MMA: waitGroup keeps its default 1 unless spelled.
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
// CHECK-LABEL: func.func @warpgroup
// CHECK: %[[A:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %{{.*}} : memref<128x64xf16, 3>, <tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> -> <tensor = memref<128x64xf16, 3>>
// CHECK: %[[B:.*]] = nvgpu.warpgroup.generate.descriptor
// CHECK: %[[C:.*]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK: %[[D:.*]] = nvgpu.warpgroup.mma %[[A]], %[[B]], %[[C]] {transposeB} : <tensor = memref<128x64xf16, 3>>, <tensor = memref<64x128xf16, 3>>, <fragmented = vector<128x128xf32>> -> <fragmented = vector<128x128xf32>>
// CHECK: nvgpu.warpgroup.mma %[[A]], %[[B]], %[[D]] {transposeB, waitGroup = 2 : i32} :
// CHECK: nvgpu.warpgroup.mma.store %[[D]], %{{.*}} : <fragmented = vector<128x128xf32>> to memref<128x128xf32>
// GENERIC-LABEL: sym_name = "warpgroup"
// GENERIC: "nvgpu.warpgroup.mma"(%{{.*}}, %{{.*}}, %{{.*}}) <{transposeB}>
// GENERIC: "nvgpu.warpgroup.mma"(%{{.*}}, %{{.*}}, %{{.*}}) <{transposeB, waitGroup = 2 : i32}>
func.func @warpgroup(%d: !tma, %a: memref<128x64xf16, 3>, %b: memref<64x128xf16, 3>, %out: memref<128x128xf32>) {
  %da = nvgpu.warpgroup.generate.descriptor %a, %d : memref<128x64xf16, 3>, !tma -> !descA
  %db = nvgpu.warpgroup.generate.descriptor %b, %d : memref<64x128xf16, 3>, !tma -> !descB
  %c = nvgpu.warpgroup.mma.init.accumulator -> !acc
  %r = nvgpu.warpgroup.mma %da, %db, %c {transposeB} : !descA, !descB, !acc -> !acc
  %r2 = nvgpu.warpgroup.mma %da, %db, %r {transposeB, waitGroup = 2 : i32} : !descA, !descB, !acc -> !acc
  nvgpu.warpgroup.mma.store %r, %out : !acc to memref<128x128xf32>
  return
}
