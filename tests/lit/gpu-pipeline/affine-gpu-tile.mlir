// RUN: goopt opt %s --split-input-file --affine-gpu-tile="tb-tile=64,64,32 warp-tile=32,32,16" | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-gpu-tile | FileCheck %s --check-prefix=DEF
// RUN: goopt opt %s --split-input-file --affine-gpu-tile="tb-tile=64,64,32 warp-tile=32,32,16" --verify-diagnostics

// The pipeline's small configuration on a 128x128x64 matmul: thread-block
// loops i, j (step 64), warp loops ii, jj (0-based, step 32), the k loops
// (k step 32, kk step 16, kkk step 16), the WMMA loops iii, jjj, then the
// 16x16x16 point loops; every index is the sum of its tile IVs.
// CHECK-LABEL: func.func @matmul
// CHECK:      affine.for %[[I:.*]] = 0 to 128 step 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 128 step 64 {
// CHECK-NEXT:     affine.for %[[II:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:       affine.for %[[JJ:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:         affine.for %[[K:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:           affine.for %[[KK:.*]] = 0 to 32 step 16 {
// CHECK-NEXT:             affine.for %[[KKK:.*]] = 0 to 16 step 16 {
// CHECK-NEXT:               affine.for %[[III:.*]] = 0 to 32 step 16 {
// CHECK-NEXT:                 affine.for %[[JJJ:.*]] = 0 to 32 step 16 {
// CHECK-NEXT:                   affine.for %[[PI:.*]] = 0 to 16 {
// CHECK-NEXT:                     affine.for %[[PJ:.*]] = 0 to 16 {
// CHECK-NEXT:                       affine.for %[[PK:.*]] = 0 to 16 {
// CHECK-NEXT:                         %[[A:.*]] = affine.load %{{.*}}[%[[I]] + %[[II]] + %[[III]] + %[[PI]], %[[K]] + %[[KK]] + %[[KKK]] + %[[PK]]] : memref<128x64xf16>
// CHECK-NEXT:                         %[[B:.*]] = affine.load %{{.*}}[%[[K]] + %[[KK]] + %[[KKK]] + %[[PK]], %[[J]] + %[[JJ]] + %[[JJJ]] + %[[PJ]]] : memref<64x128xf16>
// CHECK-NEXT:                         %[[C:.*]] = affine.load %{{.*}}[%[[I]] + %[[II]] + %[[III]] + %[[PI]], %[[J]] + %[[JJ]] + %[[JJJ]] + %[[PJ]]] : memref<128x128xf32>
// CHECK-NEXT:                         arith.extf %[[A]]
// CHECK-NEXT:                         arith.extf %[[B]]
// CHECK-NEXT:                         arith.mulf
// CHECK-NEXT:                         %[[S:.*]] = arith.addf %[[C]]
// CHECK-NEXT:                         affine.store %[[S]], %{{.*}}[%[[I]] + %[[II]] + %[[III]] + %[[PI]], %[[J]] + %[[JJ]] + %[[JJJ]] + %[[PJ]]] : memref<128x128xf32>
// CHECK-NEXT:                       }
// With the paper's sizes (128x128x64, 64x32x32) the 128x128x64 matmul is
// one thread-block tile of 2x4 warps.
// DEF-LABEL: func.func @matmul
// DEF:      affine.for %{{.*}} = 0 to 128 step 128 {
// DEF-NEXT:   affine.for %{{.*}} = 0 to 128 step 128 {
// DEF-NEXT:     affine.for %{{.*}} = 0 to 128 step 64 {
// DEF-NEXT:       affine.for %{{.*}} = 0 to 128 step 32 {
// DEF-NEXT:         affine.for %{{.*}} = 0 to 64 step 64 {
// DEF-NEXT:           affine.for %{{.*}} = 0 to 64 step 32 {
// DEF-NEXT:             affine.for %{{.*}} = 0 to 32 step 16 {
// DEF-NEXT:               affine.for %{{.*}} = 0 to 64 step 16 {
// DEF-NEXT:                 affine.for %{{.*}} = 0 to 32 step 16 {
// DEF-NEXT:                   affine.for %{{.*}} = 0 to 16 {
// DEF-NEXT:                     affine.for %{{.*}} = 0 to 16 {
// DEF-NEXT:                       affine.for %{{.*}} = 0 to 16 {
func.func @matmul(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<128x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x128xf16>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}

// -----

// The roles of the loops come from the accesses, not from their order: a
// (k, j, i) nest with mulf(B, A), addf(product, C) and non-zero lower
// bounds is tiled the same way, each thread-block loop starting at its
// original lower bound.
// CHECK-LABEL: func.func @kji
// CHECK:      affine.for %[[I:.*]] = 64 to 192 step 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 128 step 64 {
// CHECK-NEXT:     affine.for %[[II:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:       affine.for %[[JJ:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:         affine.for %[[K:.*]] = 32 to 96 step 32 {
// CHECK:      affine.load %{{.*}}[%[[K]] + %{{.*}} + %{{.*}} + %{{.*}}, %[[J]] + %[[JJ]] + %{{.*}} + %{{.*}}] : memref<96x128xf16>
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] + %[[II]] + %{{.*}} + %{{.*}}, %[[K]] + %{{.*}} + %{{.*}} + %{{.*}}] : memref<192x96xf16>
// DEF-LABEL: func.func @kji
// DEF: affine.for %{{.*}} = 64 to 192 step 128 {
func.func @kji(%A: memref<192x96xf16>, %B: memref<96x128xf16>, %C: memref<192x128xf32>) {
  affine.for %k = 32 to 96 {
    affine.for %j = 0 to 128 {
      affine.for %i = 64 to 192 {
        %b = affine.load %B[%k, %j] : memref<96x128xf16>
        %a = affine.load %A[%i, %k] : memref<192x96xf16>
        %c = affine.load %C[%i, %j] : memref<192x128xf32>
        %bw = arith.extf %b : f16 to f32
        %aw = arith.extf %a : f16 to f32
        %p = arith.mulf %bw, %aw : f32
        %s = arith.addf %p, %c : f32
        affine.store %s, %C[%i, %j] : memref<192x128xf32>
      }
    }
  }
  return
}

// -----

// An f32 matmul without extf is a matmul too.
// CHECK-LABEL: func.func @f32
// CHECK:      affine.for %{{.*}} = 0 to 128 step 64 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 128 step 64 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 64 step 32 {
// CHECK-NEXT:       affine.for %{{.*}} = 0 to 64 step 32 {
// CHECK-NEXT:         affine.for %{{.*}} = 0 to 64 step 32 {
// CHECK-NEXT:           affine.for %{{.*}} = 0 to 32 step 16 {
// CHECK-NEXT:             affine.for %{{.*}} = 0 to 16 step 16 {
// CHECK-NEXT:               affine.for %{{.*}} = 0 to 32 step 16 {
// CHECK-NEXT:                 affine.for %{{.*}} = 0 to 32 step 16 {
// CHECK-NEXT:                   affine.for %{{.*}} = 0 to 16 {
// CHECK:                          arith.mulf %{{.*}}, %{{.*}} : f32
// DEF-LABEL: func.func @f32
// DEF: affine.for %{{.*}} = 0 to 128 step 128 {
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

// -----

// Not a matmul (an extra op in the body): left alone with a remark.
// CHECK-LABEL: func.func @not_matmul
// CHECK:      affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:       affine.load
func.func @not_matmul(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  // expected-remark@+1 {{loop nest not tiled for the GPU: loop body is not a matmul update C += A * B}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.mulf %p, %p : f32
        %s = arith.addf %c, %q : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

// -----

// Not indexed as a matmul (B read transposed): left alone.
// CHECK-LABEL: func.func @transposed
// CHECK:      affine.for %{{.*}} = 0 to 16 {
func.func @transposed(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  // expected-remark@+1 {{loop nest not tiled for the GPU: operands are not indexed as A[i, k] and B[k, j]}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%j, %k] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

// -----

// A matmul body whose A is C itself: C[i, j] += C[i, k] * B[k, j] reads
// elements other iterations write, with dependences such as (0, +, -)
// that tiling would reverse. The dependence analysis refuses it.
// CHECK-LABEL: func.func @in_place
// CHECK:      affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 16 {
func.func @in_place(%B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  // expected-remark@+1 {{loop nest not tiled for the GPU: the loop band is not fully permutable: tiling would violate a dependence}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %C[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}
