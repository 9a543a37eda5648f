// A planted uninitialised read: the temporary buffer's last element is never
// written before the second loop reads it.

// RUN: not goopt run %s --entry=shift 2>&1 | FileCheck %s

// CHECK: uninitialized.mlir:[[# @LINE + 10]]:10: error: load of uninitialised memory from memref<8xf32> at index [7]
// CHECK-NEXT: {{^}}    %y = memref.load %tmp[%i] : memref<8xf32>
// CHECK-NEXT: {{^}}         ^
func.func @shift(%a: memref<8xf32>, %b: memref<8xf32>) {
  %tmp = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 7 {
    %x = affine.load %a[%i] : memref<8xf32>
    affine.store %x, %tmp[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %y = memref.load %tmp[%i] : memref<8xf32>
    affine.store %y, %b[%i] : memref<8xf32>
  }
  memref.dealloc %tmp : memref<8xf32>
  return
}
