// gpu-map-affine on a transpose B[j][i] = A[i][j]: the store is not
// coalesced in the loop order, so each 32x32 tile goes through workgroup
// memory, padded to 32x33 (or XOR-swizzled): rows of A read along the
// threads, a barrier, rows of B written along the threads. Tiles on an
// edge that the tile does not divide are guarded element by element; the
// interior tiles run unguarded, on 4xf32 vectors where both memrefs' rows
// allow (36x40: 128 threads, two vectors each per phase, both loads
// before the tile stores so that they are in flight together). 33x7: rows of 7
// and 33 elements are not vector-aligned, so every tile is scalar, and
// since x has a single tile, every tile is an edge tile.
// RUN: goopt opt %s --split-input-file --gpu-map-affine="transpose-tile=32" | FileCheck %s
// RUN: goopt opt %s --split-input-file --gpu-map-affine="transpose-tile=32 transpose-smem=xor" | FileCheck %s --check-prefix=XOR
// RUN: goopt opt %s --split-input-file --gpu-map-affine="transpose-tile=32 transpose-smem=none" | FileCheck %s --check-prefix=NONE

// CHECK:       memref.global "private" @transpose_transpose_tile : memref<32x33xf32, 3>
// CHECK-LABEL: func.func @transpose(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c2, %{{.*}} = %c1) threads(%[[T:[^,]*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK:           %[[S:.*]] = memref.get_global @transpose_transpose_tile
// CHECK:           %[[EX:.*]] = arith.cmpi eq, %{{.*}}, %c0 : index
// CHECK:           %[[EY:.*]] = arith.cmpi eq, %{{.*}}, %c1 : index
// CHECK:           %[[EDGE:.*]] = arith.ori %[[EX]], %[[EY]] : i1
// CHECK:           scf.if %[[EDGE]] {
// CHECK:             %[[R:.*]] = arith.divui %[[T]], %c32 : index
// CHECK:             %[[C:.*]] = arith.remui %[[T]], %c32 : index
// CHECK:             scf.if
// CHECK-NEXT:          %[[V:.*]] = memref.load %{{.*}} : memref<33x7xf32>
// CHECK-NEXT:          memref.store %[[V]], %[[S]][%[[R]], %[[C]]] : memref<32x33xf32, 3>
// CHECK-COUNT-3:     memref.store %{{.*}}, %[[S]]
// CHECK:           } else {
// CHECK-NOT:         scf.if
// CHECK:             memref.load %{{.*}} : memref<33x7xf32>
// CHECK:           gpu.barrier
// CHECK:           scf.if %[[EDGE]] {
// CHECK:             scf.if
// CHECK-NEXT:          %[[W:.*]] = memref.load %[[S]][%{{.*}}, %{{.*}}] : memref<32x33xf32, 3>
// CHECK-NEXT:          memref.store %[[W]], %{{.*}} : memref<7x33xf32>
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

// -----

// CHECK-LABEL: func.func @transpose_vec(
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK:           scf.if %{{.*}} {
// CHECK:             memref.load %{{.*}} : memref<36x40xf32>
// CHECK:           } else {
// CHECK-NOT:         scf.if
// CHECK:             %[[L:.*]] = vector.load %{{.*}} : memref<36x40xf32>, vector<4xf32>
// CHECK-NOT:         memref.store
// CHECK:             vector.load %{{.*}} : memref<36x40xf32>, vector<4xf32>
// CHECK:             vector.extract %[[L]][3] : f32 from vector<4xf32>
// CHECK:           gpu.barrier
// CHECK:           } else {
// CHECK-NOT:         scf.if
// CHECK:             %[[I:.*]] = vector.insert %{{.*}} [3] : f32 into vector<4xf32>
// CHECK-NEXT:        vector.store %[[I]], %{{.*}} : memref<40x36xf32>, vector<4xf32>
// CHECK:             vector.store
// CHECK:           gpu.terminator

// XOR-LABEL: func.func @transpose_vec(
// NONE-LABEL: func.func @transpose_vec(
func.func @transpose_vec(%a: memref<36x40xf32>, %b: memref<40x36xf32>) {
  affine.for %i = 0 to 36 {
    affine.for %j = 0 to 40 {
      %x = affine.load %a[%i, %j] : memref<36x40xf32>
      affine.store %x, %b[%j, %i] : memref<40x36xf32>
    }
  }
  return
}
