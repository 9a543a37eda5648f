// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Verifier errors of the nvgpu ops, one case each, with upstream's messages
// (mlir-opt-19 --verify-diagnostics accepts this file too).

func.func @ldmatrix_space(%arg0: memref<128x128xf16>, %i: index) -> vector<4x2xf16> {
  // expected-error @+1 {{expected nvgpu.ldmatrix srcMemref must have a memory space attribute of IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)}}
  %a = nvgpu.ldmatrix %arg0[%i, %i] {transpose = false, numTiles = 4 : i32} : memref<128x128xf16> -> vector<4x2xf16>
  return %a : vector<4x2xf16>
}

// -----

func.func @ldmatrix_wide(%arg0: memref<128x128xf64, 3>, %i: index) -> vector<4x1xf64> {
  // expected-error @+1 {{nvgpu.ldmatrix works for 32b or lower}}
  %a = nvgpu.ldmatrix %arg0[%i, %i] {transpose = false, numTiles = 4 : i32} : memref<128x128xf64, 3> -> vector<4x1xf64>
  return %a : vector<4x1xf64>
}

// -----

func.func @ldmatrix_transpose(%arg0: memref<128x128xf32, 3>, %i: index) -> vector<4x1xf32> {
  // expected-error @+1 {{nvgpu.ldmatrix transpose works only at 16b granularity}}
  %a = nvgpu.ldmatrix %arg0[%i, %i] {transpose = true, numTiles = 4 : i32} : memref<128x128xf32, 3> -> vector<4x1xf32>
  return %a : vector<4x1xf32>
}

// -----

func.func @ldmatrix_rank(%arg0: memref<128x128xf16, 3>, %i: index) -> vector<8xf16> {
  // expected-error @+1 {{results must be 2 dimensional vector}}
  %a = nvgpu.ldmatrix %arg0[%i, %i] {transpose = false, numTiles = 4 : i32} : memref<128x128xf16, 3> -> vector<8xf16>
  return %a : vector<8xf16>
}

// -----

func.func @ldmatrix_shape1(%arg0: memref<128x128xf16, 3>, %i: index) -> vector<4x4xf16> {
  // expected-error @+1 {{expected vector register shape[1] = 2}}
  %a = nvgpu.ldmatrix %arg0[%i, %i] {transpose = false, numTiles = 4 : i32} : memref<128x128xf16, 3> -> vector<4x4xf16>
  return %a : vector<4x4xf16>
}

// -----

func.func @ldmatrix_tiles(%arg0: memref<128x128xf16, 3>, %i: index) -> vector<2x2xf16> {
  // expected-error @+1 {{expected vector register shape[0] and numTiles to match}}
  %a = nvgpu.ldmatrix %arg0[%i, %i] {transpose = false, numTiles = 4 : i32} : memref<128x128xf16, 3> -> vector<2x2xf16>
  return %a : vector<2x2xf16>
}

// -----

func.func @ldmatrix_elem(%arg0: memref<128x128xf16, 3>, %i: index) -> vector<4x2xbf16> {
  // expected-error @+1 {{'nvgpu.ldmatrix' op failed to verify that srcMemref and res have same element type}}
  %a = nvgpu.ldmatrix %arg0[%i, %i] {transpose = false, numTiles = 4 : i32} : memref<128x128xf16, 3> -> vector<4x2xbf16>
  return %a : vector<4x2xbf16>
}

// -----

func.func @mma_elem(%a: vector<4x2xf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op failed to verify that matrixA and matrixB have same element type}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @mma_type(%a: vector<4x2xi16>, %b: vector<2x2xi16>, %c: vector<2x2xi32>) -> vector<2x2xi32> {
  // expected-error @+1 {{expected input data type (i4,i8,f16,bf16,tf32,f64) supported by nvgpu.mma.sync}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xi16>, vector<2x2xi16>, vector<2x2xi32>) -> vector<2x2xi32>
  return %d : vector<2x2xi32>
}

// -----

func.func @mma_a_count(%a: vector<2x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op expected 256 warp-wide matrix A elements}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<2x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @mma_b_count(%a: vector<4x2xf16>, %b: vector<4x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op expected 128 warp-wide matrix B elements}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @mma_c_count(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<4x2xf32>) -> vector<4x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op expected 128 warp-wide matrix C elements}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<4x2xf32>) -> vector<4x2xf32>
  return %d : vector<4x2xf32>
}

// -----

func.func @mma_tf32(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op expected tf32 tensor cores only for F32 operands}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16], tf32Enabled} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @mma_a_shape(%a: vector<2x4xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op expected matrix A to be shaped (4 x 2)}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<2x4xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @mma_b_shape(%a: vector<4x2xf16>, %b: vector<1x4xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op expected matrix B to be shaped (2 x 2)}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<1x4xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

func.func @mma_c_shape(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<1x4xf32>) -> vector<1x4xf32> {
  // expected-error @+1 {{'nvgpu.mma.sync' op expected matrix C to be shaped (2 x 2)}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<1x4xf32>) -> vector<1x4xf32>
  return %d : vector<1x4xf32>
}

// -----

func.func @async_cp_stride(%dst: memref<16xf32, strided<[2]>, 3>, %src: memref<16xf32>, %i: index) {
  // expected-error @+1 {{destination memref most minor dim must have unit stride}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<16xf32> to memref<16xf32, strided<[2]>, 3>
  return
}

// -----

func.func @async_cp_src_stride(%dst: memref<16xf32, 3>, %src: memref<16xf32, strided<[2]>>, %i: index) {
  // expected-error @+1 {{source memref most minor dim must have unit stride}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<16xf32, strided<[2]>> to memref<16xf32, 3>
  return
}

// -----

func.func @async_cp_space(%dst: memref<16xf32>, %src: memref<16xf32>, %i: index) {
  // expected-error @+1 {{destination memref must have a memory space attribute of IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<16xf32> to memref<16xf32>
  return
}

// -----

func.func @async_cp_elem(%dst: memref<16xf32, 3>, %src: memref<16xi32>, %i: index) {
  // expected-error @+1 {{source and destination must have the same element type}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<16xi32> to memref<16xf32, 3>
  return
}

// -----

func.func @async_cp_src_indices(%dst: memref<16xf32, 3>, %src: memref<16x16xf32>, %i: index) {
  // expected-error @+1 {{'nvgpu.device_async_copy' op expected 2 source indices, got 1}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<16x16xf32> to memref<16xf32, 3>
  return
}

// -----

func.func @async_cp_dst_indices(%dst: memref<16x16xf32, 3>, %src: memref<16xf32>, %i: index) {
  // expected-error @+1 {{'nvgpu.device_async_copy' op expected 2 destination indices, got 1}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<16xf32> to memref<16x16xf32, 3>
  return
}

// -----

func.func @async_cp_size(%dst: memref<16xf16, 3>, %src: memref<16xf16>, %i: index) {
  // expected-error @+1 {{Requested copy elements is 3 with width 16. But copy elements could be one of 2, 4, 8.}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 3 : memref<16xf16> to memref<16xf16, 3>
  return
}

// -----

func.func @async_cp_bypass(%dst: memref<16xf32, 3>, %src: memref<16xf32>, %i: index) {
  // expected-error @+1 {{'nvgpu.device_async_copy' op bypassL1 does not satify alignment for 'memref<16xf32, 3>' with destination element 1. Unset bypassL1, or set destination element to 4}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 1 {bypassL1} : memref<16xf32> to memref<16xf32, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = interleave_16b>
func.func @tma_interleave(%d: !tma, %b: !bar, %buf: memref<128x64xf16, 3>, %i: index) {
  // expected-error @+1 {{Interleave options are not supported yet.}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<128x64xf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_box_space(%d: !tma, %b: !bar, %buf: memref<128x64xf16, 3>, %i: index) {
  // expected-error @+1 {{the tensor map descriptor has incorrect address space, it must be shared memory address space.}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<128x64xf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<?x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_box_dynamic(%d: !tma, %b: !bar, %buf: memref<128x64xf16, 3>, %i: index) {
  // expected-error @+1 {{the tensor map descriptor must be static shaped}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<128x64xf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<512x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_box_dim(%d: !tma, %b: !bar, %buf: memref<512x64xf16, 3>, %i: index) {
  // expected-error @+1 {{the tensor map descriptor must have dimensions between 1 and 256 but it is 512}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<512x64xf16, 3>
  return
}

// -----

// A swizzled box's innermost dimension must span 128 bytes.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf16, 3>, swizzle = swizzle_64b, l2promo = none, oob = zero, interleave = none>
func.func @tma_swizzle_bytes(%d: !tma, %b: !bar, %buf: memref<64x32xf16, 3>, %i: index) {
  // expected-error @+1 {{the tensormap descriptor must have last dimension of 128 bytes but it is 64 bytes}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<64x32xf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_elem(%d: !tma, %b: !bar, %buf: memref<128x64xbf16, 3>, %i: index) {
  // expected-error @+1 {{the element type of tensor map descriptor and memref must be same}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<128x64xbf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_dst_space(%d: !tma, %b: !bar, %buf: memref<128x64xf16>, %i: index) {
  // expected-error @+1 {{the destination memref has incorrect address space, it must be shared memory address space.}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<128x64xf16>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_dst_dynamic(%d: !tma, %b: !bar, %buf: memref<?x64xf16, 3>, %i: index) {
  // expected-error @+1 {{the destination memref must be static shaped}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<?x64xf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_dst_rank(%d: !tma, %b: !bar, %buf: memref<2x128x64xf16, 3>, %i: index) {
  // expected-error @+1 {{the shape of tensor map descriptor and memref must have same rank}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<2x128x64xf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_dst_shape(%d: !tma, %b: !bar, %buf: memref<64x64xf16, 3>, %i: index) {
  // expected-error @+1 {{memref and tensor map shapes mismatch 'memref<128x64xf16, 3>' != 'memref<64x64xf16, 3>'}}
  nvgpu.tma.async.load %d[%i, %i], %b[%i] to %buf : !tma, !bar -> memref<64x64xf16, 3>
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_coords(%d: !tma, %b: !bar, %buf: memref<128x64xf16, 3>, %i: index) {
  // expected-error @+1 {{number of coordinates do not match with the rank of tensor descriptor map.}}
  nvgpu.tma.async.load %d[%i], %b[%i] to %buf : !tma, !bar -> memref<128x64xf16, 3>
  return
}

// -----

!tma = !nvgpu.tensormap.descriptor<tensor = memref<2x2x2x2x2x2xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @tma_store_coords(%d: !tma, %buf: memref<2x2x2x2x2x2xf16, 3>, %i: index) {
  // expected-error @+1 {{Maximum 5 coordinates are supported.}}
  nvgpu.tma.async.store %buf to %d[%i, %i, %i, %i, %i, %i] : memref<2x2x2x2x2x2xf16, 3> -> !tma
  return
}

// -----

!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_store_shape(%d: !tma, %buf: memref<128x32xf16, 3>, %i: index) {
  // expected-error @+1 {{memref and tensor map shapes mismatch 'memref<128x64xf16, 3>' != 'memref<128x32xf16, 3>'}}
  nvgpu.tma.async.store %buf to %d[%i, %i] : memref<128x32xf16, 3> -> !tma
  return
}

// -----

!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_create_box(%g: memref<*xf16>, %i: index) {
  // expected-error @+1 {{Maximum 5 coordinates are supported.}}
  %d = nvgpu.tma.create.descriptor %g box[%i, %i, %i, %i, %i, %i] : memref<*xf16> -> !tma
  return
}

// -----

!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x32xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_create_swizzle(%g: memref<*xf16>, %i: index) {
  // expected-error @+1 {{the tensormap descriptor must have last dimension of 128 bytes but it is 64 bytes}}
  %d = nvgpu.tma.create.descriptor %g box[%i, %i] : memref<*xf16> -> !tma
  return
}

// -----

!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @generate_swizzle(%d: !tma, %a: memref<128x64xf16, 3>) {
  // expected-error @+1 {{supports only swizzle_128b is supported for the time being}}
  %x = nvgpu.warpgroup.generate.descriptor %a, %d : memref<128x64xf16, 3>, !tma -> !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @wgmma_transpose(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op supports non-transpose A (Row Major) and transpose B (Column Major) for the time being}}
  %d = nvgpu.warpgroup.mma %a, %b, %c {transposeA} : !descA, !descB, !acc -> !acc
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
!acc2 = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>
func.func @wgmma_cd(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op type of matrix C and matrix D must be the same}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc2
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @wgmma_rank(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op has matrices A, B, C and D, they must be 2 dimensional}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x32xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @wgmma_k(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op 2nd dim matrix-A (32)!= 1st dim matrix-B (64 )}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @wgmma_m(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op 1st dim matrix-A ( 64 )!= 1st dim matrix-C ( 128 )}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @wgmma_n(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op 2nd dim matrix-B ( 64 ) != 2nd dim matrix-C ( 128 )}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xi32>>
func.func @wgmma_types(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op 'i32' += 'f16' * 'f16', it is not supported.}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x132xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x132xf32>>
func.func @wgmma_size_n(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op has input type 'memref<64x132xf16, 3>' n is set to 132, it is not supported}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>
func.func @wgmma_store_f16(%c: !acc, %out: memref<128x128xf16>) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma.store' op hit a limitation: only f32 results for the time being}}
  nvgpu.warpgroup.mma.store %c, %out : !acc to memref<128x128xf16>
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @wgmma_store_size(%c: !acc, %out: memref<128x64xf32>) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma.store' op results ['vector<128x128xf32>'][128] values. However, destination memref[128][64]  does not have same size as results}}
  nvgpu.warpgroup.mma.store %c, %out : !acc to memref<128x64xf32>
  return
}

// -----

func.func @wgmma_init() {
  // expected-error @+1 {{'nvgpu.warpgroup.mma.init.accumulator' op has type 'vector<96x128xf32>'. It does not fit into warp-group level (wgmma) matrix multiplication instruction (or not supported yet)}}
  %c = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<96x128xf32>>
  return
}

// -----

!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf8E4M3FN, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf8E4M3FN, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>
func.func @wgmma_limitation(%a: !descA, %b: !descB, %c: !acc) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op hit a limitation: 'f16' += 'f8E4M3FN' * 'f8E4M3FN', it is not supported yet}}
  %d = nvgpu.warpgroup.mma %a, %b, %c : !descA, !descB, !acc -> !acc
  return
}

// -----

func.func @wgmma_init_n() {
  // expected-error @+1 {{'nvgpu.warpgroup.mma.init.accumulator' op has type 'vector<64x260xf32>'. It does not fit into warp-group level (wgmma) matrix multiplication instruction (or not supported yet)}}
  %c = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x260xf32>>
  return
}

// -----

// Operand and result constraints, in generic form.
func.func @operand_kinds(%x: i32, %i: index) {
  // expected-error @+1 {{'nvgpu.mbarrier.init' op operand #0 must be mbarrier barrier type, but got 'i32'}}
  "nvgpu.mbarrier.init"(%x, %i, %i) : (i32, index, index) -> ()
  return
}

// -----

func.func @operand_kinds(%x: i32) {
  // expected-error @+1 {{'nvgpu.device_async_wait' op operand #0 must be device async token type, but got 'i32'}}
  "nvgpu.device_async_wait"(%x) : (i32) -> ()
  return
}

// -----

func.func @operand_kinds(%x: i32) {
  // expected-error @+1 {{'nvgpu.tma.prefetch.descriptor' op operand #0 must be TensorMap descriptor, but got 'i32'}}
  "nvgpu.tma.prefetch.descriptor"(%x) : (i32) -> ()
  return
}

// -----

func.func @operand_kinds(%x: i32) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma' op operand #0 must be Warpgroup matrix descriptor type, but got 'i32'}}
  %d = "nvgpu.warpgroup.mma"(%x, %x, %x) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @operand_kinds(%x: memref<4xf32>) {
  // expected-error @+1 {{'nvgpu.warpgroup.mma.store' op operand #0 must be , but got 'memref<4xf32>'}}
  "nvgpu.warpgroup.mma.store"(%x, %x) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @operand_kinds(%x: memref<4xf32>) {
  // expected-error @+1 {{'nvgpu.tma.create.descriptor' op operand #0 must be unranked.memref of any type values, but got 'memref<4xf32>'}}
  %d = "nvgpu.tma.create.descriptor"(%x) : (memref<4xf32>) -> i32
  return
}

// -----

func.func @mma_shape_attr(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  // expected-error @+1 {{'nvgpu.mma.sync' op attribute 'mmaShape' failed to satisfy constraint: 64-bit integer array attribute}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16 : i32, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return
}
