// nvvm.grid_constant is checked as mlir-translate-19 checks it; every
// misuse is reported, each at its function.
// RUN: not goopt translate --mlir-to-llvmir %s 2>&1 | FileCheck %s

// CHECK: kernel-params-invalid.mlir:[[# @LINE + 1]]:1: error: '"nvvm.grid_constant"' attribute requires the argument to also have attribute 'llvm.byval'
llvm.func @no_byval(%p: !llvm.ptr {nvvm.grid_constant}) attributes {nvvm.kernel} {
  llvm.return
}

// CHECK: kernel-params-invalid.mlir:[[# @LINE + 1]]:1: error: '"nvvm.grid_constant"' attribute must be present only on kernel arguments
llvm.func @not_kernel(%p: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}) {
  llvm.return
}

// CHECK: kernel-params-invalid.mlir:[[# @LINE + 1]]:1: error: '"nvvm.grid_constant"' must be a unit attribute
llvm.func @not_unit(%p: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant = 1 : i32}) attributes {nvvm.kernel} {
  llvm.return
}
