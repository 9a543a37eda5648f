// RUN: goopt opt %s --split-input-file --convert-nvgpu-to-nvvm --verify-diagnostics

// Tensor cores take f32 multiplicands only as tf32: without tf32Enabled
// mma.sync has no lowering (MLIR 19 leaves the op; goopt reports it).

func.func @f32_without_tf32(%a: vector<2x1xf32>, %b: vector<1x1xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error@+2 {{failed to legalize operation 'nvgpu.mma.sync' that was explicitly marked illegal}}
  // expected-note@+1 {{f32 multiplicands need tf32Enabled}}
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 4]} : (vector<2x1xf32>, vector<1x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}
