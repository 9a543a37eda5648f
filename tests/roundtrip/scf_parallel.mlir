// scf.parallel with one and several dimensions, init values, scf.reduce with several regions.
func.func @parallel(%lb: index, %ub: index, %st: index, %m: memref<?x?xf32>, %f: f32, %a: i32) -> (f32, i32) {
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
  }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  }
  %s = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%f) -> f32 {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %x = arith.addf %l, %r : f32
      scf.reduce.return %x : f32
    }
  }
  %t:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%f, %a) -> (f32, i32) {
    scf.reduce(%f, %a : f32, i32) {
    ^bb0(%l: f32, %r: f32):
      %x = arith.mulf %l, %r : f32
      scf.reduce.return %x : f32
    }, {
    ^bb0(%l: i32, %r: i32):
      %x = arith.maxsi %l, %r : i32
      scf.reduce.return %x : i32
    }
  } {mapping = "blocks"}
  return %s, %t#1 : f32, i32
}
