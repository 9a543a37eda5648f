// gpu-map-affine on a transpose B[j][i] = A[i][j]: the store is not
// coalesced in the loop order, so each 32x32 tile goes through workgroup
// memory, padded to 32x33 (or XOR-swizzled): rows of A read along
// threadIdx.x, a barrier, rows of B written along threadIdx.x. 33x7 is
// smaller than one tile in x and not a multiple of it in y: every
// access is guarded.
// RUN: goopt opt %s --gpu-map-affine | FileCheck %s
// RUN: goopt opt %s --gpu-map-affine="transpose-smem=xor" | FileCheck %s --check-prefix=XOR
// RUN: goopt opt %s --gpu-map-affine="transpose-smem=none" | FileCheck %s --check-prefix=NONE

// CHECK:       memref.global "private" @transpose_transpose_tile : memref<32x33xf32, 3>
// CHECK-LABEL: func.func @transpose(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c2, %{{.*}} = %c1) threads(%[[TX:[^,]*]], %[[TY:[^,]*]], %{{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c8, %{{.*}} = %c1)
// CHECK:           %[[T:.*]] = memref.get_global @transpose_transpose_tile
// CHECK:           scf.if
// CHECK-NEXT:        %[[V:.*]] = memref.load %{{.*}} : memref<33x7xf32>
// CHECK-NEXT:        memref.store %[[V]], %[[T]][%[[TY]], %[[TX]]] : memref<32x33xf32, 3>
// CHECK-COUNT-3:   memref.store %{{.*}}, %[[T]]
// CHECK:           gpu.barrier
// CHECK:           scf.if
// CHECK-NEXT:        %[[W:.*]] = memref.load %[[T]][%[[TX]], %[[TY]]] : memref<32x33xf32, 3>
// CHECK-NEXT:        memref.store %[[W]], %{{.*}} : memref<7x33xf32>
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.terminator

// XOR:       memref.global "private" @transpose_transpose_tile : memref<32x32xf32, 3>
// XOR:         gpu.launch
// XOR:           %[[SW:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// XOR:           memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[SW]]] : memref<32x32xf32, 3>
// XOR:           gpu.barrier

// NONE-NOT:  memref.global
// NONE:      gpu.launch
// NONE-NOT:    gpu.barrier
// NONE:        memref.store %{{.*}} : memref<7x33xf32>
func.func @transpose(%a: memref<33x7xf32>, %b: memref<7x33xf32>) {
  affine.for %i = 0 to 33 {
    affine.for %j = 0 to 7 {
      %x = affine.load %a[%i, %j] : memref<33x7xf32>
      affine.store %x, %b[%j, %i] : memref<7x33xf32>
    }
  }
  return
}
