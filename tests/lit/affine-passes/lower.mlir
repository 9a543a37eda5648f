// RUN: goopt opt %s --split-input-file --lower-affine | FileCheck %s

// Bounds: max/min of several results become maxsi/minsi chains;
// floordiv, ceildiv and mod expand exactly as upstream.
// CHECK-LABEL: func @loops
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[CM1:.*]] = arith.constant -1 : index
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[M:.*]], %[[C0]] : index
// CHECK: %[[DEC:.*]] = arith.subi %[[CM1]], %[[M]] : index
// CHECK: %[[DIVIDEND:.*]] = arith.select %[[NEG]], %[[DEC]], %[[M]] : index
// CHECK: %[[Q:.*]] = arith.divsi %[[DIVIDEND]], %{{.*}} : index
// CHECK: %[[QC:.*]] = arith.subi %[[CM1]], %[[Q]] : index
// CHECK: %[[FD:.*]] = arith.select %[[NEG]], %[[QC]], %[[Q]] : index
// CHECK: %[[LB:.*]] = arith.maxsi %{{.*}}, %[[FD]] : index
// CHECK: arith.cmpi sle
// CHECK: arith.remsi
// CHECK: %[[UB:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK: %[[STEP:.*]] = arith.constant 2 : index
// CHECK: %{{.*}} = scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK: memref.load
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi eq
// CHECK: %[[COND:.*]] = arith.andi
// CHECK: scf.if %[[COND]] {
// CHECK: memref.store
// CHECK: scf.yield %{{.*}} : f32
func.func @loops(%A: memref<?xf32>, %N: index, %M: index) -> f32 {
  %cst = arith.constant 0.0 : f32
  %r = affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 floordiv 2)>(%N)[%M] to min affine_map<(d0)[s0] -> (d0 ceildiv 3 + 6, s0 mod 5 + 4)>(%N)[%M] step 2 iter_args(%acc = %cst) -> f32 {
    %v = affine.load %A[%i * 2 + 1] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    affine.if affine_set<(d0)[s0] : (d0 - 3 >= 0, s0 - d0 == 0)>(%i)[%N] {
      affine.store %s, %A[%i] : memref<?xf32>
    }
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// affine.parallel with reductions: identity inits and scf.reduce regions.
// CHECK-LABEL: func @parallel
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %{{.*}}:2 = scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%[[ZERO]], %[[NINF]])
// CHECK: scf.reduce(%{{.*}}, %{{.*}} : f32, f32) {
// CHECK: arith.addf
// CHECK: scf.reduce.return
// CHECK: arith.maximumf
func.func @parallel(%A: memref<?xf32>, %N: index) -> (f32, f32) {
  %p:2 = affine.parallel (%x, %y) = (0, 0) to (4, %N) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %A[%x + %y] : memref<?xf32>
    affine.yield %v, %v : f32, f32
  }
  return %p#0, %p#1 : f32, f32
}

// -----

// affine.apply, min, max and delinearize_index become arith.
// CHECK-LABEL: func @maps
// CHECK-NOT: affine.
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: return
func.func @maps(%A: memref<?xindex>, %i: index, %j: index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 3 + s0 ceildiv 2)>(%i)[%j]
  %1 = affine.min affine_map<(d0, d1) -> (d0, d1 + 2, 7)>(%i, %j)
  %2 = affine.max affine_map<(d0, d1) -> (d0 - 4, d1 mod 3)>(%i, %j)
  %d:3 = affine.delinearize_index %0 into (%c3, %c4, %c5) : index, index, index
  affine.store %0, %A[0] : memref<?xindex>
  affine.store %1, %A[1] : memref<?xindex>
  affine.store %2, %A[2] : memref<?xindex>
  affine.store %d#0, %A[3] : memref<?xindex>
  affine.store %d#1, %A[4] : memref<?xindex>
  affine.store %d#2, %A[5] : memref<?xindex>
  return
}
