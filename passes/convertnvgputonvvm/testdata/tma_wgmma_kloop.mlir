// tma_wgmma.mlir with the wgmma in a k loop that carries the accumulator
// as an scf.for iter_arg.
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tmA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @smemA : memref<64x64xf16, 3> {alignment = 1024 : i64}
    memref.global "private" @smemB : memref<64x64xf16, 3> {alignment = 1024 : i64}
    gpu.func @wgmma(%tmA: !tmA, %tmB: !tmB, %out: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bytes = arith.constant 16384 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      %a = memref.get_global @smemA : memref<64x64xf16, 3>
      %b = memref.get_global @smemB : memref<64x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !barrierType
      %tid = gpu.thread_id x
      %first = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %first : !barrierType
      gpu.barrier
      nvgpu.tma.prefetch.descriptor %tmA : !tmA
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %first : !barrierType
      nvgpu.tma.async.load %tmA[%c0, %c0], %bar[%c0] to %a, predicate = %first : !tmA, !barrierType -> memref<64x64xf16, 3>
      nvgpu.tma.async.load %tmB[%c0, %c0], %bar[%c0] to %b, predicate = %first : !tmB, !barrierType -> memref<64x64xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !barrierType
      %da = nvgpu.warpgroup.generate.descriptor %a, %tmA : memref<64x64xf16, 3>, !tmA -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
      %db = nvgpu.warpgroup.generate.descriptor %b, %tmB : memref<64x64xf16, 3>, !tmB -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
      %z = nvgpu.warpgroup.mma.init.accumulator -> !acc
      %c4 = arith.constant 4 : index
      %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!acc) {
        %n = nvgpu.warpgroup.mma %da, %db, %acc {transposeB} : !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>, !acc -> !acc
        scf.yield %n : !acc
      }
      nvgpu.warpgroup.mma.store %r, %out : !acc to memref<64x64xf32>
      gpu.return
    }
  }
}
