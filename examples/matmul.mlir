// The input of "High Performance GPU Code Generation for Matrix-Matrix
// Multiplication using MLIR" (Katel, Khandelwal, Bondhugula): an affine
// triple loop computing C[f32] += ext(A[f16]) * ext(B[f16]) at 8192^3.
//
//   go run ./cmd/goopt opt examples/matmul.mlir --canonicalize --cse
func.func @matmul(%A: memref<8192x8192xf16>, %B: memref<8192x8192xf16>, %C: memref<8192x8192xf32>) {
  affine.for %i = 0 to 8192 {
    affine.for %j = 0 to 8192 {
      affine.for %k = 0 to 8192 {
        %a = affine.load %A[%i, %k] : memref<8192x8192xf16>
        %b = affine.load %B[%k, %j] : memref<8192x8192xf16>
        %c = affine.load %C[%i, %j] : memref<8192x8192xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8192x8192xf32>
      }
    }
  }
  return
}
