// RUN: goopt opt %s --split-input-file --convert-scf-to-cf --verify-diagnostics

// An scf.forall that still has tensor outputs (not bufferized) cannot go
// through scf.parallel: scf.forall is illegal, so the conversion fails
// with the op's location and the pattern's reason, as upstream, and
// leaves the function unchanged.
func.func @forall_outputs(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'scf.forall' op failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
  // expected-note @+1 {{only fully bufferized scf.forall ops can be lowered to scf.parallel}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<4xf32>
}

// -----

// One failure fails the whole conversion: the loop before it is not
// lowered either (the IR is rolled back), and each illegal op left is
// reported.
func.func @two(%t: tensor<4xf32>, %A: memref<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %A[%i] : memref<4xf32>
    memref.store %v, %A[%i] : memref<4xf32>
  }
  // expected-error @+2 {{failed to legalize operation 'scf.forall'}}
  // expected-note @+1 {{only fully bufferized}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
    }
  }
  // expected-error @+2 {{failed to legalize operation 'scf.forall'}}
  // expected-note @+1 {{only fully bufferized}}
  %s = scf.forall (%i) in (2) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
    }
  }
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}
