// RUN: goopt opt %s --split-input-file --affine-loop-unroll-jam="unroll-jam-factor=2" | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-loop-unroll-jam="unroll-jam-factor=3" | FileCheck %s --check-prefix=THREE
// RUN: goopt opt %s --split-input-file --affine-loop-unroll-jam | FileCheck %s --check-prefix=DEFAULT
// RUN: not goopt opt %s --affine-loop-unroll-jam="unroll-jam-factor=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: goopt opt %s --split-input-file --affine-loop-unroll-jam="unroll-jam-factor=2" --verify-diagnostics

// The outer loop is unrolled by 2 and the copies jammed into each inner
// loop; an inner loop with iter_args carries two copies of them.
// CHECK-LABEL: func @jam
// CHECK: affine.for %[[I:.*]] = 0 to 10 step 2 {
// CHECK: affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK: affine.apply #{{.*}}(%[[I]])
// CHECK: %{{.*}}:2 = affine.for %{{.*}} = 0 to 4 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, f32) {
// CHECK: affine.yield %{{.*}}, %{{.*}} : f32, f32

// 10 is not a multiple of 3: a cleanup loop runs the last iteration.
// THREE-LABEL: func @jam
// THREE: affine.for %{{.*}} = 0 to 9 step 3 {
// THREE: %{{.*}}:3 = affine.for
// The single-iteration cleanup loop is promoted.
// THREE-NOT: affine.for %{{.*}} = 9 to 10

// DEFAULT-LABEL: func @jam
// DEFAULT: affine.for %{{.*}} = 0 to 8 step 4 {
// DEFAULT: affine.for %{{.*}} = 8 to 10 {

// ZERO: error: invalid value '0' for option 'unroll-jam-factor'
func.func @jam(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %c = arith.constant 1.0 : f32
    affine.for %j = 0 to %n {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      %w = arith.addf %v, %c : f32
      affine.store %w, %B[%i, %j] : memref<?x?xf32>
    }
    %s = affine.for %k = 0 to 4 iter_args(%acc = %c) -> f32 {
      %v = affine.load %A[%k, %i] : memref<?x?xf32>
      %t = arith.addf %acc, %v : f32
      affine.yield %t : f32
    }
    affine.store %s, %C[%i] : memref<?xf32>
  }
  return
}

// -----

// Inner bounds that depend on the jammed IV prevent unroll-and-jam
// (goopt reports it; upstream is silent).
// CHECK-LABEL: func @variant
// CHECK: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%[[I]]) {
func.func @variant(%A: memref<?x?xf32>) {
  // expected-remark @+1 {{loop unroll-jam failed: inner loop bounds are not invariant in the unroll-jammed loop}}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %v, %A[%j, %i] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Iteration i reads row i (first inner loop) and writes row i+1 (second
// inner loop), which iteration i+1 reads: jamming would run iteration
// i+1's read loop before iteration i's write loop. goopt refuses it and
// leaves the nest unchanged (upstream MLIR 19 jams it and miscompiles).
// CHECK-LABEL: func @sibling_dep
// CHECK: affine.for %{{.*}} = 0 to 8 {
// CHECK-NOT: step
// CHECK: return
func.func @sibling_dep(%A: memref<9x16xf32>, %B: memref<8x16xf32>) {
  // expected-remark @+1 {{loop unroll-jam failed: unroll-jam by 2 would reorder a dependence from 'affine.store' to 'affine.load' carried by the loop}}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<9x16xf32>
      affine.store %v, %B[%i, %j] : memref<8x16xf32>
    }
    affine.for %j = 0 to 16 {
      %v = affine.load %B[%i, %j] : memref<8x16xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i + 1, %j] : memref<9x16xf32>
    }
  }
  return
}

// -----

// A (<, >) dependence: A[i+1][j] written at (i, j) is read at (i+1, j-1),
// an earlier inner iteration; jamming would read it before the write.
// CHECK-LABEL: func @skewed_dep
// CHECK: affine.for %{{.*}} = 0 to 8 {
// CHECK-NOT: step
// CHECK: return
func.func @skewed_dep(%A: memref<9x17xf32>) {
  // expected-remark @+1 {{loop unroll-jam failed: unroll-jam by 2 would reorder a dependence from 'affine.store' to 'affine.load' carried by the loop}}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j + 1] : memref<9x17xf32>
      affine.store %v, %A[%i + 1, %j] : memref<9x17xf32>
    }
  }
  return
}

// -----

// The same nest with a (<, <) dependence (A[i+1][j+1] = A[i][j]) is legal
// and jammed as upstream does.
// CHECK-LABEL: func @forward_dep
// CHECK: affine.for %[[I:.*]] = 0 to 8 step 2 {
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK: affine.apply #{{.*}}(%[[I]])
func.func @forward_dep(%A: memref<9x17xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<9x17xf32>
      affine.store %v, %A[%i + 1, %j + 1] : memref<9x17xf32>
    }
  }
  return
}
