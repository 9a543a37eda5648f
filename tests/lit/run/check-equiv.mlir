// `goopt run --check-equiv`: the pass output is run against the input on the
// same random inputs; a pass that changed what a function computes fails.

// RUN: goopt opt %s --canonicalize -o %t && goopt run %t --check-equiv=%s --entry=sum | FileCheck %s
// RUN: goopt opt %s --cse --canonicalize -o %t && goopt run %t --check-equiv=%s --entry=axpy --seeds=4,5 | FileCheck %s --check-prefix=TWO
// RUN: goopt run %s --check-equiv=%s --entry=axpy --rel-tol=1e-6 | FileCheck %s

// A wrong "transformation" (the reduction starts at 1, not 0) is caught,
// reported at the function of the checked file with the differing value.
// RUN: not goopt run %S/Inputs/wrong-sum.mlir --check-equiv=%s --entry=sum 2>&1 | FileCheck %s --check-prefix=WRONG
// A transformed function that now fails at runtime names the seed.
// RUN: not goopt run %S/Inputs/wrong-sum.mlir --check-equiv=%s --entry=axpy 2>&1 | FileCheck %s --check-prefix=OOB

// CHECK: equivalent (3 seeds)
// TWO:   equivalent (2 seeds)

// WRONG:      wrong-sum.mlir:[[#]]:1: error: function 'sum' differs from its version in '{{.*}}check-equiv.mlir': seed 1: result 0 differs: after {{.*}} : f32, before {{.*}} : f32
// WRONG-NEXT: func.func @sum(%a: memref<16xf32>) -> f32 {

// OOB:      wrong-sum.mlir:[[#]]:{{[0-9]+}}: error: out-of-bounds load from memref<8xf32>: index [8] with size [8]
// OOB:      wrong-sum.mlir:[[#]]:1: note: while checking 'axpy' of '{{.*}}wrong-sum.mlir' on random inputs (seed 1)

func.func @sum(%a: memref<16xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1b = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %a[%i] : memref<16xf32>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  %unused = arith.muli %c1, %c1b : index
  return %r : f32
}

func.func @axpy(%alpha: f32, %x: memref<8xf32>, %y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %x[%i] : memref<8xf32>
    %b = affine.load %y[%i] : memref<8xf32>
    %m = arith.mulf %alpha, %a : f32
    %m2 = arith.mulf %alpha, %a : f32
    %s = arith.addf %m, %b : f32
    %t = arith.addf %s, %m2 : f32
    %u = arith.subf %t, %m2 : f32
    affine.store %s, %y[%i] : memref<8xf32>
  }
  return
}
