// affine.load / affine.store: multi-dimensional maps, symbols, constants, 0-d memrefs, attributes.
func.func @mem(%A: memref<100x100xf32>, %B: memref<f32>, %C: memref<?x8xi32, 1>, %n: index) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 50 {
    affine.for %j = 0 to 50 {
      %v = affine.load %A[%i + 1, %j * 2] : memref<100x100xf32>
      affine.store %v, %A[%i, symbol(%n)] : memref<100x100xf32>
      %w = affine.load %A[(%i + %j) floordiv 2, %j mod 4] : memref<100x100xf32>
      affine.store %w, %B[] : memref<f32>
      %x = affine.load %C[%i * 3 - %n, %c0] {nontemporal} : memref<?x8xi32, 1>
      affine.store %x, %C[%i, 7] {tag = "s"} : memref<?x8xi32, 1>
      %y = affine.load %A[%i ceildiv 4, 3] : memref<100x100xf32>
      affine.store %y, %A[-%i + 99, %j] : memref<100x100xf32>
    }
  }
  %z = affine.load %B[] : memref<f32>
  return
}
