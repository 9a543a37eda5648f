// RUN: goopt opt %s --affine-loop-tile="tile-sizes=8,8,6,4,2,3 num-tiling-levels=2" | FileCheck %s
// RUN: goopt opt %s --affine-loop-tile="tile-sizes=8,8,6,4,2,3 num-tiling-levels=2 separate" | FileCheck %s --check-prefix=SEP

// goopt's multi-level tiling (the paper's thread-block / warp levels at a
// small scale): level 1 tiles (i, j, k) by (8, 8, 6), level 2 tiles the
// level-1 intra-tile loops by (4, 2, 3). Intra-tile loops keep absolute
// indices: each runs from its tile origin to origin + size, bounded by the
// enclosing level (and the original bound) where sizes do not divide.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[I1:.*]] = affine_map<(d0) -> (d0 + 8, 14)>
// CHECK-DAG: #[[J1:.*]] = affine_map<(d0)[s0] -> (d0 + 8, s0)>
// CHECK-DAG: #[[K1:.*]] = affine_map<(d0) -> (d0 + 6)>
// CHECK-DAG: #[[I2:.*]] = affine_map<(d0, d1) -> (d1 + 4, d0 + 8, 14)>
// CHECK-DAG: #[[J2:.*]] = affine_map<(d0, d1)[s0] -> (d1 + 2, d0 + 8, s0)>
// CHECK-DAG: #[[K2:.*]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-LABEL: func @matmul
// CHECK: affine.for %[[I:.*]] = 0 to 14 step 8 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to %[[N:.*]] step 8 {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to 12 step 6 {
// CHECK-NEXT: affine.for %[[WI:.*]] = #[[ID]](%[[I]]) to min #[[I1]](%[[I]]) step 4 {
// CHECK-NEXT: affine.for %[[WJ:.*]] = #[[ID]](%[[J]]) to min #[[J1]](%[[J]])[%[[N]]] step 2 {
// CHECK-NEXT: affine.for %[[WK:.*]] = #[[ID]](%[[K]]) to #[[K1]](%[[K]]) step 3 {
// CHECK-NEXT: affine.for %[[II:.*]] = #[[ID]](%[[WI]]) to min #[[I2]](%[[I]], %[[WI]]) {
// CHECK-NEXT: affine.for %[[JJ:.*]] = #[[ID]](%[[WJ]]) to min #[[J2]](%[[J]], %[[WJ]])[%[[N]]] {
// CHECK-NEXT: affine.for %[[KK:.*]] = #[[ID]](%[[WK]]) to #[[K2]](%[[WK]]) {
// CHECK-NEXT: affine.load %{{.*}}[%[[II]], %[[KK]]] : memref<?x?xf16>
// CHECK-NEXT: arith.extf

// SEP-LABEL: func @matmul
// SEP: affine.if #{{.*}}(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})[%{{.*}}] {
// SEP: } else {
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %N: index) {
  affine.for %i = 0 to 14 {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to 12 {
        %a = affine.load %A[%i, %k] : memref<?x?xf16>
        %ae = arith.extf %a : f16 to f32
        %b = affine.load %B[%k, %j] : memref<?x?xf16>
        %be = arith.extf %b : f16 to f32
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
