// The shape of the paper's kernels: a tiled tensor-core matmul with
// workgroup buffers, barriers and WMMA ops inside scf loops.
module attributes {gpu.container_module} {
  gpu.module @matmul_kernels {
    memref.global "private" @a_smem : memref<64x72xf16, 3>
    gpu.func @matmul(%A: memref<64x64xf16>, %C: memref<64x64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %warp = gpu.subgroup_id : index
      %smem = memref.get_global @a_smem : memref<64x72xf16, 3>
      gpu.barrier
      %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
      %acc = scf.for %k = %c0 to %c64 step %c16 iter_args(%c = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
        %a = gpu.subgroup_mma_load_matrix %smem[%c0, %k] {leadDimension = 72 : index} : memref<64x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %b = gpu.subgroup_mma_load_matrix %A[%k, %c0] {leadDimension = 64 : index} : memref<64x64xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
      }
      gpu.subgroup_mma_store_matrix %acc, %C[%c0, %c0] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
      gpu.barrier
      gpu.return
    }
  }
  func.func @main(%A: memref<64x64xf16>, %C: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @matmul_kernels::@matmul blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%A : memref<64x64xf16>, %C : memref<64x64xf32>)
    return
  }
}
