// TMA: a descriptor created on the host, then in a kernel prefetched and
// used for loads (multicast and predicated) completing on an mbarrier, and
// for a store back to global memory.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmaC = !nvgpu.tensormap.descriptor<tensor = memref<32x32xf32, 3>, swizzle = none, l2promo = l2promo_128b, oob = nan, interleave = none>
func.func @create(%a: memref<*xf16>, %c: memref<*xf32>) -> (!tmaA, !tmaC) {
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  %0 = nvgpu.tma.create.descriptor %a box[%c128, %c64] : memref<*xf16> -> !tmaA
  %1 = nvgpu.tma.create.descriptor %c box[%c32, %c32] : memref<*xf32> -> !tmaC
  return %0, %1 : !tmaA, !tmaC
}
func.func @copies(%da: !tmaA, %dc: !tmaC, %x: index, %y: index, %p: i1, %mask: i16) {
  %c0 = arith.constant 0 : index
  %sa = memref.alloc() : memref<128x64xf16, 3>
  %sc = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
  %b = nvgpu.mbarrier.create -> !bar
  nvgpu.tma.prefetch.descriptor %da : !tmaA
  nvgpu.tma.prefetch.descriptor %dc, predicate = %p : !tmaC
  nvgpu.tma.async.load %da[%x, %y], %b[%c0] to %sa : !tmaA, !bar -> memref<128x64xf16, 3>
  nvgpu.tma.async.load %da[%x, %y], %b[%c0] to %sa multicast_mask = %mask : !tmaA, !bar -> memref<128x64xf16, 3>
  nvgpu.tma.async.load %da[%x, %y], %b[%c0] to %sa, predicate = %p : !tmaA, !bar -> memref<128x64xf16, 3>
  nvgpu.tma.async.load %da[%x, %y], %b[%c0] to %sa multicast_mask = %mask, predicate = %p : !tmaA, !bar -> memref<128x64xf16, 3>
  nvgpu.tma.async.store %sc to %dc[%x, %y] : memref<32x32xf32, #gpu.address_space<workgroup>> -> !tmaC
  nvgpu.tma.async.store %sc to %dc[%x, %y], predicate = %p : memref<32x32xf32, #gpu.address_space<workgroup>> -> !tmaC
  return
}
