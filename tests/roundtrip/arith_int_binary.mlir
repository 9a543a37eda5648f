// Integer binary ops on scalars, with and without overflow flags.
func.func @int_binary(%a: i32, %b: i32, %i: index, %j: index) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.subi %a, %b overflow<nuw> : i32
  %3 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %4 = arith.divsi %a, %b : i32
  %5 = arith.divui %a, %b : i32
  %6 = arith.ceildivsi %a, %b : i32
  %7 = arith.ceildivui %a, %b : i32
  %8 = arith.floordivsi %a, %b : i32
  %9 = arith.remsi %a, %b : i32
  %10 = arith.remui %a, %b : i32
  %11 = arith.andi %a, %b : i32
  %12 = arith.ori %a, %b : i32
  %13 = arith.xori %a, %b : i32
  %14 = arith.shli %a, %b : i32
  %15 = arith.shli %a, %b overflow<nsw> : i32
  %16 = arith.shrsi %a, %b : i32
  %17 = arith.shrui %a, %b : i32
  %18 = arith.maxsi %a, %b : i32
  %19 = arith.maxui %a, %b : i32
  %20 = arith.minsi %a, %b : i32
  %21 = arith.minui %a, %b : i32
  %22 = arith.addi %i, %j : index
  %23 = arith.muli %i, %j overflow<nsw> : index
  %24 = arith.subi %a, %b {tag = "x"} : i32
  return %0 : i32
}
