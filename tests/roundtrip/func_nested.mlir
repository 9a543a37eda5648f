// Functions in nested modules, and calls across symbol tables.
module @outer {
  func.func private @top(i32) -> i32
  module @inner {
    func.func @f(%a: i32) -> i32 {
      %0 = func.call @g(%a) : (i32) -> i32
      return %0 : i32
    }
    func.func private @g(i32) -> i32
  }
}
