// RUN: goopt opt %s | FileCheck %s
// RUN: goopt opt %s | goopt opt | FileCheck %s

// Custom forms print as MLIR 19 prints them.
// CHECK-DAG: #[[LB:.*]] = affine_map<(d0)[s0] -> (d0, s0)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0) -> (d0 + 10)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 == 0)>
// CHECK-LABEL: func @forms
func.func @forms(%A: memref<100x100xf32>, %N: index, %a: index, %b: index, %init: f32) -> f32 {
  // CHECK: affine.for %[[I:.*]] = max #[[LB]](%{{.*}})[%{{.*}}] to #[[UB]](%{{.*}}) step 4 {
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0)>(%a)[%b] to min affine_map<(d0) -> (d0 + 10)>(%N) step 4 {
    // CHECK: affine.load %{{.*}}[%[[I]] + 1, %[[I]] * 2] : memref<100x100xf32>
    %v = affine.load %A[%i + 1, %i * 2] : memref<100x100xf32>
    // CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]], symbol(%{{.*}})] : memref<100x100xf32>
    affine.store %v, %A[%i, symbol(%N)] : memref<100x100xf32>
    // CHECK: affine.vector_load %{{.*}}[%[[I]], 0] : memref<100x100xf32>, vector<8xf32>
    %vv = affine.vector_load %A[%i, 0] : memref<100x100xf32>, vector<8xf32>
    // CHECK: affine.vector_store %{{.*}}, %{{.*}}[%[[I]], 8] : memref<100x100xf32>, vector<8xf32>
    affine.vector_store %vv, %A[%i, 8] : memref<100x100xf32>, vector<8xf32>
    // CHECK: affine.prefetch %{{.*}}[%[[I]], %[[I]]], read, locality<3>, data : memref<100x100xf32>
    affine.prefetch %A[%i, %i], read, locality<3>, data : memref<100x100xf32>
  }
  // CHECK: affine.for %{{.*}} = 0 to 10 iter_args(%{{.*}} = %{{.*}}) -> (f32) {
  %r = affine.for %i = 0 to 10 iter_args(%acc = %init) -> (f32) {
    // CHECK: affine.yield %{{.*}} : f32
    affine.yield %acc : f32
  }
  // CHECK: affine.for %{{.*}} = %{{.*}} to %{{.*}} {
  affine.for %i = %a to %N {
  }
  // CHECK: affine.if #[[SET]](%{{.*}})[%{{.*}}] -> f32 {
  // CHECK: } else {
  %x = affine.if affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 == 0)>(%a)[%N] -> f32 {
    affine.yield %init : f32
  } else {
    affine.yield %r : f32
  }
  // CHECK: affine.apply #{{.*}}(%{{.*}})[%{{.*}}]
  %ap = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%a)[%N]
  // CHECK: affine.min #{{.*}}(%{{.*}})[%{{.*}}]
  %mn = affine.min affine_map<(d0)[s0] -> (d0, s0, 10)>(%a)[%N]
  // CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 10) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
  %p:2 = affine.parallel (%i, %j) = (0, 0) to (%N, 10) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
    affine.yield %init, %init : f32, f32
  }
  // CHECK: affine.parallel (%{{.*}}) = (max(%{{.*}}, 0)) to (min(%{{.*}}, 10)) {
  affine.parallel (%i) = (max(%a, 0)) to (min(%N, 10)) {
  }
  // CHECK: affine.delinearize_index %{{.*}} into (%{{.*}}, %{{.*}}) : index, index
  %d:2 = affine.delinearize_index %a into (%N, %b) : index, index
  return %x : f32
}
