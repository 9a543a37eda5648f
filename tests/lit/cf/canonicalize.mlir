// RUN: goopt opt %s --canonicalize --split-input-file | FileCheck %s

// A constant condition picks its successor.
// CHECK-LABEL: func @const_cond
func.func @const_cond(%a: i32) -> i32 {
  %t = arith.constant true
  // CHECK-NOT: cf.cond_br
  // CHECK: return %{{.*}} : i32
  cf.cond_br %t, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return %x : i32
^bb2:
  %c = arith.constant 0 : i32
  return %c : i32
}

// -----

// Identical successors with identical operands become a branch.
// CHECK-LABEL: func @same_dest
func.func @same_dest(%c: i1, %a: i32) -> i32 {
  // CHECK-NOT: cf.cond_br
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  // CHECK: return
  return %x : i32
}

// -----

// assert(true) is removed.
// CHECK-LABEL: func @assert_true
func.func @assert_true() {
  %t = arith.constant true
  // CHECK-NOT: cf.assert
  cf.assert %t, "never"
  return
}
