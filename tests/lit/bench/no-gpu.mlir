// goopt bench on a machine without an NVIDIA driver (as CI's) fails at
// once with a clear message and a non-zero status, before compiling anything.
// RUN: not goopt bench matmul --sizes=128 2>&1 | FileCheck %s
// CHECK: goopt: error: cuda: no NVIDIA driver: cannot load libcuda.so.1
// CHECK-NOT: TFLOP/s
// The benchmarks are matmul and the memory-bound kernels.
// RUN: not goopt bench gemv 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: goopt: error: unknown benchmark 'gemv': expected one of matmul, transpose, softmax, vecadd
// Bad sizes are reported as such.
// RUN: not goopt bench matmul --sizes=1:2 2>&1 | FileCheck %s --check-prefix=SIZES
// SIZES: goopt: error: invalid sizes '1:2': expected LO:HI:STEP or a comma-separated list
// RUN: not goopt bench matmul --save-tuned=%t.json 2>&1 | FileCheck %s --check-prefix=SAVE
// SAVE: goopt: error: --save-tuned needs --tune
