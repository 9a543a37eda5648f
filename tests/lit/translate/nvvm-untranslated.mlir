// nvvm ops that have no LLVM 19 intrinsic or inline-PTX translation in
// the form given are reported, never dropped.
// RUN: not goopt translate --mlir-to-llvmir %s 2>&1 | FileCheck %s

// The acquire fence's size is an immediate in PTX: a value computed at run
// time cannot be one.
// CHECK: nvvm-untranslated.mlir:[[# @LINE + 2]]:3: error: 'nvvm.fence.proxy.acquire' op cannot be translated to LLVM IR: size must be an llvm.mlir.constant (128)
llvm.func @f(%d: !llvm.ptr, %n: i32) {
  nvvm.fence.proxy.acquire #nvvm.mem_scope<gpu> %d, %n
  llvm.return
}
