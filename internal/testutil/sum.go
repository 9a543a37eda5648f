package testutil

// SumI32x8 is a function @sum reducing a memref<8xi32> with an affine.for
// carrying the running sum: the smallest kernel on which the equivalence
// checks can tell a right transformation from a wrong one.
const SumI32x8 = `
func.func @sum(%a: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %c0) -> i32 {
    %x = affine.load %a[%i] : memref<8xi32>
    %s = arith.addi %acc, %x : i32
    affine.yield %s : i32
  }
  return %r : i32
}
`
