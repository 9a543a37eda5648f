// A small f16 -> f32 matmul, the same shape of loop nest as matmul.mlir,
// sized for the CPU interpreter:
//
//   go run ./cmd/goopt run examples/matmul_small.mlir --entry=matmul --args=random
func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x64xf16>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
