// Unconditional branches with and without operands.
func.func @br(%a: i32, %b: f32) {
  cf.br ^bb1
^bb1:
  cf.br ^bb2(%a : i32)
^bb2(%x: i32):
  cf.br ^bb3(%x, %b : i32, f32)
^bb3(%y: i32, %z: f32):
  return
}
