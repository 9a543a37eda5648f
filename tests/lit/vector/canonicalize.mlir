// RUN: goopt opt %s --canonicalize --split-input-file | FileCheck %s

// Identity casts, broadcasts and slices fold away; shape_cast chains that
// round-trip fold to their source.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[A:.*]]: vector<4x8xf32>)
// CHECK-NEXT: return %[[A]], %[[A]], %[[A]], %[[A]]
func.func @identities(%a: vector<4x8xf32>) -> (vector<4x8xf32>, vector<4x8xf32>, vector<4x8xf32>, vector<4x8xf32>) {
  %0 = vector.broadcast %a : vector<4x8xf32> to vector<4x8xf32>
  %1 = vector.shape_cast %a : vector<4x8xf32> to vector<32xf32>
  %2 = vector.shape_cast %1 : vector<32xf32> to vector<4x8xf32>
  %3 = vector.extract_strided_slice %a {offsets = [0, 0], sizes = [4, 8], strides = [1, 1]} : vector<4x8xf32> to vector<4x8xf32>
  %4 = vector.bitcast %a : vector<4x8xf32> to vector<4x8xf32>
  return %0, %2, %3, %4 : vector<4x8xf32>, vector<4x8xf32>, vector<4x8xf32>, vector<4x8xf32>
}

// -----

// extract(broadcast(s)) is s; extract(insert(x, v, p), p) is x; insert of
// what was extracted at the same place is the vector itself; chains of
// extracts and of broadcasts compose.
// CHECK-LABEL: func.func @chains
// CHECK-SAME: (%[[S:.*]]: f32, %[[V:.*]]: vector<4x8xf32>, %[[X:.*]]: vector<8xf32>, %[[W:.*]]: vector<8xf32>)
// CHECK: %[[E:.*]] = vector.extract %[[V]][1, 2] : f32 from vector<4x8xf32>
// CHECK: %[[B:.*]] = vector.broadcast %[[W]] : vector<8xf32> to vector<2x4x8xf32>
// CHECK: return %[[S]], %[[X]], %[[V]], %[[E]], %[[B]]
func.func @chains(%s: f32, %v: vector<4x8xf32>, %x: vector<8xf32>, %w: vector<8xf32>) -> (f32, vector<8xf32>, vector<4x8xf32>, f32, vector<2x4x8xf32>) {
  %b = vector.broadcast %s : f32 to vector<4x8xf32>
  %0 = vector.extract %b[1, 2] : f32 from vector<4x8xf32>
  %i = vector.insert %x, %v [3] : vector<8xf32> into vector<4x8xf32>
  %1 = vector.extract %i[3] : vector<8xf32> from vector<4x8xf32>
  %e = vector.extract %v[2] : vector<8xf32> from vector<4x8xf32>
  %2 = vector.insert %e, %v [2] : vector<8xf32> into vector<4x8xf32>
  %r = vector.extract %v[1] : vector<8xf32> from vector<4x8xf32>
  %3 = vector.extract %r[2] : f32 from vector<8xf32>
  %bw = vector.broadcast %w : vector<8xf32> to vector<4x8xf32>
  %4 = vector.broadcast %bw : vector<4x8xf32> to vector<2x4x8xf32>
  return %0, %1, %2, %3, %4 : f32, vector<8xf32>, vector<4x8xf32>, f32, vector<2x4x8xf32>
}

// -----

// Splats of constants become dense constants; a create_mask of constant
// sizes becomes a constant_mask, clamped, and empty when a size is not positive.
// CHECK-LABEL: func.func @constants
// CHECK-DAG: %[[C:.*]] = arith.constant dense<2.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[M:.*]] = vector.constant_mask [2, 3] : vector<4x3xi1>
// CHECK-DAG: %[[Z:.*]] = vector.constant_mask [0, 0] : vector<4x3xi1>
// CHECK: return %[[C]], %[[C]], %[[M]], %[[Z]]
func.func @constants() -> (vector<4xf32>, vector<4xf32>, vector<4x3xi1>, vector<4x3xi1>) {
  %f = arith.constant 2.0 : f32
  %0 = vector.splat %f : vector<4xf32>
  %1 = vector.broadcast %f : f32 to vector<4xf32>
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %cm1 = arith.constant -1 : index
  %2 = vector.create_mask %c2, %c9 : vector<4x3xi1>
  %3 = vector.create_mask %cm1, %c2 : vector<4x3xi1>
  return %0, %1, %2, %3 : vector<4xf32>, vector<4xf32>, vector<4x3xi1>, vector<4x3xi1>
}

// -----

// The folds inside a kernel with a memref signature, so that the
// interpreter checks canonicalization preserves what it computes.
// CHECK-LABEL: func.func @kernel
// CHECK-NOT: vector.shape_cast
// CHECK-NOT: vector.insert
// CHECK: vector.store
func.func @kernel(%m: memref<8xf32>, %s: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %v = vector.load %m[%c0] : memref<8xf32>, vector<8xf32>
  %b = vector.broadcast %s : f32 to vector<8xf32>
  %sum = arith.addf %v, %b : vector<8xf32>
  %sc = vector.shape_cast %sum : vector<8xf32> to vector<2x4xf32>
  %back = vector.shape_cast %sc : vector<2x4xf32> to vector<8xf32>
  %e = vector.extract %back[3] : f32 from vector<8xf32>
  %i = vector.insert %e, %back [3] : f32 into vector<8xf32>
  vector.store %i, %m[%c0] : memref<8xf32>, vector<8xf32>
  %x = vector.extract %b[5] : f32 from vector<8xf32>
  return %x : f32
}
