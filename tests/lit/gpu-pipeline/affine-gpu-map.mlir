// The vectorized copies lower to vector.load/vector.store, printed in the
// generic form until the vector dialect is registered.
// RUN: goopt opt %s --split-input-file --affine-gpu-map | FileCheck %s
// RUN: goopt opt %s --split-input-file --affine-gpu-map="grid-x-loop=i" | FileCheck %s --check-prefix=GRIDI

// The paper's mapping at the small configuration (128x128x64, thread-block
// tile 64x64x32, warp tile 32x32x16, 128-bit copies, C fragments hoisted):
// a 2x2 grid of 128-thread blocks, ii and jj from the warp id, the shared
// buffers fetched in the kernel, each copy nest spread over the block (256
// vectors: 2 per thread, consecutive threads on consecutive vectors), a
// barrier after the copies and one at the end of the k loop.

// CHECK-LABEL: func.func @matmul(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         gpu.launch blocks(%[[BX:[^,]*]], %[[BY:[^,]*]], %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C2]], %{{.*}} = %[[C1]]) threads(%[[TX:[^,]*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C128]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) {
// CHECK-NEXT:      %[[AS:.*]] = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
// CHECK-NEXT:      %[[BS:.*]] = memref.get_global @matmul_smem_b : memref<32x72xf16, 3>
// CHECK:           arith.muli %[[BY]], %{{.*}} : index
// CHECK:           arith.muli %[[BX]], %{{.*}} : index
// CHECK-COUNT-4:   gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 128 : index} : memref<128x128xf32>
// CHECK:           scf.for %{{.*}} iter_args
// CHECK:             scf.for %{{.*}} = %{{.*}} to %[[C2_:.*]] step
// CHECK:               vector.load %{{.*}} : memref<128x64xf16>, vector<8xf16>
// CHECK-NEXT:          vector.store %{{.*}}, %[[AS]][%{{.*}}] : memref<64x40xf16, 3>, vector<8xf16>
// CHECK:             scf.for
// CHECK:               vector.load %{{.*}} : memref<64x128xf16>, vector<8xf16>
// CHECK-NEXT:          vector.store %{{.*}}, %[[BS]][%{{.*}}] : memref<32x72xf16, 3>, vector<8xf16>
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// CHECK:             scf.for
// CHECK-COUNT-2:       gpu.subgroup_mma_load_matrix %[[AS]]
// CHECK-COUNT-2:       gpu.subgroup_mma_load_matrix %[[BS]]
// CHECK-COUNT-4:       gpu.subgroup_mma_compute
// CHECK:             }
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        scf.yield
// CHECK:           gpu.subgroup_mma_store_matrix
// CHECK-NOT:       affine.
// CHECK:           gpu.terminator
// CHECK-NOT:     affine.
// CHECK:         return

// With grid-x-loop=i the row tiles go to blockIdx.x.
// GRIDI-LABEL: func.func @matmul(
// GRIDI:         gpu.launch blocks(%[[BX:[^,]*]], %[[BY:[^,]*]], %{{.*}}) in
// GRIDI:           arith.muli %[[BX]], %{{.*}} : index
// GRIDI-NEXT:      %{{.*}} = arith.constant 64 : index
// GRIDI-NEXT:      arith.muli %[[BY]], %{{.*}} : index
memref.global "private" @matmul_smem_a : memref<64x40xf16, 3>
memref.global "private" @matmul_smem_b : memref<32x72xf16, 3>
func.func @matmul(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  %as = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
  %bs = memref.get_global @matmul_smem_b : memref<32x72xf16, 3>
  affine.for %i = 0 to 128 step 64 {
    affine.for %j = 0 to 128 step 64 {
      affine.for %ii = 0 to 64 step 32 {
        affine.for %jj = 0 to 64 step 32 {
          %cr00 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%i, %ii)
          %cc00 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%j, %jj)
          %c00 = gpu.subgroup_mma_load_matrix %C[%cr00, %cc00] {leadDimension = 128 : index} : memref<128x128xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
          %cr01 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%i, %ii)
          %cc01 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%j, %jj)
          %c01 = gpu.subgroup_mma_load_matrix %C[%cr01, %cc01] {leadDimension = 128 : index} : memref<128x128xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
          %cr10 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%i, %ii)
          %cc10 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%j, %jj)
          %c10 = gpu.subgroup_mma_load_matrix %C[%cr10, %cc10] {leadDimension = 128 : index} : memref<128x128xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
          %cr11 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%i, %ii)
          %cc11 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%j, %jj)
          %c11 = gpu.subgroup_mma_load_matrix %C[%cr11, %cc11] {leadDimension = 128 : index} : memref<128x128xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
          %res:4 = affine.for %k = 0 to 64 step 32 iter_args(%k00 = %c00, %k01 = %c01, %k10 = %c10, %k11 = %c11) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
            affine.for %ci = 0 to 64 {
              affine.for %ck = 0 to 32 step 8 {
                %va = affine.vector_load %A[%i + %ci, %k + %ck] : memref<128x64xf16>, vector<8xf16>
                affine.vector_store %va, %as[%ci, %ck] : memref<64x40xf16, 3>, vector<8xf16>
              }
            }
            affine.for %dk = 0 to 32 {
              affine.for %dj = 0 to 64 step 8 {
                %vb = affine.vector_load %B[%k + %dk, %j + %dj] : memref<64x128xf16>, vector<8xf16>
                affine.vector_store %vb, %bs[%dk, %dj] : memref<32x72xf16, 3>, vector<8xf16>
              }
            }
            %kres:4 = affine.for %kk = 0 to 32 step 16 iter_args(%q00 = %k00, %q01 = %k01, %q10 = %k10, %q11 = %k11) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
              %ar00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%ii)
              %ac00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %fa00 = gpu.subgroup_mma_load_matrix %as[%ar00, %ac00] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
              %ar01 = affine.apply affine_map<(d0) -> (d0 + 16)>(%ii)
              %ac01 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %fa01 = gpu.subgroup_mma_load_matrix %as[%ar01, %ac01] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
              %br00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %bc00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%jj)
              %fb00 = gpu.subgroup_mma_load_matrix %bs[%br00, %bc00] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
              %br01 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %bc01 = affine.apply affine_map<(d0) -> (d0 + 16)>(%jj)
              %fb01 = gpu.subgroup_mma_load_matrix %bs[%br01, %bc01] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
              %r000 = gpu.subgroup_mma_compute %fa00, %fb00, %q00 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              %r001 = gpu.subgroup_mma_compute %fa00, %fb01, %q01 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              %r010 = gpu.subgroup_mma_compute %fa01, %fb00, %q10 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              %r011 = gpu.subgroup_mma_compute %fa01, %fb01, %q11 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              affine.yield %r000, %r001, %r010, %r011 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
            }
            affine.yield %kres#0, %kres#1, %kres#2, %kres#3 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
          }
          gpu.subgroup_mma_store_matrix %res#0, %C[%cr00, %cc00] {leadDimension = 128 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<128x128xf32>
          gpu.subgroup_mma_store_matrix %res#1, %C[%cr01, %cc01] {leadDimension = 128 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<128x128xf32>
          gpu.subgroup_mma_store_matrix %res#2, %C[%cr10, %cc10] {leadDimension = 128 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<128x128xf32>
          gpu.subgroup_mma_store_matrix %res#3, %C[%cr11, %cc11] {leadDimension = 128 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<128x128xf32>
        }
      }
    }
  }
  return
}


// -----

// Scalar copies, C fragments loaded and stored in the kk loop (no hoisting),
// a single thread block: 2048 elements per copy, 16 per thread.

// CHECK-LABEL: func.func @matmul_scalar(
// CHECK:         gpu.launch
// CHECK:           scf.for
// CHECK:             scf.for %{{.*}} = %{{.*}} to %[[C16:.*]] step
// CHECK:               memref.load %{{.*}} : memref<64x64xf16>
// CHECK-NEXT:          memref.store %{{.*}} : memref<64x40xf16, 3>
// CHECK:             gpu.barrier
// CHECK:             scf.for
// CHECK:               gpu.subgroup_mma_load_matrix %{{.*}} : memref<64x64xf32>
// CHECK:               gpu.subgroup_mma_store_matrix
// CHECK:             gpu.barrier
// CHECK-NEXT:      }
// GRIDI-LABEL: func.func @matmul_scalar(
memref.global "private" @matmul_scalar_smem_a : memref<64x40xf16, 3>
memref.global "private" @matmul_scalar_smem_b : memref<32x72xf16, 3>
func.func @matmul_scalar(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %as = memref.get_global @matmul_scalar_smem_a : memref<64x40xf16, 3>
  %bs = memref.get_global @matmul_scalar_smem_b : memref<32x72xf16, 3>
  affine.for %i = 0 to 64 step 64 {
    affine.for %j = 0 to 64 step 64 {
      affine.for %ii = 0 to 64 step 32 {
        affine.for %jj = 0 to 64 step 32 {
          affine.for %k = 0 to 64 step 32 {
            affine.for %ci = 0 to 64 {
              affine.for %ck = 0 to 32 step 1 {
                %va = affine.load %A[%i + %ci, %k + %ck] : memref<64x64xf16>
                affine.store %va, %as[%ci, %ck] : memref<64x40xf16, 3>
              }
            }
            affine.for %dk = 0 to 32 {
              affine.for %dj = 0 to 64 step 1 {
                %vb = affine.load %B[%k + %dk, %j + %dj] : memref<64x64xf16>
                affine.store %vb, %bs[%dk, %dj] : memref<32x72xf16, 3>
              }
            }
            affine.for %kk = 0 to 32 step 16 {
              %cr00 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%i, %ii)
              %cc00 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%j, %jj)
              %c00 = gpu.subgroup_mma_load_matrix %C[%cr00, %cc00] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
              %cr01 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%i, %ii)
              %cc01 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%j, %jj)
              %c01 = gpu.subgroup_mma_load_matrix %C[%cr01, %cc01] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
              %cr10 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%i, %ii)
              %cc10 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%j, %jj)
              %c10 = gpu.subgroup_mma_load_matrix %C[%cr10, %cc10] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
              %cr11 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%i, %ii)
              %cc11 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 16)>(%j, %jj)
              %c11 = gpu.subgroup_mma_load_matrix %C[%cr11, %cc11] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
              %ar00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%ii)
              %ac00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %fa00 = gpu.subgroup_mma_load_matrix %as[%ar00, %ac00] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
              %ar01 = affine.apply affine_map<(d0) -> (d0 + 16)>(%ii)
              %ac01 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %fa01 = gpu.subgroup_mma_load_matrix %as[%ar01, %ac01] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
              %br00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %bc00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%jj)
              %fb00 = gpu.subgroup_mma_load_matrix %bs[%br00, %bc00] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
              %br01 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %bc01 = affine.apply affine_map<(d0) -> (d0 + 16)>(%jj)
              %fb01 = gpu.subgroup_mma_load_matrix %bs[%br01, %bc01] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
              %r000 = gpu.subgroup_mma_compute %fa00, %fb00, %c00 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              %r001 = gpu.subgroup_mma_compute %fa00, %fb01, %c01 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              %r010 = gpu.subgroup_mma_compute %fa01, %fb00, %c10 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              %r011 = gpu.subgroup_mma_compute %fa01, %fb01, %c11 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              gpu.subgroup_mma_store_matrix %r000, %C[%cr00, %cc00] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
              gpu.subgroup_mma_store_matrix %r001, %C[%cr01, %cc01] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
              gpu.subgroup_mma_store_matrix %r010, %C[%cr10, %cc10] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
              gpu.subgroup_mma_store_matrix %r011, %C[%cr11, %cc11] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
            }
          }
        }
      }
    }
  }
  return
}


// -----

// A block size that does not divide the copies (192 vectors over 128
// threads): the second round of each thread is guarded.

// CHECK-LABEL: func.func @matmul_guard(
// CHECK:         gpu.launch
// CHECK:           scf.for %{{.*}} = %{{.*}} to %[[C2:.*]] step
// CHECK:             %[[IN:.*]] = arith.cmpi sge
// CHECK:             scf.if %[[IN]] {
// CHECK:               vector.load
// GRIDI-LABEL: func.func @matmul_guard(
memref.global "private" @matmul_guard_smem_a : memref<32x56xf16, 3>
memref.global "private" @matmul_guard_smem_b : memref<48x40xf16, 3>
func.func @matmul_guard(%A: memref<64x48xf16>, %B: memref<48x64xf16>, %C: memref<64x64xf32>) {
  %as = memref.get_global @matmul_guard_smem_a : memref<32x56xf16, 3>
  %bs = memref.get_global @matmul_guard_smem_b : memref<48x40xf16, 3>
  affine.for %i = 0 to 64 step 32 {
    affine.for %j = 0 to 64 step 32 {
      affine.for %ii = 0 to 32 step 16 {
        affine.for %jj = 0 to 32 step 16 {
          %cr00 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%i, %ii)
          %cc00 = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 0)>(%j, %jj)
          %c00 = gpu.subgroup_mma_load_matrix %C[%cr00, %cc00] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
          %res:1 = affine.for %k = 0 to 48 step 48 iter_args(%k00 = %c00) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
            affine.for %ci = 0 to 32 {
              affine.for %ck = 0 to 48 step 8 {
                %va = affine.vector_load %A[%i + %ci, %k + %ck] : memref<64x48xf16>, vector<8xf16>
                affine.vector_store %va, %as[%ci, %ck] : memref<32x56xf16, 3>, vector<8xf16>
              }
            }
            affine.for %dk = 0 to 48 {
              affine.for %dj = 0 to 32 step 8 {
                %vb = affine.vector_load %B[%k + %dk, %j + %dj] : memref<48x64xf16>, vector<8xf16>
                affine.vector_store %vb, %bs[%dk, %dj] : memref<48x40xf16, 3>, vector<8xf16>
              }
            }
            %kres:1 = affine.for %kk = 0 to 48 step 16 iter_args(%q00 = %k00) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
              %ar00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%ii)
              %ac00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %fa00 = gpu.subgroup_mma_load_matrix %as[%ar00, %ac00] {leadDimension = 56 : index} : memref<32x56xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
              %br00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%kk)
              %bc00 = affine.apply affine_map<(d0) -> (d0 + 0)>(%jj)
              %fb00 = gpu.subgroup_mma_load_matrix %bs[%br00, %bc00] {leadDimension = 40 : index} : memref<48x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
              %r000 = gpu.subgroup_mma_compute %fa00, %fb00, %q00 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
              affine.yield %r000 : !gpu.mma_matrix<16x16xf32, "COp">
            }
            affine.yield %kres#0 : !gpu.mma_matrix<16x16xf32, "COp">
          }
          gpu.subgroup_mma_store_matrix %res#0, %C[%cr00, %cc00] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
        }
      }
    }
  }
  return
}
