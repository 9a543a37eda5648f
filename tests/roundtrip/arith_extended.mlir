// Extended arithmetic: two results each.
func.func @extended(%a: i32, %b: i32, %va: vector<4xi64>) {
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mului_extended %a, %b : i32
  %0:2 = arith.mulsi_extended %a, %b : i32
  %1:2 = arith.addui_extended %va, %va : vector<4xi64>, vector<4xi1>
  %2:2 = arith.mulsi_extended %va, %va : vector<4xi64>
  return
}
