// gpu-map-affine on element-wise nests: the innermost parallel loop on
// threadIdx.x, contiguous aligned accesses as 4xf32 vectors, loads that do
// not depend on it broadcast, boundary threads guarded, thread coarsening
// and grid-stride grids as options.
// RUN: goopt opt %s --split-input-file --gpu-map-affine | FileCheck %s
// RUN: goopt opt %s --split-input-file --gpu-map-affine="vector-width=1" | FileCheck %s --check-prefix=SCALAR
// RUN: goopt opt %s --split-input-file --gpu-map-affine="coarsen=2 block-size=32 grid=stride stride-blocks=2" | FileCheck %s --check-prefix=COARSE

// Vector add at 1000 (a multiple of 4, not of the 1024-element block
// tile): one block of 256 threads, one vector<4xf32> per thread, the last
// threads guarded off.

// CHECK-LABEL: func.func @vecadd(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG:     %[[C1000:.*]] = arith.constant 1000 : index
// CHECK:         gpu.launch blocks(%{{.*}}) in (%{{.*}} = %[[C1]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%{{.*}}) in (%{{.*}} = %[[C256]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]])
// CHECK:           %[[I:.*]] = arith.addi
// CHECK:           %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[C1000]] : index
// CHECK:           scf.if %[[OK]] {
// CHECK-NEXT:        %[[A:.*]] = vector.load %{{.*}}[%[[I]]] : memref<1000xf32>, vector<4xf32>
// CHECK-NEXT:        %[[B:.*]] = vector.load %{{.*}}[%[[I]]] : memref<1000xf32>, vector<4xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT:        vector.store %[[S]], %{{.*}}[%[[I]]] : memref<1000xf32>, vector<4xf32>
// CHECK-NOT:     affine.

// SCALAR-LABEL: func.func @vecadd(
// SCALAR:         gpu.launch
// SCALAR:           memref.load %{{.*}} : memref<1000xf32>
// SCALAR:           arith.addf %{{.*}}, %{{.*}} : f32
// SCALAR:           memref.store

// Coarsened: two vectors per thread, 32 vectors apart, 256-element tiles,
// and a grid of 2 blocks striding over the 4 tiles.
// COARSE-LABEL: func.func @vecadd(
// COARSE:         gpu.launch blocks(%[[BX:[^,]*]], %{{.*}}, %{{.*}}) in (%[[GX:[^ ]*]] = %c2,
// COARSE:           scf.for %{{.*}} = %[[BX]] to %c4 step %[[GX]] {
// COARSE-COUNT-2:     vector.store
func.func @vecadd(%a: memref<1000xf32>, %b: memref<1000xf32>, %c: memref<1000xf32>) {
  affine.for %i = 0 to 1000 {
    %x = affine.load %a[%i] : memref<1000xf32>
    %y = affine.load %b[%i] : memref<1000xf32>
    %s = arith.addf %x, %y : f32
    affine.store %s, %c[%i] : memref<1000xf32>
  }
  return
}

// -----

// A 2-D element-wise nest with a row and a column broadcast, 6 rows of
// 64: a warp along x (the narrowest block row; half its lanes are past the
// end of a row and guarded off), the 6 rows on threadIdx.y; r[j] is a
// vector load, c[i] a scalar load broadcast.

// CHECK-LABEL: func.func @bcast(
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c6, %{{.*}} = %c1)
// CHECK-DAG:       %[[X:.*]] = vector.load %{{.*}} : memref<6x64xf32>, vector<4xf32>
// CHECK-DAG:       %[[R:.*]] = vector.load %{{.*}} : memref<64xf32>, vector<4xf32>
// CHECK-DAG:       %[[C:.*]] = memref.load %{{.*}} : memref<6xf32>
// CHECK:           %[[P:.*]] = arith.mulf %[[X]], %[[R]] : vector<4xf32>
// CHECK:           %[[CB:.*]] = vector.broadcast %[[C]] : f32 to vector<4xf32>
// CHECK:           arith.addf %[[P]], %[[CB]] : vector<4xf32>
func.func @bcast(%a: memref<6x64xf32>, %r: memref<64xf32>, %c: memref<6xf32>, %o: memref<6x64xf32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<6x64xf32>
      %y = affine.load %r[%j] : memref<64xf32>
      %z = affine.load %c[%i] : memref<6xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %p, %z : f32
      affine.store %s, %o[%i, %j] : memref<6x64xf32>
    }
  }
  return
}

// -----

// Not vectorisable: the access strides by 2 along x; scalar threads.

// CHECK-LABEL: func.func @strided(
// CHECK:         gpu.launch
// CHECK-NOT:       vector.
// CHECK:           memref.load %{{.*}} : memref<200xf32>
func.func @strided(%a: memref<200xf32>, %b: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %x = affine.load %a[2 * %i] : memref<200xf32>
    affine.store %x, %b[%i] : memref<100xf32>
  }
  return
}
