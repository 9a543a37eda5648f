// scf.execute_region: no results, results, multiple blocks, attributes.
func.func @execute(%a: i32, %b: i32, %c: i1) -> i32 {
  scf.execute_region {
    scf.yield
  }
  %0 = scf.execute_region -> i32 {
    scf.yield %a : i32
  }
  %1:2 = scf.execute_region -> (i32, i32) {
    scf.yield %a, %b : i32, i32
  }
  %2 = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    scf.yield %b : i32
  } {tag}
  return %2 : i32
}
