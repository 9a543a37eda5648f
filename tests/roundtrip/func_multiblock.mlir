// A function body with several blocks.
func.func @blocks(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  %0 = arith.addi %a, %a : i32
  cf.br ^bb2(%0 : i32)
^bb2(%x: i32):
  return %x : i32
}
