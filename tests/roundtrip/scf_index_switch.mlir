// scf.index_switch: with and without results, several cases, negative case values.
func.func @switch(%i: index, %a: i32, %b: i32, %m: memref<4xi32>) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    scf.yield %b : i32
  }
  default {
    scf.yield %a : i32
  }
  scf.index_switch %i
  case -1 {
    %c0 = arith.constant 0 : index
    memref.store %a, %m[%c0] : memref<4xi32>
    scf.yield
  }
  default {
  }
  scf.index_switch %i
  default {
  }
  %1:2 = scf.index_switch %i {tag = 3 : i64} -> i32, i32
  case 0 {
    scf.yield %a, %b : i32, i32
  }
  default {
    scf.yield %b, %a : i32, i32
  }
  return %0 : i32
}
