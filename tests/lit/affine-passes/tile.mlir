// RUN: goopt opt %s --split-input-file --affine-loop-tile="tile-sizes=4,5,3" | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-loop-tile="tile-size=4" | FileCheck %s --check-prefix=SIZE
// RUN: goopt opt %s --split-input-file --affine-loop-tile="tile-sizes=4,5,3 separate" | FileCheck %s --check-prefix=SEP

// Matmul-like nest with constant, symbolic and non-divisible bounds: the
// tile-space loops keep the original bounds with a scaled step, the
// intra-tile loops run from the tile origin to a min with the original
// upper bound where the tile size does not divide the trip count.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[UB0:.*]] = affine_map<(d0) -> (d0 + 4, 14)>
// CHECK-DAG: #[[UB1:.*]] = affine_map<(d0)[s0] -> (d0 + 5, s0)>
// CHECK-DAG: #[[UB2:.*]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-LABEL: func @mm
// CHECK: affine.for %[[I:.*]] = 0 to 14 step 4 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to %[[N:.*]] step 5 {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to 12 step 3 {
// CHECK-NEXT: affine.for %[[II:.*]] = #[[ID]](%[[I]]) to min #[[UB0]](%[[I]]) {
// CHECK-NEXT: affine.for %[[JJ:.*]] = #[[ID]](%[[J]]) to min #[[UB1]](%[[J]])[%[[N]]] {
// CHECK-NEXT: affine.for %[[KK:.*]] = #[[ID]](%[[K]]) to #[[UB2]](%[[K]]) {
// CHECK-NEXT: affine.load %{{.*}}[%[[II]], %[[KK]]]

// SIZE-LABEL: func @mm
// SIZE: affine.for %{{.*}} = 0 to 14 step 4 {
// SIZE-NEXT: affine.for %{{.*}} = 0 to %{{.*}} step 4 {
// SIZE-NEXT: affine.for %{{.*}} = 0 to 12 step 4 {

// With separate, full tiles run under an affine.if with constant extents.
// SEP-DAG: #[[SET:.*]] = affine_set<(d0, d1)[s0] : (-d0 + 10 >= 0, -d1 + s0 - 5 >= 0)>
// SEP-LABEL: func @mm
// SEP: affine.if #[[SET]](%{{.*}}, %{{.*}})[%{{.*}}] {
// SEP: } else {
func.func @mm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %N: index) {
  affine.for %i = 0 to 14 {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to 12 {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// -----

// Loops with min/max and symbolic bounds, non-unit steps and a trip count
// smaller than the tile (the intra-tile loop then spans the trip count).
// CHECK-DAG: #[[UBM:.*]] = affine_map<(d0, d1)[s0] -> (d1 + 8, d0 + 9, s0)>
// CHECK-DAG: #[[SHORT:.*]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-LABEL: func @bounds
// CHECK: affine.for %[[I:.*]] = max #{{.*}}(%{{.*}})[%{{.*}}] to min #{{.*}}(%{{.*}})[%{{.*}}] step 8 {
// CHECK-NEXT: affine.for %[[J:.*]] = 2 to 5 step 5 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[I]]) to min #[[UBM]](%{{.*}}, %[[I]])[%{{.*}}] step 2 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[J]]) to #[[SHORT]](%[[J]]) {
func.func @bounds(%A: memref<?xf32>, %B: memref<?x?xf32>, %m: index, %n: index) {
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 - 3)>(%m)[%n] to min affine_map<(d0)[s0] -> (d0 + 9, s0)>(%m)[%n] step 2 {
    affine.for %j = 2 to 5 {
      %v = affine.load %A[%i + %j] : memref<?xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// A band whose inner bound uses the outer IV is not hyper-rectangular and
// is left alone with a remark.
// CHECK-LABEL: func @triangular
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%[[I]]) {
func.func @triangular(%A: memref<?x?xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %v, %A[%j, %i] : memref<?x?xf32>
    }
  }
  return
}
