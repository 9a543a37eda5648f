// gpu-matmul-mma refuses what it cannot compile with a located error and
// leaves no half-transformed function; bad options are errors too.
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma 2>&1 | FileCheck %s
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="tb-tile=128,256" 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="warp-tile=64" 2>&1 | FileCheck %s --check-prefix=WOPT
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="tb-tile=128,128,24" 2>&1 | FileCheck %s --check-prefix=BK
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="tb-tile=128,96,32" 2>&1 | FileCheck %s --check-prefix=BN
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="warp-tile=48,64" 2>&1 | FileCheck %s --check-prefix=WARP
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="warp-tile=128,128" 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="stages=1" 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="interleave-loads barrier-row=-1" 2>&1 | FileCheck %s --check-prefix=BROW
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="tb-tile=256,256,64 stages=4" 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: not goopt opt %s --split-input-file --gpu-matmul-mma="tb-tile=64,64,32 warp-tile=16,16" 2>&1 | FileCheck %s --check-prefix=SPLIT
// EQUIV: none (every case is refused)

// OPT: gpu-matmul-mma: option 'tb-tile' expects 3 sizes (M,N,K), got 2
// WOPT: gpu-matmul-mma: option 'warp-tile' expects 2 sizes (M,N), got 1
// BK: gpu-matmul-mma: the K tile must be a power of two and a multiple of 16 (mma.sync's k), got 24
// BN: gpu-matmul-mma: the N tile must be a power of two of at least 16, got 96
// WARP: gpu-matmul-mma: the warp tile 48x64 must divide the thread-block tile 128x256
// REGS: gpu-matmul-mma: a 128x128 warp tile needs 512 accumulator registers a thread (at most 128): use more warps
// STAGES: gpu-matmul-mma: stages must be at least 2 (one slot loading while one is read), got 1
// BROW: gpu-matmul-mma: barrier-row must not be negative, got -1
// SMEM: gpu-matmul-mma: 4 stages of 256x256x64 tiles need 262144 bytes of shared memory, more than the 232448 of sm_90
// SPLIT: gpu-matmul-mma: the 64x32 A tile's 256 16-byte chunks do not split evenly over 512 threads

// A size the thread-block tile does not divide (N here).
// CHECK: gpu-matmul-mma-invalid.mlir:[[# @LINE + 3]]:5: error: 'affine.for' op matmul size 320 is not a multiple of the thread-block tile 256
func.func @size(%A: memref<128x64xf16>, %B: memref<64x320xf16>, %C: memref<128x320xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 320 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x320xf16>
        %c = affine.load %C[%i, %j] : memref<128x320xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x320xf32>
      }
    }
  }
  return
}

// -----

// Operands of mixed element types: A's (bf16) selects the kernel, B must match.
// CHECK: gpu-matmul-mma-invalid.mlir:[[# @LINE + 6]]:14: error: 'affine.load' op operand B must be a bf16 memref in global memory with the identity layout, got memref<64x256xf16>
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
// CHECK: gpu-matmul-mma-invalid.mlir:[[# @LINE + 2]]:3: error: 'affine.for' op the loop must cover dimension 0 of A (0 to 256), got 128 to 256
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
// CHECK: gpu-matmul-mma-invalid.mlir:[[# @LINE + 2]]:3: error: loop nest not mapped to an mma.sync kernel: loop body is not a matmul update C += A * B
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
