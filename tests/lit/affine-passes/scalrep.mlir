// RUN: goopt opt %s --affine-scalrep --split-input-file | FileCheck %s

// Store-to-load forwarding in the same iteration.
// CHECK-LABEL: func @forward
// CHECK: affine.for
// CHECK-NEXT: affine.store %[[V:.*]], %{{.*}}[%{{.*}}]
// CHECK-NEXT: arith.addf %[[V]], %[[V]]
func.func @forward(%A: memref<10xf32>, %B: memref<10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.store %v, %A[%i] : memref<10xf32>
    %w = affine.load %A[%i] : memref<10xf32>
    %x = arith.addf %w, %w : f32
    affine.store %x, %B[%i] : memref<10xf32>
  }
  return
}

// -----

// A redundant load reuses the first one.
// CHECK-LABEL: func @redundant_load
// CHECK: %[[L:.*]] = affine.load
// CHECK-NOT: affine.load
// CHECK: arith.mulf %[[L]], %[[L]]
func.func @redundant_load(%A: memref<10xf32>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf32>
    %b = affine.load %A[%i] : memref<10xf32>
    %m = arith.mulf %a, %b : f32
    affine.store %m, %B[%i] : memref<10xf32>
  }
  return
}

// -----

// A store to a possibly aliasing argument in between blocks forwarding.
// CHECK-LABEL: func @alias
// CHECK: affine.store
// CHECK-NEXT: affine.store
// CHECK-NEXT: affine.load
func.func @alias(%A: memref<10xf32>, %B: memref<10xf32>, %v: f32, %u: f32) {
  affine.for %i = 0 to 10 {
    affine.store %v, %A[%i] : memref<10xf32>
    affine.store %u, %B[%i] : memref<10xf32>
    %w = affine.load %A[%i] : memref<10xf32>
    affine.store %w, %B[%i] : memref<10xf32>
  }
  return
}

// -----

// A value known before a loop that does not write the memref is reused
// inside it; a local buffer only stored to disappears.
// CHECK-LABEL: func @hoisted_known
// CHECK-NOT: memref.alloc
// CHECK: affine.for
// CHECK-NEXT: affine.store %arg1, %arg0
func.func @hoisted_known(%A: memref<10xf32>, %v: f32) {
  %t = memref.alloc() : memref<1xf32>
  affine.store %v, %t[0] : memref<1xf32>
  affine.for %i = 0 to 10 {
    %w = affine.load %t[0] : memref<1xf32>
    affine.store %w, %A[%i] : memref<10xf32>
  }
  memref.dealloc %t : memref<1xf32>
  return
}

// -----

// Loop-carried: the load in the loop may see a store of a previous
// iteration, so nothing is forwarded from before the loop.
// CHECK-LABEL: func @carried
// CHECK: affine.for
// CHECK-NEXT: affine.load
func.func @carried(%A: memref<1xf32>, %v: f32) {
  affine.store %v, %A[0] : memref<1xf32>
  affine.for %i = 0 to 10 {
    %w = affine.load %A[0] : memref<1xf32>
    %x = arith.addf %w, %v : f32
    affine.store %x, %A[0] : memref<1xf32>
  }
  return
}

// -----

// A store overwritten before any read is dead.
// CHECK-LABEL: func @dead_store
// CHECK: affine.for
// CHECK-NEXT: affine.store %arg2
// CHECK-NEXT: }
func.func @dead_store(%A: memref<10xf32>, %v: f32, %u: f32) {
  affine.for %i = 0 to 10 {
    affine.store %v, %A[%i] : memref<10xf32>
    affine.store %u, %A[%i] : memref<10xf32>
  }
  return
}

// -----

// A store to another local buffer, by any op, cannot touch %a: its value is
// forwarded and %a, only stored to, disappears; %b stays.
// CHECK-LABEL: func @other_buffer
// CHECK: memref.alloc
// CHECK-NEXT: memref.store
// CHECK-NEXT: return %arg0
func.func @other_buffer(%v: f32, %w: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xf32>
  %b = memref.alloc() : memref<1xf32>
  affine.store %v, %a[0] : memref<1xf32>
  memref.store %w, %b[%c0] : memref<1xf32>
  %x = affine.load %a[0] : memref<1xf32>
  return %x : f32
}

// -----

// A copy into the buffer in between blocks forwarding.
// CHECK-LABEL: func @copy_between
// CHECK: affine.store
// CHECK-NEXT: memref.copy
// CHECK-NEXT: affine.load
func.func @copy_between(%v: f32, %src: memref<1xf32>) -> f32 {
  %a = memref.alloc() : memref<1xf32>
  affine.store %v, %a[0] : memref<1xf32>
  memref.copy %src, %a : memref<1xf32> to memref<1xf32>
  %x = affine.load %a[0] : memref<1xf32>
  return %x : f32
}
