// Locations attached to modules, functions, arguments and ops.
module @loc {
  func.func @f(%a: i32 loc("arg"), %b: i32 loc(unknown)) -> i32 {
    %0 = arith.addi %a, %b : i32 loc("add")
    return %0 : i32 loc(fused["a", "b"])
  } loc(callsite("f" at "x.mlir":1:1))
} loc("mod")
