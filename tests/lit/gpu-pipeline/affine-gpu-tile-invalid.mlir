// RUN: goopt opt %s --split-input-file --affine-gpu-tile="tb-tile=64,64,32 warp-tile=32,32,16" --verify-diagnostics
// RUN: not goopt opt %s --affine-gpu-tile="tb-tile=64,64,32 warp-tile=48,32,16" 2>&1 | FileCheck %s --check-prefix=WARP
// RUN: not goopt opt %s --affine-gpu-tile="tb-tile=64,64,32 mma-tile=16,16,48" 2>&1 | FileCheck %s --check-prefix=MMA
// RUN: not goopt opt %s --affine-gpu-tile="tb-tile=64,64" 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not goopt opt %s --affine-gpu-tile="mma-tile=16,0,16" 2>&1 | FileCheck %s --check-prefix=ZERO

// Option values are checked: every size positive, each level dividing the
// one above it.
// WARP: error: 'func.func' op invalid tile sizes: warp tile 48 does not divide the thread-block tile 64 along M
// MMA: error: 'func.func' op invalid tile sizes: mma tile 48 does not divide the warp tile 32 along K
// COUNT: error: 'func.func' op invalid tile sizes: option 'tb-tile' expects 3 sizes (M,N,K), got 2
// ZERO: error: 'func.func' op invalid tile sizes: mma tile size 0 along N is not positive

// Boundary tiles are not generated yet: a size the thread-block tile does
// not divide is an error at the loop of that dimension.
func.func @ragged_m(%A: memref<100x64xf16>, %B: memref<64x128xf16>, %C: memref<100x128xf32>) {
  // expected-error@+1 {{'affine.for' op matmul size 100 is not a multiple of the thread-block tile 64}}
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<100x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x128xf16>
        %c = affine.load %C[%i, %j] : memref<100x128xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<100x128xf32>
      }
    }
  }
  return
}

// -----

// The reduction too: K = 48 and a thread-block k tile of 32.
func.func @ragged_k(%A: memref<64x48xf16>, %B: memref<48x64xf16>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      // expected-error@+1 {{'affine.for' op matmul size 48 is not a multiple of the thread-block tile 32}}
      affine.for %k = 0 to 48 {
        %a = affine.load %A[%i, %k] : memref<64x48xf16>
        %b = affine.load %B[%k, %j] : memref<48x64xf16>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
