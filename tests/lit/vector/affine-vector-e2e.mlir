// An affine kernel with affine.vector_load/store and vector ops parses,
// transforms (unrolling, lowering to scf + vector.load/store, as upstream's
// lower-affine) and runs: each transformed version computes what the input does.

// RUN: goopt opt %s --lower-affine | FileCheck %s --check-prefix=LOWER
// RUN: goopt opt %s --lower-affine -o %t && goopt run %t --check-equiv=%s --entry=axpy | FileCheck %s
// RUN: goopt opt %s --affine-loop-unroll="unroll-factor=2" -o %t && goopt run %t --check-equiv=%s --entry=axpy | FileCheck %s
// RUN: goopt opt %s --canonicalize --cse -o %t && goopt run %t --check-equiv=%s --entry=dot | FileCheck %s
// RUN: goopt opt %s --lower-affine -o %t && goopt run %t --check-equiv=%s --entry=dot | FileCheck %s

// CHECK: equivalent (3 seeds)

// LOWER-LABEL: func.func @axpy
// LOWER: %[[B:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// LOWER: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// LOWER: %[[X:.*]] = vector.load %{{.*}}[%[[I]]] : memref<64xf32>, vector<8xf32>
// LOWER: %[[Y:.*]] = vector.load %{{.*}}[%[[I]]] : memref<64xf32>, vector<8xf32>
// LOWER: %[[R:.*]] = vector.fma %[[X]], %[[B]], %[[Y]] : vector<8xf32>
// LOWER: vector.store %[[R]], %{{.*}}[%[[I]]] : memref<64xf32>, vector<8xf32>
func.func @axpy(%A: memref<64xf32>, %B: memref<64xf32>, %s: f32) {
  %b = vector.broadcast %s : f32 to vector<8xf32>
  affine.for %i = 0 to 64 step 8 {
    %x = affine.vector_load %A[%i] : memref<64xf32>, vector<8xf32>
    %y = affine.vector_load %B[%i] : memref<64xf32>, vector<8xf32>
    %r = vector.fma %x, %b, %y : vector<8xf32>
    affine.vector_store %r, %B[%i] : memref<64xf32>, vector<8xf32>
  }
  return
}

// A 2-D vector_load of 8x8 tiles, reduced along rows with a contraction
// and a reduction; the result is a scalar.
// LOWER-LABEL: func.func @dot
// LOWER: vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x16xf32>, vector<2x8xf32>
// LOWER: vector.reduction <add>, %{{.*}}, %{{.*}} : vector<8xf32> into f32
func.func @dot(%A: memref<16x16xf32>, %x: memref<16xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 16 step 2 iter_args(%acc = %zero) -> (f32) {
    %s = affine.for %j = 0 to 16 step 8 iter_args(%a = %acc) -> (f32) {
      %t = affine.vector_load %A[%i, %j] : memref<16x16xf32>, vector<2x8xf32>
      %v = affine.vector_load %x[%j] : memref<16xf32>, vector<8xf32>
      %vb = vector.broadcast %v : vector<8xf32> to vector<2x8xf32>
      %p = arith.mulf %t, %vb : vector<2x8xf32>
      %flat = vector.shape_cast %p : vector<2x8xf32> to vector<16xf32>
      %lo = vector.extract_strided_slice %flat {offsets = [0], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
      %hi = vector.extract_strided_slice %flat {offsets = [8], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
      %sum = arith.addf %lo, %hi : vector<8xf32>
      %n = vector.reduction <add>, %sum, %a : vector<8xf32> into f32
      affine.yield %n : f32
    }
    affine.yield %s : f32
  }
  return %r : f32
}
