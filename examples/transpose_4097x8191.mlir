// Matrix transpose at an awkward size: B = A^T for a 4097x8191 f32 A.
// Rows of A (8191 elements) and of B (4097) start at offsets 4 does not
// divide, so a 16-byte vector at a tile row's start would be misaligned.
// gpu-map-affine moves each interior 64x64 tile in the vectors at
// 16-byte-aligned offsets of a flat view of A and B that cover it (17 per
// row of 64 elements): loads read them whole (ld.global.v4.f32) and put
// only their elements inside the tile in workgroup memory; stores write
// the vectors wholly inside the tile (st.global.v4.f32) and the elements
// of the two at its ends one by one. The last column and row of tiles
// are guarded element by element.
//
//   go run ./cmd/goopt opt examples/transpose_4097x8191.mlir --gpu-map-affine
//   go run ./cmd/goopt compile examples/transpose_4097x8191.mlir -o transpose.ptx
func.func @transpose(%A: memref<4097x8191xf32>, %B: memref<8191x4097xf32>) {
  affine.for %i = 0 to 4097 {
    affine.for %j = 0 to 8191 {
      %a = affine.load %A[%i, %j] : memref<4097x8191xf32>
      affine.store %a, %B[%j, %i] : memref<8191x4097xf32>
    }
  }
  return
}
