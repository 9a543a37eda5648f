// RUN: goopt opt %s --split-input-file --affine-simplify-structures | FileCheck %s

// Maps and sets are simplified; affine.apply ops that become identities
// fold away and affine.for bounds are canonicalized.
// CHECK-DAG: #[[SET:.*]] = affine_set<()[s0] : (s0 - 1 >= 0)>
// CHECK-LABEL: func @simplify
// CHECK-NOT: affine.apply affine_map<(d0) -> ((d0 * 4) floordiv 4
// CHECK: affine.if #[[SET]]()[%{{.*}}] {
// CHECK: affine.for %[[J:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]]]
func.func @simplify(%A: memref<?xf32>, %i: index, %n: index) {
  %0 = affine.apply affine_map<(d0) -> ((d0 * 4) floordiv 4 + (d0 mod 2) * 0)>(%i)
  %1 = affine.apply affine_map<(d0)[s0] -> ((d0 + s0 * 2) mod 2 + (d0 * 6) ceildiv 3)>(%i)[%n]
  affine.if affine_set<(d0) : ((d0 * 4) floordiv 4 - 1 >= 0)>(%i) {
    %v = affine.load %A[(%0 * 8) floordiv 4] : memref<?xf32>
    affine.store %v, %A[%1 mod 4] : memref<?xf32>
  }
  affine.for %j = 0 to affine_map<(d0) -> ((d0 * 2) floordiv 2)>(%n) {
    %v = affine.load %A[%j * 1 + 0] : memref<?xf32>
    affine.store %v, %A[%j] : memref<?xf32>
  }
  return
}
