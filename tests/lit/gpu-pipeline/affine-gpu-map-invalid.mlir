// RUN: goopt opt %s --split-input-file --affine-gpu-map --verify-diagnostics | FileCheck %s

// Nests affine-gpu-map refuses: each is left unchanged, with a remark at
// the op that prevents the mapping.

// Not a tiled nest: left unchanged, with a remark.

// CHECK-LABEL: func.func @shallow(
// CHECK-NOT:     gpu.launch
// CHECK:         affine.for
func.func @shallow(%C: memref<16x16xf32>) {
  // expected-remark@+1 {{loop nest not mapped to 'gpu.launch': 'affine.for' op expected 4 perfectly nested loops (thread-block i, j, warp ii, jj), found 2}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %c = affine.load %C[%i, %j] : memref<16x16xf32>
      affine.store %c, %C[%j, %i] : memref<16x16xf32>
    }
  }
  return
}

// -----

// A scalar store in the warp loops would be repeated by every lane.

// CHECK-LABEL: func.func @scalar_compute(
// CHECK-NOT:     gpu.launch
func.func @scalar_compute(%C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 step 32 {
    affine.for %j = 0 to 64 step 32 {
      affine.for %ii = 0 to 32 step 16 {
        affine.for %jj = 0 to 32 step 16 {
          %c = affine.load %C[%i + %ii, %j + %jj] : memref<64x64xf32>
          // expected-remark@+1 {{loop nest not mapped to 'gpu.launch': 'affine.store' op writes memory in the warp-mapped loops: every lane of the warp would repeat it; only warp-wide subgroup_mma stores can}}
          affine.store %c, %C[%i + %ii, %j + %jj] : memref<64x64xf32>
        }
      }
    }
  }
  return
}

// -----

// Every thread block would write the same C tile: the i loop carries a
// dependence.

// CHECK-LABEL: func.func @grid_dependence(
// CHECK-NOT:     gpu.launch
func.func @grid_dependence(%C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 step 32 {
    affine.for %j = 0 to 64 step 32 {
      affine.for %ii = 0 to 32 step 16 {
        affine.for %jj = 0 to 32 step 16 {
          %r = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%j, %jj)
          // expected-remark@+1 {{loop nest not mapped to 'gpu.launch': 'gpu.subgroup_mma_load_matrix' op carries a dependence across the thread-block i loop, which cannot be mapped to thread blocks}}
          %c = gpu.subgroup_mma_load_matrix %C[%ii, %r] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
          gpu.subgroup_mma_store_matrix %c, %C[%ii, %r] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
        }
      }
    }
  }
  return
}

// -----

// A tile origin that is not a multiple of 16: tiles of different warps
// could overlap, which the origin-based dependence test cannot see.

// CHECK-LABEL: func.func @unaligned(
// CHECK-NOT:     gpu.launch
func.func @unaligned(%C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 step 32 {
    affine.for %j = 0 to 64 step 32 {
      affine.for %ii = 0 to 32 step 16 {
        affine.for %jj = 0 to 32 step 16 {
          %r = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 8)>(%i, %ii)
          %s = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%j, %jj)
          // expected-remark@+1 {{loop nest not mapped to 'gpu.launch': 'gpu.subgroup_mma_load_matrix' op tile origin is not provably a multiple of 16}}
          %c = gpu.subgroup_mma_load_matrix %C[%r, %s] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
        }
      }
    }
  }
  return
}

// -----

// A copy into shared memory that depends on the warp cannot be run once
// by the whole block.

memref.global "private" @warp_copy_smem : memref<32x32xf32, 3>
// CHECK-LABEL: func.func @warp_copy(
// CHECK-NOT:     gpu.launch
func.func @warp_copy(%A: memref<64x64xf32>) {
  %s = memref.get_global @warp_copy_smem : memref<32x32xf32, 3>
  affine.for %i = 0 to 64 step 32 {
    affine.for %j = 0 to 64 step 32 {
      affine.for %ii = 0 to 32 step 16 {
        affine.for %jj = 0 to 32 step 16 {
          affine.for %ci = 0 to 32 {
            affine.for %cj = 0 to 32 {
              // expected-remark@+1 {{loop nest not mapped to 'gpu.launch': 'affine.load' op copy nest uses a value that differs between warps}}
              %v = affine.load %A[%i + %ci, %ii + %cj] : memref<64x64xf32>
              affine.store %v, %s[%ci, %cj] : memref<32x32xf32, 3>
            }
          }
        }
      }
    }
  }
  return
}
