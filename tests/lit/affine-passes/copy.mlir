// RUN: goopt opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=2 skip-non-unit-stride-loops" --split-input-file | FileCheck %s
// RUN: goopt opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=3 copy-depth=3 memrefs=arg0,1 padding=8 global-buffers" --split-input-file | FileCheck %s --check-prefix=EXT
// Default options (generate-dma) make DMAs without a diagnostic.
// RUN: goopt opt %s --affine-data-copy-generate --split-input-file --verify-diagnostics
// RUN: goopt opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=2 skip-non-unit-stride-loops" --split-input-file --mlir-print-remarks 2>&1 | FileCheck %s --check-prefix=REMARK
// By default goopt is as quiet as upstream: no remark reaches stderr.
// RUN: goopt opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=2 skip-non-unit-stride-loops" --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark
// RUN: goopt opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=2 copy-depth=1" --split-input-file | FileCheck %s --check-prefix=DEPTH1

// The paper's tiled matmul: tiles of A and B are copied at the k tile
// loop, the tile of C (invariant in k) is hoisted to the j tile loop and
// copied back out after it.
// CHECK-LABEL: func @matmul
// CHECK: affine.for %[[I:.*]] = 0 to 64 step 32 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 64 step 32 {
// CHECK: %[[CB:.*]] = memref.alloc() : memref<32x32xf32, 2>
// CHECK-NEXT: affine.for %[[X:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.for %[[Y:.*]] = #{{.*}}(%[[J]]) to #{{.*}}(%[[J]]) {
// CHECK-NEXT: %[[V:.*]] = affine.load %arg2[%[[X]], %[[Y]]] : memref<64x64xf32>
// CHECK-NEXT: affine.store %[[V]], %[[CB]][%[[X]] - %[[I]], %[[Y]] - %[[J]]] : memref<32x32xf32, 2>
// CHECK: affine.for %[[K:.*]] = 0 to 64 step 32 {
// CHECK: %[[AB:.*]] = memref.alloc() : memref<32x32xf32, 2>
// CHECK: affine.load %arg0
// CHECK: %[[BB:.*]] = memref.alloc() : memref<32x32xf32, 2>
// CHECK: affine.load %arg1
// CHECK: affine.load %[[AB]][-%[[I]] + %{{.*}}, -%[[K]] + %{{.*}}] : memref<32x32xf32, 2>
// CHECK: affine.load %[[BB]]
// CHECK: affine.load %[[CB]]
// CHECK: affine.store %{{.*}}, %[[CB]]
// CHECK: memref.dealloc %[[BB]]
// CHECK-NEXT: memref.dealloc %[[AB]]
// CHECK-NEXT: }
// CHECK: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %[[CB]]
// CHECK-NEXT: affine.store %{{.*}}, %arg2
// CHECK: memref.dealloc %[[CB]]

// With goopt's extensions: copies at depth 3 (inside the k tile loop) of
// A and B only, in padded global buffers of memory space 3.
// EXT: memref.global "private" @[[GA:.*]] : memref<32x40xf32, 3> = uninitialized
// EXT: memref.global "private" @[[GB:.*]] : memref<32x40xf32, 3> = uninitialized
// EXT-LABEL: func @matmul
// EXT: affine.for %{{.*}} = 0 to 64 step 32 {
// EXT: %[[A:.*]] = memref.get_global @[[GA]] : memref<32x40xf32, 3>
// EXT: %[[B:.*]] = memref.get_global @[[GB]] : memref<32x40xf32, 3>
// EXT-NOT: memref.dealloc
// EXT: affine.load %[[A]]
// EXT: affine.load %[[B]]
// EXT: affine.load %arg2
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 step 32 {
    affine.for %j = 0 to 64 step 32 {
      affine.for %k = 0 to 64 step 32 {
        affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 32)>(%i) {
          affine.for %jj = affine_map<(d0) -> (d0)>(%j) to affine_map<(d0) -> (d0 + 32)>(%j) {
            affine.for %kk = affine_map<(d0) -> (d0)>(%k) to affine_map<(d0) -> (d0 + 32)>(%k) {
              %a = affine.load %A[%ii, %kk] : memref<64x64xf32>
              %b = affine.load %B[%kk, %jj] : memref<64x64xf32>
              %c = affine.load %C[%ii, %jj] : memref<64x64xf32>
              %p = arith.mulf %a, %b : f32
              %s = arith.addf %c, %p : f32
              affine.store %s, %C[%ii, %jj] : memref<64x64xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Without a capacity limit, the whole nest is copied at the top level.
// CHECK-LABEL: func @whole
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<16xf32, 2>
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK: affine.load %arg0
// CHECK: affine.store %{{.*}}, %[[BUF]]
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK: affine.load %[[BUF]]
// CHECK: memref.dealloc %[[BUF]]
func.func @whole(%A: memref<16xf32>, %B: memref<16xf32, 2>) {
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf32>
    affine.store %v, %B[%i] : memref<16xf32, 2>
  }
  return
}

// -----

// An affine.if guard shrinks the region: only rows 8..15 of the tile are
// accessed, and only those are copied (upstream 19 ignores the guard).
// CHECK-LABEL: func @guarded
// CHECK: memref.alloc() : memref<8xf32, 2>
// CHECK: affine.for %{{.*}} = 8 to 16 {
func.func @guarded(%A: memref<16xf32>, %B: memref<16xf32, 2>) {
  affine.for %i = 0 to 16 {
    affine.if affine_set<(d0) : (d0 - 8 >= 0)>(%i) {
      %v = affine.load %A[%i] : memref<16xf32>
      affine.store %v, %B[%i] : memref<16xf32, 2>
    }
  }
  return
}

// -----

// A guarded tile at the boundary: the guard keeps the copy within bounds
// (i + ii < 10), so the copy loop is bounded by min(i + 4, 10).
// CHECK-LABEL: func @boundary
// CHECK: affine.for %[[I:.*]] = 0 to 10 step 4 {
// CHECK: memref.alloc() : memref<4xf32, 2>
// CHECK: affine.for %{{.*}} = #{{.*}}(%[[I]]) to min #{{.*}}(%[[I]]) {
func.func @boundary(%A: memref<10xf32>, %B: memref<12xf32, 2>) {
  affine.for %i = 0 to 10 step 4 {
    affine.for %ii = 0 to 4 {
      affine.if affine_set<(d0, d1) : (-d0 - d1 + 9 >= 0)>(%i, %ii) {
        %v = affine.load %A[%i + %ii] : memref<10xf32>
        affine.store %v, %B[%i + %ii] : memref<12xf32, 2>
      }
    }
  }
  return
}

// -----

// A store-only memref whose stores do not cover the box (stride 2) is not
// copied: copying it in could read elements the program never wrote, and
// writing back the whole box would clobber them.
// CHECK-LABEL: func @sparse_store
// CHECK-NOT: memref.alloc
// CHECK: affine.store %{{.*}}, %arg0[%{{.*}} * 2]
// REMARK: remark: no copy generated: the elements written are not known exactly and are not all copied in
// REMARK-NEXT: affine.store %c, %A[%i * 2]
func.func @sparse_store(%A: memref<16xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %c, %A[%i * 2] : memref<16xf32>
  }
  return
}

// -----

// A store-only memref whose stores write every element of their region
// exactly (here a local buffer the program never reads before writing) is
// not copied in: the buffer is written back over exactly the stored box.
// CHECK-LABEL: func @write_only
// CHECK: %[[T:.*]] = memref.alloc() : memref<40xf32>
// CHECK: memref.alloc() : memref<40xf32, 2>
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<40xf32, 2>
// CHECK-NEXT: affine.for %{{.*}} = 0 to 40 {
// CHECK: affine.store %{{.*}}, %[[BUF]]
// CHECK: affine.for %[[X:.*]] = 0 to 40 {
// CHECK-NEXT: %[[V:.*]] = affine.load %[[BUF]][%[[X]]]
// CHECK-NEXT: affine.store %[[V]], %[[T]][%[[X]]]
func.func @write_only(%A: memref<40xf32>) {
  %T = memref.alloc() : memref<40xf32>
  affine.for %i = 0 to 40 {
    %a = affine.load %A[%i] : memref<40xf32>
    affine.store %a, %T[%i] : memref<40xf32>
  }
  affine.for %i = 0 to 40 {
    %t = affine.load %T[%i] : memref<40xf32>
    %s = arith.addf %t, %t : f32
    affine.store %s, %A[%i] : memref<40xf32>
  }
  memref.dealloc %T : memref<40xf32>
  return
}

// -----

// An access under an affine.if whose condition involves the IV of the
// loop around the copy: the copy-in runs under the same condition (here
// 1 <= i <= 30), so it never reads rows -1 or 30 of A.
// DEPTH1-LABEL: func @guard_outer_iv
// DEPTH1: affine.for %[[I:.*]] = 0 to 32 {
// DEPTH1-NEXT: %[[BUF:.*]] = memref.alloc() : memref<1x26xf32, 2>
// DEPTH1-NEXT: affine.if #{{.*}}(%[[I]]) {
// DEPTH1: affine.for %{{.*}} = 0 to 26 {
// DEPTH1: affine.load %arg0
// DEPTH1: affine.store %{{.*}}, %[[BUF]]
func.func @guard_outer_iv(%A: memref<30x26xf32>, %B: memref<32x28xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 26 {
      affine.if affine_set<(d0) : (d0 - 1 >= 0, 30 - d0 >= 0)>(%i) {
        %a = affine.load %A[%i - 1, %j] : memref<30x26xf32>
        affine.store %a, %B[%i, %j] : memref<32x28xf32>
      }
    }
  }
  return
}

// -----

// Two-level tiles: the intra-tile loop starts at the IV of a stepped tile
// loop, so the region of A[%iii] at the outer tile loop is exactly the
// 32-element tile (not 32 + 16 - 1).
// DEPTH1-LABEL: func @tile_steps
// DEPTH1: memref.alloc() : memref<32xf32, 2>
func.func @tile_steps(%A: memref<256xf32>, %B: memref<256xf32>) {
  affine.for %i = 0 to 256 step 32 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 32)>(%i) step 16 {
      affine.for %iii = affine_map<(d0) -> (d0)>(%ii) to affine_map<(d0) -> (d0 + 16)>(%ii) {
        %a = affine.load %A[%iii] : memref<256xf32>
        affine.store %a, %B[%iii] : memref<256xf32>
      }
    }
  }
  return
}

// -----

// Straight-line stores to distinct elements: one exact copy-out nest per
// store, each a single iteration that is promoted, its IV becoming a
// constant at the top of the function. Promotion follows the order the
// nests were made, so the constants come out the same on every run
// (tests/determinism).
// CHECK-LABEL: func @straight_line_stores
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<4xf32, 2>
// CHECK: affine.store %arg1, %[[BUF]][0] : memref<4xf32, 2>
// CHECK: affine.store %arg1, %[[BUF]][3] : memref<4xf32, 2>
// CHECK: %[[V0:.*]] = affine.load %[[BUF]][%[[C0]]] : memref<4xf32, 2>
// CHECK-NEXT: affine.store %[[V0]], %arg0[%[[C0]]] : memref<8xf32>
// CHECK: %[[V3:.*]] = affine.load %[[BUF]][%[[C3]]] : memref<4xf32, 2>
// CHECK-NEXT: affine.store %[[V3]], %arg0[%[[C3]]] : memref<8xf32>
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<4xf32, 2>
func.func @straight_line_stores(%A: memref<8xf32>, %v: f32) {
  affine.store %v, %A[0] : memref<8xf32>
  affine.store %v, %A[1] : memref<8xf32>
  affine.store %v, %A[2] : memref<8xf32>
  affine.store %v, %A[3] : memref<8xf32>
  return
}
