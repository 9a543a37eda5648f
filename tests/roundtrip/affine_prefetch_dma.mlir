// affine.prefetch (read/write, localities, data/instr) and affine.dma_start/dma_wait with and without strides.
func.func @dma(%A: memref<400x400xi32>, %src: memref<100xf32>, %dst: memref<100xf32, 2>, %tag: memref<1xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  affine.for %i = 0 to 400 {
    affine.prefetch %A[%i, %i + 5], read, locality<3>, data : memref<400x400xi32>
    affine.prefetch %A[%i, 0], write, locality<0>, instr : memref<400x400xi32>
    affine.prefetch %A[symbol(%n), %i], read, locality<1>, data {tag} : memref<400x400xi32>
  }
  affine.for %i = 0 to 10 {
    affine.dma_start %src[%i + 1], %dst[%i], %tag[%c0], %c64 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
    affine.dma_start %src[%i * 8], %dst[%i], %tag[%i floordiv 16], %c64, %c8, %c8 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c64 : memref<1xi32>
    affine.dma_wait %tag[%i floordiv 10], %c64 : memref<1xi32>
  }
  return
}
