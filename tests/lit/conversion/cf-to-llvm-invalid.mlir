// RUN: goopt opt %s --convert-cf-to-llvm --verify-diagnostics

// A branch to a block whose arguments have no llvm type (a tensor) cannot
// be lowered: a located error (upstream leaves the branch in place).
func.func @tensor_block(%t: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+2 {{'cf.br' op failed to legalize operation 'cf.br' that was explicitly marked illegal}}
  // expected-note @+1 {{unable to convert type for operand #0, type was 'tensor<4xi32>'}}
  cf.br ^bb1(%t : tensor<4xi32>)
^bb1(%x: tensor<4xi32>):
  return %x : tensor<4xi32>
}
