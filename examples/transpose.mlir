// Matrix transpose (LeetGPU and the TMA transpose of seed 000): B = A^T
// for an 8192x8192 f32 A, as a plain affine nest. The store B[j][i] is
// uncoalesced in the loop order, so gpu-map-affine stages each 64x64 tile
// (transpose-tile; 0.95 of copy bandwidth on an H200 against 0.89 for 32)
// in workgroup memory (padded to 64x65 so that the transposed reads hit 32
// different banks; transpose-smem=xor swizzles instead): 256 threads read
// rows of A coalesced as 16-byte vectors (ld.global.v4.f32, four each), a
// barrier, then write rows of B coalesced (st.global.v4.f32, each vector
// gathered from a tile column). At sizes the tile does not divide only
// the edge tiles are guarded (element by element); interior tiles run
// unguarded.
//
//   go run ./cmd/goopt opt examples/transpose.mlir --gpu-map-affine
//   go run ./cmd/goopt compile examples/transpose.mlir -o transpose.ptx
//   go run ./cmd/goopt compile examples/transpose.mlir --pipeline='gpu-map-affine{transpose=tma}' -o transpose_tma.ptx
//
// transpose=tma is seed 000's TMA transpose: per 64x64 tile, two TMA
// loads (64 rows by 32 columns) into 128-byte-swizzled shared memory, a
// transposed read into a plain tile, one TMA store (sm_90; rows must be
// 16-byte multiples).
func.func @transpose(%A: memref<8192x8192xf32>, %B: memref<8192x8192xf32>) {
  affine.for %i = 0 to 8192 {
    affine.for %j = 0 to 8192 {
      %a = affine.load %A[%i, %j] : memref<8192x8192xf32>
      affine.store %a, %B[%j, %i] : memref<8192x8192xf32>
    }
  }
  return
}
