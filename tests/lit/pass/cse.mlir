// RUN: goopt opt %s --split-input-file --cse | FileCheck %s
// RUN: goopt opt %s --split-input-file --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// Identical pure ops are merged into the first one.
// CHECK-LABEL: func.func @simple
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: %[[Y:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT: return %[[Y]] : i32
func.func @simple(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

// Equal constants are merged; constants of different types are not.
// CHECK-LABEL: func.func @constants
// CHECK-NEXT: %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[D:.*]] = arith.constant 1 : i64
// CHECK-NEXT: return %[[C]], %[[C]], %[[D]] : i32, i32, i64
func.func @constants() -> (i32, i32, i64) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.constant 1 : i64
  return %0, %1, %2 : i32, i32, i64
}

// -----

// Ops that differ in operands or attributes stay apart.
// CHECK-LABEL: func.func @different
// CHECK: arith.addi
// CHECK-NEXT: arith.addi {{.*}} overflow<nsw>
// CHECK-NEXT: arith.subi
// CHECK-NEXT: arith.subi
func.func @different(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Unused pure ops are erased; one pass does not revisit their operands.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: arith.addi
// CHECK-NEXT: return
func.func @dead(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  return
}

// -----

// Loads are merged only when no store may happen in between.
// CHECK-LABEL: func.func @loads
// CHECK: %[[L0:.*]] = memref.load
// CHECK-NEXT: memref.store
// CHECK-NEXT: %[[L1:.*]] = memref.load
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[L0]], %[[L0]] : i32
// CHECK-NEXT: arith.addi %[[S]], %[[L1]] : i32
func.func @loads(%a: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %0 = memref.load %m[%c0] : memref<4xi32>
  %1 = memref.load %m[%c0] : memref<4xi32>
  memref.store %a, %m[%c0] : memref<4xi32>
  %2 = memref.load %m[%c0] : memref<4xi32>
  %x = arith.addi %0, %1 : i32
  %y = arith.addi %x, %2 : i32
  return %y : i32
}

// -----

// An op in a nested region is replaced by a dominating equivalent outside it.
// CHECK-LABEL: func.func @nested
// CHECK: %[[X:.*]] = arith.addi
// CHECK: affine.for
// CHECK-NEXT: memref.store %[[X]]
// CHECK-NEXT: }
func.func @nested(%a: i32, %m: memref<4xi32>) -> i32 {
  %0 = arith.addi %a, %a : i32
  affine.for %i = 0 to 4 {
    %1 = arith.addi %a, %a : i32
    memref.store %1, %m[%i] : memref<4xi32>
  }
  return %0 : i32
}

// -----

// Functions are isolated from above: each starts a fresh scope.
// CHECK-LABEL: func.func @isolated_a
// CHECK: arith.constant 7 : i32
// CHECK-LABEL: func.func @isolated_b
// CHECK: arith.constant 7 : i32
func.func @isolated_a() -> i32 {
  %0 = arith.constant 7 : i32
  return %0 : i32
}
func.func @isolated_b() -> i32 {
  %0 = arith.constant 7 : i32
  return %0 : i32
}

// -----

// gpu.barrier orders all memory: loads on either side of it stay apart, and
// barriers are neither merged nor erased.
// CHECK-LABEL: func.func @barrier
// CHECK: memref.load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
func.func @barrier(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %0 = memref.load %m[%c0] : memref<4xi32>
  gpu.barrier
  gpu.barrier
  %1 = memref.load %m[%c0] : memref<4xi32>
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
