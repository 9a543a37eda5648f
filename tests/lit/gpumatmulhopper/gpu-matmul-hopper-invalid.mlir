// gpu-matmul-hopper refuses what it cannot compile with a located error and
// leaves no half-transformed function; bad options are errors too.
// RUN: not goopt opt %s --split-input-file --gpu-matmul-hopper 2>&1 | FileCheck %s
// RUN: not goopt opt %s --split-input-file --gpu-matmul-hopper="tb-tile=128,256" 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not goopt opt %s --split-input-file --gpu-matmul-hopper="epilogue=smem" 2>&1 | FileCheck %s --check-prefix=EPI
// RUN: not goopt opt %s --split-input-file --gpu-matmul-hopper="tb-tile=128,256,32" 2>&1 | FileCheck %s --check-prefix=BK
// RUN: not goopt opt %s --split-input-file --gpu-matmul-hopper="consumers=1" 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: not goopt opt %s --split-input-file --gpu-matmul-hopper="stages=5" 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: not goopt opt %s --split-input-file --gpu-matmul-hopper="consumers=4" 2>&1 | FileCheck %s --check-prefix=ROWS
// EQUIV: none (every case is refused)

// OPT: gpu-matmul-hopper: option 'tb-tile' expects 3 sizes (M,N,K), got 2
// EPI: gpu-matmul-hopper: option 'epilogue' must be auto, direct, tma or registers, got 'smem'
// BK: gpu-matmul-hopper: the K tile must be 64 (a 128-byte swizzled row of f16), got 32
// REGS: gpu-matmul-hopper: a 128x256 accumulator per consumer warpgroup needs 256 registers a thread (at most 128): use more consumers or a smaller tile
// SMEM: gpu-matmul-hopper: 5 stages of 128x256x64 tiles need 245760 bytes of shared memory, more than the 232448 of sm_90
// ROWS: gpu-matmul-hopper: each consumer warpgroup gets 32 rows of the M tile 128: must be a multiple of 64 and at most 256

// Operands of mixed element types: A's selects the kernel (bf16 here) and B
// must match.
// CHECK: gpu-matmul-hopper-invalid.mlir:[[# @LINE + 6]]:14: error: 'affine.load' op operand B must be a bf16 memref in global memory with the identity layout, got memref<64x256xf16>
func.func @types(%A: memref<128x64xbf16>, %B: memref<64x256xf16>, %C: memref<128x256xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xbf16>
        %b = affine.load %B[%k, %j] : memref<64x256xf16>
        %c = affine.load %C[%i, %j] : memref<128x256xf32>
        %aw = arith.extf %a : bf16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x256xf32>
      }
    }
  }
  return
}

// -----

// A loop that covers part of an operand only.
// CHECK: gpu-matmul-hopper-invalid.mlir:[[# @LINE + 2]]:3: error: 'affine.for' op the loop must cover dimension 0 of A (0 to 256), got 128 to 256
func.func @part(%A: memref<256x64xf16>, %B: memref<64x256xf16>, %C: memref<256x256xf32>) {
  affine.for %i = 128 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<256x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x256xf16>
        %c = affine.load %C[%i, %j] : memref<256x256xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<256x256xf32>
      }
    }
  }
  return
}

// -----

// A nest that is not a matmul: a remark, which the strict pipeline makes an error.
// CHECK: gpu-matmul-hopper-invalid.mlir:[[# @LINE + 2]]:3: error: loop nest not mapped to a Hopper kernel: loop body is not a matmul update C += A * B
func.func @notmatmul(%A: memref<128x64xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %j] : memref<128x64xf32>
        %s = arith.addf %a, %a : f32
        affine.store %s, %A[%i, %j] : memref<128x64xf32>
      }
    }
  }
  return
}
