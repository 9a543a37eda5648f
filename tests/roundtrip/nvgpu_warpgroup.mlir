// A Hopper main loop in the style of upstream's sm90 tests: TMA loads of
// the A and B tiles into shared memory, a wait on the mbarrier, wgmma
// descriptors and two warpgroup MMAs, then the store of the accumulator.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @mainloop(%da: !tmaA, %db: !tmaB, %k: index, %out: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %bytes = arith.constant 32768 : index
  %ticks = arith.constant 10000000 : index
  %false = arith.constant false
  %sa = memref.alloc() : memref<128x64xf16, 3>
  %sb = memref.alloc() : memref<64x128xf16, 3>
  %sb0 = memref.subview %sb[0, 0] [64, 64] [1, 1] : memref<64x128xf16, 3> to memref<64x64xf16, strided<[128, 1]>, 3>
  %b = nvgpu.mbarrier.create -> !bar
  nvgpu.mbarrier.init %b[%c0], %c1 : !bar
  %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
  %r = scf.for %kk = %c0 to %k step %c64 iter_args(%acc = %init) -> (!acc) {
    nvgpu.tma.async.load %da[%kk, %c0], %b[%c0] to %sa : !tmaA, !bar -> memref<128x64xf16, 3>
    nvgpu.mbarrier.arrive.expect_tx %b[%c0], %bytes : !bar
    nvgpu.mbarrier.try_wait.parity %b[%c0], %false, %ticks : !bar
    %a = nvgpu.warpgroup.generate.descriptor %sa, %da : memref<128x64xf16, 3>, !tmaA -> !descA
    %bd = nvgpu.warpgroup.generate.descriptor %sb, %db : memref<64x128xf16, 3>, !tmaB -> !descB
    %d = nvgpu.warpgroup.mma %a, %bd, %acc {transposeB} : !descA, !descB, !acc -> !acc
    %d2 = nvgpu.warpgroup.mma %a, %bd, %d {transposeA, transposeB, waitGroup = 0 : i32} : !descA, !descB, !acc -> !acc
    scf.yield %d2 : !acc
  }
  nvgpu.warpgroup.mma.store %r, %out : !acc to memref<128x128xf32>
  return
}
