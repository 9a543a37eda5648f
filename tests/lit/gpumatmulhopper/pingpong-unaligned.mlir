// Ping-pong needs TMA-addressable rows of A and B: K = 70 (140-byte rows
// of A) is refused at the K loop with pad-operands=false, while the
// default schedule copies A; with padding (the default) A is copied into
// a buffer of 144-byte rows first, and ping-pong loads it by TMA.
// EQUIV: none (refusal, and the interpreter does not model nvgpu ops before their lowering)
// RUN: not goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 pingpong=true pad-operands=false" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: goopt opt %s --gpu-matmul-hopper="pad-operands=false" | FileCheck %s --check-prefix=OK
// RUN: goopt opt %s --gpu-matmul-hopper="tb-tile=128,128,64 pingpong=true" | FileCheck %s --check-prefix=PAD
// PAD: memref.alloc() : memref<128x72xf16>
// PAD: memref.subview %{{.*}}[0, 0] [128, 70] [1, 1] : memref<128x72xf16> to memref<128x70xf16, strided<[72, 1]>>
// PAD: nvgpu.tma.create.descriptor
// PAD: nvgpu.tma.create.descriptor
// BAD: pingpong-unaligned.mlir:[[@LINE+5]]:7: error: 'affine.for' op pingpong needs rows of A and B that are multiples of 16 bytes (K = 70, N = 128 f16 elements)
// OK: gpu.launch
func.func @matmul(%A: memref<128x70xf16>, %B: memref<70x128xf16>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 70 {
        %a = affine.load %A[%i, %k] : memref<128x70xf16>
        %b = affine.load %B[%k, %j] : memref<70x128xf16>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}
