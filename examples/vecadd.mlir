// Vector add (LeetGPU; seed 001): C = A + B on 2^28 f32 elements, as a
// plain affine loop. goopt compile maps it with gpu-map-affine: one
// 128-bit vector.load of A and of B and one vector.store of C per thread
// (ld.global.v4.f32 / st.global.v4.f32 in the PTX), consecutive threads on
// consecutive vectors, a 262144-block grid of 256 threads. At a length
// that 4 does not divide the kernel stays vectorised; the one thread at
// the end finishes the last elements one by one.
//
//   go run ./cmd/goopt opt examples/vecadd.mlir --gpu-map-affine
//   go run ./cmd/goopt compile examples/vecadd.mlir -o vecadd.ptx
func.func @vecadd(%A: memref<268435456xf32>, %B: memref<268435456xf32>, %C: memref<268435456xf32>) {
  affine.for %i = 0 to 268435456 {
    %a = affine.load %A[%i] : memref<268435456xf32>
    %b = affine.load %B[%i] : memref<268435456xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %C[%i] : memref<268435456xf32>
  }
  return
}
