// examples/transpose.mlir at a small, awkward size (the same nest, 61x37:
// neither dimension a multiple of the 32x32 tile): mapped by
// gpu-map-affine and run against the input on the interpreter (race and
// bounds checks on); tests/equiv checks the RUN below too.
// RUN: goopt opt %s --gpu-map-affine -o %t.mlir
// RUN: goopt opt %s --gpu-map-affine | FileCheck %s
// RUN: goopt run %t.mlir --entry=transpose --check-equiv=%s | FileCheck %s --check-prefix=EQ
// RUN: goopt opt %s --gpu-map-affine="transpose-smem=xor" -o %t.xor.mlir
// RUN: goopt run %t.xor.mlir --entry=transpose --check-equiv=%s | FileCheck %s --check-prefix=EQ

// CHECK: gpu.barrier
// EQ: equivalent (3 seeds)
func.func @transpose(%A: memref<61x37xf32>, %B: memref<37x61xf32>) {
  affine.for %i = 0 to 61 {
    affine.for %j = 0 to 37 {
      %a = affine.load %A[%i, %j] : memref<61x37xf32>
      affine.store %a, %B[%j, %i] : memref<37x61xf32>
    }
  }
  return
}
