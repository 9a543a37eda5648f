// Total Collatz steps for 1..30 with scf.while.
func.func @entry() -> i64 {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %n = arith.constant 31 : index
  %z = arith.constant 0 : i64
  %tot = scf.for %i = %c1i to %n step %c1i iter_args(%acc = %z) -> (i64) {
    %x0 = arith.index_cast %i : index to i64
    %res:2 = scf.while (%x = %x0, %s = %z) : (i64, i64) -> (i64, i64) {
      %p = arith.cmpi ne, %x, %c1 : i64
      scf.condition(%p) %x, %s : i64, i64
    } do {
    ^bb0(%y: i64, %t: i64):
      %r = arith.remui %y, %c2 : i64
      %even = arith.cmpi eq, %r, %z : i64
      %h = arith.divui %y, %c2 : i64
      %m = arith.muli %y, %c3 : i64
      %o = arith.addi %m, %c1 : i64
      %nx = arith.select %even, %h, %o : i64
      %nt = arith.addi %t, %c1 : i64
      scf.yield %nx, %nt : i64, i64
    }
    %a = arith.addi %acc, %res#1 : i64
    scf.yield %a : i64
  }
  return %tot : i64
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
