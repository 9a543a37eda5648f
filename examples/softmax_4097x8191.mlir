// Row softmax at an awkward size: 4097 rows of 8191 f32. A row is 32764
// bytes, so row i starts at element 8191*i, only 4-byte aligned, and 512
// threads do not divide its 2048 vectors of 4. gpu-map-affine keeps the
// single-pass plan anyway (the masked one): each thread takes five
// vectors at 16-byte-aligned offsets of a flat view of X and Y
// (memref.reinterpret_cast), loads each once (ld.global.v4.f32 when the
// vector lies inside the row; the two vectors at the row's ends, and the
// ones past it, read their elements one by one from inside the row) and
// keeps them in registers across the three loops. An element outside the
// row leaves the partials as they are (arith.select on the vector's mask:
// -inf for the max, 0 for the sum) and is not stored.
//
//   go run ./cmd/goopt opt examples/softmax_4097x8191.mlir --gpu-map-affine
//   go run ./cmd/goopt compile examples/softmax_4097x8191.mlir -o softmax.ptx
func.func @softmax(%X: memref<4097x8191xf32>, %Y: memref<4097x8191xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4097 {
    %max = affine.for %j = 0 to 8191 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<4097x8191xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %j = 0 to 8191 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<4097x8191xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %n = arith.addf %s, %e : f32
      affine.yield %n : f32
    }
    affine.for %j = 0 to 8191 {
      %x = affine.load %X[%i, %j] : memref<4097x8191xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%i, %j] : memref<4097x8191xf32>
    }
  }
  return
}
