// scf.for: index and integer bounds, iter_args, nested loops, discardable attributes.
func.func @loops(%lb: index, %ub: index, %step: index, %a: i32, %b: i32, %f: f32, %m: memref<?xf32>) -> (f32, i32) {
  scf.for %i = %lb to %ub step %step {
  }
  scf.for %i = %lb to %ub step %step {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %f) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%x = %f, %y = %a) -> (f32, i32) {
    scf.yield %x, %y : f32, i32
  }
  scf.for %i = %a to %b step %b : i32 {
  }
  %k = scf.for %i = %a to %b step %b iter_args(%acc = %a) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  }
  %c1 = arith.constant 1 : i64
  %c9 = arith.constant 9 : i64
  scf.for %i = %c1 to %c9 step %c1 : i64 {
    scf.for %j = %i to %c9 step %c1 : i64 {
    }
  } {unroll = 2 : i64}
  return %sum, %k : f32, i32
}
