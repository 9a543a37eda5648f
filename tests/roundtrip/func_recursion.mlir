// Recursive and mutually recursive calls, and calls to later definitions.
func.func @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %done = arith.cmpi sle, %n, %c1 : i64
  cf.cond_br %done, ^base, ^rec
^base:
  return %c1 : i64
^rec:
  %m = arith.subi %n, %c1 : i64
  %r = func.call @fact(%m) : (i64) -> i64
  %p = arith.muli %n, %r : i64
  return %p : i64
}
func.func @even(%n: index) -> i1 {
  %0 = func.call @odd(%n) : (index) -> i1
  return %0 : i1
}
func.func @odd(%n: index) -> i1 {
  %0 = call @even(%n) : (index) -> i1
  return %0 : i1
}
