// RUN: goopt opt %s --allow-unregistered-dialect --split-input-file --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" | FileCheck %s

// DMA generation (generate-dma, upstream's default) on the functions of
// upstream's test/Dialect/Affine/dma-generate.mlir whose output goopt
// reproduces byte for byte: every line of mlir-opt-19's output for each
// function is checked with CHECK-NEXT, constants at the top of the function,
// dead affine.apply ops and all.

func.func @loop_nest_1d() {
  %A = memref.alloc() : memref<256 x f32>
  %B = memref.alloc() : memref<512 x f32>
  %F = memref.alloc() : memref<256 x f32, 2>
  affine.for %i = 0 to 256 {
    affine.load %A[%i] : memref<256 x f32>
    %idx = affine.apply affine_map<(d0) -> (d0 + 256)>(%i)
    affine.load %B[%idx] : memref<512 x f32>
    affine.load %F[%i] : memref<256 x f32, 2>
  }
  return
}
// CHECK-LABEL: func.func @loop_nest_1d() {
// CHECK-NEXT:   %c256 = arith.constant 256 : index
// CHECK-NEXT:   %c256_0 = arith.constant 256 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c256_1 = arith.constant 256 : index
// CHECK-NEXT:   %c0_2 = arith.constant 0 : index
// CHECK-NEXT:   %c0_3 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<256xf32>
// CHECK-NEXT:   %alloc_4 = memref.alloc() : memref<512xf32>
// CHECK-NEXT:   %alloc_5 = memref.alloc() : memref<256xf32, 2>
// CHECK-NEXT:   %alloc_6 = memref.alloc() : memref<256xf32, 2>
// CHECK-NEXT:   %alloc_7 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc[%c0_2], %alloc_6[%c0_2], %alloc_7[%c0_2], %c256_1 : memref<256xf32>, memref<256xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_7[%c0_2], %c256_1 : memref<1xi32>
// CHECK-NEXT:   %alloc_8 = memref.alloc() : memref<256xf32, 2>
// CHECK-NEXT:   %alloc_9 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc_4[%c256], %alloc_8[%c0], %alloc_9[%c0], %c256_0 : memref<512xf32>, memref<256xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_9[%c0], %c256_0 : memref<1xi32>
// CHECK-NEXT:   affine.for %arg0 = 0 to 256 {
// CHECK-NEXT:     %0 = affine.load %alloc_6[%arg0] : memref<256xf32, 2>
// CHECK-NEXT:     %1 = affine.apply #map(%arg0)
// CHECK-NEXT:     %2 = affine.load %alloc_8[%arg0] : memref<256xf32, 2>
// CHECK-NEXT:     %3 = affine.load %alloc_5[%arg0] : memref<256xf32, 2>
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %alloc_9 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_8 : memref<256xf32, 2>
// CHECK-NEXT:   memref.dealloc %alloc_7 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_6 : memref<256xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @loop_nest_high_d(%A: memref<512 x 32 x f32>,
    %B: memref<512 x 32 x f32>, %C: memref<512 x 32 x f32>) {
  affine.for %jT = 0 to 32 {
    affine.for %kT = 0 to 32 {
      affine.for %iT = 0 to 32 {
        affine.for %kk = 0 to 16 { // k intratile
          %k = affine.apply affine_map<(d0, d1) -> (16*d0 + d1)> (%kT, %kk)
          %v0 = affine.load %B[%k, %jT] : memref<512 x 32 x f32>
          "foo"(%v0) : (f32) -> ()
        }
        affine.for %ii = 0 to 16 { // i intratile.
          %i = affine.apply affine_map<(d0, d1) -> (16*d0 + d1)>(%iT, %ii)
          %v1 = affine.load %A[%i, %kT] : memref<512 x 32 x f32>
          "bar"(%v1) : (f32) -> ()
        }
        affine.for %ii_ = 0 to 16 { // i intratile.
          %v2 = "abc_compute"() : () -> f32
          %i_ = affine.apply affine_map<(d0, d1) -> (16*d0 + d1)>(%iT, %ii_)
          %v3 =  affine.load %C[%i_, %jT] : memref<512 x 32 x f32>
          %v4 = "addf32"(%v2, %v3) : (f32, f32) -> (f32)
          affine.store %v4, %C[%i_, %jT] : memref<512 x 32 x f32>
        }
        "foobar"() : () -> ()
      }
    }
  }
  return
}
// CHECK-LABEL: func.func @loop_nest_high_d(%arg0: memref<512x32xf32>, %arg1: memref<512x32xf32>, %arg2: memref<512x32xf32>) {
// CHECK-NEXT:   %c16384 = arith.constant 16384 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c16384_0 = arith.constant 16384 : index
// CHECK-NEXT:   %c0_1 = arith.constant 0 : index
// CHECK-NEXT:   %c16384_2 = arith.constant 16384 : index
// CHECK-NEXT:   %c0_3 = arith.constant 0 : index
// CHECK-NEXT:   %c16384_4 = arith.constant 16384 : index
// CHECK-NEXT:   %c0_5 = arith.constant 0 : index
// CHECK-NEXT:   %c0_6 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<512x32xf32, 2>
// CHECK-NEXT:   %alloc_7 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %arg1[%c0_5, %c0_5], %alloc[%c0_5, %c0_5], %alloc_7[%c0_5], %c16384_4 : memref<512x32xf32>, memref<512x32xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_7[%c0_5], %c16384_4 : memref<1xi32>
// CHECK-NEXT:   %alloc_8 = memref.alloc() : memref<512x32xf32, 2>
// CHECK-NEXT:   %alloc_9 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %arg0[%c0_3, %c0_3], %alloc_8[%c0_3, %c0_3], %alloc_9[%c0_3], %c16384_2 : memref<512x32xf32>, memref<512x32xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_9[%c0_3], %c16384_2 : memref<1xi32>
// CHECK-NEXT:   %alloc_10 = memref.alloc() : memref<512x32xf32, 2>
// CHECK-NEXT:   %alloc_11 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %arg2[%c0_1, %c0_1], %alloc_10[%c0_1, %c0_1], %alloc_11[%c0_1], %c16384_0 : memref<512x32xf32>, memref<512x32xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_11[%c0_1], %c16384_0 : memref<1xi32>
// CHECK-NEXT:   %alloc_12 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.for %arg3 = 0 to 32 {
// CHECK-NEXT:     affine.for %arg4 = 0 to 32 {
// CHECK-NEXT:       affine.for %arg5 = 0 to 32 {
// CHECK-NEXT:         affine.for %arg6 = 0 to 16 {
// CHECK-NEXT:           %0 = affine.apply #map(%arg4, %arg6)
// CHECK-NEXT:           %1 = affine.load %alloc[%arg4 * 16 + %arg6, %arg3] : memref<512x32xf32, 2>
// CHECK-NEXT:           "foo"(%1) : (f32) -> ()
// CHECK-NEXT:         }
// CHECK-NEXT:         affine.for %arg6 = 0 to 16 {
// CHECK-NEXT:           %0 = affine.apply #map(%arg5, %arg6)
// CHECK-NEXT:           %1 = affine.load %alloc_8[%arg5 * 16 + %arg6, %arg4] : memref<512x32xf32, 2>
// CHECK-NEXT:           "bar"(%1) : (f32) -> ()
// CHECK-NEXT:         }
// CHECK-NEXT:         affine.for %arg6 = 0 to 16 {
// CHECK-NEXT:           %0 = "abc_compute"() : () -> f32
// CHECK-NEXT:           %1 = affine.apply #map(%arg5, %arg6)
// CHECK-NEXT:           %2 = affine.load %alloc_10[%arg5 * 16 + %arg6, %arg3] : memref<512x32xf32, 2>
// CHECK-NEXT:           %3 = "addf32"(%0, %2) : (f32, f32) -> f32
// CHECK-NEXT:           affine.store %3, %alloc_10[%arg5 * 16 + %arg6, %arg3] : memref<512x32xf32, 2>
// CHECK-NEXT:         }
// CHECK-NEXT:         "foobar"() : () -> ()
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.dma_start %alloc_10[%c0, %c0], %arg2[%c0, %c0], %alloc_12[%c0], %c16384 : memref<512x32xf32, 2>, memref<512x32xf32>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_12[%c0], %c16384 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_12 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_11 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_10 : memref<512x32xf32, 2>
// CHECK-NEXT:   memref.dealloc %alloc_9 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_8 : memref<512x32xf32, 2>
// CHECK-NEXT:   memref.dealloc %alloc_7 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<512x32xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @loop_nest_modulo() {
  %A = memref.alloc() : memref<256 x 8 x f32>
  affine.for %i = 0 to 32 step 4 {
    affine.for %j = 0 to 8 {
      %idx = affine.apply affine_map<(d0) -> (d0 mod 2)> (%j)
      %v = affine.load %A[%i, %idx] : memref<256 x 8 x f32>
    }
  }
  return
}
// CHECK-LABEL: func.func @loop_nest_modulo() {
// CHECK-NEXT:   %c2 = arith.constant 2 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_0 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<256x8xf32>
// CHECK-NEXT:   affine.for %arg0 = 0 to 32 step 4 {
// CHECK-NEXT:     %0 = affine.apply #map(%arg0)
// CHECK-NEXT:     %alloc_1 = memref.alloc() : memref<1x2xf32, 2>
// CHECK-NEXT:     %alloc_2 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:     affine.dma_start %alloc[%arg0, 0], %alloc_1[%c0, %c0], %alloc_2[%c0], %c2 : memref<256x8xf32>, memref<1x2xf32, 2>, memref<1xi32>
// CHECK-NEXT:     affine.dma_wait %alloc_2[%c0], %c2 : memref<1xi32>
// CHECK-NEXT:     affine.for %arg1 = 0 to 8 {
// CHECK-NEXT:       %1 = affine.apply #map1(%arg1)
// CHECK-NEXT:       %2 = affine.load %alloc_1[0, %arg1 mod 2] : memref<1x2xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:     memref.dealloc %alloc_2 : memref<1xi32>
// CHECK-NEXT:     memref.dealloc %alloc_1 : memref<1x2xf32, 2>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @loop_nest_tiled() -> memref<256x1024xf32> {
  %0 = memref.alloc() : memref<256x1024xf32>
  affine.for %i0 = 0 to 256 step 32 {
    affine.for %i1 = 0 to 1024 step 32 {
      affine.for %i2 = affine_map<(d0) -> (d0)>(%i0) to affine_map<(d0) -> (d0 + 32)>(%i0) {
        affine.for %i3 = affine_map<(d0) -> (d0)>(%i1) to affine_map<(d0) -> (d0 + 32)>(%i1) {
          %1 = affine.load %0[%i2, %i3] : memref<256x1024xf32>
        }
      }
    }
  }
  return %0 : memref<256x1024xf32>
}
// CHECK-LABEL: func.func @loop_nest_tiled() -> memref<256x1024xf32> {
// CHECK-NEXT:   %c1024 = arith.constant 1024 : index
// CHECK-NEXT:   %c1024_0 = arith.constant 1024 : index
// CHECK-NEXT:   %c32 = arith.constant 32 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_1 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<256x1024xf32>
// CHECK-NEXT:   affine.for %arg0 = 0 to 256 step 32 {
// CHECK-NEXT:     affine.for %arg1 = 0 to 1024 step 32 {
// CHECK-NEXT:       %0 = affine.apply #map(%arg0, %arg1)
// CHECK-NEXT:       %1 = affine.apply #map1(%arg0, %arg1)
// CHECK-NEXT:       %alloc_2 = memref.alloc() : memref<32x32xf32, 2>
// CHECK-NEXT:       %alloc_3 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:       affine.dma_start %alloc[%arg0, %arg1], %alloc_2[%c0, %c0], %alloc_3[%c0], %c1024, %c1024_0, %c32 : memref<256x1024xf32>, memref<32x32xf32, 2>, memref<1xi32>
// CHECK-NEXT:       affine.dma_wait %alloc_3[%c0], %c1024 : memref<1xi32>
// CHECK-NEXT:       affine.for %arg2 = #map2(%arg0) to #map3(%arg0) {
// CHECK-NEXT:         affine.for %arg3 = #map2(%arg1) to #map3(%arg1) {
// CHECK-NEXT:           %2 = affine.load %alloc_2[-%arg0 + %arg2, -%arg1 + %arg3] : memref<32x32xf32, 2>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       memref.dealloc %alloc_3 : memref<1xi32>
// CHECK-NEXT:       memref.dealloc %alloc_2 : memref<32x32xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return %alloc : memref<256x1024xf32>
// CHECK-NEXT: }

// -----

func.func @dma_constant_dim_access(%A : memref<100x100xf32>) {
  %one = arith.constant 1 : index
  %N = arith.constant 100 : index
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to affine_map<()[s0] -> (s0)> ()[%N] {
      affine.load %A[%one, %j] : memref<100 x 100 x f32>
    }
  }
  return
}
// CHECK-LABEL: func.func @dma_constant_dim_access(%arg0: memref<100x100xf32>) {
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c100 = arith.constant 100 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_0 = arith.constant 0 : index
// CHECK-NEXT:   %c1_1 = arith.constant 1 : index
// CHECK-NEXT:   %c100_2 = arith.constant 100 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<1x100xf32, 2>
// CHECK-NEXT:   %alloc_3 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %arg0[%c1, %c0], %alloc[%c0, %c0], %alloc_3[%c0], %c100 : memref<100x100xf32>, memref<1x100xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_3[%c0], %c100 : memref<1xi32>
// CHECK-NEXT:   affine.for %arg1 = 0 to 100 {
// CHECK-NEXT:     affine.for %arg2 = 0 to %c100_2 {
// CHECK-NEXT:       %0 = affine.load %alloc[0, %arg2] : memref<1x100xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %alloc_3 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<1x100xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @dma_with_symbolic_accesses(%A : memref<100x100xf32>, %M : index) {
  %N = arith.constant 9 : index
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      %idy = affine.apply affine_map<(d0, d1) [s0, s1] -> (d1 + s0 + s1)>(%i, %j)[%M, %N]
      affine.load %A[%i, %idy] : memref<100 x 100 x f32>
    }
  }
  return
}
// CHECK-LABEL: func.func @dma_with_symbolic_accesses(%arg0: memref<100x100xf32>, %arg1: index) {
// CHECK-NEXT:   %c10000 = arith.constant 10000 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_0 = arith.constant 0 : index
// CHECK-NEXT:   %c9 = arith.constant 9 : index
// CHECK-NEXT:   %0 = affine.apply #map(%arg1)
// CHECK-NEXT:   %alloc = memref.alloc() : memref<100x100xf32, 2>
// CHECK-NEXT:   %alloc_1 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %arg0[0, symbol(%arg1) + 9], %alloc[%c0, %c0], %alloc_1[%c0], %c10000 : memref<100x100xf32>, memref<100x100xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_1[%c0], %c10000 : memref<1xi32>
// CHECK-NEXT:   affine.for %arg2 = 0 to 100 {
// CHECK-NEXT:     affine.for %arg3 = 0 to 100 {
// CHECK-NEXT:       %1 = affine.apply #map1(%arg2, %arg3)[%arg1, %c9]
// CHECK-NEXT:       %2 = affine.load %alloc[%arg2, %arg3] : memref<100x100xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %alloc_1 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<100x100xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @dma_with_symbolic_loop_bounds(%A : memref<100x100xf32>, %M : index, %N: index) {
  %K = arith.constant 9 : index
  affine.for %i = 0 to 100 {
    affine.for %j = %M to %N {
      %idy = affine.apply affine_map<(d1) [s0] -> (d1 + s0)>(%j)[%K]
      affine.load %A[%i, %idy] : memref<100 x 100 x f32>
    }
  }
  return
}
// CHECK-LABEL: func.func @dma_with_symbolic_loop_bounds(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index) {
// CHECK-NEXT:   %c10000 = arith.constant 10000 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_0 = arith.constant 0 : index
// CHECK-NEXT:   %c9 = arith.constant 9 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<100x100xf32, 2>
// CHECK-NEXT:   %alloc_1 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %arg0[%c0, %c0], %alloc[%c0, %c0], %alloc_1[%c0], %c10000 : memref<100x100xf32>, memref<100x100xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_1[%c0], %c10000 : memref<1xi32>
// CHECK-NEXT:   affine.for %arg3 = 0 to 100 {
// CHECK-NEXT:     affine.for %arg4 = %arg1 to %arg2 {
// CHECK-NEXT:       %0 = affine.apply #map(%arg4)[%c9]
// CHECK-NEXT:       %1 = affine.load %alloc[%arg3, %arg4 + 9] : memref<100x100xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %alloc_1 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<100x100xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @dma_unknown_size(%arg0: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %arg0, %c0 : memref<? x ? x f32>
  %N = memref.dim %arg0, %c0 : memref<? x ? x f32>
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.load %arg0[%i, %j] : memref<? x ? x f32>
    }
  }
  return
}
// CHECK-LABEL: func.func @dma_unknown_size(%arg0: memref<?x?xf32>) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_1 = arith.constant 0 : index
// CHECK-NEXT:   %dim = memref.dim %arg0, %c0_1 : memref<?x?xf32>
// CHECK-NEXT:   %dim_2 = memref.dim %arg0, %c0_1 : memref<?x?xf32>
// CHECK-NEXT:   affine.for %arg1 = 0 to %dim {
// CHECK-NEXT:     affine.for %arg2 = 0 to %dim_2 {
// CHECK-NEXT:       %0 = affine.load %arg0[%arg1, %arg2] : memref<?x?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @multi_load_store_union() {
  %A = memref.alloc() : memref<512 x 512 x f32>
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %idx = affine.apply affine_map<(d0) -> (d0 + 64)>(%i)
      %idy = affine.apply affine_map<(d0) -> (d0 + 128)>(%j)
      %ishift = affine.apply affine_map<(d0) -> (d0 + 2)>(%i)
      %jshift = affine.apply affine_map<(d0) -> (d0 + 2)>(%j)

      %u = affine.load %A[%ishift, %idy] : memref<512 x 512 x f32>
      %v = affine.load %A[%idx, %jshift] : memref<512 x 512 x f32>

      %sidx = affine.apply affine_map<(d0) -> (d0 + 128)>(%i)
      %sidy = affine.apply affine_map<(d0) -> (d0 + 192)>(%j)

      affine.store %u, %A[%ishift, %sidy] : memref<512 x 512 x f32>
      affine.store %v, %A[%sidx, %jshift] : memref<512 x 512 x f32>
    }
  }
  return
}
// CHECK-LABEL: func.func @multi_load_store_union() {
// CHECK-NEXT:   %c2 = arith.constant 2 : index
// CHECK-NEXT:   %c2_0 = arith.constant 2 : index
// CHECK-NEXT:   %c170372 = arith.constant 170372 : index
// CHECK-NEXT:   %c512 = arith.constant 512 : index
// CHECK-NEXT:   %c446 = arith.constant 446 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c2_1 = arith.constant 2 : index
// CHECK-NEXT:   %c2_2 = arith.constant 2 : index
// CHECK-NEXT:   %c170372_3 = arith.constant 170372 : index
// CHECK-NEXT:   %c512_4 = arith.constant 512 : index
// CHECK-NEXT:   %c446_5 = arith.constant 446 : index
// CHECK-NEXT:   %c0_6 = arith.constant 0 : index
// CHECK-NEXT:   %c0_7 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<512x512xf32>
// CHECK-NEXT:   %alloc_8 = memref.alloc() : memref<382x446xf32, 2>
// CHECK-NEXT:   %alloc_9 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc[%c2_1, %c2_2], %alloc_8[%c0_6, %c0_6], %alloc_9[%c0_6], %c170372_3, %c512_4, %c446_5 : memref<512x512xf32>, memref<382x446xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_9[%c0_6], %c170372_3 : memref<1xi32>
// CHECK-NEXT:   %alloc_10 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.for %arg0 = 0 to 256 {
// CHECK-NEXT:     affine.for %arg1 = 0 to 256 {
// CHECK-NEXT:       %0 = affine.apply #map(%arg0)
// CHECK-NEXT:       %1 = affine.apply #map1(%arg1)
// CHECK-NEXT:       %2 = affine.apply #map2(%arg0)
// CHECK-NEXT:       %3 = affine.apply #map2(%arg1)
// CHECK-NEXT:       %4 = affine.load %alloc_8[%arg0, %arg1 + 126] : memref<382x446xf32, 2>
// CHECK-NEXT:       %5 = affine.load %alloc_8[%arg0 + 62, %arg1] : memref<382x446xf32, 2>
// CHECK-NEXT:       %6 = affine.apply #map1(%arg0)
// CHECK-NEXT:       %7 = affine.apply #map3(%arg1)
// CHECK-NEXT:       affine.store %4, %alloc_8[%arg0, %arg1 + 190] : memref<382x446xf32, 2>
// CHECK-NEXT:       affine.store %5, %alloc_8[%arg0 + 126, %arg1] : memref<382x446xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.dma_start %alloc_8[%c0, %c0], %alloc[%c2, %c2_0], %alloc_10[%c0], %c170372, %c512, %c446 : memref<382x446xf32, 2>, memref<512x512xf32>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_10[%c0], %c170372 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_10 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_9 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_8 : memref<382x446xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @dma_loop_straightline_interspersed() {
  %c0 = arith.constant 0 : index
  %c255 = arith.constant 255 : index
  %A = memref.alloc() : memref<256 x f32>
  %v = affine.load %A[%c0] : memref<256 x f32>
  affine.for %i = 1 to 255 {
    affine.load %A[%i] : memref<256 x f32>
  }
  %l = affine.load %A[%c255] : memref<256 x f32>
  affine.store %l, %A[%c0] : memref<256 x f32>
  return
}
// CHECK-LABEL: func.func @dma_loop_straightline_interspersed() {
// CHECK-NEXT:   %c256 = arith.constant 256 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c256_0 = arith.constant 256 : index
// CHECK-NEXT:   %c0_1 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c254 = arith.constant 254 : index
// CHECK-NEXT:   %c0_2 = arith.constant 0 : index
// CHECK-NEXT:   %c1_3 = arith.constant 1 : index
// CHECK-NEXT:   %c0_4 = arith.constant 0 : index
// CHECK-NEXT:   %c0_5 = arith.constant 0 : index
// CHECK-NEXT:   %c0_6 = arith.constant 0 : index
// CHECK-NEXT:   %c255 = arith.constant 255 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<256xf32>
// CHECK-NEXT:   %alloc_7 = memref.alloc() : memref<1xf32, 2>
// CHECK-NEXT:   %alloc_8 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc[%c0_4], %alloc_7[%c0_4], %alloc_8[%c0_4], %c1_3 : memref<256xf32>, memref<1xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_8[%c0_4], %c1_3 : memref<1xi32>
// CHECK-NEXT:   %0 = affine.load %alloc_7[0] : memref<1xf32, 2>
// CHECK-NEXT:   memref.dealloc %alloc_8 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_7 : memref<1xf32, 2>
// CHECK-NEXT:   %alloc_9 = memref.alloc() : memref<254xf32, 2>
// CHECK-NEXT:   %alloc_10 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc[%c1], %alloc_9[%c0_2], %alloc_10[%c0_2], %c254 : memref<256xf32>, memref<254xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_10[%c0_2], %c254 : memref<1xi32>
// CHECK-NEXT:   affine.for %arg0 = 1 to 255 {
// CHECK-NEXT:     %2 = affine.load %alloc_9[%arg0 - 1] : memref<254xf32, 2>
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %alloc_10 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_9 : memref<254xf32, 2>
// CHECK-NEXT:   %alloc_11 = memref.alloc() : memref<256xf32, 2>
// CHECK-NEXT:   %alloc_12 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc[%c0_1], %alloc_11[%c0_1], %alloc_12[%c0_1], %c256_0 : memref<256xf32>, memref<256xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_12[%c0_1], %c256_0 : memref<1xi32>
// CHECK-NEXT:   %alloc_13 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   %1 = affine.load %alloc_11[255] : memref<256xf32, 2>
// CHECK-NEXT:   affine.store %1, %alloc_11[0] : memref<256xf32, 2>
// CHECK-NEXT:   affine.dma_start %alloc_11[%c0], %alloc[%c0], %alloc_13[%c0], %c256 : memref<256xf32, 2>, memref<256xf32>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_13[%c0], %c256 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_13 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_12 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_11 : memref<256xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @dma_mixed_loop_blocks() {
  %c0 = arith.constant 0 : index
  %A = memref.alloc() : memref<256 x 256 x vector<8 x f32>>
  affine.for %i = 0 to 256 {
    %v = affine.load %A[%c0, %c0] : memref<256 x 256 x vector<8 x f32>>
    "foo"(%v) : (vector<8 x f32>) -> ()
    affine.for %j = 0 to 256 {
      %w = affine.load %A[%i, %j] : memref<256 x 256 x vector<8 x f32>>
      "bar"(%w) : (vector<8 x f32>) -> ()
    }
  }
  return
}
// CHECK-LABEL: func.func @dma_mixed_loop_blocks() {
// CHECK-NEXT:   %c65536 = arith.constant 65536 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_1 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<256x256xvector<8xf32>>
// CHECK-NEXT:   %alloc_2 = memref.alloc() : memref<256x256xvector<8xf32>, 2>
// CHECK-NEXT:   %alloc_3 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc[%c0, %c0], %alloc_2[%c0, %c0], %alloc_3[%c0], %c65536 : memref<256x256xvector<8xf32>>, memref<256x256xvector<8xf32>, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_3[%c0], %c65536 : memref<1xi32>
// CHECK-NEXT:   affine.for %arg0 = 0 to 256 {
// CHECK-NEXT:     %0 = affine.load %alloc_2[0, 0] : memref<256x256xvector<8xf32>, 2>
// CHECK-NEXT:     "foo"(%0) : (vector<8xf32>) -> ()
// CHECK-NEXT:     affine.for %arg1 = 0 to 256 {
// CHECK-NEXT:       %1 = affine.load %alloc_2[%arg0, %arg1] : memref<256x256xvector<8xf32>, 2>
// CHECK-NEXT:       "bar"(%1) : (vector<8xf32>) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %alloc_3 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_2 : memref<256x256xvector<8xf32>, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @relative_loop_bounds(%arg0: memref<1027xf32>) {
  affine.for %i0 = 0 to 1024 {
    affine.for %i2 = affine_map<(d0) -> (d0)>(%i0) to affine_map<(d0) -> (d0 + 4)>(%i0) {
      %0 = arith.constant 0.0 : f32
      affine.store %0, %arg0[%i2] : memref<1027xf32>
    }
  }
  return
}
// CHECK-LABEL: func.func @relative_loop_bounds(%arg0: memref<1027xf32>) {
// CHECK-NEXT:   %c1027 = arith.constant 1027 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c0_0 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<1027xf32, 2>
// CHECK-NEXT:   %alloc_1 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.for %arg1 = 0 to 1024 {
// CHECK-NEXT:     affine.for %arg2 = #map(%arg1) to #map1(%arg1) {
// CHECK-NEXT:       %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:       affine.store %cst, %alloc[%arg2] : memref<1027xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.dma_start %alloc[%c0], %arg0[%c0], %alloc_1[%c0], %c1027 : memref<1027xf32, 2>, memref<1027xf32>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_1[%c0], %c1027 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_1 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<1027xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @test_read_write_region_union() {
  %0 = memref.alloc() : memref<256xf32>
  affine.for %i0 = 0 to 10 {
    %a0 = affine.apply affine_map<(d0) -> (d0 + 100)>(%i0)
    %a1 = affine.apply affine_map<(d0) -> (d0 + 25)>(%i0)
    %1 = affine.load %0[%a0] : memref<256xf32>
    affine.store %1, %0[%a1] : memref<256xf32>
  }
  return
}
// CHECK-LABEL: func.func @test_read_write_region_union() {
// CHECK-NEXT:   %c25 = arith.constant 25 : index
// CHECK-NEXT:   %c85 = arith.constant 85 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c25_0 = arith.constant 25 : index
// CHECK-NEXT:   %c85_1 = arith.constant 85 : index
// CHECK-NEXT:   %c0_2 = arith.constant 0 : index
// CHECK-NEXT:   %c0_3 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<256xf32>
// CHECK-NEXT:   %alloc_4 = memref.alloc() : memref<85xf32, 2>
// CHECK-NEXT:   %alloc_5 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.dma_start %alloc[%c25_0], %alloc_4[%c0_2], %alloc_5[%c0_2], %c85_1 : memref<256xf32>, memref<85xf32, 2>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_5[%c0_2], %c85_1 : memref<1xi32>
// CHECK-NEXT:   %alloc_6 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:   affine.for %arg0 = 0 to 10 {
// CHECK-NEXT:     %0 = affine.apply #map(%arg0)
// CHECK-NEXT:     %1 = affine.apply #map1(%arg0)
// CHECK-NEXT:     %2 = affine.load %alloc_4[%arg0 + 75] : memref<85xf32, 2>
// CHECK-NEXT:     affine.store %2, %alloc_4[%arg0] : memref<85xf32, 2>
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.dma_start %alloc_4[%c0], %alloc[%c25], %alloc_6[%c0], %c85 : memref<85xf32, 2>, memref<256xf32>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %alloc_6[%c0], %c85 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_6 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_5 : memref<1xi32>
// CHECK-NEXT:   memref.dealloc %alloc_4 : memref<85xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

func.func @load_store_same_memref(%arg0: memref<256x1024xf32>) {
  affine.for %i0 = 0 to 256 step 4 {
    affine.for %i1 = 0 to 1024 step 4 {
      affine.for %i2 = affine_map<(d0) -> (d0)>(%i0) to affine_map<(d0) -> (d0 + 4)>(%i0) {
        affine.for %i3 = affine_map<(d0) -> (d0)>(%i1) to affine_map<(d0) -> (d0 + 4)>(%i1) {
          %3 = affine.load %arg0[%i2, %i3] : memref<256x1024xf32>
          %4 = arith.mulf %3, %3 : f32
          affine.store %4, %arg0[%i2, %i3] : memref<256x1024xf32>
        }
      }
    }
  }
  return
}
// CHECK-LABEL: func.func @load_store_same_memref(%arg0: memref<256x1024xf32>) {
// CHECK-NEXT:   %c16 = arith.constant 16 : index
// CHECK-NEXT:   %c1024 = arith.constant 1024 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c16_0 = arith.constant 16 : index
// CHECK-NEXT:   %c1024_1 = arith.constant 1024 : index
// CHECK-NEXT:   %c4_2 = arith.constant 4 : index
// CHECK-NEXT:   %c0_3 = arith.constant 0 : index
// CHECK-NEXT:   %c0_4 = arith.constant 0 : index
// CHECK-NEXT:   affine.for %arg1 = 0 to 256 step 4 {
// CHECK-NEXT:     affine.for %arg2 = 0 to 1024 step 4 {
// CHECK-NEXT:       %0 = affine.apply #map(%arg1, %arg2)
// CHECK-NEXT:       %1 = affine.apply #map1(%arg1, %arg2)
// CHECK-NEXT:       %alloc = memref.alloc() : memref<4x4xf32, 2>
// CHECK-NEXT:       %alloc_5 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:       affine.dma_start %arg0[%arg1, %arg2], %alloc[%c0_3, %c0_3], %alloc_5[%c0_3], %c16_0, %c1024_1, %c4_2 : memref<256x1024xf32>, memref<4x4xf32, 2>, memref<1xi32>
// CHECK-NEXT:       affine.dma_wait %alloc_5[%c0_3], %c16_0 : memref<1xi32>
// CHECK-NEXT:       %alloc_6 = memref.alloc() : memref<1xi32>
// CHECK-NEXT:       affine.for %arg3 = #map2(%arg1) to #map3(%arg1) {
// CHECK-NEXT:         affine.for %arg4 = #map2(%arg2) to #map3(%arg2) {
// CHECK-NEXT:           %4 = affine.load %alloc[-%arg1 + %arg3, -%arg2 + %arg4] : memref<4x4xf32, 2>
// CHECK-NEXT:           %5 = arith.mulf %4, %4 : f32
// CHECK-NEXT:           affine.store %5, %alloc[-%arg1 + %arg3, -%arg2 + %arg4] : memref<4x4xf32, 2>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       %2 = affine.apply #map(%arg1, %arg2)
// CHECK-NEXT:       %3 = affine.apply #map1(%arg1, %arg2)
// CHECK-NEXT:       affine.dma_start %alloc[%c0, %c0], %arg0[%arg1, %arg2], %alloc_6[%c0], %c16, %c1024, %c4 : memref<4x4xf32, 2>, memref<256x1024xf32>, memref<1xi32>
// CHECK-NEXT:       affine.dma_wait %alloc_6[%c0], %c16 : memref<1xi32>
// CHECK-NEXT:       memref.dealloc %alloc_6 : memref<1xi32>
// CHECK-NEXT:       memref.dealloc %alloc_5 : memref<1xi32>
// CHECK-NEXT:       memref.dealloc %alloc : memref<4x4xf32, 2>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }

