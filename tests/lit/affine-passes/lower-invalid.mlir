// RUN: goopt opt %s --split-input-file --lower-affine --verify-diagnostics

// Division by a non-positive constant cannot be lowered.
func.func @bad(%A: memref<?xf32>, %i: index) {
  // expected-error @+1 {{division by non-positive value is not supported}}
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv -2)>(%i)
  return
}
