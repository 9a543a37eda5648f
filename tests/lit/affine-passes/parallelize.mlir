// parallel-reductions reassociates float sums:
// EQUIV: rel-tol=1e-5
// RUN: goopt opt %s --affine-parallelize --split-input-file | FileCheck %s
// RUN: goopt opt %s --affine-parallelize="max-nested=1" --split-input-file | FileCheck %s --check-prefix=MAX1
// RUN: goopt opt %s --affine-parallelize="parallel-reductions" --split-input-file | FileCheck %s --check-prefix=RED

// Both loops of an element-wise copy are parallel.
// CHECK-LABEL: func @copy
// CHECK: affine.parallel (%{{.*}}) = (0) to (10) {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (20) {
// MAX1-LABEL: func @copy
// MAX1: affine.parallel (%{{.*}}) = (0) to (10) {
// MAX1-NEXT: affine.for %{{.*}} = 0 to 20 {
func.func @copy(%A: memref<10x20xf32>, %B: memref<10x20xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      %v = affine.load %A[%i, %j] : memref<10x20xf32>
      affine.store %v, %B[%i, %j] : memref<10x20xf32>
    }
  }
  return
}

// -----

// A dependence carried by the outer loop keeps it sequential.
// CHECK-LABEL: func @stencil
// CHECK: affine.for %{{.*}} = 1 to 10 {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (20) {
func.func @stencil(%A: memref<10x20xf32>) {
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 20 {
      %v = affine.load %A[%i - 1, %j] : memref<10x20xf32>
      affine.store %v, %A[%i, %j] : memref<10x20xf32>
    }
  }
  return
}

// -----

// Matmul: i and j are parallel, the k reduction through memory is not.
// CHECK-LABEL: func @matmul
// CHECK: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 8 {
func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8x8xf32>
      }
    }
  }
  return
}

// -----

// An iter_args reduction is only parallelized with parallel-reductions;
// the combiner moves after the loop and folds in the initial value.
// CHECK-LABEL: func @sum
// CHECK: affine.for
// RED-LABEL: func @sum
// RED: %[[INIT:.*]] = arith.constant
// RED: %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (16) reduce ("addf") -> (f32) {
// RED:   %[[V:.*]] = affine.load
// RED:   affine.yield %[[V]] : f32
// RED: }
// RED: %[[S:.*]] = arith.addf %[[INIT]], %[[R]] : f32
// RED: return %[[S]]
func.func @sum(%A: memref<16xf32>) -> f32 {
  %z = arith.constant 1.0 : f32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %A[%i] : memref<16xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// Bounds with max/min and symbols carry over.
// CHECK-LABEL: func @bounds
// CHECK: affine.parallel (%{{.*}}) = (max(%{{.*}}, 2)) to (min(%{{.*}}, 64)) step (4) {
func.func @bounds(%A: memref<64xf32>, %lo: index, %hi: index) {
  affine.for %i = max affine_map<(d0) -> (d0, 2)>(%lo) to min affine_map<(d0) -> (d0, 64)>(%hi) step 4 {
    %c = arith.constant 0.0 : f32
    affine.store %c, %A[%i] : memref<64xf32>
  }
  return
}

// -----

// Unknown side effects keep the loop sequential.
// CHECK-LABEL: func @call
// CHECK: affine.for
func.func private @ext(index)
func.func @call() {
  affine.for %i = 0 to 4 {
    func.call @ext(%i) : (index) -> ()
  }
  return
}
