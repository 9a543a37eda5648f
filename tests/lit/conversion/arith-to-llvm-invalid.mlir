// RUN: goopt opt %s --split-input-file --convert-arith-to-llvm --verify-diagnostics

// An arith op on a type with no llvm counterpart (a tensor) cannot be
// lowered: the ops convert-arith-to-llvm lowers are illegal, so the pass
// fails with the framework's located error and the reason as a note.
// (Upstream leaves the op in place without a diagnostic.)
func.func @tensor_add(%t: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+2 {{'arith.addi' op failed to legalize operation 'arith.addi' that was explicitly marked illegal}}
  // expected-note @+1 {{unable to convert type for operand #0, type was 'tensor<4xi32>'}}
  %0 = arith.addi %t, %t : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A rounding mode on truncf needs a constrained intrinsic goopt's llvm
// dialect lacks.
func.func @truncf_rounding(%x: f32) -> f16 {
  // expected-error @+2 {{'arith.truncf' op failed to legalize operation 'arith.truncf' that was explicitly marked illegal}}
  // expected-note @+1 {{a rounding mode needs llvm.intr.experimental.constrained.fptrunc, which is not supported}}
  %0 = arith.truncf %x to_nearest_even : f32 to f16
  return %0 : f16
}
