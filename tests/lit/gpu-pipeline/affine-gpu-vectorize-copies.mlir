// RUN: goopt opt %s --affine-gpu-vectorize-copies --split-input-file | FileCheck %s
// RUN: goopt opt %s --affine-gpu-vectorize-copies="vector-bits=64" --split-input-file | FileCheck %s --check-prefix=V64
// RUN: goopt opt %s --pass-pipeline='builtin.module(func.func(affine-gpu-vectorize-copies{vector-bits=32}))' --split-input-file | FileCheck %s --check-prefix=V32
// RUN: goopt opt %s --affine-gpu-vectorize-copies --split-input-file --verify-diagnostics
// RUN: not goopt opt %s --affine-gpu-vectorize-copies="vector-bits=48" --split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: invalid value '48' for option 'vector-bits': expected 32, 64 or 128

// The shared-memory copies of the pipeline's stage 2 (thread-block tile
// 32x32x16, A and B padded by 8 f16): both copy nests walk the contiguous
// dimension, so each becomes a nest of 128-bit copies (vector<8xf16>, the
// inner loop stepping by 8); the compute nest is left alone.
// CHECK-LABEL: func @copies
// CHECK: affine.for %[[CI:.*]] = 0 to 32 {
// CHECK-NEXT: affine.for %[[CK:.*]] = 0 to 16 step 8 {
// CHECK-NEXT: %[[V:.*]] = affine.vector_load %{{.*}}[%{{.*}} + %[[CI]], %{{.*}} + %[[CK]]] : memref<32x32xf16>, vector<8xf16>
// CHECK-NEXT: affine.vector_store %[[V]], %{{.*}}[%[[CI]], %[[CK]]] : memref<32x24xf16, 3>, vector<8xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 32 step 8 {
// CHECK-NEXT: affine.vector_load {{.*}} : memref<32x32xf16>, vector<8xf16>
// CHECK-NEXT: affine.vector_store {{.*}} : memref<16x40xf16, 3>, vector<8xf16>
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT: affine.load {{.*}} : memref<32x24xf16, 3>
// V64-LABEL: func @copies
// V64: affine.for %{{.*}} = 0 to 16 step 4 {
// V64-NEXT: affine.vector_load {{.*}} : memref<32x32xf16>, vector<4xf16>
// V64: affine.for %{{.*}} = 0 to 32 step 4 {
// V64-NEXT: affine.vector_load {{.*}} : memref<32x32xf16>, vector<4xf16>
// V32-LABEL: func @copies
// V32: affine.for %{{.*}} = 0 to 16 step 2 {
// V32-NEXT: affine.vector_load {{.*}} : memref<32x32xf16>, vector<2xf16>
memref.global "private" @copies_smem_a : memref<32x24xf16, 3>
memref.global "private" @copies_smem_b : memref<16x40xf16, 3>
func.func @copies(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  %as = memref.get_global @copies_smem_a : memref<32x24xf16, 3>
  %bs = memref.get_global @copies_smem_b : memref<16x40xf16, 3>
  affine.for %i = 0 to 32 step 32 {
    affine.for %j = 0 to 32 step 32 {
      affine.for %k = 0 to 32 step 16 {
        affine.for %ci = 0 to 32 {
          affine.for %ck = 0 to 16 {
            %v = affine.load %A[%i + %ci, %k + %ck] : memref<32x32xf16>
            affine.store %v, %as[%ci, %ck] : memref<32x24xf16, 3>
          }
        }
        affine.for %ck = 0 to 16 {
          affine.for %cj = 0 to 32 {
            %v = affine.load %B[%k + %ck, %j + %cj] : memref<32x32xf16>
            affine.store %v, %bs[%ck, %cj] : memref<16x40xf16, 3>
          }
        }
        affine.for %ii = 0 to 32 {
          affine.for %jj = 0 to 32 {
            affine.for %kk = 0 to 16 {
              %a = affine.load %as[%ii, %kk] : memref<32x24xf16, 3>
              %b = affine.load %bs[%kk, %jj] : memref<16x40xf16, 3>
              %c = affine.load %C[%i + %ii, %j + %jj] : memref<32x32xf32>
              %ae = arith.extf %a : f16 to f32
              %be = arith.extf %b : f16 to f32
              %p = arith.mulf %ae, %be : f32
              %s = arith.addf %c, %p : f32
              affine.store %s, %C[%i + %ii, %j + %jj] : memref<32x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Alignment: the shared buffer padded by 4 f16 has rows of 20 elements, so
// a 128-bit vector (8 f16) would straddle rows; 64-bit vectors fit.
// CHECK-LABEL: func @pad4
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT: affine.load
// V64-LABEL: func @pad4
// V64: affine.for %{{.*}} = 0 to 16 step 4 {
// V64-NEXT: affine.vector_load {{.*}} vector<4xf16>
memref.global "private" @pad4_smem : memref<8x20xf16, 3>
func.func @pad4(%A: memref<8x16xf16>, %O: memref<8x16xf16>) {
  %s = memref.get_global @pad4_smem : memref<8x20xf16, 3>
  affine.for %ci = 0 to 8 {
    // expected-remark @+1 {{copy loop not vectorized: leading dimension 20 of memref<8x20xf16, 3> is not a multiple of the vector length 8}}
    affine.for %ck = 0 to 16 {
      %v = affine.load %A[%ci, %ck] : memref<8x16xf16>
      affine.store %v, %s[%ci, %ck] : memref<8x20xf16, 3>
    }
  }
  affine.for %ci = 0 to 8 {
    affine.for %ck = 0 to 16 {
      %v = affine.load %s[%ci, %ck] : memref<8x20xf16, 3>
      affine.store %v, %O[%ci, %ck] : memref<8x16xf16>
    }
  }
  return
}

// -----

// The innermost extent (12) is not a multiple of 8, and a copy whose inner
// loop walks the rows (strided, not contiguous) cannot be vectorized
// either: both stay scalar.
// CHECK-LABEL: func @refused
// CHECK-NOT: vector
// CHECK: return
memref.global "private" @refused_smem : memref<16x16xf16, 3>
func.func @refused(%A: memref<16x16xf16>, %O: memref<16x16xf16>) {
  %s = memref.get_global @refused_smem : memref<16x16xf16, 3>
  affine.for %ci = 0 to 16 {
    // expected-remark @+1 {{copy loop not vectorized: trip count 12 is not a multiple of the vector length 8}}
    affine.for %ck = 0 to 12 {
      %v = affine.load %A[%ci, %ck] : memref<16x16xf16>
      affine.store %v, %s[%ci, %ck] : memref<16x16xf16, 3>
    }
  }
  affine.for %ck = 0 to 16 {
    // expected-remark @+1 {{copy loop not vectorized: the copy loop indexes dimension 0 of memref<16x16xf16>, not only the contiguous one}}
    affine.for %ci = 0 to 16 {
      %v = affine.load %A[%ci, %ck] : memref<16x16xf16>
      affine.store %v, %s[%ci, %ck] : memref<16x16xf16, 3>
    }
  }
  affine.for %ci = 0 to 16 {
    affine.for %ck = 0 to 12 {
      %v = affine.load %s[%ci, %ck] : memref<16x16xf16, 3>
      affine.store %v, %O[%ci, %ck] : memref<16x16xf16>
    }
  }
  return
}
