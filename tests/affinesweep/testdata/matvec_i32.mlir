// Integer matrix-vector product with an i32 iter_args reduction (28x33):
// exact under reassociation.
func.func @kernel(%A: memref<28x33xi32>, %x: memref<33xi32>, %y: memref<28xi32>) {
  affine.for %i = 0 to 28 {
    %init = affine.load %y[%i] : memref<28xi32>
    %r = affine.for %j = 0 to 33 iter_args(%acc = %init) -> (i32) {
      %a = affine.load %A[%i, %j] : memref<28x33xi32>
      %v = affine.load %x[%j] : memref<33xi32>
      %p = arith.muli %a, %v : i32
      %s = arith.addi %acc, %p : i32
      affine.yield %s : i32
    }
    affine.store %r, %y[%i] : memref<28xi32>
  }
  return
}
func.func @entry() -> i64 {
  %A = memref.alloc() : memref<28x33xi32>
  %Ad = memref.cast %A : memref<28x33xi32> to memref<?x?xi32>
  %seedA = arith.constant 1 : i64
  call @initi2(%Ad, %seedA) : (memref<?x?xi32>, i64) -> ()
  %x = memref.alloc() : memref<33xi32>
  %xd = memref.cast %x : memref<33xi32> to memref<?xi32>
  %seedx = arith.constant 2 : i64
  call @initi1(%xd, %seedx) : (memref<?xi32>, i64) -> ()
  %y = memref.alloc() : memref<28xi32>
  %yd = memref.cast %y : memref<28xi32> to memref<?xi32>
  %seedy = arith.constant 3 : i64
  call @initi1(%yd, %seedy) : (memref<?xi32>, i64) -> ()
  call @kernel(%A, %x, %y) : (memref<28x33xi32>, memref<33xi32>, memref<28xi32>) -> ()
  %h0 = call @hashi1(%yd) : (memref<?xi32>) -> i64
  memref.dealloc %A : memref<28x33xi32>
  memref.dealloc %x : memref<33xi32>
  memref.dealloc %y : memref<28xi32>
  return %h0 : i64
}

// Deterministic fill and checksum helpers (as in interp/testdata/kernels).
func.func private @lcg(%x: i64) -> i64 {
  %a = arith.constant 6364136223846793005 : i64
  %c = arith.constant 1442695040888963407 : i64
  %m = arith.muli %x, %a : i64
  %r = arith.addi %m, %c : i64
  return %r : i64
}
func.func private @smalli(%x: i64) -> i32 {
  %c33 = arith.constant 33 : i64
  %c255 = arith.constant 255 : i64
  %c128 = arith.constant 128 : i64
  %s = arith.shrui %x, %c33 : i64
  %b = arith.andi %s, %c255 : i64
  %v = arith.subi %b, %c128 : i64
  %w = arith.trunci %v : i64 to i32
  return %w : i32
}
func.func private @initi1(%m: memref<?xi32>, %seed: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = memref.dim %m, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%s = %seed) -> (i64) {
    %n = func.call @lcg(%s) : (i64) -> i64
    %v = func.call @smalli(%n) : (i64) -> i32
    memref.store %v, %m[%i] : memref<?xi32>
    scf.yield %n : i64
  }
  return
}
func.func private @initi2(%m: memref<?x?xi32>, %seed: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = memref.dim %m, %c0 : memref<?x?xi32>
  %n1 = memref.dim %m, %c1 : memref<?x?xi32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%s = %seed) -> (i64) {
    %r2 = scf.for %j = %c0 to %n1 step %c1 iter_args(%t = %s) -> (i64) {
      %n = func.call @lcg(%t) : (i64) -> i64
      %v = func.call @smalli(%n) : (i64) -> i32
      memref.store %v, %m[%i, %j] : memref<?x?xi32>
      scf.yield %n : i64
    }
    scf.yield %r2 : i64
  }
  return
}
func.func private @hashi1(%m: memref<?xi32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : i64
  %z = arith.constant 7 : i64
  %n0 = memref.dim %m, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%t = %z) -> (i64) {
    %v = memref.load %m[%i] : memref<?xi32>
    %e = arith.extui %v : i32 to i64
    %m1 = arith.muli %t, %c31 : i64
    %a = arith.addi %m1, %e : i64
    scf.yield %a : i64
  }
  return %r : i64
}
