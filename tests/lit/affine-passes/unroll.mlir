// RUN: goopt opt %s --split-input-file --affine-loop-unroll="unroll-factor=4" | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-loop-unroll="unroll-full" | FileCheck %s --check-prefix=FULL
// RUN: goopt opt %s --split-input-file --affine-loop-unroll="unroll-factor=3 cleanup-unroll" | FileCheck %s --check-prefix=CLEAN
// RUN: goopt opt %s --split-input-file --affine-loop-unroll="unroll-full unroll-full-threshold=3" | FileCheck %s --check-prefix=THRESH
// RUN: goopt opt %s --split-input-file --affine-loop-unroll="unroll-factor=16 unroll-up-to-factor" | FileCheck %s --check-prefix=UPTO
// RUN: goopt opt %s --split-input-file --affine-loop-unroll="unroll-factor=2 unroll-num-reps=2" | FileCheck %s --check-prefix=REPS

// A reduction through iter_args: 10 iterations by 4 leave a cleanup loop
// of 2 iterations that continues from the unrolled loop's result.
// CHECK-LABEL: func @reduce
// CHECK: %[[R:.*]] = affine.for %[[I:.*]] = 0 to 8 step 4 iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT: %[[T0:.*]] = arith.addf %[[S]]
// CHECK-NEXT: %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT: %[[V1:.*]] = affine.load %{{.*}}[%[[I1]]]
// CHECK-NEXT: %[[T1:.*]] = arith.addf %[[T0]], %[[V1]]
// CHECK: affine.yield %{{.*}} : f32
// CHECK: affine.for %{{.*}} = 8 to 10 iter_args(%{{.*}} = %[[R]]) -> (f32) {

// FULL-LABEL: func @reduce
// FULL-NOT: affine.for
// FULL: return

// CLEAN-LABEL: func @reduce
// CLEAN-NOT: affine.for
// CLEAN: return

// UPTO-LABEL: func @reduce
// UPTO-NOT: affine.for
// UPTO: return
func.func @reduce(%A: memref<?xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%s = %z) -> (f32) {
    %v = affine.load %A[%i] : memref<?xf32>
    %t = arith.addf %s, %v : f32
    affine.yield %t : f32
  }
  return %r : f32
}

// -----

// Symbolic trip count with a non-unit step: the cleanup loop starts at the
// lower bound plus the largest multiple of the factor of the trip count.
// CHECK-DAG: #[[CL:.*]] = affine_map<()[s0] -> ((((s0 - 1) ceildiv 2) floordiv 4) * 8 + 1)>
// CHECK-LABEL: func @symbolic
// CHECK: affine.for %{{.*}} = 1 to #[[CL]]()[%[[N:.*]]] step 8 {
// CHECK: affine.for %{{.*}} = #[[CL]]()[%[[N]]] to %[[N]] step 2 {

// THRESH-LABEL: func @symbolic
// THRESH: affine.for %{{.*}} = 1 to %{{.*}} step 2 {
func.func @symbolic(%A: memref<?xf32>, %n: index) {
  affine.for %i = 1 to %n step 2 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i + 1] : memref<?xf32>
  }
  return
}

// -----

// Only innermost loops are unrolled; with unroll-full-threshold every loop
// with at most 3 iterations is unrolled fully, the outer one included.
// CHECK-LABEL: func @nest
// CHECK: affine.for %{{.*}} = 0 to 3 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 8 step 4 {

// THRESH-LABEL: func @nest
// THRESH-NOT: affine.for %{{.*}} = 0 to 3
// THRESH: affine.for %{{.*}} = 0 to 8 {

// REPS-LABEL: func @nest
// REPS: affine.for %{{.*}} = 0 to 3 {
// REPS-NEXT: affine.for %{{.*}} = 0 to 8 step 4 {
func.func @nest(%A: memref<?xf32>, %B: memref<?x?xf32>) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%j] : memref<?xf32>
      affine.store %v, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// A min upper bound whose trip count is not a multiple of the factor
// cannot get a cleanup loop: the loop is left alone (silently, as upstream).
// CHECK-LABEL: func @min_bound
// CHECK: affine.for %{{.*}} = 0 to min #{{.*}}()[%{{.*}}] {
func.func @min_bound(%A: memref<?xf32>, %n: index) {
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 7)>()[%n] {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i + 1] : memref<?xf32>
  }
  return
}
