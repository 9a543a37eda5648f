// 2-D 5-point Jacobi sweep over the interior of a 34x30 grid.
func.func @kernel(%A: memref<34x30xf32>, %B: memref<34x30xf32>) {
  %w = arith.constant 2.000000e-01 : f32
  affine.for %i = 1 to 33 {
    affine.for %j = 1 to 29 {
      %c = affine.load %A[%i, %j] : memref<34x30xf32>
      %n = affine.load %A[%i - 1, %j] : memref<34x30xf32>
      %s = affine.load %A[%i + 1, %j] : memref<34x30xf32>
      %e = affine.load %A[%i, %j + 1] : memref<34x30xf32>
      %o = affine.load %A[%i, %j - 1] : memref<34x30xf32>
      %t0 = arith.addf %c, %n : f32
      %t1 = arith.addf %t0, %s : f32
      %t2 = arith.addf %t1, %e : f32
      %t3 = arith.addf %t2, %o : f32
      %v = arith.mulf %t3, %w : f32
      affine.store %v, %B[%i, %j] : memref<34x30xf32>
    }
  }
  return
}
func.func @entry() -> i64 {
  %A = memref.alloc() : memref<34x30xf32>
  %Ad = memref.cast %A : memref<34x30xf32> to memref<?x?xf32>
  %seedA = arith.constant 1 : i64
  call @init2(%Ad, %seedA) : (memref<?x?xf32>, i64) -> ()
  %B = memref.alloc() : memref<34x30xf32>
  %Bd = memref.cast %B : memref<34x30xf32> to memref<?x?xf32>
  %seedB = arith.constant 2 : i64
  call @init2(%Bd, %seedB) : (memref<?x?xf32>, i64) -> ()
  call @kernel(%A, %B) : (memref<34x30xf32>, memref<34x30xf32>) -> ()
  %h0 = call @hash2(%Bd) : (memref<?x?xf32>) -> i64
  memref.dealloc %A : memref<34x30xf32>
  memref.dealloc %B : memref<34x30xf32>
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
