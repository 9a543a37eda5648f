// RUN: goopt opt %s --split-input-file --affine-loop-normalize | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-loop-normalize="promote-single-iter" | FileCheck %s --check-prefix=PROMOTE

// Lower bound 2, step 3, symbolic upper bound: the loop runs from 0 to
// (n - 2) ceildiv 3 and the old IV is recomputed as 3 * iv + 2.
// CHECK-DAG: #[[UB:.*]] = affine_map<()[s0] -> ((s0 - 2) ceildiv 3)>
// CHECK-DAG: #[[IV:.*]] = affine_map<(d0) -> (d0 * 3 + 2)>
// CHECK-LABEL: func @steps
// CHECK: affine.for %[[I:.*]] = 0 to #[[UB]]()[%{{.*}}] {
// CHECK-NEXT: %[[OLD:.*]] = affine.apply #[[IV]](%[[I]])
// CHECK-NEXT: affine.load %{{.*}}[%[[OLD]]]
func.func @steps(%A: memref<?xf32>, %n: index) {
  affine.for %i = 2 to %n step 3 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}

// -----

// A min upper bound keeps one result per bound; a single-iteration inner
// loop is normalized, or promoted with promote-single-iter.
// CHECK-LABEL: func @min_bound
// CHECK: affine.for %{{.*}} = 0 to min #{{.*}}()[%{{.*}}, %{{.*}}] {
// CHECK: affine.for %{{.*}} = 0 to 1 {

// PROMOTE-LABEL: func @min_bound
// PROMOTE: %[[C5:.*]] = arith.constant 5 : index
// PROMOTE: affine.for %{{.*}} = 0 to min #{{.*}}()[%{{.*}}, %{{.*}}] {
// PROMOTE-NOT: affine.for
// PROMOTE: return
func.func @min_bound(%A: memref<?xf32>, %m: index, %n: index) {
  affine.for %i = affine_map<(d0) -> (d0 + 1)>(%m) to min affine_map<(d0)[s0] -> (d0 + 10, s0)>(%m)[%n] step 2 {
    affine.for %j = 5 to 6 {
      %v = affine.load %A[%i + %j] : memref<?xf32>
      affine.store %v, %A[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// affine.parallel: every dimension runs from 0 with step 1.
// CHECK-LABEL: func @parallel
// CHECK: affine.parallel (%[[X:.*]], %[[Y:.*]]) = (0, 0) to (4, (symbol(%{{.*}}) - symbol(%{{.*}})) ceildiv 3) {
// CHECK-NEXT: affine.apply #{{.*}}(%{{.*}}, %[[X]])
// CHECK-NEXT: affine.apply #{{.*}}(%{{.*}}, %[[Y]])
func.func @parallel(%A: memref<?xf32>, %m: index, %n: index) {
  affine.parallel (%x, %y) = (1, %m) to (9, %n) step (2, 3) {
    %v = affine.load %A[%x + %y] : memref<?xf32>
    affine.store %v, %A[%x] : memref<?xf32>
  }
  return
}

// -----

// A max lower bound cannot be normalized: the loop is left alone.
// CHECK-LABEL: func @max_lb
// CHECK: affine.for %{{.*}} = max #{{.*}}()[%{{.*}}, %{{.*}}] to 10 {
func.func @max_lb(%A: memref<?xf32>, %m: index, %n: index) {
  affine.for %i = max affine_map<()[s0, s1] -> (s0, s1)>()[%m, %n] to 10 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}
