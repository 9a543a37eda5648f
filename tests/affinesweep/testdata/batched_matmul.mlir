// Batched matmul C[b] += A[b] * B[b], a 4-deep perfect nest (3x20x18x12).
func.func @kernel(%A: memref<3x20x12xf32>, %B: memref<3x12x18xf32>, %C: memref<3x20x18xf32>) {
  affine.for %b = 0 to 3 {
    affine.for %i = 0 to 20 {
      affine.for %j = 0 to 18 {
        affine.for %k = 0 to 12 {
          %x = affine.load %A[%b, %i, %k] : memref<3x20x12xf32>
          %y = affine.load %B[%b, %k, %j] : memref<3x12x18xf32>
          %c = affine.load %C[%b, %i, %j] : memref<3x20x18xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%b, %i, %j] : memref<3x20x18xf32>
        }
      }
    }
  }
  return
}
func.func @entry() -> i64 {
  %A = memref.alloc() : memref<3x20x12xf32>
  %Ad = memref.cast %A : memref<3x20x12xf32> to memref<?x?x?xf32>
  %seedA = arith.constant 1 : i64
  call @init3(%Ad, %seedA) : (memref<?x?x?xf32>, i64) -> ()
  %B = memref.alloc() : memref<3x12x18xf32>
  %Bd = memref.cast %B : memref<3x12x18xf32> to memref<?x?x?xf32>
  %seedB = arith.constant 2 : i64
  call @init3(%Bd, %seedB) : (memref<?x?x?xf32>, i64) -> ()
  %C = memref.alloc() : memref<3x20x18xf32>
  %Cd = memref.cast %C : memref<3x20x18xf32> to memref<?x?x?xf32>
  %seedC = arith.constant 3 : i64
  call @init3(%Cd, %seedC) : (memref<?x?x?xf32>, i64) -> ()
  call @kernel(%A, %B, %C) : (memref<3x20x12xf32>, memref<3x12x18xf32>, memref<3x20x18xf32>) -> ()
  %h0 = call @hash3(%Cd) : (memref<?x?x?xf32>) -> i64
  memref.dealloc %A : memref<3x20x12xf32>
  memref.dealloc %B : memref<3x12x18xf32>
  memref.dealloc %C : memref<3x20x18xf32>
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
func.func private @init3(%m: memref<?x?x?xf32>, %seed: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n0 = memref.dim %m, %c0 : memref<?x?x?xf32>
  %n1 = memref.dim %m, %c1 : memref<?x?x?xf32>
  %n2 = memref.dim %m, %c2 : memref<?x?x?xf32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%s = %seed) -> (i64) {
    %r2 = scf.for %j = %c0 to %n1 step %c1 iter_args(%t = %s) -> (i64) {
      %r3 = scf.for %k = %c0 to %n2 step %c1 iter_args(%u = %t) -> (i64) {
        %n = func.call @lcg(%u) : (i64) -> i64
        %v = func.call @small(%n) : (i64) -> f32
        memref.store %v, %m[%i, %j, %k] : memref<?x?x?xf32>
        scf.yield %n : i64
      }
      scf.yield %r3 : i64
    }
    scf.yield %r2 : i64
  }
  return
}
func.func private @hash3(%m: memref<?x?x?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c31 = arith.constant 31 : i64
  %z = arith.constant 7 : i64
  %n0 = memref.dim %m, %c0 : memref<?x?x?xf32>
  %n1 = memref.dim %m, %c1 : memref<?x?x?xf32>
  %n2 = memref.dim %m, %c2 : memref<?x?x?xf32>
  %r = scf.for %i = %c0 to %n0 step %c1 iter_args(%s = %z) -> (i64) {
    %r2 = scf.for %j = %c0 to %n1 step %c1 iter_args(%t = %s) -> (i64) {
      %r3 = scf.for %k = %c0 to %n2 step %c1 iter_args(%u = %t) -> (i64) {
        %v = memref.load %m[%i, %j, %k] : memref<?x?x?xf32>
        %b = arith.bitcast %v : f32 to i32
        %e = arith.extui %b : i32 to i64
        %m1 = arith.muli %u, %c31 : i64
        %a = arith.addi %m1, %e : i64
        scf.yield %a : i64
      }
      scf.yield %r3 : i64
    }
    scf.yield %r2 : i64
  }
  return %r : i64
}
