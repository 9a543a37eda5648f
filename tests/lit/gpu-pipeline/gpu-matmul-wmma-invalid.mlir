// gpu-matmul-wmma refuses what it cannot compile with a located error and
// leaves no half-transformed function; bad options are errors too.
// RUN: not goopt opt %s --split-input-file --gpu-matmul-wmma 2>&1 | FileCheck %s
// RUN: not goopt opt %s --split-input-file --gpu-matmul-wmma="tb-tile=128,128" 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not goopt opt %s --split-input-file --gpu-matmul-wmma="vector-bits=96" 2>&1 | FileCheck %s --check-prefix=BITS
// EQUIV: none (every case is refused)

// A body that is not the matmul update.
// CHECK: gpu-matmul-wmma-invalid.mlir:[[# @LINE + 2]]:3: error: loop nest not tiled for the GPU: loop body is not a matmul update C += A * B
func.func @body(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x128xf16>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.subf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}

// -----

// f32 operands: WMMA here takes f16 A and B; the message names the pipeline
// that takes f32 (tf32 tensor cores).
// CHECK: gpu-matmul-wmma-invalid.mlir:[[# @LINE + 5]]:14: error: 'affine.load' op gpu-matmul-wmma: operand A has element type f32; the WMMA kernel takes f16 A and B and an f32 or f16 C (f32 inputs need tf32 tensor cores, which the gpu dialect's MMA matrices do not have: gpu-matmul-mma{allow-tf32=true} takes them)
func.func @f32(%A: memref<128x64xf32>, %B: memref<64x128xf32>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x128xf32>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}

// OPT: error: {{.*}}option 'tb-tile' expects 3 sizes (M,N,K), got 2
// BITS: error: failed to add 'gpu-matmul-wmma' with options 'vector-bits=96': gpu-matmul-wmma: vector-bits must be 32, 64 or 128, got 96
