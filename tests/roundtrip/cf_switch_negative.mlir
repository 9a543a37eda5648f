// Negative case values print as unsigned, as in MLIR.
func.func @neg(%f: i8) {
  cf.switch %f : i8, [
    default: ^bb1,
    -1: ^bb1,
    100: ^bb1
  ]
^bb1:
  return
}
