// RUN: goopt opt %s --split-input-file --verify-diagnostics --convert-vector-to-llvm

// n-D vector loads are unrolled upstream by other patterns first.
func.func @load_2d(%m: memref<4x4xf32>, %i: index) -> vector<2x4xf32> {
  // expected-error@+2 {{failed to legalize operation 'vector.load'}}
  // expected-note@+1 {{only 1-D vector loads are lowered}}
  %v = vector.load %m[%i, %i] : memref<4x4xf32>, vector<2x4xf32>
  return %v : vector<2x4xf32>
}

// -----

// A memref without a strided layout has no descriptor to address through.
func.func @not_strided(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>>, %i: index) -> vector<4xf32> {
  // expected-error@+2 {{failed to legalize operation 'vector.load'}}
  // expected-note@+1 {{unable to convert type for operand #0}}
  %v = vector.load %m[%i, %i] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>>, vector<4xf32>
  return %v : vector<4xf32>
}

// -----

// Stretching a unit dimension is not lowered directly.
func.func @stretch(%v: vector<1x4xf32>) -> vector<3x4xf32> {
  // expected-error@+2 {{failed to legalize operation 'vector.broadcast'}}
  // expected-note@+1 {{only broadcasts of a scalar or into leading dimensions are lowered}}
  %r = vector.broadcast %v : vector<1x4xf32> to vector<3x4xf32>
  return %r : vector<3x4xf32>
}
