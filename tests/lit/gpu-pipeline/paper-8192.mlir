// The paper's pipeline end to end on its input, the 8192³ matmul
// C[f32] += extf(A[f16]) * extf(B[f16]) (Listing 1), checked stage by
// stage against the shapes of Listings 2–6.
// RUN: goopt opt %s --gpu-matmul-wmma | FileCheck %s
// RUN: goopt opt %s --pass-pipeline='builtin.module(gpu-matmul-wmma{tb-tile=128,128,64 warp-tile=64,32,32})' | FileCheck %s
// RUN: goopt opt %s --affine-gpu-tile --affine-gpu-smem-copy --affine-gpu-wmma | FileCheck %s --check-prefix=WMMA
// RUN: goopt opt %s --affine-gpu-tile --affine-gpu-smem-copy --affine-gpu-wmma --affine-gpu-vectorize-copies | FileCheck %s --check-prefix=VEC
// RUN: goopt opt %s --gpu-matmul-wmma="padding=false" | FileCheck %s --check-prefix=NOPAD
// RUN: goopt opt %s --gpu-matmul-wmma="latency-hiding=false vectorize-copies=false" | FileCheck %s --check-prefix=PLAIN
// EQUIV: none (8192³ is far too large for the interpreter; passes/gpumatmulwmma runs the pipeline's output at 256x128x192, 512x256x128 and 64³ with every switch combination)

// Listing 2/3: padded shared-memory tiles, WMMA fragment ops with the
// padded leading dimensions, eight C fragments carried by the k loops.
// WMMA-DAG: memref.global "private" @matmul_smem_a : memref<128x72xf16, 3>
// WMMA-DAG: memref.global "private" @matmul_smem_b : memref<64x136xf16, 3>
// WMMA: affine.for %{{.*}} = 0 to 8192 step 128 {
// WMMA-NEXT: affine.for %{{.*}} = 0 to 8192 step 128 {
// WMMA-NEXT: affine.for %{{.*}} = 0 to 128 step 64 {
// WMMA-NEXT: affine.for %{{.*}} = 0 to 128 step 32 {
// WMMA-COUNT-8: gpu.subgroup_mma_load_matrix %arg2[{{.*}}] {leadDimension = 8192 : index} : memref<8192x8192xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
// WMMA: %{{.*}}:8 = affine.for %{{.*}} = 0 to 8192 step 64 iter_args(
// WMMA: %{{.*}}:8 = affine.for %{{.*}} = 0 to 64 step 32 iter_args(
// WMMA: gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 72 : index} : memref<128x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
// WMMA: gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 136 : index} : memref<64x136xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
// WMMA: gpu.subgroup_mma_compute
// WMMA-COUNT-8: gpu.subgroup_mma_store_matrix %{{.*}}, %arg2[{{.*}}] {leadDimension = 8192 : index}

// Listing 5: 128-bit copies.
// VEC: affine.vector_load %arg0[{{.*}}] : memref<8192x8192xf16>, vector<8xf16>
// VEC: affine.vector_store %{{.*}}, %{{.*}}[{{.*}}] : memref<128x72xf16, 3>, vector<8xf16>
// VEC: affine.vector_load %arg1[{{.*}}] : memref<8192x8192xf16>, vector<8xf16>
// VEC: affine.vector_store %{{.*}}, %{{.*}}[{{.*}}] : memref<64x136xf16, 3>, vector<8xf16>

// Listing 6: a 64×64 grid of 256-thread blocks; the copy of tile 0 before
// the shifted k loop (0 to 8128), the next tile's global loads before the
// compute and their shared stores after it, the last compute after the
// loop, and the barriers between (the one after the next tile's loads also
// orders tile 0's stores before the first compute, so none is needed
// before the loop).
// CHECK-DAG: memref.global "private" @matmul_smem_a : memref<128x72xf16, 3>
// CHECK-DAG: memref.global "private" @matmul_smem_b : memref<64x136xf16, 3>
// CHECK-LABEL: func.func @matmul(
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8128:.*]] = arith.constant 8128 : index
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C64]], %{{.*}} = %[[C64]], %{{.*}} = %[[C1]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]])
// CHECK-COUNT-8: gpu.subgroup_mma_load_matrix %arg2
// CHECK: vector.load %arg0[{{.*}}] : memref<8192x8192xf16>, vector<8xf16>
// CHECK: vector.store {{.*}} : memref<128x72xf16, 3>, vector<8xf16>
// CHECK: vector.load %arg1[{{.*}}] : memref<8192x8192xf16>, vector<8xf16>
// CHECK: vector.store {{.*}} : memref<64x136xf16, 3>, vector<8xf16>
// CHECK-NOT: gpu.subgroup_mma_compute
// CHECK: %{{.*}}:8 = scf.for %{{.*}} = %{{.*}} to %[[C8128]] step %[[C64]] iter_args({{.*}}) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">)
// CHECK-COUNT-4: vector.load %arg0
// CHECK-COUNT-4: vector.load %arg1
// CHECK-NEXT: gpu.barrier
// CHECK: gpu.subgroup_mma_compute
// CHECK: gpu.barrier
// CHECK-NEXT: vector.store
// CHECK-COUNT-7: vector.store
// CHECK-NEXT: scf.yield
// CHECK: gpu.barrier
// CHECK: gpu.subgroup_mma_compute
// CHECK-COUNT-8: gpu.subgroup_mma_store_matrix

// Padding off: the tiles are exactly 128×64 and 64×128.
// NOPAD-DAG: memref.global "private" @matmul_smem_a : memref<128x64xf16, 3>
// NOPAD-DAG: memref.global "private" @matmul_smem_b : memref<64x128xf16, 3>

// Without latency hiding and vector copies: scalar copies (32 per thread)
// inside the unshifted k loop (0 to 8192), a barrier before them (the
// previous tile's readers) and one after (this tile's writers).
// PLAIN-DAG: %[[C8192:.*]] = arith.constant 8192 : index
// PLAIN: scf.for %{{.*}} = %{{.*}} to %[[C8192]] step %{{.*}} iter_args(
// PLAIN-NEXT: gpu.barrier
// PLAIN-NOT: vector.load
// PLAIN: memref.load %arg0
// PLAIN: memref.store {{.*}} : memref<128x72xf16, 3>
// PLAIN: memref.store {{.*}} : memref<64x136xf16, 3>
// PLAIN: gpu.barrier
// PLAIN: gpu.subgroup_mma_compute

func.func @matmul(%A: memref<8192x8192xf16>, %B: memref<8192x8192xf16>, %C: memref<8192x8192xf32>) {
  affine.for %i = 0 to 8192 {
    affine.for %j = 0 to 8192 {
      affine.for %k = 0 to 8192 {
        %a = affine.load %A[%i, %k] : memref<8192x8192xf16>
        %b = affine.load %B[%k, %j] : memref<8192x8192xf16>
        %c = affine.load %C[%i, %j] : memref<8192x8192xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8192x8192xf32>
      }
    }
  }
  return
}
