// The paper's nest: C[f32] += ext(A[f16]) * ext(B[f16]) (32x24x40, divisible by 8).
func.func @kernel(%A: memref<32x40xf16>, %B: memref<40x24xf16>, %C: memref<32x24xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 40 {
        %a = affine.load %A[%i, %k] : memref<32x40xf16>
        %b = affine.load %B[%k, %j] : memref<40x24xf16>
        %c = affine.load %C[%i, %j] : memref<32x24xf32>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<32x24xf32>
      }
    }
  }
  return
}
func.func @entry() -> i64 {
  %A32 = memref.alloc() : memref<32x40xf32>
  %A32d = memref.cast %A32 : memref<32x40xf32> to memref<?x?xf32>
  %seedA = arith.constant 1 : i64
  call @init2(%A32d, %seedA) : (memref<?x?xf32>, i64) -> ()
  %A = memref.alloc() : memref<32x40xf16>
  %Ad = memref.cast %A : memref<32x40xf16> to memref<?x?xf16>
  call @tof16(%A32d, %Ad) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
  %B32 = memref.alloc() : memref<40x24xf32>
  %B32d = memref.cast %B32 : memref<40x24xf32> to memref<?x?xf32>
  %seedB = arith.constant 2 : i64
  call @init2(%B32d, %seedB) : (memref<?x?xf32>, i64) -> ()
  %B = memref.alloc() : memref<40x24xf16>
  %Bd = memref.cast %B : memref<40x24xf16> to memref<?x?xf16>
  call @tof16(%B32d, %Bd) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
  %C = memref.alloc() : memref<32x24xf32>
  %Cd = memref.cast %C : memref<32x24xf32> to memref<?x?xf32>
  %seedC = arith.constant 3 : i64
  call @init2(%Cd, %seedC) : (memref<?x?xf32>, i64) -> ()
  call @kernel(%A, %B, %C) : (memref<32x40xf16>, memref<40x24xf16>, memref<32x24xf32>) -> ()
  %h0 = call @hash2(%Cd) : (memref<?x?xf32>) -> i64
  memref.dealloc %A32 : memref<32x40xf32>
  memref.dealloc %A : memref<32x40xf16>
  memref.dealloc %B32 : memref<40x24xf32>
  memref.dealloc %B : memref<40x24xf16>
  memref.dealloc %C : memref<32x24xf32>
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
func.func private @tof16(%src: memref<?x?xf32>, %dst: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = memref.dim %src, %c0 : memref<?x?xf32>
  %n1 = memref.dim %src, %c1 : memref<?x?xf32>
  %third = arith.constant 0.333333343 : f32
  scf.for %i = %c0 to %n0 step %c1 {
    scf.for %j = %c0 to %n1 step %c1 {
      %v = memref.load %src[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %third : f32
      %h = arith.truncf %w : f32 to f16
      memref.store %h, %dst[%i, %j] : memref<?x?xf16>
    }
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
