// nvvm ops without an LLVM 19 intrinsic or inline-PTX translation are
// reported, never dropped.
// RUN: not goopt translate --mlir-to-llvmir %s 2>&1 | FileCheck %s

// CHECK: nvvm-untranslated.mlir:[[# @LINE + 2]]:3: error: 'nvvm.cp.async.bulk.tensor.global.shared.cta' op cannot be translated to LLVM IR
llvm.func @f(%d: !llvm.ptr, %s: !llvm.ptr<3>, %x: i32) {
  nvvm.cp.async.bulk.tensor.global.shared.cta %d, %s, box[%x] : !llvm.ptr, !llvm.ptr<3>, i32
  llvm.return
}
