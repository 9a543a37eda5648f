// RUN: goopt opt %s --gpu-insert-barriers --split-input-file | FileCheck %s
// RUN: goopt opt %s --gpu-insert-barriers --split-input-file --verify-diagnostics
// RUN: goopt opt %s --pass-pipeline='builtin.module(func.func(gpu-insert-barriers))' --split-input-file | FileCheck %s

// The WMMA kernel of the GPU pipeline, small: one block of 4 warps computes
// a 32x32 tile of C, k in steps of 16; each iteration copies the A and B
// tiles into padded workgroup buffers (4 elements per thread) and each warp
// multiplies its 16x16 fragments. Two barriers: before the copies (the
// previous iteration's fragments loads must be done: read -> write across
// the back edge, placed before the copy loop so that it runs once per
// iteration) and before the fragment loads (write -> read).
// CHECK-LABEL: func @wmma
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: memref.store {{.*}} : memref<16x40xf16, 3>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.subgroup_mma_load_matrix {{.*}} : memref<32x24xf16, 3>
// CHECK-NEXT: gpu.subgroup_mma_load_matrix {{.*}} : memref<16x40xf16, 3>
// CHECK-NOT: gpu.barrier
// CHECK: return
memref.global "private" @wmma_smem_a : memref<32x24xf16, 3>
memref.global "private" @wmma_smem_b : memref<16x40xf16, 3>
func.func @wmma(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %as = memref.get_global @wmma_smem_a : memref<32x24xf16, 3>
    %bs = memref.get_global @wmma_smem_b : memref<16x40xf16, 3>
    %w = arith.divui %tx, %c32 : index
    %wr = arith.divui %w, %c2 : index
    %wc = arith.remui %w, %c2 : index
    %i = arith.muli %wr, %c16 : index
    %j = arith.muli %wc, %c16 : index
    %c = gpu.subgroup_mma_load_matrix %C[%i, %j] {leadDimension = 32 : index} : memref<32x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %r = scf.for %k = %c0 to %c32 step %c16 iter_args(%acc = %c) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      scf.for %n = %c0 to %c4 step %c1 {
        %n128 = arith.muli %n, %c128 : index
        %l = arith.addi %n128, %tx : index
        %ar = arith.divui %l, %c16 : index
        %ac = arith.remui %l, %c16 : index
        %ak = arith.addi %k, %ac : index
        %av = memref.load %A[%ar, %ak] : memref<32x32xf16>
        memref.store %av, %as[%ar, %ac] : memref<32x24xf16, 3>
        %br = arith.divui %l, %c32 : index
        %bc = arith.remui %l, %c32 : index
        %bk = arith.addi %k, %br : index
        %bv = memref.load %B[%bk, %bc] : memref<32x32xf16>
        memref.store %bv, %bs[%br, %bc] : memref<16x40xf16, 3>
      }
      %a = gpu.subgroup_mma_load_matrix %as[%i, %c0] {leadDimension = 24 : index} : memref<32x24xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %b = gpu.subgroup_mma_load_matrix %bs[%c0, %j] {leadDimension = 40 : index} : memref<16x40xf16, 3> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %d = gpu.subgroup_mma_compute %a, %b, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %r, %C[%i, %j] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
    gpu.terminator
  }
  return
}

// -----

// The latency-hiding shape: tile 0 copied before the loop, the next tile's
// global loads before this tile's reads and its stores after them, the last
// tile read after the loop. Misplaced barriers of the input (at the top of
// the body, after the global load) are removed; the needed ones are: before
// the reads in the loop, before the stores in the loop, and before the
// reads after the loop.
// CHECK-LABEL: func @shifted
// CHECK: memref.store {{.*}} : memref<64xf32, 3>
// CHECK-NEXT: arith.subi
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.muli
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.load {{.*}} : memref<256xf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load {{.*}} : memref<64xf32, 3>
// CHECK-NEXT: arith.addf
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store {{.*}} : memref<64xf32, 3>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load {{.*}} : memref<64xf32, 3>
// CHECK-NOT: gpu.barrier
// CHECK: return
memref.global "private" @shifted_smem : memref<64xf32, 3>
func.func @shifted(%A: memref<256xf32>, %R: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %f0 = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %s = memref.get_global @shifted_smem : memref<64xf32, 3>
    %v0 = memref.load %A[%tx] : memref<256xf32>
    memref.store %v0, %s[%tx] : memref<64xf32, 3>
    %rev = arith.subi %c63, %tx : index
    %acc = scf.for %t = %c0 to %c3 step %c1 iter_args(%a = %f0) -> (f32) {
      gpu.barrier
      %t1 = arith.addi %t, %c1 : index
      %off = arith.muli %t1, %c64 : index
      %g = arith.addi %off, %tx : index
      %next = memref.load %A[%g] : memref<256xf32>
      gpu.barrier
      %x = memref.load %s[%rev] : memref<64xf32, 3>
      %a1 = arith.addf %a, %x : f32
      memref.store %next, %s[%tx] : memref<64xf32, 3>
      scf.yield %a1 : f32
    }
    %y = memref.load %s[%rev] : memref<64xf32, 3>
    %sum = arith.addf %acc, %y : f32
    memref.store %sum, %R[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// Index ranges that cannot overlap need no barrier: after the first
// barrier, the reads of elements 0..31 and the writes of elements 32..63
// go on in the same epoch; only the reads of 32..63 need a second one. The
// input's barrier between the read and the write orders nothing.
// CHECK-LABEL: func @disjoint
// CHECK: memref.store {{.*}} : memref<64xf32, 3>
// CHECK-NEXT: arith.subi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load {{.*}} : memref<64xf32, 3>
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.store {{.*}} : memref<64xf32, 3>
// CHECK-NEXT: arith.subi
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load {{.*}} : memref<64xf32, 3>
// CHECK-NOT: gpu.barrier
// CHECK: return
memref.global "private" @disjoint_smem : memref<64xf32, 3>
func.func @disjoint(%A: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c63 = arith.constant 63 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = memref.get_global @disjoint_smem : memref<64xf32, 3>
    %v = memref.load %A[%tx] : memref<64xf32>
    memref.store %v, %s[%tx] : memref<64xf32, 3>
    %i = arith.subi %c31, %tx : index
    %x = memref.load %s[%i] : memref<64xf32, 3>
    gpu.barrier
    %h = arith.addi %tx, %c32 : index
    memref.store %x, %s[%h] : memref<64xf32, 3>
    %j = arith.subi %c63, %tx : index
    %y = memref.load %s[%j] : memref<64xf32, 3>
    memref.store %y, %A[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// A conflict inside a branch that only some threads take cannot be ordered
// by a barrier every thread reaches: the launch is left as it is.
// CHECK-LABEL: func @divergent
// CHECK: scf.if
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier
func.func @divergent(%A: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %f = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>) {
    %p = arith.cmpi ult, %tx, %c16 : index
    // expected-remark @+1 {{barriers not inserted: 'scf.if' op workgroup memory accesses inside divergent control flow need a barrier that not every thread would reach}}
    scf.if %p {
      // expected-note @+1 {{access}}
      memref.store %f, %s[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      // expected-note @+1 {{conflicting access}}
      %r = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %r, %A[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// An over-synchronised tiled matmul (2x2 blocks of 16x16 threads): the
// barriers that order nothing (at the top, between global loads, after the
// loop) go; the loop keeps one before the tile stores (the previous
// iteration's reads) and one before the reads.
// CHECK-LABEL: func @oversynced
// CHECK: gpu.launch
// CHECK-NOT: gpu.barrier
// CHECK: scf.for
// CHECK: memref.load {{.*}} : memref<32x32xf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store {{.*}} : memref<16x16xf32, 3>
// CHECK-NOT: gpu.barrier
// CHECK: memref.store {{.*}} : memref<16x16xf32, 3>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: return
memref.global "private" @As : memref<16x16xf32, 3>
memref.global "private" @Bs : memref<16x16xf32, 3>
func.func @oversynced(%A: memref<32x32xf32>, %B: memref<32x32xf32>, %C: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    gpu.barrier
    %as = memref.get_global @As : memref<16x16xf32, 3>
    %bs = memref.get_global @Bs : memref<16x16xf32, 3>
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %init = memref.load %C[%row, %col] : memref<32x32xf32>
    %sum = scf.for %kt = %c0 to %c32 step %c16 iter_args(%acc = %init) -> (f32) {
      %ak = arith.addi %kt, %tx : index
      %a = memref.load %A[%row, %ak] : memref<32x32xf32>
      gpu.barrier
      memref.store %a, %as[%ty, %tx] : memref<16x16xf32, 3>
      gpu.barrier
      %bk = arith.addi %kt, %ty : index
      %b = memref.load %B[%bk, %col] : memref<32x32xf32>
      memref.store %b, %bs[%ty, %tx] : memref<16x16xf32, 3>
      gpu.barrier
      %r = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %acc) -> (f32) {
        %x = memref.load %as[%ty, %k] : memref<16x16xf32, 3>
        %y = memref.load %bs[%k, %tx] : memref<16x16xf32, 3>
        %p = arith.mulf %x, %y : f32
        %q = arith.addf %s, %p : f32
        scf.yield %q : f32
      }
      gpu.barrier
      scf.yield %r : f32
    }
    gpu.barrier
    memref.store %sum, %C[%row, %col] : memref<32x32xf32>
    gpu.terminator
  }
  return
}
