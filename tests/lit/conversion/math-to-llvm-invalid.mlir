// RUN: goopt opt %s --convert-math-to-llvm --verify-diagnostics

// A math op the pass lowers, on a tensor, cannot be converted: a located
// error rather than a crash (upstream leaves the op in place).
func.func @tensor_sqrt(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'math.sqrt' op failed to legalize operation 'math.sqrt' that was explicitly marked illegal}}
  // expected-note @+1 {{unable to convert type for operand #0, type was 'tensor<4xf32>'}}
  %0 = math.sqrt %t : tensor<4xf32>
  return %0 : tensor<4xf32>
}
