// Discardable attributes on cf ops.
func.func @attrs(%c: i1, %f: i16) {
  cf.br ^bb1 {tag = "x"}
^bb1:
  cf.cond_br %c, ^bb2, ^bb3 {tag}
^bb2:
  cf.assert %c, "m" {tag}
  cf.switch %f : i16, [
    default: ^bb3,
    -3: ^bb3
  ] {tag}
^bb3:
  return
}
