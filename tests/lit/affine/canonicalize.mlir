// RUN: goopt opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s

// affine.apply producers compose into the consumer's map.
// CHECK-LABEL: func @compose_load
func.func @compose_load(%A: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %b = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%a)[%n]
    // CHECK: affine.load %{{.*}}[%{{.*}} * 3 + symbol(%{{.*}}) + 3]
    %v = affine.load %A[%b + %a] : memref<100xf32>
    "test.use"(%v) : (f32) -> ()
  }
  return
}

// -----

// Constant operands of loop bounds fold into the maps.
// CHECK-DAG: #[[UB:.*]] = affine_map<()[s0] -> (s0 + 7)>
// CHECK-LABEL: func @fold_bounds
func.func @fold_bounds(%n: index) {
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  // CHECK: affine.for %{{.*}} = 3 to #[[UB]]()[%{{.*}}]
  affine.for %i = %c3 to affine_map<(d0)[s0] -> (d0 + s0)>(%c7)[%n] {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// affine.min drops duplicates, folds constant symbols and orders its terms.
// CHECK-DAG: #[[MIN:.*]] = affine_map<(d0) -> (3, 4, d0)>
// CHECK-LABEL: func @min_canonical
func.func @min_canonical() {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 10 {
    // CHECK: affine.min #[[MIN]](%{{.*}})
    %m = affine.min affine_map<(d0)[s0] -> (d0, d0, s0, 4)>(%i)[%c3]
    "test.use"(%m) : (index) -> ()
  }
  return
}

// -----

// A constant affine.max folds to its largest value.
// CHECK-LABEL: func @max_fold
func.func @max_fold() -> index {
  // CHECK: %[[C:.*]] = arith.constant 9 : index
  // CHECK: return %[[C]]
  %m = affine.max affine_map<() -> (2, 9, 4)>()
  return %m : index
}

// -----

// A trivially true condition inlines the then block; a trivially false one the else block.
// CHECK-LABEL: func @trivial_if
func.func @trivial_if(%A: memref<10xf32>, %v: f32, %n: index) {
  // CHECK-NOT: affine.if
  // CHECK: affine.store %{{.*}}, %{{.*}}[symbol(%{{.*}})]
  affine.if affine_set<(d0) : (0 == 0)>(%n) {
    affine.store %v, %A[%n] : memref<10xf32>
  }
  // CHECK: affine.store %{{.*}}, %{{.*}}[0]
  affine.if affine_set<(d0) : (1 == 0)>(%n) {
    affine.store %v, %A[%n] : memref<10xf32>
  } else {
    affine.store %v, %A[0] : memref<10xf32>
  }
  return
}

// -----

// An else block with only a yield is removed.
// CHECK-LABEL: func @dead_else
func.func @dead_else(%A: memref<10xf32>, %v: f32, %n: index) {
  // CHECK: affine.if
  // CHECK-NOT: else
  affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%n) {
    affine.store %v, %A[%n] : memref<10xf32>
  } else {
  }
  return
}

// -----

// A loop that only forwards its iter_args folds to its inits.
// CHECK-LABEL: func @empty_loop
func.func @empty_loop(%n: index, %v: f32) -> f32 {
  // CHECK-NOT: affine.for
  // CHECK: return %{{.*}} : f32
  %r = affine.for %i = 0 to %n iter_args(%a = %v) -> (f32) {
    affine.yield %a : f32
  }
  return %r : f32
}

// -----

// affine.apply of a bare dim folds to the operand; of constants to a constant.
// CHECK-LABEL: func @apply_fold
func.func @apply_fold(%i: index) -> (index, index) {
  %c2 = arith.constant 2 : index
  %0 = affine.apply affine_map<(d0, d1) -> (d1)>(%c2, %i)
  // CHECK-DAG: %[[C:.*]] = arith.constant 6 : index
  %1 = affine.apply affine_map<(d0) -> (d0 * 3)>(%c2)
  // CHECK: return %{{.*}}, %[[C]]
  return %0, %1 : index, index
}

// -----

// affine.if conditions absorb affine.apply producers and constants.
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0) : (d0 + 1 >= 0)>
// CHECK-LABEL: func @if_compose
func.func @if_compose(%A: memref<10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    // CHECK: affine.if #[[SET]](%{{.*}})
    affine.if affine_set<(d0) : (d0 >= 0)>(%a) {
      affine.store %v, %A[%i] : memref<10xf32>
    }
  }
  return
}
