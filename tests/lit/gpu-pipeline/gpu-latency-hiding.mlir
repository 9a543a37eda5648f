// RUN: goopt opt %s --split-input-file --gpu-latency-hiding | FileCheck %s
// A pipelined loop is no candidate any more: a second run changes nothing.
// RUN: goopt opt %s --split-input-file --gpu-latency-hiding --gpu-latency-hiding | FileCheck %s
// RUN: goopt opt %s --split-input-file --gpu-latency-hiding="register-staging=false" | FileCheck %s --check-prefix=SHIFT
// RUN: goopt opt %s --split-input-file --gpu-latency-hiding="max-staged-loads=16" --mlir-print-remarks 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: goopt opt %s --split-input-file --gpu-latency-hiding --verify-diagnostics
// RUN: not goopt opt %s --gpu-latency-hiding="max-staged-loads=-1" 2>&1 | FileCheck %s --check-prefix=NEG

// Inputs are hand-written in the shape of the mapping stage (affine-gpu-map):
// a gpu.launch whose thread-block k loop carries the C fragments, copies A
// and B into workgroup memory with per-thread loops strided by the block
// size, and computes on them between two barriers. The workgroup globals are
// taken with memref.get_global inside the launch, so that the interpreter
// (tests/equiv, internal/passtest) instantiates them per block and checks
// every access for races.

// NEG: invalid value '-1' for option 'max-staged-loads'

// The small configuration (tiles 64x64x32, warps 32x32x16: 4 warps, 128
// threads) at 64x96x64: three k tiles. The copies of tile 0 stay as they
// are before the loop, followed by one barrier; the loop runs over the first
// two tiles and issues the 16 + 16 global loads of tile k+1 (copy loops
// unrolled) before the compute of tile k, then stores them between two
// barriers; the compute of the last tile follows the loop, without a barrier
// since nothing after it touches workgroup memory.
// CHECK-LABEL: func.func @matmul
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} = %[[C0:.*]] to %{{.*}} step
// CHECK: memref.load %{{.*}} : memref<64x96xf16>
// CHECK: memref.store %{{.*}} : memref<64x40xf16, 3>
// CHECK: scf.for
// CHECK: memref.load %{{.*}} : memref<96x64xf16>
// CHECK: memref.store %{{.*}} : memref<32x72xf16, 3>
// CHECK: gpu.barrier
// CHECK-NEXT: %[[LAST:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[RES:.*]]:4 = scf.for %[[K:.*]] = %[[C0]] to %[[LAST]] step %[[STEP:[^ ]*]] iter_args(
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K]], %[[STEP]] : index
// CHECK-COUNT-16: memref.load %{{.*}} : memref<64x96xf16>
// CHECK-COUNT-16: memref.load %{{.*}} : memref<96x64xf16>
// CHECK-NOT: memref.store
// CHECK-NOT: gpu.barrier
// CHECK: scf.for %{{.*}} iter_args(
// CHECK-COUNT-4: gpu.subgroup_mma_compute
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-16: memref.store %{{.*}} : memref<64x40xf16, 3>
// CHECK-COUNT-16: memref.store %{{.*}} : memref<32x72xf16, 3>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: arith.constant 64 : index
// CHECK-NEXT: scf.for %{{.*}} iter_args(%{{.*}} = %[[RES]]#0, %{{.*}} = %[[RES]]#1, %{{.*}} = %[[RES]]#2, %{{.*}} = %[[RES]]#3)
// CHECK-NOT: gpu.barrier
// CHECK: gpu.subgroup_mma_store_matrix
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator

// Without register staging only the k loop is shifted: the copies of tile
// k+1 run whole, as loops, after the compute of tile k.
// SHIFT-LABEL: func.func @matmul
// SHIFT: gpu.barrier
// SHIFT-NEXT: arith.constant 64 : index
// SHIFT-NEXT: scf.for
// SHIFT-NEXT: arith.addi
// SHIFT-NOT: memref.load
// SHIFT: scf.for %{{.*}} iter_args(
// SHIFT: gpu.barrier
// SHIFT-NEXT: scf.for
// SHIFT: memref.load %{{.*}} : memref<64x96xf16>
// SHIFT: memref.store %{{.*}} : memref<64x40xf16, 3>
// SHIFT: scf.for
// SHIFT: memref.load %{{.*}} : memref<96x64xf16>
// SHIFT: memref.store %{{.*}} : memref<32x72xf16, 3>
// SHIFT: gpu.barrier
// SHIFT-NEXT: scf.yield

// 32 staged values per thread are more than 16: refused, IR unchanged.
// BOUND: remark: k loop not pipelined: register staging needs 32 values per thread, more than max-staged-loads=16
// BOUND-LABEL: func.func @matmul
// BOUND: scf.for %{{.*}} iter_args(
// BOUND-NEXT: scf.for
memref.global "private" @matmul_smem_a : memref<64x40xf16, 3>
memref.global "private" @matmul_smem_b : memref<32x72xf16, 3>
func.func @matmul(%A: memref<64x96xf16>, %B: memref<96x64xf16>, %C: memref<64x64xf32>) {
  %one = arith.constant 1 : index
  %nthreads = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %nthreads, %sy = %one, %sz = %one) {
    %a_smem = memref.get_global @matmul_smem_a : memref<64x40xf16, 3>
    %b_smem = memref.get_global @matmul_smem_b : memref<32x72xf16, 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %c128 = arith.constant 128 : index
    %i = arith.muli %by, %c64 : index
    %j = arith.muli %bx, %c64 : index
    %warp = arith.divui %tx, %c32 : index
    %wr = arith.divui %warp, %c2 : index
    %wc = arith.remui %warp, %c2 : index
    %ii = arith.muli %wr, %c32 : index
    %jj = arith.muli %wc, %c32 : index
    %ii16 = arith.addi %ii, %c16 : index
    %jj16 = arith.addi %jj, %c16 : index
    %r0 = arith.addi %i, %ii : index
    %r1 = arith.addi %r0, %c16 : index
    %q0 = arith.addi %j, %jj : index
    %q1 = arith.addi %q0, %c16 : index
    %c00 = gpu.subgroup_mma_load_matrix %C[%r0, %q0] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %c01 = gpu.subgroup_mma_load_matrix %C[%r0, %q1] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %c10 = gpu.subgroup_mma_load_matrix %C[%r1, %q0] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %c11 = gpu.subgroup_mma_load_matrix %C[%r1, %q1] {leadDimension = 64 : index} : memref<64x64xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %res:4 = scf.for %k = %c0 to %c96 step %c32 iter_args(%a0 = %c00, %a1 = %c01, %a2 = %c10, %a3 = %c11) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
      scf.for %c = %c0 to %c16 step %c1 {
        %t = arith.muli %c, %c128 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c32 : index
        %col = arith.remui %lin, %c32 : index
        %gr = arith.addi %i, %row : index
        %gc = arith.addi %k, %col : index
        %v = memref.load %A[%gr, %gc] : memref<64x96xf16>
        memref.store %v, %a_smem[%row, %col] : memref<64x40xf16, 3>
      }
      scf.for %c = %c0 to %c16 step %c1 {
        %t = arith.muli %c, %c128 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c64 : index
        %col = arith.remui %lin, %c64 : index
        %gr = arith.addi %k, %row : index
        %gc = arith.addi %j, %col : index
        %v = memref.load %B[%gr, %gc] : memref<96x64xf16>
        memref.store %v, %b_smem[%row, %col] : memref<32x72xf16, 3>
      }
      gpu.barrier
      %kr:4 = scf.for %kk = %c0 to %c32 step %c16 iter_args(%b0 = %a0, %b1 = %a1, %b2 = %a2, %b3 = %a3) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
        %fa0 = gpu.subgroup_mma_load_matrix %a_smem[%ii, %kk] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %fa1 = gpu.subgroup_mma_load_matrix %a_smem[%ii16, %kk] {leadDimension = 40 : index} : memref<64x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %fb0 = gpu.subgroup_mma_load_matrix %b_smem[%kk, %jj] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %fb1 = gpu.subgroup_mma_load_matrix %b_smem[%kk, %jj16] {leadDimension = 72 : index} : memref<32x72xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %d0 = gpu.subgroup_mma_compute %fa0, %fb0, %b0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        %d1 = gpu.subgroup_mma_compute %fa0, %fb1, %b1 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        %d2 = gpu.subgroup_mma_compute %fa1, %fb0, %b2 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        %d3 = gpu.subgroup_mma_compute %fa1, %fb1, %b3 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        scf.yield %d0, %d1, %d2, %d3 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
      }
      gpu.barrier
      scf.yield %kr#0, %kr#1, %kr#2, %kr#3 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %res#0, %C[%r0, %q0] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
    gpu.subgroup_mma_store_matrix %res#1, %C[%r0, %q1] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
    gpu.subgroup_mma_store_matrix %res#2, %C[%r1, %q0] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
    gpu.subgroup_mma_store_matrix %res#3, %C[%r1, %q1] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
    gpu.terminator
  }
  return
}

// -----

// Two warps (64 threads), a 16x32 thread-block tile, 16x16x16 warp tiles,
// three k tiles: 4 + 8 values per thread, within max-staged-loads=16.
// CHECK-LABEL: func.func @small
// CHECK: gpu.barrier
// CHECK-NEXT: %[[LAST:.*]] = arith.constant 32 : index
// CHECK-NEXT: scf.for %{{.*}} to %[[LAST]]
// CHECK-COUNT-12: memref.load
// CHECK: gpu.subgroup_mma_compute
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-12: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK: gpu.subgroup_mma_compute
// CHECK-NEXT: gpu.subgroup_mma_store_matrix
// BOUND-LABEL: func.func @small
// BOUND-COUNT-12: memref.load
memref.global "private" @small_smem_a : memref<16x24xf16, 3>
memref.global "private" @small_smem_b : memref<16x40xf16, 3>
func.func @small(%A: memref<16x48xf16>, %B: memref<48x32xf16>, %C: memref<16x32xf32>) {
  %one = arith.constant 1 : index
  %n64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %n64, %sy = %one, %sz = %one) {
    %a_smem = memref.get_global @small_smem_a : memref<16x24xf16, 3>
    %b_smem = memref.get_global @small_smem_b : memref<16x40xf16, 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %cK = arith.constant 48 : index
    %warp = arith.divui %tx, %c32 : index
    %jj = arith.muli %warp, %c16 : index
    %acc = gpu.subgroup_mma_load_matrix %C[%c0, %jj] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %res = scf.for %k = %c0 to %cK step %c16 iter_args(%a = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      scf.for %c = %c0 to %c4 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c16 : index
        %col = arith.remui %lin, %c16 : index
        %gc = arith.addi %k, %col : index
        %v = memref.load %A[%row, %gc] : memref<16x48xf16>
        memref.store %v, %a_smem[%row, %col] : memref<16x24xf16, 3>
      }
      scf.for %c = %c0 to %c8 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c32 : index
        %col = arith.remui %lin, %c32 : index
        %gr = arith.addi %k, %row : index
        %v = memref.load %B[%gr, %col] : memref<48x32xf16>
        memref.store %v, %b_smem[%row, %col] : memref<16x40xf16, 3>
      }
      gpu.barrier
      %fa = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %fb = gpu.subgroup_mma_load_matrix %b_smem[%c0, %jj] {leadDimension = 40 : index} : memref<16x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %d = gpu.subgroup_mma_compute %fa, %fb, %a : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.barrier
      scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %res, %C[%c0, %jj] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
    gpu.terminator
  }
  return
}

// -----

// A single k tile: the prologue copies, one barrier, and the compute; no
// loop is left.
// CHECK-LABEL: func.func @one_tile
// CHECK: memref.store
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK-NOT: scf.for
// CHECK: gpu.subgroup_mma_compute
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
memref.global "private" @one_tile_smem_a : memref<16x24xf16, 3>
memref.global "private" @one_tile_smem_b : memref<16x40xf16, 3>
func.func @one_tile(%A: memref<16x16xf16>, %B: memref<16x32xf16>, %C: memref<16x32xf32>) {
  %one = arith.constant 1 : index
  %n64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %n64, %sy = %one, %sz = %one) {
    %a_smem = memref.get_global @one_tile_smem_a : memref<16x24xf16, 3>
    %b_smem = memref.get_global @one_tile_smem_b : memref<16x40xf16, 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %cK = arith.constant 16 : index
    %warp = arith.divui %tx, %c32 : index
    %jj = arith.muli %warp, %c16 : index
    %acc = gpu.subgroup_mma_load_matrix %C[%c0, %jj] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %res = scf.for %k = %c0 to %cK step %c16 iter_args(%a = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      scf.for %c = %c0 to %c4 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c16 : index
        %col = arith.remui %lin, %c16 : index
        %gc = arith.addi %k, %col : index
        %v = memref.load %A[%row, %gc] : memref<16x16xf16>
        memref.store %v, %a_smem[%row, %col] : memref<16x24xf16, 3>
      }
      scf.for %c = %c0 to %c8 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c32 : index
        %col = arith.remui %lin, %c32 : index
        %gr = arith.addi %k, %row : index
        %v = memref.load %B[%gr, %col] : memref<16x32xf16>
        memref.store %v, %b_smem[%row, %col] : memref<16x40xf16, 3>
      }
      gpu.barrier
      %fa = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %fb = gpu.subgroup_mma_load_matrix %b_smem[%c0, %jj] {leadDimension = 40 : index} : memref<16x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %d = gpu.subgroup_mma_compute %fa, %fb, %a : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.barrier
      scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %res, %C[%c0, %jj] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
    gpu.terminator
  }
  return
}

// -----

// The k loop inside another loop: the next outer iteration's prologue
// overwrites what this epilogue reads, so a barrier follows the epilogue;
// nothing before the loop touches workgroup memory, so none precedes the
// prologue.
// CHECK-LABEL: func.func @outer
// CHECK: scf.for
// CHECK-NEXT: gpu.subgroup_mma_load_matrix
// CHECK-NEXT: scf.for
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: gpu.subgroup_mma_compute
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.subgroup_mma_store_matrix
memref.global "private" @outer_smem_a : memref<16x24xf16, 3>
memref.global "private" @outer_smem_b : memref<16x40xf16, 3>
func.func @outer(%A: memref<16x32xf16>, %B: memref<32x32xf16>, %C: memref<16x32xf32>) {
  %one = arith.constant 1 : index
  %n64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %n64, %sy = %one, %sz = %one) {
    %a_smem = memref.get_global @outer_smem_a : memref<16x24xf16, 3>
    %b_smem = memref.get_global @outer_smem_b : memref<16x40xf16, 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %cK = arith.constant 32 : index
    %warp = arith.divui %tx, %c32 : index
    %jj = arith.muli %warp, %c16 : index
    scf.for %rep = %c0 to %c2 step %c1 {
      %acc = gpu.subgroup_mma_load_matrix %C[%c0, %jj] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
      %res = scf.for %k = %c0 to %cK step %c16 iter_args(%a = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
        scf.for %c = %c0 to %c4 step %c1 {
          %t = arith.muli %c, %c64 : index
          %lin = arith.addi %t, %tx : index
          %row = arith.divui %lin, %c16 : index
          %col = arith.remui %lin, %c16 : index
          %gc = arith.addi %k, %col : index
          %v = memref.load %A[%row, %gc] : memref<16x32xf16>
          memref.store %v, %a_smem[%row, %col] : memref<16x24xf16, 3>
        }
        scf.for %c = %c0 to %c8 step %c1 {
          %t = arith.muli %c, %c64 : index
          %lin = arith.addi %t, %tx : index
          %row = arith.divui %lin, %c32 : index
          %col = arith.remui %lin, %c32 : index
          %gr = arith.addi %k, %row : index
          %v = memref.load %B[%gr, %col] : memref<32x32xf16>
          memref.store %v, %b_smem[%row, %col] : memref<16x40xf16, 3>
        }
        gpu.barrier
        %fa = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %fb = gpu.subgroup_mma_load_matrix %b_smem[%c0, %jj] {leadDimension = 40 : index} : memref<16x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %d = gpu.subgroup_mma_compute %fa, %fb, %a : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        gpu.barrier
        scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
      }
      gpu.subgroup_mma_store_matrix %res, %C[%c0, %jj] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A k loop whose trip count is not known at compile time is left alone.
// CHECK-LABEL: func.func @dynamic
// CHECK: scf.for %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK-NEXT: scf.for
memref.global "private" @dynamic_smem_a : memref<16x24xf16, 3>
memref.global "private" @dynamic_smem_b : memref<16x40xf16, 3>
func.func @dynamic(%A: memref<16x48xf16>, %B: memref<48x32xf16>, %C: memref<16x32xf32>) {
  %one = arith.constant 1 : index
  %n64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %n64, %sy = %one, %sz = %one) {
    %a_smem = memref.get_global @dynamic_smem_a : memref<16x24xf16, 3>
    %b_smem = memref.get_global @dynamic_smem_b : memref<16x40xf16, 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %cK = arith.constant 48 : index
    %warp = arith.divui %tx, %c32 : index
    %jj = arith.muli %warp, %c16 : index
    %ub = memref.dim %A, %c1 : memref<16x48xf16>
    %acc = gpu.subgroup_mma_load_matrix %C[%c0, %jj] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    // expected-remark @+1 {{k loop not pipelined: the loop's bounds and step are not constants}}
    %res = scf.for %k = %c0 to %ub step %c16 iter_args(%a = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      scf.for %c = %c0 to %c4 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c16 : index
        %col = arith.remui %lin, %c16 : index
        %gc = arith.addi %k, %col : index
        %v = memref.load %A[%row, %gc] : memref<16x48xf16>
        memref.store %v, %a_smem[%row, %col] : memref<16x24xf16, 3>
      }
      scf.for %c = %c0 to %c8 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c32 : index
        %col = arith.remui %lin, %c32 : index
        %gr = arith.addi %k, %row : index
        %v = memref.load %B[%gr, %col] : memref<48x32xf16>
        memref.store %v, %b_smem[%row, %col] : memref<16x40xf16, 3>
      }
      gpu.barrier
      %fa = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %fb = gpu.subgroup_mma_load_matrix %b_smem[%c0, %jj] {leadDimension = 40 : index} : memref<16x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %d = gpu.subgroup_mma_compute %fa, %fb, %a : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.barrier
      scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %res, %C[%c0, %jj] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
    gpu.terminator
  }
  return
}

// -----

// The compute writes A, which the copies read: loading tile k+1 before it
// could read stale values, so the loop is left alone.
// CHECK-LABEL: func.func @overwrite
// CHECK: scf.for %{{.*}} iter_args(
// CHECK-NEXT: scf.for
memref.global "private" @overwrite_smem_a : memref<16x24xf16, 3>
memref.global "private" @overwrite_smem_b : memref<16x40xf16, 3>
func.func @overwrite(%A: memref<16x48xf16>, %B: memref<48x32xf16>, %C: memref<16x32xf32>) {
  %one = arith.constant 1 : index
  %n64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %n64, %sy = %one, %sz = %one) {
    %a_smem = memref.get_global @overwrite_smem_a : memref<16x24xf16, 3>
    %b_smem = memref.get_global @overwrite_smem_b : memref<16x40xf16, 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %cK = arith.constant 48 : index
    %warp = arith.divui %tx, %c32 : index
    %jj = arith.muli %warp, %c16 : index
    %acc = gpu.subgroup_mma_load_matrix %C[%c0, %jj] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    // expected-remark @+1 {{k loop not pipelined: 'memref.store' writes a memref that the copies read}}
    %res = scf.for %k = %c0 to %cK step %c16 iter_args(%a = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      scf.for %c = %c0 to %c4 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c16 : index
        %col = arith.remui %lin, %c16 : index
        %gc = arith.addi %k, %col : index
        %v = memref.load %A[%row, %gc] : memref<16x48xf16>
        memref.store %v, %a_smem[%row, %col] : memref<16x24xf16, 3>
      }
      scf.for %c = %c0 to %c8 step %c1 {
        %t = arith.muli %c, %c64 : index
        %lin = arith.addi %t, %tx : index
        %row = arith.divui %lin, %c32 : index
        %col = arith.remui %lin, %c32 : index
        %gr = arith.addi %k, %row : index
        %v = memref.load %B[%gr, %col] : memref<48x32xf16>
        memref.store %v, %b_smem[%row, %col] : memref<16x40xf16, 3>
      }
      gpu.barrier
      %fa = gpu.subgroup_mma_load_matrix %a_smem[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %fb = gpu.subgroup_mma_load_matrix %b_smem[%c0, %jj] {leadDimension = 40 : index} : memref<16x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %d = gpu.subgroup_mma_compute %fa, %fb, %a : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      %z = arith.constant 0.0 : f16
        memref.store %z, %A[%c0, %k] : memref<16x48xf16>
      gpu.barrier
      scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %res, %C[%c0, %jj] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
    gpu.terminator
  }
  return
}
