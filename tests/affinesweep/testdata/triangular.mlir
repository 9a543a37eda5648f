// Triangular loops: y[i] += L[i][j] * x[j] over j <= i, then the upper
// triangle U[i][j] = A[j][i] + A[i][j] over j >= i (bounds depend on outer IVs).
func.func @kernel(%L: memref<32x32xf32>, %x: memref<32xf32>, %y: memref<32xf32>, %U: memref<32x32xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %l = affine.load %L[%i, %j] : memref<32x32xf32>
      %v = affine.load %x[%j] : memref<32xf32>
      %c = affine.load %y[%i] : memref<32xf32>
      %p = arith.mulf %l, %v : f32
      %s = arith.addf %c, %p : f32
      affine.store %s, %y[%i] : memref<32xf32>
    }
  }
  affine.for %i = 0 to 32 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 32 {
      %a = affine.load %L[%j, %i] : memref<32x32xf32>
      %b = affine.load %L[%i, %j] : memref<32x32xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %U[%i, %j] : memref<32x32xf32>
    }
  }
  return
}
func.func @entry() -> i64 {
  %L = memref.alloc() : memref<32x32xf32>
  %Ld = memref.cast %L : memref<32x32xf32> to memref<?x?xf32>
  %seedL = arith.constant 1 : i64
  call @init2(%Ld, %seedL) : (memref<?x?xf32>, i64) -> ()
  %x = memref.alloc() : memref<32xf32>
  %xd = memref.cast %x : memref<32xf32> to memref<?xf32>
  %seedx = arith.constant 2 : i64
  call @init1(%xd, %seedx) : (memref<?xf32>, i64) -> ()
  %y = memref.alloc() : memref<32xf32>
  %yd = memref.cast %y : memref<32xf32> to memref<?xf32>
  %seedy = arith.constant 3 : i64
  call @init1(%yd, %seedy) : (memref<?xf32>, i64) -> ()
  %U = memref.alloc() : memref<32x32xf32>
  %Ud = memref.cast %U : memref<32x32xf32> to memref<?x?xf32>
  %seedU = arith.constant 4 : i64
  call @init2(%Ud, %seedU) : (memref<?x?xf32>, i64) -> ()
  call @kernel(%L, %x, %y, %U) : (memref<32x32xf32>, memref<32xf32>, memref<32xf32>, memref<32x32xf32>) -> ()
  %h0 = call @hash1(%yd) : (memref<?xf32>) -> i64
  %h1 = call @hash2(%Ud) : (memref<?x?xf32>) -> i64
  %p1 = arith.constant 1000003 : i64
  %m1 = arith.muli %h0, %p1 : i64
  %x1 = arith.addi %m1, %h1 : i64
  memref.dealloc %L : memref<32x32xf32>
  memref.dealloc %x : memref<32xf32>
  memref.dealloc %y : memref<32xf32>
  memref.dealloc %U : memref<32x32xf32>
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
