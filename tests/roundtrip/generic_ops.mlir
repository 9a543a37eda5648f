// The generic operation form in full: results and result groups, operands with #N, properties, regions, successors, attributes.
func.func @generic(%arg0: i32, %arg1: f32) -> i32 {
  %0:2 = "test.multi"(%arg0, %arg1) <{prop = 1 : i32, other = "p"}> {attr = unit} : (i32, f32) -> (i32, f32)
  %1 = "test.region"(%0#0) ({
  ^bb0(%a: i32, %b: f32):
    "test.yield"(%a) : (i32) -> ()
  }, {
    "test.yield"(%0#0) : (i32) -> ()
  }) : (i32) -> i32
  "test.br"(%1)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  %2 = "test.cond"() : () -> i1
  "test.cond_br"(%2, %x)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
^bb2(%y: i32):
  return %y : i32
^bb3:
  return %0#0 : i32
}
