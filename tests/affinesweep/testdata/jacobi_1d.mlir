// 1-D Jacobi, 4 time steps over 48 points: a time loop around two
// dependent sweeps (imperfect nest, loop-carried dependences through memory).
func.func @kernel(%A: memref<48xf32>, %B: memref<48xf32>) {
  %q = arith.constant 0.25 : f32
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 47 {
      %l = affine.load %A[%i - 1] : memref<48xf32>
      %c = affine.load %A[%i] : memref<48xf32>
      %r = affine.load %A[%i + 1] : memref<48xf32>
      %s0 = arith.addf %l, %c : f32
      %s1 = arith.addf %s0, %c : f32
      %s2 = arith.addf %s1, %r : f32
      %v = arith.mulf %s2, %q : f32
      affine.store %v, %B[%i] : memref<48xf32>
    }
    affine.for %i = 1 to 47 {
      %v = affine.load %B[%i] : memref<48xf32>
      affine.store %v, %A[%i] : memref<48xf32>
    }
  }
  return
}
func.func @entry() -> i64 {
  %A = memref.alloc() : memref<48xf32>
  %Ad = memref.cast %A : memref<48xf32> to memref<?xf32>
  %seedA = arith.constant 1 : i64
  call @init1(%Ad, %seedA) : (memref<?xf32>, i64) -> ()
  %B = memref.alloc() : memref<48xf32>
  %Bd = memref.cast %B : memref<48xf32> to memref<?xf32>
  %seedB = arith.constant 2 : i64
  call @init1(%Bd, %seedB) : (memref<?xf32>, i64) -> ()
  call @kernel(%A, %B) : (memref<48xf32>, memref<48xf32>) -> ()
  %h0 = call @hash1(%Ad) : (memref<?xf32>) -> i64
  %h1 = call @hash1(%Bd) : (memref<?xf32>) -> i64
  %p1 = arith.constant 1000003 : i64
  %m1 = arith.muli %h0, %p1 : i64
  %x1 = arith.addi %m1, %h1 : i64
  memref.dealloc %A : memref<48xf32>
  memref.dealloc %B : memref<48xf32>
  return %x1 : i64
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
