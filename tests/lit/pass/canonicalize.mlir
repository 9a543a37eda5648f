// RUN: goopt opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: goopt opt %s --split-input-file --canonicalize=top-down=false | FileCheck %s
// RUN: goopt opt %s --split-input-file --pass-pipeline='builtin.module(canonicalize{max-iterations=20 region-simplify=aggressive})' | FileCheck %s
// RUN: goopt opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled}))' | FileCheck %s

// Constant operands fold; the folded constant is materialised, uniqued
// with existing ones and hoisted to the entry block; dead ops disappear.
// CHECK-LABEL: func.func @fold
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: %[[Y:.*]] = arith.muli %[[X]], %[[C3]] : i32
// CHECK-NEXT: return %[[C3]], %[[Y]] : i32, i32
func.func @fold(%a: i32) -> (i32, i32) {
  %x = arith.addi %a, %a : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %c3 = arith.constant 3 : i32
  %y = arith.muli %x, %c3 : i32
  return %s, %y : i32, i32
}

// -----

// Constants are hoisted out of nested regions to the function's entry
// block, in the order upstream's folder produces.
// CHECK-LABEL: func.func @hoist
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT: affine.for
// CHECK-NEXT: memref.store %[[C5]]
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[C6]], %{{.*}}[%[[C0]]]
func.func @hoist(%m: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %c5 = arith.constant 5 : i32
    memref.store %c5, %m[%i] : memref<8xi32>
  }
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c0 = arith.constant 0 : index
  memref.store %c6, %m[%c0] : memref<8xi32>
  return
}

// -----

// Unused loads and allocations are trivially dead; stores are not.
// CHECK-LABEL: func.func @dead
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.load
// CHECK: memref.store
// CHECK-NEXT: return
func.func @dead(%m: memref<8xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xi32>
  %0 = memref.load %m[%c0] : memref<8xi32>
  memref.store %v, %m[%c0] : memref<8xi32>
  return
}

// -----

// Public and private functions survive canonicalization.
// CHECK-LABEL: func.func private @decl
// CHECK-LABEL: func.func @empty
// CHECK-NEXT: return
func.func private @decl()
func.func @empty() {
  return
}
