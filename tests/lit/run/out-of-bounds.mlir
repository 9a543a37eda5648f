// A planted off-by-one: the loop runs to 5 over a memref<4xf32>. The
// interpreter reports the out-of-bounds load at the load, with the index.

// RUN: not goopt run %s 2>&1 | FileCheck %s

// CHECK: out-of-bounds.mlir:[[# @LINE + 5]]:10: error: out-of-bounds load from memref<4xf32>: index [4] with size [4]
// CHECK-NEXT: {{^}}    %x = affine.load %a[%i] : memref<4xf32>
// CHECK-NEXT: {{^}}         ^
func.func @main(%a: memref<4xf32>, %b: memref<4xf32>) {
  affine.for %i = 0 to 5 {
    %x = affine.load %a[%i] : memref<4xf32>
    affine.store %x, %b[%i] : memref<4xf32>
  }
  return
}
