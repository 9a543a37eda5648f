// Row softmax (LeetGPU; seed 001) of an 8192x8192 f32 matrix as plain
// affine loops: per row, a max reduction, an exp-sum reduction (both
// affine.for with iter_args) and the normalisation. gpu-map-affine gives
// each row to a block of 512 threads (rows longer than warp-row-max=1024
// elements; shorter rows get one warp each). A row is 2048 vectors of 4,
// four per thread: each thread loads its four (ld.global.v4.f32) once and
// keeps them, and their exps, in registers across the three loops (the
// single-pass plan; row-registers=0 gives the three-pass one), so X is
// read once and Y written once. The partials are reduced with gpu.shuffle
// xor within each warp and across the warps through workgroup memory.
//
//   go run ./cmd/goopt opt examples/softmax.mlir --gpu-map-affine
//   go run ./cmd/goopt compile examples/softmax.mlir -o softmax.ptx
func.func @softmax(%X: memref<8192x8192xf32>, %Y: memref<8192x8192xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8192 {
    %max = affine.for %j = 0 to 8192 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<8192x8192xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %j = 0 to 8192 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<8192x8192xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %n = arith.addf %s, %e : f32
      affine.yield %n : f32
    }
    affine.for %j = 0 to 8192 {
      %x = affine.load %X[%i, %j] : memref<8192x8192xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%i, %j] : memref<8192x8192xf32>
    }
  }
  return
}
