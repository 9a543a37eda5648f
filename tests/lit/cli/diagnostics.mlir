// Diagnostics name the file, line and column, quote the line and put a
// caret under the column; every error is reported and the exit code is 1.
// RUN: not goopt opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: goopt opt %s --split-input-file --verify-diagnostics

// CHECK: diagnostics.mlir:[[# @LINE + 6]]:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// CHECK-NEXT: {{^}}  return %0 : i32
// CHECK-NEXT: {{^}}  ^
func.func @f(%a: i32) -> i64 {
  %0 = arith.addi %a, %a : i32
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f}}
  return %0 : i32
}

// -----

// CHECK: diagnostics.mlir:[[# @LINE + 3]]:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @g
func.func @g(%a: i64) -> i32 {
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @g}}
  return %a : i64
}

// -----

// Chunks that succeed are still printed.
func.func @ok() {
  return
}
