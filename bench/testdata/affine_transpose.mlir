// A plain affine transpose with dynamic sizes, for gpu-map-affine.
func.func @transpose(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %n = memref.dim %a, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %v = affine.load %a[%i, %j] : memref<?x?xf32>
      affine.store %v, %b[%j, %i] : memref<?x?xf32>
    }
  }
  return
}
