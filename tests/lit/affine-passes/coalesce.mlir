// RUN: goopt opt %s --split-input-file --affine-loop-coalescing | FileCheck %s

// A 3-deep nest with symbolic and min bounds becomes one loop over the
// product of the trip counts; IVs are recovered with floordiv and mod.
// CHECK-LABEL: func @nest3
// CHECK: %[[UB0:.*]] = affine.apply #{{.*}}()[%{{.*}}]
// CHECK-NEXT: %[[UB1:.*]] = affine.apply #{{.*}}()
// CHECK-NEXT: %[[P1:.*]] = affine.apply #{{.*}}(%[[UB0]])[%[[UB1]]]
// CHECK-NEXT: %[[UB2:.*]] = affine.min #{{.*}}()[%{{.*}}]
// CHECK-NEXT: %[[P2:.*]] = affine.apply #{{.*}}(%[[P1]])[%[[UB2]]]
// CHECK-NEXT: affine.for %[[IV:.*]] = 0 to %[[P2]] {
// CHECK-NEXT: %[[K:.*]] = affine.apply #{{.*}}(%[[IV]])[%[[UB2]]]
// CHECK-NEXT: %[[Q:.*]] = affine.apply #{{.*}}(%[[IV]])[%[[UB2]]]
// CHECK-NEXT: %[[J:.*]] = affine.apply #{{.*}}(%[[Q]])[%[[UB1]]]
// CHECK-NEXT: %[[I:.*]] = affine.apply #{{.*}}(%[[Q]])[%[[UB1]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[J]] + %[[K]]]
// CHECK-NOT: affine.for
func.func @nest3(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to min affine_map<()[s0] -> (s0, 4)>()[%m] {
        %v = affine.load %A[%i, %j + %k] : memref<?x?xf32>
        affine.store %v, %B[%i, %j + %k] : memref<?x?xf32>
      }
    }
  }
  return
}

// -----

// The inner bound depends on the outer IV: nothing to coalesce.
// CHECK-LABEL: func @triangular
// CHECK: affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%[[I]]) {
func.func @triangular(%A: memref<?x?xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %v, %A[%j, %i] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Loops that are not normalized are not coalesced (run
// affine-loop-normalize first).
// CHECK-LABEL: func @not_normalized
// CHECK: affine.for %{{.*}} = 1 to 4 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 4 {
func.func @not_normalized(%A: memref<?x?xf32>) {
  affine.for %i = 1 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %v, %A[%j, %i] : memref<?x?xf32>
    }
  }
  return
}
