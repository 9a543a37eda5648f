// RUN: goopt opt %s --split-input-file --affine-gpu-smem-copy | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-gpu-smem-copy="padding-a=0 padding-b=16" | FileCheck %s --check-prefix=PAD
// RUN: goopt opt %s --split-input-file --affine-gpu-smem-copy --verify-diagnostics
// RUN: goopt opt %s --split-input-file --affine-gpu-tile="tb-tile=64,64,32 warp-tile=32,32,16" --affine-gpu-smem-copy | FileCheck %s --check-prefix=PIPE
// RUN: not goopt opt %s --affine-gpu-smem-copy="padding-b=-8" 2>&1 | FileCheck %s --check-prefix=NEG

// NEG: error: 'func.func' op invalid padding 8,-8: must be non-negative

// affine-gpu-tile's nest for a 128x128x64 matmul (tb-tile=64,64,32,
// warp-tile=32,32,16): at the thread-block k loop, the 64x32 tile of A and
// the 32x64 tile of B are copied into padded workgroup memory by 0-based
// nests whose inner loop walks the contiguous dimension, and the compute
// reads them there (C stays global).
// CHECK:      memref.global "private" @matmul_smem_a : memref<64x40xf16, 3> = uninitialized
// CHECK-NEXT: memref.global "private" @matmul_smem_b : memref<32x72xf16, 3> = uninitialized
// CHECK-LABEL: func.func @matmul
// CHECK-NEXT: %[[SA:.*]] = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
// CHECK-NEXT: %[[SB:.*]] = memref.get_global @matmul_smem_b : memref<32x72xf16, 3>
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 128 step 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 128 step 64 {
// CHECK-NEXT:     affine.for %[[II:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:       affine.for %[[JJ:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:         affine.for %[[K:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:           affine.for %[[CI:.*]] = 0 to 64 {
// CHECK-NEXT:             affine.for %[[CK:.*]] = 0 to 32 {
// CHECK-NEXT:               %[[V:.*]] = affine.load %{{.*}}[%[[I]] + %[[CI]], %[[K]] + %[[CK]]] : memref<128x64xf16>
// CHECK-NEXT:               affine.store %[[V]], %[[SA]][%[[CI]], %[[CK]]] : memref<64x40xf16, 3>
// CHECK-NEXT:             }
// CHECK-NEXT:           }
// CHECK-NEXT:           affine.for %[[CK:.*]] = 0 to 32 {
// CHECK-NEXT:             affine.for %[[CJ:.*]] = 0 to 64 {
// CHECK-NEXT:               %[[V:.*]] = affine.load %{{.*}}[%[[K]] + %[[CK]], %[[J]] + %[[CJ]]] : memref<64x128xf16>
// CHECK-NEXT:               affine.store %[[V]], %[[SB]][%[[CK]], %[[CJ]]] : memref<32x72xf16, 3>
// CHECK-NEXT:             }
// CHECK-NEXT:           }
// CHECK-NEXT:           affine.for %[[KK:.*]] = 0 to 32 step 16 {
// CHECK-NEXT:             affine.for %[[KKK:.*]] = 0 to 16 step 16 {
// CHECK-NEXT:               affine.for %[[III:.*]] = 0 to 32 step 16 {
// CHECK-NEXT:                 affine.for %[[JJJ:.*]] = 0 to 32 step 16 {
// CHECK-NEXT:                   affine.for %[[PI:.*]] = 0 to 16 {
// CHECK-NEXT:                     affine.for %[[PJ:.*]] = 0 to 16 {
// CHECK-NEXT:                       affine.for %[[PK:.*]] = 0 to 16 {
// CHECK-NEXT:                         affine.load %[[SA]][%[[II]] + %[[III]] + %[[PI]], %[[KK]] + %[[KKK]] + %[[PK]]] : memref<64x40xf16, 3>
// CHECK-NEXT:                         affine.load %[[SB]][%[[KK]] + %[[KKK]] + %[[PK]], %[[JJ]] + %[[JJJ]] + %[[PJ]]] : memref<32x72xf16, 3>
// CHECK-NEXT:                         affine.load %{{.*}}[%[[I]] + %[[II]] + %[[III]] + %[[PI]], %[[J]] + %[[JJ]] + %[[JJJ]] + %[[PJ]]] : memref<128x128xf32>
// PAD:      memref.global "private" @matmul_smem_a : memref<64x32xf16, 3> = uninitialized
// PAD-NEXT: memref.global "private" @matmul_smem_b : memref<32x80xf16, 3> = uninitialized
// PAD-LABEL: func.func @matmul
// PAD: affine.load %{{.*}}[%{{.*}} + %{{.*}} + %{{.*}}, %{{.*}} + %{{.*}} + %{{.*}}] : memref<64x32xf16, 3>
// PAD: affine.load %{{.*}}[%{{.*}} + %{{.*}} + %{{.*}}, %{{.*}} + %{{.*}} + %{{.*}}] : memref<32x80xf16, 3>
func.func @matmul(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 step 64 {
    affine.for %j = 0 to 128 step 64 {
      affine.for %ii = 0 to 64 step 32 {
        affine.for %jj = 0 to 64 step 32 {
          affine.for %k = 0 to 64 step 32 {
            affine.for %kk = 0 to 32 step 16 {
              affine.for %kkk = 0 to 16 step 16 {
                affine.for %iii = 0 to 32 step 16 {
                  affine.for %jjj = 0 to 32 step 16 {
                    affine.for %pi = 0 to 16 {
                      affine.for %pj = 0 to 16 {
                        affine.for %pk = 0 to 16 {
                          %a = affine.load %A[%i + %ii + %iii + %pi, %k + %kk + %kkk + %pk] : memref<128x64xf16>
                          %b = affine.load %B[%k + %kk + %kkk + %pk, %j + %jj + %jjj + %pj] : memref<64x128xf16>
                          %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<128x128xf32>
                          %aw = arith.extf %a : f16 to f32
                          %bw = arith.extf %b : f16 to f32
                          %p = arith.mulf %aw, %bw : f32
                          %s = arith.addf %c, %p : f32
                          affine.store %s, %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<128x128xf32>
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return
}

// -----

// A plain matmul nest has no thread-block k loop: left alone. Tiled first
// (the PIPE run), it gets the same copies as above; the names avoid the
// symbol already there.
// CHECK-LABEL: func.func @plain
// CHECK-NOT: get_global
// PIPE:      memref.global "private" @plain_smem_a_1 : memref<64x40xf16, 3> = uninitialized
// PIPE-NEXT: memref.global "private" @plain_smem_b : memref<32x72xf16, 3> = uninitialized
// PIPE-LABEL: func.func @plain
// PIPE-NEXT: memref.get_global @plain_smem_a_1
// PIPE-NEXT: memref.get_global @plain_smem_b
// PIPE-NEXT: affine.for %{{.*}} = 0 to 64 step 64 {
// PIPE-NEXT: affine.for %{{.*}} = 0 to 64 step 64 {
// PIPE-NEXT: affine.for %{{.*}} = 0 to 64 step 32 {
// PIPE-NEXT: affine.for %{{.*}} = 0 to 64 step 32 {
// PIPE-NEXT: affine.for %[[K:.*]] = 0 to 64 step 32 {
// PIPE-NEXT: affine.for %[[CI:.*]] = 0 to 64 {
// PIPE-NEXT: affine.for %[[CK:.*]] = 0 to 32 {
// PIPE-NEXT: affine.load %{{.*}}[%{{.*}} + %[[CI]], %[[K]] + %[[CK]]] : memref<64x64xf16>
memref.global "private" @plain_smem_a : memref<2xf32> = uninitialized
func.func @plain(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  // expected-remark@+1 {{no shared-memory copies generated: expected a perfect band of at least 5 loops (i, j, ii, jj, k), found 3}}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf16>
        %b = affine.load %B[%k, %j] : memref<64x64xf16>
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

// -----

// A is also written in the nest: copying it once per k iteration could
// read stale values, so only B qualifies and nothing is copied.
// CHECK-LABEL: func.func @writes_a
// CHECK-NOT: get_global
func.func @writes_a(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>) {
  // expected-remark@+1 {{no shared-memory copies generated: expected 2 memrefs only read in the k loop and indexed by it (A and B), found 1}}
  affine.for %i = 0 to 64 step 64 {
    affine.for %j = 0 to 64 step 64 {
      affine.for %ii = 0 to 64 step 32 {
        affine.for %jj = 0 to 64 step 32 {
          affine.for %k = 0 to 32 step 32 {
            affine.for %kk = 0 to 32 step 16 {
              affine.for %kkk = 0 to 16 step 16 {
                affine.for %iii = 0 to 32 step 16 {
                  affine.for %jjj = 0 to 32 step 16 {
                    affine.for %pi = 0 to 16 {
                      affine.for %pj = 0 to 16 {
                        affine.for %pk = 0 to 16 {
                          %a = affine.load %A[%i + %ii + %iii + %pi, %k + %kk + %kkk + %pk] : memref<64x32xf16>
                          %b = affine.load %B[%k + %kk + %kkk + %pk, %j + %jj + %jjj + %pj] : memref<32x64xf16>
                          %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
                          %aw = arith.extf %a : f16 to f32
                          %bw = arith.extf %b : f16 to f32
                          %p = arith.mulf %aw, %bw : f32
                          %s = arith.addf %c, %p : f32
                          affine.store %s, %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
                          affine.store %a, %A[%i + %ii + %iii + %pi, %k + %kk + %kkk + %pk] : memref<64x32xf16>
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return
}
