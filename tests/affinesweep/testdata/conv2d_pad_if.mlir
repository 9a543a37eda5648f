// 3x3 convolution with zero padding through affine.if with results inside an
// iter_args reduction (30x26 output).
#inb = affine_set<(d0, d1, d2, d3) : (d0 + d1 - 1 >= 0, 30 - d0 - d1 >= 0, d2 + d3 - 1 >= 0, 26 - d2 - d3 >= 0)>
func.func @kernel(%A: memref<30x26xf32>, %W: memref<3x3xf32>, %B: memref<30x26xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 26 {
      %r = affine.for %ki = 0 to 3 iter_args(%acc = %z) -> (f32) {
        %r2 = affine.for %kj = 0 to 3 iter_args(%acc2 = %acc) -> (f32) {
          %v = affine.if #inb(%i, %ki, %j, %kj) -> f32 {
            %a = affine.load %A[%i + %ki - 1, %j + %kj - 1] : memref<30x26xf32>
            %w = affine.load %W[%ki, %kj] : memref<3x3xf32>
            %p = arith.mulf %a, %w : f32
            %s = arith.addf %acc2, %p : f32
            affine.yield %s : f32
          } else {
            affine.yield %acc2 : f32
          }
          affine.yield %v : f32
        }
        affine.yield %r2 : f32
      }
      affine.store %r, %B[%i, %j] : memref<30x26xf32>
    }
  }
  return
}
func.func @entry() -> i64 {
  %A = memref.alloc() : memref<30x26xf32>
  %Ad = memref.cast %A : memref<30x26xf32> to memref<?x?xf32>
  %seedA = arith.constant 1 : i64
  call @init2(%Ad, %seedA) : (memref<?x?xf32>, i64) -> ()
  %W = memref.alloc() : memref<3x3xf32>
  %Wd = memref.cast %W : memref<3x3xf32> to memref<?x?xf32>
  %seedW = arith.constant 2 : i64
  call @init2(%Wd, %seedW) : (memref<?x?xf32>, i64) -> ()
  %B = memref.alloc() : memref<30x26xf32>
  %Bd = memref.cast %B : memref<30x26xf32> to memref<?x?xf32>
  %seedB = arith.constant 3 : i64
  call @init2(%Bd, %seedB) : (memref<?x?xf32>, i64) -> ()
  call @kernel(%A, %W, %B) : (memref<30x26xf32>, memref<3x3xf32>, memref<30x26xf32>) -> ()
  %h0 = call @hash2(%Bd) : (memref<?x?xf32>) -> i64
  memref.dealloc %A : memref<30x26xf32>
  memref.dealloc %W : memref<3x3xf32>
  memref.dealloc %B : memref<30x26xf32>
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
