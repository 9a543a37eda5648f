// scf.if: no results, else branch, results, nesting, attributes.
func.func @ifs(%c: i1, %d: i1, %a: i32, %b: i32, %m: memref<4xi32>, %i: index) -> (i32, i32) {
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  } else {
    memref.store %b, %m[%i] : memref<4xi32>
  }
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %1:2 = scf.if %d -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s, %a : i32, i32
  } else {
    %n = scf.if %c -> (i32) {
      scf.yield %b : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %n, %b : i32, i32
  }
  scf.if %d {
  } {tag = 1 : i32}
  return %0, %1#0 : i32, i32
}
