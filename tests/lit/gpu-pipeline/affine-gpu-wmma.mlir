// RUN: goopt opt %s --split-input-file --affine-gpu-wmma | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-gpu-wmma="hoist-c=false" | FileCheck %s --check-prefix=NOHOIST
// RUN: goopt opt %s --split-input-file --affine-gpu-wmma --verify-diagnostics
// The fragment op rounds once per 16 products, the scalar loop after each.
// EQUIV: rel-tol=1e-5

// The inputs are affine-gpu-smem-copy's output (stage 2) for the small
// configuration: tb-tile 64,64,32, warp-tile 32,32,16, A and B copied to
// shared buffers padded by 8. The interpreter runs WMMA ops only inside a
// kernel, so each nest sits in a gpu.launch of one thread (a one-lane warp
// executes the fragment ops as a whole warp would): the pass works on the
// nest wherever it is.

// M=N=128, K=64. The point nest becomes one fragment load of A, B and C, a
// compute and a store at the tile origin; kkk, iii, jjj are unrolled (4
// computes per kk step), the A fragment is loaded once per row and the B
// fragment once per column (2 + 2 loads), and the 4 C fragments are loaded
// before k, carried through k and kk, and stored after k.
// CHECK-LABEL: func @matmul
// CHECK-DAG: %[[SA:.*]] = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
// CHECK-DAG: %[[SB:.*]] = memref.get_global @matmul_smem_b : memref<32x72xf16, 3>
// CHECK: affine.for %[[I:.*]] = 0 to 128 step 64 {
// CHECK: affine.for %[[J:.*]] = 0 to 128 step 64 {
// CHECK: affine.for %[[II:.*]] = 0 to 64 step 32 {
// CHECK: affine.for %[[JJ:.*]] = 0 to 64 step 32 {
// CHECK: %[[R0:.*]] = affine.apply #{{.*}}(%[[I]], %[[II]])
// CHECK: %[[C0:.*]] = affine.apply #{{.*}}(%[[J]], %[[JJ]])
// CHECK: %[[F00:.*]] = gpu.subgroup_mma_load_matrix %{{.*}}[%[[R0]], %[[C0]]] {leadDimension = 128 : index} : memref<128x128xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-COUNT-3: gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: %[[RES:.*]]:4 = affine.for %[[K:.*]] = 0 to 64 step 32 iter_args(%[[X0:.*]] = %[[F00]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
// CHECK: affine.store %{{.*}}, %[[SA]]
// CHECK: affine.store %{{.*}}, %[[SB]]
// CHECK: %[[ACC:.*]]:4 = affine.for %[[KK:.*]] = 0 to 32 step 16 iter_args(%[[Y0:.*]] = %[[X0]], %[[Y1:.*]] = %{{.*}}, %[[Y2:.*]] = %{{.*}}, %[[Y3:.*]] = %{{.*}})
// CHECK-NEXT: %[[A0:.*]] = gpu.subgroup_mma_load_matrix %[[SA]][%[[II]], %[[KK]]] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-NEXT: %[[B0:.*]] = gpu.subgroup_mma_load_matrix %[[SB]][%[[KK]], %[[JJ]]] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK-NEXT: %[[D0:.*]] = gpu.subgroup_mma_compute %[[A0]], %[[B0]], %[[Y0]] : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NEXT: %[[JJ16:.*]] = affine.apply #{{.*}}(%[[JJ]])
// CHECK-NEXT: %[[B1:.*]] = gpu.subgroup_mma_load_matrix %[[SB]][%[[KK]], %[[JJ16]]]
// CHECK-NEXT: %[[D1:.*]] = gpu.subgroup_mma_compute %[[A0]], %[[B1]], %[[Y1]]
// CHECK-NEXT: %[[II16:.*]] = affine.apply #{{.*}}(%[[II]])
// CHECK-NEXT: %[[A1:.*]] = gpu.subgroup_mma_load_matrix %[[SA]][%[[II16]], %[[KK]]]
// CHECK-NEXT: %[[D2:.*]] = gpu.subgroup_mma_compute %[[A1]], %[[B0]], %[[Y2]]
// CHECK-NEXT: %[[D3:.*]] = gpu.subgroup_mma_compute %[[A1]], %[[B1]], %[[Y3]]
// CHECK-NEXT: affine.yield %[[D0]], %[[D1]], %[[D2]], %[[D3]]
// CHECK-NEXT: }
// CHECK-NEXT: affine.yield %[[ACC]]#0, %[[ACC]]#1, %[[ACC]]#2, %[[ACC]]#3
// CHECK-NEXT: }
// CHECK-NEXT: gpu.subgroup_mma_store_matrix %[[RES]]#0, %{{.*}}[%[[R0]], %[[C0]]] {leadDimension = 128 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<128x128xf32>
// CHECK-COUNT-3: gpu.subgroup_mma_store_matrix
// CHECK-NOT: affine.load %{{.*}} : memref<128x128xf32>

// Without hoist-c, each compute loads and stores its C fragment inside kk.
// NOHOIST-LABEL: func @matmul
// NOHOIST: affine.for %{{.*}} = 0 to 64 step 32 {
// NOHOIST: affine.for %[[KK:.*]] = 0 to 32 step 16 {
// NOHOIST-NEXT: gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %[[KK]]] {leadDimension = 40 : index} {{.*}} "AOp">
// NOHOIST-NEXT: gpu.subgroup_mma_load_matrix %{{.*}}[%[[KK]], %{{.*}}] {leadDimension = 72 : index} {{.*}} "BOp">
// NOHOIST: %[[C:.*]] = gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xf32, "COp">
// NOHOIST-NEXT: %[[D:.*]] = gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %[[C]]
// NOHOIST-NEXT: gpu.subgroup_mma_store_matrix %[[D]]
// NOHOIST-COUNT-3: gpu.subgroup_mma_store_matrix
// NOHOIST-NOT: iter_args
memref.global "private" @matmul_smem_a : memref<64x40xf16, 3>
memref.global "private" @matmul_smem_b : memref<32x72xf16, 3>
func.func @matmul(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  %sa = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
  %sb = memref.get_global @matmul_smem_b : memref<32x72xf16, 3>
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
  affine.for %i = 0 to 128 step 64 {
    affine.for %j = 0 to 128 step 64 {
      affine.for %ii = 0 to 64 step 32 {
        affine.for %jj = 0 to 64 step 32 {
          affine.for %k = 0 to 64 step 32 {
            affine.for %ci = 0 to 64 {
              affine.for %ck = 0 to 32 {
                %v = affine.load %A[%i + %ci, %k + %ck] : memref<128x64xf16>
                affine.store %v, %sa[%ci, %ck] : memref<64x40xf16, 3>
              }
            }
            affine.for %ck = 0 to 32 {
              affine.for %cj = 0 to 64 {
                %v = affine.load %B[%k + %ck, %j + %cj] : memref<64x128xf16>
                affine.store %v, %sb[%ck, %cj] : memref<32x72xf16, 3>
              }
            }
            affine.for %kk = 0 to 32 step 16 {
              affine.for %kkk = 0 to 16 step 16 {
                affine.for %iii = 0 to 32 step 16 {
                  affine.for %jjj = 0 to 32 step 16 {
                    affine.for %pi = 0 to 16 {
                      affine.for %pj = 0 to 16 {
                        affine.for %pk = 0 to 16 {
                          %a = affine.load %sa[%ii + %iii + %pi, %kk + %kkk + %pk] : memref<64x40xf16, 3>
                          %b = affine.load %sb[%kk + %kkk + %pk, %jj + %jjj + %pj] : memref<32x72xf16, 3>
                          %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<128x128xf32>
                          %ae = arith.extf %a : f16 to f32
                          %be = arith.extf %b : f16 to f32
                          %p = arith.mulf %ae, %be : f32
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
    gpu.terminator
  }
  return
}


// -----

// The paper's tiles (128,128,64 and 64,32,32) at M=N=128, K=64: kkk has two
// iterations, so each C fragment is updated twice per kk step, the second
// time from the value of the first (no reload, no intermediate store):
// 8 C fragments carried, 8 A and 4 B fragment loads and 16 computes per kk
// step.
// CHECK-LABEL: func @matmul_paper
// CHECK-COUNT-8: gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: %[[RES:.*]]:8 = affine.for %{{.*}} = 0 to 64 step 64 iter_args(
// CHECK: %{{.*}}:8 = affine.for %{{.*}} = 0 to 64 step 32 iter_args(
// CHECK-NOT: "COp">{{$}}
// CHECK-COUNT-16: gpu.subgroup_mma_compute
// CHECK-NEXT: affine.yield
// CHECK-COUNT-8: gpu.subgroup_mma_store_matrix %[[RES]]
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// NOHOIST-LABEL: func @matmul_paper
// NOHOIST-COUNT-16: gpu.subgroup_mma_compute
// NOHOIST-NOT: gpu.subgroup_mma_compute
memref.global "private" @matmul_paper_smem_a : memref<128x72xf16, 3>
memref.global "private" @matmul_paper_smem_b : memref<64x136xf16, 3>
func.func @matmul_paper(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  %sa = memref.get_global @matmul_paper_smem_a : memref<128x72xf16, 3>
  %sb = memref.get_global @matmul_paper_smem_b : memref<64x136xf16, 3>
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
  affine.for %i = 0 to 128 step 128 {
    affine.for %j = 0 to 128 step 128 {
      affine.for %ii = 0 to 128 step 64 {
        affine.for %jj = 0 to 128 step 32 {
          affine.for %k = 0 to 64 step 64 {
            affine.for %ci = 0 to 128 {
              affine.for %ck = 0 to 64 {
                %v = affine.load %A[%i + %ci, %k + %ck] : memref<128x64xf16>
                affine.store %v, %sa[%ci, %ck] : memref<128x72xf16, 3>
              }
            }
            affine.for %ck = 0 to 64 {
              affine.for %cj = 0 to 128 {
                %v = affine.load %B[%k + %ck, %j + %cj] : memref<64x128xf16>
                affine.store %v, %sb[%ck, %cj] : memref<64x136xf16, 3>
              }
            }
            affine.for %kk = 0 to 64 step 32 {
              affine.for %kkk = 0 to 32 step 16 {
                affine.for %iii = 0 to 64 step 16 {
                  affine.for %jjj = 0 to 32 step 16 {
                    affine.for %pi = 0 to 16 {
                      affine.for %pj = 0 to 16 {
                        affine.for %pk = 0 to 16 {
                          %a = affine.load %sa[%ii + %iii + %pi, %kk + %kkk + %pk] : memref<128x72xf16, 3>
                          %b = affine.load %sb[%kk + %kkk + %pk, %jj + %jjj + %pj] : memref<64x136xf16, 3>
                          %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<128x128xf32>
                          %ae = arith.extf %a : f16 to f32
                          %be = arith.extf %b : f16 to f32
                          %p = arith.mulf %ae, %be : f32
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
    gpu.terminator
  }
  return
}


// -----

// Point loops in another order (pk, pj, pi) and the product and sum with
// their operands swapped are the same matmul; M=N=K=64 (one thread block).
// CHECK-LABEL: func @matmul_perm
// CHECK: %{{.*}}:4 = affine.for %{{.*}} = 0 to 64 step 32 iter_args(
// CHECK-COUNT-4: gpu.subgroup_mma_compute
// NOHOIST-LABEL: func @matmul_perm
// NOHOIST-COUNT-4: gpu.subgroup_mma_compute
memref.global "private" @matmul_perm_smem_a : memref<64x40xf16, 3>
memref.global "private" @matmul_perm_smem_b : memref<32x72xf16, 3>
func.func @matmul_perm(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %sa = memref.get_global @matmul_perm_smem_a : memref<64x40xf16, 3>
  %sb = memref.get_global @matmul_perm_smem_b : memref<32x72xf16, 3>
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
  affine.for %i = 0 to 64 step 64 {
    affine.for %j = 0 to 64 step 64 {
      affine.for %ii = 0 to 64 step 32 {
        affine.for %jj = 0 to 64 step 32 {
          affine.for %k = 0 to 64 step 32 {
            affine.for %ci = 0 to 64 {
              affine.for %ck = 0 to 32 {
                %v = affine.load %A[%i + %ci, %k + %ck] : memref<64x64xf16>
                affine.store %v, %sa[%ci, %ck] : memref<64x40xf16, 3>
              }
            }
            affine.for %ck = 0 to 32 {
              affine.for %cj = 0 to 64 {
                %v = affine.load %B[%k + %ck, %j + %cj] : memref<64x64xf16>
                affine.store %v, %sb[%ck, %cj] : memref<32x72xf16, 3>
              }
            }
            affine.for %kk = 0 to 32 step 16 {
              affine.for %kkk = 0 to 16 step 16 {
                affine.for %iii = 0 to 32 step 16 {
                  affine.for %jjj = 0 to 32 step 16 {
                    affine.for %pk = 0 to 16 {
                      affine.for %pj = 0 to 16 {
                        affine.for %pi = 0 to 16 {
                          %a = affine.load %sa[%ii + %iii + %pi, %kk + %kkk + %pk] : memref<64x40xf16, 3>
                          %b = affine.load %sb[%kk + %kkk + %pk, %jj + %jjj + %pj] : memref<32x72xf16, 3>
                          %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
                          %ae = arith.extf %a : f16 to f32
                          %be = arith.extf %b : f16 to f32
                          %p = arith.mulf %be, %ae : f32
                          %s = arith.addf %p, %c : f32
                          affine.store %s, %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
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
    gpu.terminator
  }
  return
}


// -----

// affine-gpu-tile's output without shared-memory copies (stage 1): the
// same warp tile step, A and B fragments read from global memory.
// CHECK-LABEL: func @stage1
// CHECK: affine.for %{{.*}} = 0 to 64 step 32 iter_args(
// CHECK: affine.for %{{.*}} = 0 to 32 step 16 iter_args(
// CHECK: gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 64 : index} : memref<64x64xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-COUNT-4: gpu.subgroup_mma_compute
// NOHOIST-LABEL: func @stage1
// NOHOIST-COUNT-4: gpu.subgroup_mma_compute

func.func @stage1(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    affine.for %i = 0 to 64 step 64 {
      affine.for %j = 0 to 64 step 64 {
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
                            %a = affine.load %A[%i + %ii + %iii + %pi, %k + %kk + %kkk + %pk] : memref<64x64xf16>
                            %b = affine.load %B[%k + %kk + %kkk + %pk, %j + %jj + %jjj + %pj] : memref<64x64xf16>
                            %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
                            %ae = arith.extf %a : f16 to f32
                            %be = arith.extf %b : f16 to f32
                            %p = arith.mulf %ae, %be : f32
                            %s = arith.addf %c, %p : f32
                            affine.store %s, %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
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
    gpu.terminator
  }
  return
}

// -----

// Something else in kk reads C: the fragments cannot be carried through kk
// (remark), the conversion and the unrolling are kept.
// CHECK-LABEL: func @matmul_c_read
// CHECK: affine.for %{{.*}} = 0 to 32 step 16 {
// CHECK-NEXT: affine.load
// CHECK-COUNT-4: gpu.subgroup_mma_store_matrix
// CHECK-NOT: iter_args
memref.global "private" @matmul_c_read_smem_a : memref<64x40xf16, 3>
memref.global "private" @matmul_c_read_smem_b : memref<32x72xf16, 3>
func.func @matmul_c_read(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %sa = memref.get_global @matmul_c_read_smem_a : memref<64x40xf16, 3>
  %sb = memref.get_global @matmul_c_read_smem_b : memref<32x72xf16, 3>
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
  affine.for %i = 0 to 64 step 64 {
    affine.for %j = 0 to 64 step 64 {
      affine.for %ii = 0 to 64 step 32 {
        affine.for %jj = 0 to 64 step 32 {
          affine.for %k = 0 to 64 step 32 {
            affine.for %ci = 0 to 64 {
              affine.for %ck = 0 to 32 {
                %v = affine.load %A[%i + %ci, %k + %ck] : memref<64x64xf16>
                affine.store %v, %sa[%ci, %ck] : memref<64x40xf16, 3>
              }
            }
            affine.for %ck = 0 to 32 {
              affine.for %cj = 0 to 64 {
                %v = affine.load %B[%k + %ck, %j + %cj] : memref<64x64xf16>
                affine.store %v, %sb[%ck, %cj] : memref<32x72xf16, 3>
              }
            }
            // expected-remark@+1 {{C fragments not hoisted out of the loop: 'affine.load' may access the fragments' memory}}
            affine.for %kk = 0 to 32 step 16 {
              %z = affine.load %C[%i + %ii, %j + %jj] : memref<64x64xf32>
              affine.for %kkk = 0 to 16 step 16 {
                affine.for %iii = 0 to 32 step 16 {
                  affine.for %jjj = 0 to 32 step 16 {
                    affine.for %pi = 0 to 16 {
                      affine.for %pj = 0 to 16 {
                        affine.for %pk = 0 to 16 {
                          %a = affine.load %sa[%ii + %iii + %pi, %kk + %kkk + %pk] : memref<64x40xf16, 3>
                          %b = affine.load %sb[%kk + %kkk + %pk, %jj + %jjj + %pj] : memref<32x72xf16, 3>
                          %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
                          %ae = arith.extf %a : f16 to f32
                          %be = arith.extf %b : f16 to f32
                          %p = arith.mulf %ae, %be : f32
                          %s = arith.addf %c, %p : f32
                          affine.store %s, %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
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
    gpu.terminator
  }
  return
}


// -----

// Not a multiply-accumulate: left alone, with a remark.
// CHECK-LABEL: func @not_matmul
// CHECK: arith.subf
// CHECK-NOT: gpu.subgroup_mma
func.func @not_matmul(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  // expected-remark@+1 {{not a WMMA point nest: the stored value is not an 'arith.addf' of the body}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf16>
        %b = affine.load %B[%k, %j] : memref<16x16xf16>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.subf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

// -----

// B read transposed (B[n, k]): WMMA would need the transpose flag, which
// this stage does not emit.
// CHECK-LABEL: func @transposed_b
// CHECK-NOT: gpu.subgroup_mma
func.func @transposed_b(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  // expected-remark@+1 {{not a WMMA point nest: the operands are not accessed as A[m, k] and B[k, n] (transposed operands are not supported)}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf16>
        %b = affine.load %B[%j, %k] : memref<16x16xf16>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

// -----

// f32 operands: tensor cores take f16 here.
// CHECK-LABEL: func @f32_operands
// CHECK-NOT: gpu.subgroup_mma
func.func @f32_operands(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  // expected-remark@+1 {{not a WMMA point nest: a factor of the product is not an 'arith.extf'}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
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

// -----

// A point nest whose C index mixes two point loops is not a matmul tile.
// CHECK-LABEL: func @skewed_c
// CHECK-NOT: gpu.subgroup_mma
func.func @skewed_c(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<32x16xf32>) {
  // expected-remark@+1 {{not a WMMA point nest: an index of 'affine.load' depends on two point loops}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf16>
        %b = affine.load %B[%k, %j] : memref<16x16xf16>
        %c = affine.load %C[%i + %j, %j] : memref<32x16xf32>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i + %j, %j] : memref<32x16xf32>
      }
    }
  }
  return
}
