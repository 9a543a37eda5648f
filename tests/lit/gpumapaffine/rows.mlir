// gpu-map-affine on rows of reductions: each band iteration (a row) goes
// to one warp when its loops are at most warp-row-max long, to one block
// otherwise. Lanes stride over each loop (coalesced), the partials are
// combined by a gpu.shuffle xor butterfly, and in a block across warps
// through one workgroup slot per warp, so that every lane holds the row's
// value; the init of the loop is combined last; row-level stores run on
// lane 0.
// EQUIV: rel-tol=1e-5
// RUN: goopt opt %s --split-input-file --gpu-map-affine | FileCheck %s
// RUN: goopt opt %s --split-input-file --gpu-map-affine="reduce-plan=block reduce-block-size=64" | FileCheck %s --check-prefix=BLOCK

// Row sums of a 5x100 matrix plus a scalar: the warp plan, 16 rows
// (warps) per 512-thread block, rows past 5 guarded off; each lane sums
// vectors of 4 (128-bit loads) and then their elements.

// CHECK-LABEL: func.func @rowsum(
// CHECK-SAME:      %{{.*}}: memref<5x100xf32>, %[[INIT:[^:]*]]: f32,
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[LANE:[^,]*]], %[[WARP:[^,]*]], %{{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c16, %{{.*}} = %c1)
// CHECK:           %[[ROW:.*]] = arith.addi %{{.*}}, %[[WARP]] : index
// CHECK:           %[[OK:.*]] = arith.cmpi ult, %[[ROW]], %c5 : index
// CHECK:           scf.if %[[OK]] {
// CHECK:             %[[PV:.*]] = scf.for %[[J:.*]] = %[[LANE]] to %c25 step %c32 iter_args(%[[ACC:.*]] = %cst) -> (vector<4xf32>) {
// CHECK:               %[[J4:.*]] = arith.muli %[[J]], %c4 : index
// CHECK:               %[[V:.*]] = vector.load %{{.*}}[%[[ROW]], %[[J4]]] : memref<5x100xf32>, vector<4xf32>
// CHECK:               %[[N:.*]] = arith.addf %[[ACC]], %[[V]] : vector<4xf32>
// CHECK:               scf.yield %[[N]] : vector<4xf32>
// CHECK-COUNT-4:     vector.extract %[[PV]]
// CHECK:             %[[P:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK:             %[[S16:.*]], %{{.*}} = gpu.shuffle  xor %[[P]], %c16_i32, %c32_i32 : f32
// CHECK:             arith.addf %[[P]], %[[S16]] : f32
// CHECK-COUNT-4:     gpu.shuffle  xor
// CHECK:             %[[T:.*]] = arith.addf %[[INIT]], %{{.*}} : f32
// CHECK:             %[[L0:.*]] = arith.cmpi eq, %[[LANE]], %c0 : index
// CHECK:             scf.if %[[L0]] {
// CHECK-NEXT:          memref.store %[[T]], %{{.*}}[%[[ROW]]] : memref<5xf32>
// CHECK-NOT:       gpu.barrier

// The block plan: one 64-thread block per row, two warps' partials in
// workgroup memory, a barrier between their writes and their reads (none
// after: no later reduction of the row reuses the slots).
// BLOCK:       memref.global "private" @rowsum_reduce_smem : memref<2xf32, 3>
// BLOCK-LABEL: func.func @rowsum(
// BLOCK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c5, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TID:[^,]*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c64, %{{.*}} = %c1, %{{.*}} = %c1)
// BLOCK:           %[[BUF:.*]] = memref.get_global @rowsum_reduce_smem : memref<2xf32, 3>
// BLOCK:           scf.for %{{.*}} = %[[TID]] to %c25 step %c64
// BLOCK-COUNT-5:   gpu.shuffle  xor
// BLOCK:           memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<2xf32, 3>
// BLOCK:           gpu.barrier
// BLOCK:           %[[W:.*]] = scf.if %{{.*}} -> (f32) {
// BLOCK-NEXT:        memref.load %[[BUF]][%{{.*}}] : memref<2xf32, 3>
// BLOCK:           } else {
// BLOCK-COUNT-5:   gpu.shuffle  xor
// BLOCK-NOT:       gpu.barrier
// BLOCK:           gpu.terminator
func.func @rowsum(%a: memref<5x100xf32>, %init: f32, %s: memref<5xf32>) {
  affine.for %i = 0 to 5 {
    %r = affine.for %j = 0 to 100 iter_args(%acc = %init) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<5x100xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %r, %s[%i] : memref<5xf32>
  }
  return
}

// -----

// Row sums accumulated in place, s[i] += sum_j a[i][j]: s is read and
// written by different ops of the row, so the row goes to a block and
// barriers order its phases (a shuffle orders no memory).

// CHECK-LABEL: func.func @rowsum_in_place(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c5, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK:           memref.load %{{.*}} : memref<5xf32>
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.for
// CHECK:           gpu.barrier
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.if
// CHECK-NEXT:        memref.store %{{.*}} : memref<5xf32>
func.func @rowsum_in_place(%a: memref<5x100xf32>, %s: memref<5xf32>) {
  affine.for %i = 0 to 5 {
    %init = affine.load %s[%i] : memref<5xf32>
    %r = affine.for %j = 0 to 100 iter_args(%acc = %init) -> (f32) {
      %v = affine.load %a[%i, %j] : memref<5x100xf32>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %r, %s[%i] : memref<5xf32>
  }
  return
}

// -----

// Softmax over 3 rows of 2001: longer than warp-row-max, so one block per
// row of 512 lanes. Rows start at offsets 4 does not divide, so the plan
// is the masked single pass: the row's interior, the 499 or 500 aligned
// vectors of a flat view of X between ceil(s/4)*4 and floor((s+2001)/4)*4,
// one per lane, each loaded once whole (at an offset inside the row even
// for the lane that has none: its partials are kept, its store skipped)
// and kept for the three loops; the head's and tail's elements (3 in all)
// are one scalar each on the last lanes. math.exp is expanded into arith
// ops (no libdevice).

// CHECK-LABEL: func.func @softmax(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c1, %{{.*}} = %c1) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c512, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK:           %[[X:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [6003], strides: [1] : memref<3x2001xf32> to memref<6003xf32>
// CHECK:           %[[Y:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [6003], strides: [1] : memref<3x2001xf32> to memref<6003xf32>
// CHECK:           %[[HB:.*]] = arith.divui %{{.*}}, %c4 : index
// CHECK:           %[[HE:.*]] = arith.divui %{{.*}}, %c4 : index
// CHECK:           %[[COUNT:.*]] = arith.subi %[[HE]], %[[HB]] : index
// CHECK:           %[[OK:.*]] = arith.cmpi ult, %arg5, %[[COUNT]] : index
// CHECK:           %[[V:.*]] = vector.load %[[X]][%[[Q:.*]]] : memref<6003xf32>, vector<4xf32>
// CHECK-NEXT:      arith.select %[[OK]], %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NOT:       vector.load
// CHECK:           %[[EOK:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i1
// CHECK:           %[[E:.*]] = memref.load %[[X]][%[[EQ:.*]]] : memref<6003xf32>
// CHECK-NEXT:      arith.select %[[EOK]], %[[E]], %{{.*}} : f32
// CHECK:           gpu.shuffle  xor
// CHECK:           gpu.barrier
// CHECK-NOT:       vector.load
// CHECK:           arith.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK:           gpu.shuffle  xor
// CHECK:           arith.divf %{{.*}} : vector<4xf32>
// CHECK:           scf.if %[[OK]] {
// CHECK-NEXT:        vector.store %{{.*}}, %[[Y]][%[[Q]]] : memref<6003xf32>, vector<4xf32>
// CHECK:           scf.if %[[EOK]] {
// CHECK-NEXT:        memref.store %{{.*}}, %[[Y]][%[[EQ]]] : memref<6003xf32>
func.func @softmax(%x: memref<3x2001xf32>, %y: memref<3x2001xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 3 {
    %m = affine.for %j = 0 to 2001 iter_args(%acc = %ninf) -> (f32) {
      %v = affine.load %x[%i, %j] : memref<3x2001xf32>
      %n = arith.maximumf %acc, %v : f32
      affine.yield %n : f32
    }
    %s = affine.for %j = 0 to 2001 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %x[%i, %j] : memref<3x2001xf32>
      %d = arith.subf %v, %m : f32
      %e = math.exp %d : f32
      %n = arith.addf %acc, %e : f32
      affine.yield %n : f32
    }
    affine.for %j = 0 to 2001 {
      %v = affine.load %x[%i, %j] : memref<3x2001xf32>
      %d = arith.subf %v, %m : f32
      %e = math.exp %d : f32
      %r = arith.divf %e, %s : f32
      affine.store %r, %y[%i, %j] : memref<3x2001xf32>
    }
  }
  return
}

// -----

// affine.parallel with a reduce (integer sum): the same warp plan.

// CHECK-LABEL: func.func @rowsum_parallel(
// CHECK:         gpu.launch
// CHECK:           scf.for {{.*}} -> (i32)
// CHECK:             arith.addi %{{.*}} : i32
// CHECK-COUNT-5:   gpu.shuffle  xor %{{.*}} : i32
func.func @rowsum_parallel(%a: memref<4x9xi32>, %s: memref<4xi32>) {
  affine.parallel (%i) = (0) to (4) {
    %r = affine.parallel (%j) = (0) to (9) reduce ("addi") -> (i32) {
      %v = affine.load %a[%i, %j] : memref<4x9xi32>
      affine.yield %v : i32
    }
    affine.store %r, %s[%i] : memref<4xi32>
  }
  return
}
