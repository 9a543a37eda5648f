// examples/vecadd.mlir at small and awkward sizes (the same nest): mapped
// by gpu-map-affine and run against the input on the interpreter (race
// and bounds checks on); tests/equiv checks the RUN below too.
// RUN: goopt opt %s --gpu-map-affine -o %t.mlir
// RUN: goopt opt %s --gpu-map-affine | FileCheck %s
// RUN: goopt run %t.mlir --entry=vecadd --check-equiv=%s | FileCheck %s --check-prefix=EQ
// RUN: goopt run %t.mlir --entry=vecadd_tail --check-equiv=%s | FileCheck %s --check-prefix=EQ

// 1028 = 4 * 257: vectorised, guarded.
// CHECK: vector.load %{{.*}} : memref<1028xf32>, vector<4xf32>
// EQ: equivalent (3 seeds)
func.func @vecadd(%A: memref<1028xf32>, %B: memref<1028xf32>, %C: memref<1028xf32>) {
  affine.for %i = 0 to 1028 {
    %a = affine.load %A[%i] : memref<1028xf32>
    %b = affine.load %B[%i] : memref<1028xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %C[%i] : memref<1028xf32>
  }
  return
}

// 1031, a prime: the vectorised main part, and a scalar tail for the last
// three elements (the one thread whose vector would run past the end).
// CHECK-LABEL: func.func @vecadd_tail(
// CHECK:         %[[X:.*]] = arith.addi
// CHECK:         scf.if
// CHECK:           %[[FULL:.*]] = arith.cmpi ult, %[[X]], %c1028 : index
// CHECK:           scf.if %[[FULL]] {
// CHECK:             vector.load %{{.*}}[%[[X]]] : memref<1031xf32>, vector<4xf32>
// CHECK:             vector.store %{{.*}}[%[[X]]] : memref<1031xf32>, vector<4xf32>
// CHECK:           } else {
// CHECK:             memref.store %{{.*}}[%[[X]]] : memref<1031xf32>
// CHECK-COUNT-2:     memref.store
// CHECK-NOT:         memref.store
// CHECK:           }
func.func @vecadd_tail(%A: memref<1031xf32>, %B: memref<1031xf32>, %C: memref<1031xf32>) {
  affine.for %i = 0 to 1031 {
    %a = affine.load %A[%i] : memref<1031xf32>
    %b = affine.load %B[%i] : memref<1031xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %C[%i] : memref<1031xf32>
  }
  return
}
