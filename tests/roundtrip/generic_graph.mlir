// Unregistered ops with regions of several blocks, forward references to blocks and values, and nested isolated ops.
module attributes {test.attr = "module"} {
  "test.graph"() ({
  ^bb0:
    %0 = "test.use_later"(%1) : (i32) -> i32
    %1 = "test.def"() : () -> i32
    "test.terminator"() : () -> ()
  }) : () -> ()
  func.func @blocks(%c: i1) -> i64 {
    %a = "test.val"() : () -> i64
    "test.br"()[^bb2] : () -> ()
  ^bb1(%v: i64):
    return %v : i64
  ^bb2:
    "test.cond"(%c, %a)[^bb1, ^bb3] : (i1, i64) -> ()
  ^bb3:
    "test.br"(%a)[^bb1] : (i64) -> ()
  }
  module @inner attributes {test.x} {
    func.func private @decl(i32) -> i32
  }
}
