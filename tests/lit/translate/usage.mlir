// goopt translate needs the translation named, as mlir-translate does, and
// reports the gpu.module it cannot choose.
// RUN: not goopt translate %s 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: goopt: error: no translation chosen: pass --mlir-to-llvmir
// RUN: not goopt translate --mlir-to-llvmir %s 2>&1 | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: error: 'builtin.module' op 2 gpu.modules (a, b): choose one to translate
// RUN: goopt translate --mlir-to-llvmir --gpu-module=b %s | FileCheck %s --check-prefix=B
// B: define void @in_b()
// B-NOT: in_a
module attributes {gpu.container_module} {
  gpu.module @a {
    llvm.func @in_a() {
      llvm.return
    }
  }
  gpu.module @b {
    llvm.func @in_b() {
      llvm.return
    }
  }
}
