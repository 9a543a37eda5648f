// RUN: goopt opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s

// memref.dim of a static dimension folds to a constant, of a dynamic one to the alloc's size.
// CHECK-LABEL: func @dim_fold
// CHECK-SAME: (%[[D:.*]]: index)
func.func @dim_fold(%d: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%d) : memref<4x?xf32>
  %0 = memref.dim %m, %c0 : memref<4x?xf32>
  %1 = memref.dim %m, %c1 : memref<4x?xf32>
  "test.use"(%m) : (memref<4x?xf32>) -> ()
  // CHECK: %[[C4:.*]] = arith.constant 4 : index
  // CHECK: return %[[C4]], %[[D]]
  return %0, %1 : index, index
}

// -----

// memref.rank of a ranked memref folds to a constant.
// CHECK-LABEL: func @rank_fold
func.func @rank_fold(%m: memref<4x?x2xf32>) -> index {
  // CHECK: %[[C3:.*]] = arith.constant 3 : index
  // CHECK: return %[[C3]]
  %r = memref.rank %m : memref<4x?x2xf32>
  return %r : index
}

// -----

// Loads and stores through a memref.cast use the cast's source.
// CHECK-LABEL: func @load_store_cast
// CHECK-SAME: (%[[M:.*]]: memref<8xf32>
func.func @load_store_cast(%m: memref<8xf32>, %i: index, %v: f32) -> f32 {
  %c = memref.cast %m : memref<8xf32> to memref<?xf32>
  // CHECK: memref.load %[[M]][%{{.*}}] : memref<8xf32>
  %x = memref.load %c[%i] : memref<?xf32>
  // CHECK: memref.store %{{.*}}, %[[M]][%{{.*}}] : memref<8xf32>
  memref.store %v, %c[%i] : memref<?xf32>
  return %x : f32
}

// -----

// A cast to the same type folds away; cast(cast(x)) casts x directly.
// CHECK-LABEL: func @cast_fold
// CHECK-SAME: (%[[M:.*]]: memref<8xf32>)
func.func @cast_fold(%m: memref<8xf32>) -> memref<8xf32> {
  %a = memref.cast %m : memref<8xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<8xf32>
  // CHECK-NOT: memref.cast
  // CHECK: return %[[M]]
  return %b : memref<8xf32>
}

// -----

// Constant dynamic sizes of an alloc become static, with a cast back.
// CHECK-LABEL: func @alloc_const
func.func @alloc_const() -> memref<?x4xf32> {
  %c8 = arith.constant 8 : index
  // CHECK: %[[A:.*]] = memref.alloc() : memref<8x4xf32>
  // CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<8x4xf32> to memref<?x4xf32>
  // CHECK: return %[[C]]
  %m = memref.alloc(%c8) : memref<?x4xf32>
  return %m : memref<?x4xf32>
}

// -----

// A subview of the whole memref with its own type is the memref itself.
// CHECK-LABEL: func @subview_identity
// CHECK-SAME: (%[[M:.*]]: memref<8x16xf32>)
func.func @subview_identity(%m: memref<8x16xf32>) -> memref<8x16xf32> {
  // CHECK-NOT: memref.subview
  // CHECK: return %[[M]]
  %s = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
  return %s : memref<8x16xf32>
}
