// goopt bench transpose|softmax|vecadd FILE: the file is checked against
// the benchmark's signature first (located errors), then the GPU is
// opened; CI has none.

// RUN: not goopt bench transpose %s 2>&1 | FileCheck %s
// CHECK: goopt: error: cuda: no NVIDIA driver: cannot load libcuda.so.1
// CHECK-NOT: GB/s

// Softmax wants the output shaped as the input.
// RUN: not goopt bench softmax %s 2>&1 | FileCheck %s --check-prefix=SIG
// SIG: kernels.mlir:[[@LINE+8]]:1: error: 'func.func' op @transpose: argument 1 is memref<8x4xf32>, which does not fit the size 4x8 (softmax expects memref<4x8xf32>)

// A static file runs at its own shape only.
// RUN: not goopt bench transpose %s --sizes=16x16 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: error: 'func.func' op @transpose: argument 0 is memref<4x8xf32>, which does not fit the size 16x16 (transpose expects memref<16x16xf32>)

// RUN: not goopt bench matmul %s 2>&1 | FileCheck %s --check-prefix=MATMUL
// MATMUL: goopt: error: goopt bench matmul takes no FILE: it compiles the paper's matmul at each of --sizes
func.func @transpose(%a: memref<4x8xf32>, %b: memref<8x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %a[%i, %j] : memref<4x8xf32>
      affine.store %v, %b[%j, %i] : memref<8x4xf32>
    }
  }
  return
}

// RUN: not goopt bench vecadd %s --tune 2>&1 | FileCheck %s --check-prefix=TUNE
// TUNE: goopt: error: --tune is for goopt bench matmul only
