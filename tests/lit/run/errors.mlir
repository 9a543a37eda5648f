// Bad uses of `goopt run` fail with a clear message, never a panic.

// RUN: not goopt run %s --device=gpu 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: goopt: error: --device=gpu: no GPU to run on: cuda: no NVIDIA driver: cannot load libcuda.so.1: {{.+}}

// RUN: not goopt run %s --device=tpu 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: goopt: error: unknown device 'tpu' (expected 'gpu', 'interp' or 'auto')

// RUN: not goopt run %s 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// AMBIGUOUS: goopt: error: cannot choose an entry function in '{{.*}}errors.mlir' among 'f', 'g': name one with --entry

// RUN: not goopt run %s --entry=nope 2>&1 | FileCheck %s --check-prefix=NOENTRY
// NOENTRY: goopt: error: entry function 'nope' not found in '{{.*}}errors.mlir'

// RUN: not goopt run %s --entry=f --args=random,random 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: errors.mlir:[[# @LINE + 19]]:1: error: 'f' takes 3 arguments but --args gives 2

// RUN: not goopt run %s --entry=f --args=zeros,1.5,x 2>&1 | FileCheck %s --check-prefix=LITERAL
// LITERAL:      error: argument 1 of 'f': '1.5' is not random, zeros or an integer literal
// LITERAL-NEXT: func.func @f(
// LITERAL:      error: argument 2 of 'f': 'x' is not random, zeros or a .npy file

// RUN: not goopt run %s --entry=f --args=zeros,1,missing.npy 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: error: argument 2 of 'f': cannot read 'missing.npy'

// RUN: not goopt run %s --entry=f --seeds=1,2 2>&1 | FileCheck %s --check-prefix=SEEDS
// SEEDS: goopt: error: '--seeds' needs '--check-equiv'

// RUN: not goopt run %s --entry=f --seed=x 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: goopt: error: invalid argument "x" for "--seed" flag

// RUN: not goopt run %s --check-equiv=%s --entry=f --rel-tol=-1 2>&1 | FileCheck %s --check-prefix=RELTOL
// RELTOL: goopt: error: relative tolerance must be a non-negative number, got -1

func.func @f(%a: memref<4xf32>, %n: i32, %b: memref<4xf32>) -> i32 {
  return %n : i32
}

func.func @g() {
  return
}
