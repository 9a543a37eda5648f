// affine.vector_load / affine.vector_store with 1-D and 2-D vectors.
func.func @vec(%A: memref<128x128xf16>, %B: memref<64xf32, 3>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 step 8 {
      %v = affine.vector_load %A[%i, %j] : memref<128x128xf16>, vector<8xf16>
      affine.vector_store %v, %A[%j, %i] : memref<128x128xf16>, vector<8xf16>
    }
  }
  affine.for %k = 0 to 16 {
    %w = affine.vector_load %B[%k * 4] : memref<64xf32, 3>, vector<2x2xf32>
    affine.vector_store %w, %B[%k * 4 + 2] : memref<64xf32, 3>, vector<2x2xf32>
  }
  return
}
