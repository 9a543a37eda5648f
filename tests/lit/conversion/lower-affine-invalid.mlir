// RUN: goopt opt %s --split-input-file --lower-affine --verify-diagnostics

// An affine op no pattern can lower fails the conversion: the affine
// dialect is illegal, and the pattern's reason is attached as a note.
// Nothing else is reported (the affine.yield inside stays with its op) and
// the function is left unchanged.
func.func @assign_reduction() -> i64 {
  // expected-error @+2 {{'affine.parallel' op failed to legalize operation 'affine.parallel' that was explicitly marked illegal}}
  // expected-note @+1 {{unsupported reduction 'assign' for type 'i64'}}
  %r = affine.parallel (%i) = (0) to (10) reduce ("assign") -> (i64) {
    %c1 = arith.constant 1 : i64
    affine.yield %c1 : i64
  }
  return %r : i64
}

// -----

// Every op that cannot be converted is reported, not only the first.
func.func @two_errors(%i: index) -> (index, index) {
  // expected-error @+1 {{division by non-positive value is not supported}}
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv -2)>(%i)
  %1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  // expected-error @+1 {{modulo by non-positive value is not supported}}
  %2 = affine.apply affine_map<(d0) -> (d0 mod 0)>(%1)
  return %0, %2 : index, index
}
