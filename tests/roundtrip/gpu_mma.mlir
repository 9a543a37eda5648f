// Warp-level matrix ops on !gpu.mma_matrix: loads (plain and transposed),
// compute (with transposes, f16 and f32 accumulators), constants,
// elementwise ops and stores.
func.func @mma(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %h: memref<32x32xf16, 3>, %i: index) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %A = gpu.subgroup_mma_load_matrix %a[%c0, %i] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %B = gpu.subgroup_mma_load_matrix %a[%i, %c0] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
  %Bs = gpu.subgroup_mma_load_matrix %h[%i, %c0] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
  %C = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %Ch = gpu.subgroup_mma_constant_matrix %zh : !gpu.mma_matrix<16x16xf16, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %Dt = gpu.subgroup_mma_compute %A, %Bs, %C {a_transpose, b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %Dh = gpu.subgroup_mma_compute %A, %B, %Ch : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %E = gpu.subgroup_mma_elementwise addf %D, %Dt : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %F = gpu.subgroup_mma_elementwise maxf %E, %C : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %G = gpu.subgroup_mma_elementwise negatef %F : (!gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %X = gpu.subgroup_mma_elementwise extf %Dh : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %G, %c[%c0, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
  gpu.subgroup_mma_store_matrix %Dh, %h[%i, %c0] {leadDimension = 32 : index, transpose} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16, 3>
  return
}
