// gpu-map-affine on rows that do not start at vector-aligned offsets.
// Transpose 12x19 with 8x8 tiles: rows of A (19 elements) and of B (12)
// start at offsets 4 does not divide. The interior tiles (those whose
// vectors stay inside the rows: x tiles 0 and 1 of 3, `bx >= 2` is an
// edge) read each tile row as the 3 vectors at 16-byte-aligned offsets of
// a flat view of A that cover it, keeping the elements inside the tile,
// and write B's rows as the aligned vectors of a flat view of B: whole
// where they lie inside the tile, element by element where they do not.
// RUN: goopt opt %s --split-input-file --gpu-map-affine="transpose-tile=8" | FileCheck %s
// EQUIV: rel-tol=1e-5

// CHECK-LABEL: func.func @transpose(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c2, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK:           %[[EX:.*]] = arith.cmpi uge, %{{.*}}, %c2 : index
// CHECK:           %[[EDGE:.*]] = arith.ori %[[EX]], %{{.*}} : i1
// CHECK:           scf.if %[[EDGE]] {
// CHECK:           } else {
// CHECK:             %[[A:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [228], strides: [1] : memref<12x19xf32> to memref<228xf32>
// CHECK:             %[[V:.*]] = vector.load %[[A]][%{{.*}}] : memref<228xf32>, vector<4xf32>
// CHECK-NEXT:        %[[E:.*]] = vector.extract %[[V]][0]
// CHECK-NEXT:        scf.if
// CHECK-NEXT:          memref.store %[[E]], %{{.*}} : memref<8x9xf32, 3>
// CHECK:           gpu.barrier
// CHECK:           } else {
// CHECK:             %[[B:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [228], strides: [1] : memref<19x12xf32> to memref<228xf32>
// CHECK:             vector.store %{{.*}}, %[[B]][%{{.*}}] : memref<228xf32>, vector<4xf32>
// CHECK:             } else {
// CHECK:               memref.store %{{.*}}, %[[B]][%{{.*}}] : memref<228xf32>
func.func @transpose(%a: memref<12x19xf32>, %b: memref<19x12xf32>) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 19 {
      %x = affine.load %a[%i, %j] : memref<12x19xf32>
      affine.store %x, %b[%j, %i] : memref<19x12xf32>
    }
  }
  return
}

// -----

// Row sums over rows of 33 (one warp each): 9 aligned vectors cover a
// row, masked at its ends; the single-pass plan has nothing to keep for a
// later loop, so the loop strides over the row instead, scalar.

// CHECK-LABEL: func.func @rowsum(
// CHECK-NOT:     memref.reinterpret_cast
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}} : memref<5x33xf32>
func.func @rowsum(%a: memref<5x33xf32>, %s: memref<5xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 5 {
    %r = affine.for %j = 0 to 33 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<5x33xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %r, %s[%i] : memref<5xf32>
  }
  return
}
