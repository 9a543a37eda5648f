// RUN: goopt opt %s --affine-loop-fusion --split-input-file | FileCheck %s
// RUN: goopt opt %s --affine-loop-fusion="mode=producer" --split-input-file | FileCheck %s
// RUN: goopt opt %s --affine-loop-fusion --split-input-file --verify-diagnostics

// A producer writing a local buffer fuses into its consumer; the buffer
// shrinks to one element (private memref).
// CHECK-LABEL: func @raw_locality
// CHECK: %[[B:.*]] = memref.alloc() : memref<1xf32>
// CHECK: affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT: affine.store %{{.*}}, %[[B]][0] : memref<1xf32>
// CHECK-NEXT: affine.load %[[B]][0] : memref<1xf32>
// CHECK-NOT: affine.for
func.func @raw_locality(%out: memref<10xf32>) {
  %m = memref.alloc() : memref<10xf32>
  %cf7 = arith.constant 7.0 : f32
  affine.for %i0 = 0 to 10 {
    affine.store %cf7, %m[%i0] : memref<10xf32>
  }
  affine.for %i1 = 0 to 10 {
    %v0 = affine.load %m[%i1] : memref<10xf32>
    affine.store %v0, %out[%i1] : memref<10xf32>
  }
  return
}

// -----

// 2-d nests with matching bounds fuse at full depth; the argument buffer
// is not privatized.
// CHECK-LABEL: func @two_d
// CHECK: affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.store %{{.*}}, %arg1[%[[I]], %[[J]]]
// CHECK-NEXT: affine.load %arg1[%[[I]], %[[J]]]
// CHECK-NOT: affine.for
func.func @two_d(%A: memref<4x8xf32>, %T: memref<4x8xf32>, %B: memref<4x8xf32>, %x: f32) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = arith.addf %x, %x : f32
      affine.store %a, %T[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %t = affine.load %T[%i, %j] : memref<4x8xf32>
      %m = arith.mulf %t, %t : f32
      affine.store %m, %B[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// -----

// The consumer reads an element the producer writes in a later
// iteration: fusing would read it too early.
// CHECK-LABEL: func @illegal
// CHECK: affine.for
// CHECK: affine.for
func.func @illegal(%T: memref<12xf32>, %B: memref<10xf32>, %x: f32) {
  // expected-remark @+1 {{loop nest not fused: fusion would violate a dependence}}
  affine.for %i = 0 to 10 {
    affine.store %x, %T[%i + 1] : memref<12xf32>
  }
  affine.for %i = 0 to 10 {
    %t = affine.load %T[%i + 2] : memref<12xf32>
    affine.store %t, %B[%i] : memref<10xf32>
  }
  return
}

// -----

// Reading an element written in an earlier iteration (and one never
// written) stays correct after fusion, so the nests fuse (upstream's
// conservative check refuses).
// CHECK-LABEL: func @earlier
// CHECK: affine.for
// CHECK-NOT: affine.for
func.func @earlier(%T: memref<11xf32>, %B: memref<10xf32>, %x: f32) {
  affine.for %i = 0 to 10 {
    affine.store %x, %T[%i + 1] : memref<11xf32>
  }
  affine.for %i = 0 to 10 {
    %t = affine.load %T[%i + 1] : memref<11xf32>
    %u = affine.load %T[%i] : memref<11xf32>
    %s = arith.addf %t, %u : f32
    affine.store %s, %B[%i] : memref<10xf32>
  }
  return
}

// -----

// Different iteration spaces are not fused (upstream would slice).
// CHECK-LABEL: func @mismatch
// CHECK: affine.for %{{.*}} = 0 to 10
// CHECK: affine.for %{{.*}} = 0 to 5
func.func @mismatch(%T: memref<10xf32>, %B: memref<10xf32>, %x: f32) {
  // expected-remark @+1 {{loop nest not fused: the loops' iteration spaces differ}}
  affine.for %i = 0 to 10 {
    affine.store %x, %T[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 5 {
    %t = affine.load %T[%i] : memref<10xf32>
    affine.store %t, %B[%i] : memref<10xf32>
  }
  return
}
