// Row softmax at an awkward size: 4097 rows of 8191 f32. A row is 32764
// bytes, so row i starts at element 8191*i, only 4-byte aligned.
// gpu-map-affine keeps the single-pass plan anyway (the masked one): in a
// flat view of X and Y (memref.reinterpret_cast) a row's interior is the
// 2047 vectors at 16-byte-aligned offsets between its ends, and its 3
// other elements sit at its head and tail. Each of 512 threads loads
// four interior vectors once (ld.global.v4.f32; the fourth slot, which
// thread 511 leaves empty, under one predicate) and keeps them in
// registers across the three loops; the head and tail elements are one
// scalar each on the last threads.
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
