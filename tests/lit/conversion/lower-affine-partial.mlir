// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --lower-affine | FileCheck %s

// lower-affine is a partial conversion: the affine ops become scf, arith
// and memref ops, while the ops it has no rule for (func, math and
// unregistered ones) stay as they are, inside and around the lowered loops.
// CHECK-LABEL: func @keeps_other_ops
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[V:.*]] = func.call @callee(%[[I]]) : (index) -> f32
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[V]] : f32
// CHECK-NEXT: "test.sink"(%[[S]]) : (f32) -> ()
// CHECK-NEXT: memref.store %[[S]], %{{.*}}[%[[I]]] : memref<8xf32>
// CHECK-NEXT: }
// CHECK: "test.region"() ({
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: "test.body"(%[[J]]) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "test.end"() : () -> ()
// CHECK-NOT: affine.
func.func private @callee(index) -> f32
func.func @keeps_other_ops(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = func.call @callee(%i) : (index) -> f32
    %s = math.sqrt %v : f32
    "test.sink"(%s) : (f32) -> ()
    affine.store %s, %A[%i] : memref<8xf32>
  }
  "test.region"() ({
    affine.for %j = 0 to 4 {
      "test.body"(%j) : (index) -> ()
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Legal ops (arith, memref, scf) already in the input are untouched; the
// scf.for keeps its body, in which the affine ops are lowered.
// CHECK-LABEL: func @mixed
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %{{.*}} step %[[C1]] {
// CHECK-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[I]]] : memref<?xf32>
// CHECK-NEXT: %[[Y:.*]] = math.exp %[[X]] : f32
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: memref.store %[[Y]], %{{.*}}[%[[J]]] : memref<4xf32>
// CHECK-NOT: affine.
func.func @mixed(%A: memref<?xf32>, %B: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = math.exp %x : f32
    affine.for %j = 0 to 4 {
      affine.store %y, %B[%j] : memref<4xf32>
    }
  }
  return
}
