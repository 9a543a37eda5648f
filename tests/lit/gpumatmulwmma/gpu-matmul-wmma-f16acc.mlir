// gpu-matmul-wmma with an f16 C: f16 products accumulated in f16, WMMA's
// f16-accumulator variant (gpu.subgroup_mma_* on !gpu.mma_matrix<16x16xf16,
// "COp">, held in registers across the k loop like the f32 one).
// RUN: goopt opt %s --gpu-matmul-wmma="tb-tile=32,32,32 warp-tile=16,16,16" | FileCheck %s
// The tolerance is f16 accumulation's: fragments round once per 16-deep
// step, the nest once per product.
// EQUIV: rel-tol=2e-2

// CHECK-LABEL: func.func @f16acc
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c2, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128,
// CHECK:           %[[C:.*]] = gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 64 : index} : memref<64x64xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[C]]) -> (!gpu.mma_matrix<16x16xf16, "COp">)
// CHECK:             gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %{{.*}} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
// CHECK:           gpu.subgroup_mma_store_matrix %{{.*}} {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<64x64xf16>
// CHECK-NOT:     arith.extf
func.func @f16acc(%A: memref<64x96xf16>, %B: memref<96x64xf16>, %C: memref<64x64xf16>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 96 {
        %a = affine.load %A[%i, %k] : memref<64x96xf16>
        %b = affine.load %B[%k, %j] : memref<96x64xf16>
        %c = affine.load %C[%i, %j] : memref<64x64xf16>
        %p = arith.mulf %a, %b : f16
        %s = arith.addf %c, %p : f16
        affine.store %s, %C[%i, %j] : memref<64x64xf16>
      }
    }
  }
  return
}
