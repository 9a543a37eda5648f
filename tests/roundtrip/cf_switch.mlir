// Switches with and without cases, with block operands.
func.func @switch(%f: i32, %g: i64, %a: f32) {
  cf.switch %f : i32, [
    default: ^bb1,
    0: ^bb2(%a : f32),
    42: ^bb3(%a, %a : f32, f32)
  ]
^bb1:
  cf.switch %g : i64, [
    default: ^bb4
  ]
^bb2(%x: f32):
  cf.switch %f : i32, [
    default: ^bb2(%x : f32),
    7: ^bb1
  ]
^bb3(%y: f32, %z: f32):
  cf.br ^bb4
^bb4:
  return
}
