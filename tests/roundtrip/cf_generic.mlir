// Generic forms with explicit segment properties.
func.func @generic(%c: i1, %a: i32) {
  "cf.cond_br"(%c, %a)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
^bb1(%x: i32):
  "cf.switch"(%a, %a)[^bb2, ^bb1] <{case_operand_segments = array<i32: 1>, case_values = dense<5> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb2:
  "cf.assert"(%c) <{msg = "m"}> : (i1) -> ()
  "cf.br"()[^bb3] : () -> ()
^bb3:
  return
}
