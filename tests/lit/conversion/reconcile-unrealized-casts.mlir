// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --reconcile-unrealized-casts | FileCheck %s

// A chain of casts coming back to its source type folds away.
// CHECK-LABEL: func @round_trip
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NOT: unrealized_conversion_cast
// CHECK: return %[[X]] : i32
func.func @round_trip(%x: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to index
  %2 = builtin.unrealized_conversion_cast %1 : index to i32
  return %2 : i32
}

// -----

// Dead casts are erased, and so are the casts only they used.
// CHECK-LABEL: func @dead
// CHECK-NOT: unrealized_conversion_cast
// CHECK: return
func.func @dead(%x: i32) {
  %0 = builtin.unrealized_conversion_cast %x : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to f32
  return
}

// -----

// 1:N and N:1 casts (a value split in two and put back) fold as a whole.
// CHECK-LABEL: func @one_to_n
// CHECK-SAME: (%[[X:.*]]: i64)
// CHECK-NEXT: return %[[X]] : i64
func.func @one_to_n(%x: i64) -> i64 {
  %0:2 = builtin.unrealized_conversion_cast %x : i64 to i32, i32
  %1 = builtin.unrealized_conversion_cast %0#0, %0#1 : i32, i32 to i64
  return %1 : i64
}

// -----

// Casts in nested regions are reconciled too; an identity cast is
// replaced by its input.
// CHECK-LABEL: func @nested
// CHECK-SAME: (%[[X:[^:]+]]: index
// CHECK: scf.for
// CHECK-NOT: unrealized_conversion_cast
// CHECK: "test.use"(%[[X]]) : (index) -> ()
func.func @nested(%x: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = builtin.unrealized_conversion_cast %x : index to index
    "test.use"(%0) : (index) -> ()
  }
  return
}

// -----

// A chain that does not come back to its source type is kept, as
// mlir-opt-19 keeps it (the pass does not fail).
// CHECK-LABEL: func @unresolved
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : i32 to index
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %[[A]] : index to i64
// CHECK: return %[[B]] : i64
func.func @unresolved(%x: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  return %1 : i64
}
