// Integer math ops.
func.func @integer(%a: i32, %b: i32, %i: i64, %x: index) {
  %0 = math.absi %a : i32
  %1 = math.ctlz %a : i32
  %2 = math.cttz %i : i64
  %3 = math.ctpop %a : i32
  %4 = math.ipowi %a, %b : i32
  %5 = math.ctpop %x : index
  return
}
