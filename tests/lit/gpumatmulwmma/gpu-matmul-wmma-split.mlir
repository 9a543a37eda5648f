// gpu-matmul-wmma on sizes the thread-block tile does not divide: index-set
// splitting, in one launch. The 96x64x64 part the 32x32x32 tiles divide is
// the WMMA kernel, run by the first 2x3 blocks of a one-dimensional grid;
// after its fragment stores and a barrier, each of them adds the K
// remainder (k in [64, 70)) to its tile, one element per thread at a time.
// The blocks after them, one thread per element of C, guarded, cover the
// columns [64, 88) (24 blocks of 4 rows) and then the rows [96, 100) (3
// blocks of 32 columns) over all of k. A C whose rows are not a multiple
// of 16 bytes (WMMA's fragment stride) goes to one guarded kernel.
// RUN: goopt opt %s --split-input-file --gpu-matmul-wmma="tb-tile=32,32,32 warp-tile=16,16,16" | FileCheck %s
// RUN: goopt opt %s --split-input-file --gpu-matmul-wmma="tb-tile=32,32,32 warp-tile=16,16,16" --mlir-print-remarks 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// EQUIV: rel-tol=1e-5

// CHECK-LABEL: func.func @split
// CHECK:         gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c33, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1) {
// CHECK:           %[[W:.*]] = arith.cmpi ult, %[[BX]], %c6 : index
// CHECK:           scf.if %[[W]] {
// CHECK:             %[[WX:.*]] = arith.remui %[[BX]], %c2 : index
// CHECK:             %[[WY:.*]] = arith.divui %[[BX]], %c2 : index
// CHECK:             gpu.subgroup_mma_compute
// CHECK:             gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}} {leadDimension = 88 : index}
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        scf.for %[[E:.*]] = %[[TX]] to %c1024 step %c128 {
// CHECK:               arith.divui %[[E]], %c32 : index
// CHECK:               arith.remui %[[E]], %c32 : index
// CHECK:               %[[C:.*]] = memref.load
// CHECK:               %[[S:.*]] = scf.for %{{.*}} = %c64 to %c70 step %c1 iter_args(%{{.*}} = %[[C]]) -> (f32) {
// CHECK:                 arith.extf
// CHECK:                 arith.extf
// CHECK:                 arith.mulf
// CHECK:                 arith.addf
// CHECK:               memref.store %[[S]]
// The columns right of the tiles: blocks 6 to 29.
// CHECK:           %[[O:.*]] = arith.subi %[[BX]], %c6 : index
// CHECK:           %[[IN1:.*]] = arith.cmpi ult, %[[O]], %c24 : index
// CHECK:           scf.if %[[IN1]] {
// CHECK:             arith.cmpi ult, %{{.*}}, %c96 : index
// CHECK:             arith.cmpi ult, %{{.*}}, %c88 : index
// CHECK:             scf.for %{{.*}} = %c0 to %c70 step %c1
// The rows below: blocks 30 to 32.
// CHECK:           %[[O2:.*]] = arith.subi %[[BX]], %c30 : index
// CHECK:           %[[IN2:.*]] = arith.cmpi ult, %[[O2]], %c3 : index
// CHECK:           scf.if %[[IN2]] {
// CHECK:             arith.cmpi ult, %{{.*}}, %c100 : index
// CHECK:             arith.cmpi ult, %{{.*}}, %c88 : index
// CHECK:             scf.for %{{.*}} = %c0 to %c70 step %c1
// CHECK-NOT:     gpu.launch
// CHECK:         return
func.func @split(%A: memref<100x70xf16>, %B: memref<70x88xf16>, %C: memref<100x88xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 88 {
      affine.for %k = 0 to 70 {
        %a = affine.load %A[%i, %k] : memref<100x70xf16>
        %b = affine.load %B[%k, %j] : memref<70x88xf16>
        %c = affine.load %C[%i, %j] : memref<100x88xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<100x88xf32>
      }
    }
  }
  return
}

// -----

// Odd rows of C (37 f32 elements): WMMA cannot load or store the
// accumulator fragments, so the whole matmul is one guarded kernel.
// REMARK: gpu-matmul-wmma-split.mlir:[[# @LINE + 6]]:3: remark: matmul mapped to a guarded SIMT kernel, not WMMA: the rows of C (memref<41x37xf32>) are not a multiple of 16 bytes, which WMMA accumulator loads and stores need
// CHECK-LABEL: func.func @odd
// CHECK-NOT:     gpu.subgroup_mma_compute
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c6, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c8, %{{.*}} = %c1)
// CHECK-NOT:     gpu_matmul_wmma.edge
func.func @odd(%A: memref<41x43xf16>, %B: memref<43x37xf16>, %C: memref<41x37xf32>) {
  affine.for %i = 0 to 41 {
    affine.for %j = 0 to 37 {
      affine.for %k = 0 to 43 {
        %a = affine.load %A[%i, %k] : memref<41x43xf16>
        %b = affine.load %B[%k, %j] : memref<43x37xf16>
        %c = affine.load %C[%i, %j] : memref<41x37xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<41x37xf32>
      }
    }
  }
  return
}
