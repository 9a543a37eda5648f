// An op the conversions left behind is an error at its location: nothing
// is written, and an existing output file is kept.
// RUN: not goopt translate --mlir-to-llvmir %s 2>&1 | FileCheck %s
// RUN: rm -f %t
// RUN: not goopt translate --mlir-to-llvmir %s -o %t
// RUN: not cat %t
// RUN: echo "previous contents" > %t
// RUN: not goopt translate --mlir-to-llvmir %s -o %t
// RUN: FileCheck %s --check-prefix=KEPT < %t
// KEPT: previous contents

// CHECK: unconverted.mlir:[[# @LINE + 4]]:8: error: 'arith.addi' op cannot be translated to LLVM IR: only llvm and nvvm dialect ops can
// CHECK-NEXT: {{^}}  %b = arith.addi %a, %a : i32
// CHECK: unconverted.mlir:[[# @LINE + 3]]:8: error: 'builtin.unrealized_conversion_cast' op cannot be translated to LLVM IR
llvm.func @f(%a: i32, %x: i64) -> i32 {
  %b = arith.addi %a, %a : i32
  %c = builtin.unrealized_conversion_cast %x : i64 to index
  llvm.return %a : i32
}
