// RUN: goopt opt %s --affine-loop-permute="permutation=1,2,0" --split-input-file | FileCheck %s
// RUN: goopt opt %s --affine-loop-permute="permutation=1,2,0" --split-input-file --verify-diagnostics

// (i, j, k) -> (k, i, j) on matmul: every dependence is carried by k or
// loop-independent, so any order is legal.
// CHECK-LABEL: func @matmul
// CHECK: affine.for %[[K:.*]] = 0 to 6 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 5 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[K]]]
func.func @matmul(%A: memref<4x6xf32>, %B: memref<6x5xf32>, %C: memref<4x5xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<4x6xf32>
        %b = affine.load %B[%k, %j] : memref<6x5xf32>
        %c = affine.load %C[%i, %j] : memref<4x5xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x5xf32>
      }
    }
  }
  return
}

// -----

// A (1, -1, 0) dependence: moving j outermost... is fine, but moving k
// outermost with (i: +1, j: -1) — here the dependence (1, 0, -1) becomes
// (-1, 1, 0) and the permutation is refused.
// CHECK-LABEL: func @illegal
// CHECK: affine.for %{{.*}} = 1 to 8 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 7 {
func.func @illegal(%A: memref<8x8x8xf32>) {
  // expected-remark @+1 {{loop nest not permuted: the permutation violates a dependence}}
  affine.for %i = 1 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 7 {
        %v = affine.load %A[%i - 1, %j, %k + 1] : memref<8x8x8xf32>
        affine.store %v, %A[%i, %j, %k] : memref<8x8x8xf32>
      }
    }
  }
  return
}

// -----

// A band of depth 2 cannot take a 3-loop permutation.
// CHECK-LABEL: func @shallow
// CHECK: affine.for
func.func @shallow(%A: memref<8x8xf32>) {
  // expected-remark @+1 {{loop nest not permuted: perfectly nested band of depth 2 is shallower than the permutation}}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %v, %A[%j, %i] : memref<8x8xf32>
    }
  }
  return
}

// -----

// Tiled bounds: the point loop %ii depends on the tile loop %i, which
// must stay outside it.
// CHECK-LABEL: func @bounds_use_iv
// CHECK: affine.for %{{.*}} = 0 to 16 step 4 {
func.func @bounds_use_iv(%A: memref<16x16xf32>) {
  // expected-remark @+1 {{loop nest not permuted: the bounds of the loop at depth 2 use an induction variable that would move inside it}}
  affine.for %i = 0 to 16 step 4 {
    affine.for %j = 0 to 16 {
      affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 4)>(%i) {
        %v = affine.load %A[%ii, %j] : memref<16x16xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %A[%ii, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

// -----

// A tiled transpose: permutation 1,2,0 moves %jj (constant bounds)
// outermost and keeps the point loop %ii inside its tile loop %i.
// CHECK-LABEL: func @tiled
// CHECK: affine.for %[[JJ:.*]] = 0 to 8 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 8 step 4 {
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
func.func @tiled(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  affine.for %i = 0 to 8 step 4 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 4)>(%i) {
      affine.for %jj = 0 to 8 {
        %v = affine.load %A[%ii, %jj] : memref<8x8xf32>
        affine.store %v, %B[%jj, %ii] : memref<8x8xf32>
      }
    }
  }
  return
}
