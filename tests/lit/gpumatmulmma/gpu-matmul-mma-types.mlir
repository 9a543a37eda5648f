// gpu-matmul-mma's element types beyond f16 x f16 -> f32: bf16 inputs
// (mma.sync m16n8k16 .bf16, ldmatrix as for f16), f16 accumulation (f16
// accumulators and C) and, under allow-tf32, f32 inputs as tf32 (mma.sync
// m16n8k8; A by ldmatrix of 32-bit elements, B, which ldmatrix.trans
// cannot transpose, by a lane's own shared loads of B[t, g] and B[t+4, g]).
// RUN: goopt opt %s --gpu-matmul-mma="tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0 allow-tf32" | FileCheck %s
// RUN: not goopt opt %s --gpu-matmul-mma 2>&1 | FileCheck %s --check-prefix=NOTF32
// EQUIV: none (the interpreter does not model gpu.dynamic_shared_memory before lowering; passes/gpumatmulmma checks each type's lowered kernel by execution)

// CHECK-LABEL: func.func @bf16
// CHECK:         %[[FA:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [8192], strides: [1] : memref<128x64xbf16> to memref<8192xbf16>
// CHECK:         memref.view {{.*}} to memref<5128xbf16, #gpu.address_space<workgroup>>
// CHECK:         nvgpu.device_async_copy %[[FA]][{{.*}}], 8 {bypassL1} : memref<8192xbf16> to memref<5128xbf16
// CHECK:         nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<4616xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK:         nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = true} : memref<5128xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK:         nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK:         vector.store {{.*}} : memref<128x64xf32>, vector<2xf32>
func.func @bf16(%A: memref<128x64xbf16>, %B: memref<64x64xbf16>, %C: memref<128x64xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xbf16>
        %b = affine.load %B[%k, %j] : memref<64x64xbf16>
        %c = affine.load %C[%i, %j] : memref<128x64xf32>
        %aw = arith.extf %a : bf16 to f32
        %bw = arith.extf %b : bf16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x64xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @f16_acc
// CHECK:         arith.constant dense<0.000000e+00> : vector<2x2xf16>
// CHECK:         nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
// CHECK:         vector.load %arg2[{{.*}}] : memref<128x64xf16>, vector<2xf16>
// CHECK:         arith.addf {{.*}} : vector<2xf16>
func.func @f16_acc(%A: memref<128x64xf16>, %B: memref<64x64xf16>, %C: memref<128x64xf16>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x64xf16>
        %c = affine.load %C[%i, %j] : memref<128x64xf16>
        %p = arith.mulf %a, %b : f16
        %s = arith.addf %c, %p : f16
        affine.store %s, %C[%i, %j] : memref<128x64xf16>
      }
    }
  }
  return
}

// 4 f32 a 16-byte copy; the 64x32 ring slot of A is 8 KB, B's 32x64 too.
// A thread's 4 chunks of a B tile are 8 rows apart, where tf32's swizzle
// (period 4 rows) repeats, so they share one view (5636 = 2 slots, 24
// rows and a chunk).
// CHECK-LABEL: func.func @tf32
// CHECK:         dynamic_shared_memory_size %c49152_i32
// CHECK:         %[[RB:.*]] = memref.view %{{.*}}[%c24576][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x32x64xf32, #gpu.address_space<workgroup>>
// CHECK:         nvgpu.device_async_copy %{{.*}}[{{.*}}], 4 {bypassL1} : memref<8192xf32> to memref<5636xf32
// CHECK:         nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<4612xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK-NOT:     transpose = true
// CHECK:         vector.load %[[RB]][{{.*}}] : memref<3x32x64xf32, #gpu.address_space<workgroup>>, vector<1xf32>
// CHECK:         nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
// NOTF32: gpu-matmul-mma-types.mlir:[[# @LINE + 5]]:14: error: 'affine.load' op f32 operands run on the tensor cores as tf32 (10-bit mantissa): pass allow-tf32 to accept that
func.func @tf32(%A: memref<128x64xf32>, %B: memref<64x64xf32>, %C: memref<128x64xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<128x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x64xf32>
      }
    }
  }
  return
}

