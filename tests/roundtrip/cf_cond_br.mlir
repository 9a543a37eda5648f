// Conditional branches: operand segments on each side, and branch weights.
func.func @cond_br(%c: i1, %a: i32, %b: i64) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb2, ^bb3(%a : i32)
^bb2:
  cf.cond_br %c, ^bb3(%a : i32), ^bb4(%a, %b : i32, i64)
^bb3(%x: i32):
  cf.cond_br %c, ^bb4(%x, %b : i32, i64), ^bb4(%a, %b : i32, i64) {weights = array<i32: 90, 10>}
^bb4(%y: i32, %z: i64):
  return
}
