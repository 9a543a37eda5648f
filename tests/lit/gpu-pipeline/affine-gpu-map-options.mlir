// RUN: goopt opt %s --affine-gpu-map="max-threads-per-block=64" --verify-diagnostics | FileCheck %s
// RUN: not goopt opt %s --affine-gpu-map="max-threads-per-block=0" 2>&1 | FileCheck %s --check-prefix=ZERO

// max-threads-per-block bounds the block: 2x2 warp tiles need 128 threads.

// CHECK-LABEL: func.func @too_many_warps(
// CHECK-NOT:     gpu.launch
// ZERO: error: 'func.func' op invalid max-threads-per-block 0: must be positive
func.func @too_many_warps(%C: memref<64x64xf32>) {
  // expected-remark@+1 {{loop nest not mapped to 'gpu.launch': 'affine.for' op 4 warps need 128 threads per block, more than 64}}
  affine.for %i = 0 to 64 step 32 {
    affine.for %j = 0 to 64 step 32 {
      affine.for %ii = 0 to 32 step 16 {
        affine.for %jj = 0 to 32 step 16 {
          %r = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %ii)
          %s = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%j, %jj)
          %c = gpu.subgroup_mma_load_matrix %C[%r, %s] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
          gpu.subgroup_mma_store_matrix %c, %C[%r, %s] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
        }
      }
    }
  }
  return
}
