// Integer arithmetic with wrap-around, shifts, signed division and remainder.
func.func @entry() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 200 : index
  %x0 = arith.constant 12345 : i32
  %k = arith.constant 1664525 : i32
  %d = arith.constant 7 : i32
  %sh = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (i32) {
    %a = arith.muli %x, %k : i32
    %b = arith.shrsi %a, %sh : i32
    %c = arith.divsi %b, %d : i32
    %e = arith.remsi %a, %d : i32
    %f = arith.xori %c, %e : i32
    %g = arith.shli %f, %sh : i32
    %ii = arith.index_cast %i : index to i32
    %h = arith.addi %g, %ii : i32
    %u = arith.shrui %h, %sh : i32
    %v = arith.addi %a, %u : i32
    scf.yield %v : i32
  }
  %r64 = arith.extsi %r : i32 to i64
  return %r64 : i64
}

func.func private @lcg(%x: i64) -> i64 {
  %a = arith.constant 6364136223846793005 : i64
  %c = arith.constant 1442695040888963407 : i64
  %m = arith.muli %x, %a : i64
  %r = arith.addi %m, %c : i64
  return %r : i64
}
func.func private @small(%x: i64) -> f32 {
  %c33 = arith.constant 33 : i64
  %c255 = arith.constant 255 : i64
  %s = arith.shrui %x, %c33 : i64
  %b = arith.andi %s, %c255 : i64
  %f = arith.sitofp %b : i64 to f32
  %k = arith.constant 0.015625 : f32
  %h = arith.constant 2.0 : f32
  %v = arith.mulf %f, %k : f32
  %w = arith.subf %v, %h : f32
  return %w : f32
}
func.func private @init2(%m: memref<?x?xf32>, %seed: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = memref.dim %m, %c0 : memref<?x?xf32>
  %n1 = memref.dim %m, %c1 : memref<?x?xf32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%s = %seed) -> (i64) {
    %r2 = scf.for %j = %c0 to %n1 step %c1 iter_args(%t = %s) -> (i64) {
      %n = func.call @lcg(%t) : (i64) -> i64
      %v = func.call @small(%n) : (i64) -> f32
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
      scf.yield %n : i64
    }
    scf.yield %r2 : i64
  }
  return
}
func.func private @init1(%m: memref<?xf32>, %seed: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = memref.dim %m, %c0 : memref<?xf32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%s = %seed) -> (i64) {
    %n = func.call @lcg(%s) : (i64) -> i64
    %v = func.call @small(%n) : (i64) -> f32
    memref.store %v, %m[%i] : memref<?xf32>
    scf.yield %n : i64
  }
  return
}
func.func private @hash2(%m: memref<?x?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : i64
  %z = arith.constant 7 : i64
  %n0 = memref.dim %m, %c0 : memref<?x?xf32>
  %n1 = memref.dim %m, %c1 : memref<?x?xf32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%s = %z) -> (i64) {
    %r2 = scf.for %j = %c0 to %n1 step %c1 iter_args(%t = %s) -> (i64) {
      %v = memref.load %m[%i, %j] : memref<?x?xf32>
      %b = arith.bitcast %v : f32 to i32
      %e = arith.extui %b : i32 to i64
      %m1 = arith.muli %t, %c31 : i64
      %a = arith.addi %m1, %e : i64
      scf.yield %a : i64
    }
    scf.yield %r2 : i64
  }
  return %r : i64
}
func.func private @hash1(%m: memref<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : i64
  %z = arith.constant 7 : i64
  %n0 = memref.dim %m, %c0 : memref<?xf32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%t = %z) -> (i64) {
    %v = memref.load %m[%i] : memref<?xf32>
    %b = arith.bitcast %v : f32 to i32
    %e = arith.extui %b : i32 to i64
    %m1 = arith.muli %t, %c31 : i64
    %a = arith.addi %m1, %e : i64
    scf.yield %a : i64
  }
  return %r : i64
}
