// RUN: goopt opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s

// A loop whose bounds are equal runs zero times: its results are the inits.
// CHECK-LABEL: func @zero_trip_same_bounds
func.func @zero_trip_same_bounds(%lb: index, %step: index, %x: f32) -> f32 {
  // CHECK-NOT: scf.for
  // CHECK: return %{{.*}} : f32
  %r = scf.for %i = %lb to %lb step %step iter_args(%a = %x) -> (f32) {
    %y = "test.op"(%a) : (f32) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// -----

// Constant bounds with ub <= lb: zero iterations.
// CHECK-LABEL: func @zero_trip_const
func.func @zero_trip_const() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  // CHECK-NOT: scf.for
  // CHECK-NOT: test.op
  scf.for %i = %c10 to %c0 step %c1 {
    "test.op"(%i) : (index) -> ()
  }
  return
}

// -----

// A loop that runs exactly once is inlined with the lower bound as induction variable.
// CHECK-LABEL: func @single_iteration
func.func @single_iteration(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // CHECK-NOT: scf.for
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[R:.*]] = "test.op"(%[[C0]], %{{.*}}) : (index, i32) -> i32
  // CHECK: return %[[R]]
  %r = scf.for %i = %c0 to %c4 step %c8 iter_args(%a = %x) -> (i32) {
    %y = "test.op"(%i, %a) : (index, i32) -> i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// Iter_args yielded unchanged are removed and their results replaced by the inits.
// CHECK-LABEL: func @unchanged_iter_args
// CHECK-SAME: (%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: f32, %[[Y:.*]]: i32)
func.func @unchanged_iter_args(%lb: index, %ub: index, %x: f32, %y: i32) -> (f32, i32) {
  %c1 = arith.constant 1 : index
  // CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[Y]]) -> (i32) {
  // CHECK:   "test.op"(%[[X]], %[[A]])
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %y) -> (f32, i32) {
    %n = "test.op"(%a, %b) : (f32, i32) -> i32
    scf.yield %a, %n : f32, i32
  }
  // CHECK: return %[[X]], %[[R]] : f32, i32
  return %r#0, %r#1 : f32, i32
}

// -----

// scf.if on a constant true condition is replaced by its then region.
// CHECK-LABEL: func @if_true
func.func @if_true(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  // CHECK-NOT: scf.if
  // CHECK: return %{{.*}} : i32
  %r = scf.if %true -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// scf.if on a constant false condition without else disappears.
// CHECK-LABEL: func @if_false_no_else
func.func @if_false_no_else() {
  %false = arith.constant false
  // CHECK-NOT: scf.if
  // CHECK-NOT: test.op
  scf.if %false {
    "test.op"() : () -> ()
  }
  return
}

// -----

// scf.if on a constant false condition takes its else region.
// CHECK-LABEL: func @if_false_else
func.func @if_false_else() {
  %false = arith.constant false
  // CHECK-NOT: scf.if
  // CHECK: "test.else"() : () -> ()
  scf.if %false {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  return
}

// -----

// Unused results of scf.if are dropped from the op and its yields.
// CHECK-LABEL: func @if_unused_results
func.func @if_unused_results(%c: i1, %a: i32, %b: f32) -> f32 {
  // CHECK: %[[R:.*]] = scf.if %{{.*}} -> (f32) {
  // CHECK:   scf.yield %{{.*}} : f32
  // CHECK: } else {
  // CHECK:   scf.yield %{{.*}} : f32
  // CHECK: }
  // CHECK: return %[[R]]
  %r:2 = scf.if %c -> (i32, f32) {
    %t = "test.then"() : () -> f32
    scf.yield %a, %t : i32, f32
  } else {
    %e = "test.else"() : () -> f32
    scf.yield %a, %e : i32, f32
  }
  return %r#1 : f32
}

// -----

// A single-block scf.execute_region is inlined.
// CHECK-LABEL: func @execute_region_inline
func.func @execute_region_inline(%a: i32) -> i32 {
  // CHECK-NOT: scf.execute_region
  // CHECK: %[[R:.*]] = "test.op"
  // CHECK: return %[[R]]
  %r = scf.execute_region -> i32 {
    %x = "test.op"(%a) : (i32) -> i32
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// scf.index_switch on a constant picks its case.
// CHECK-LABEL: func @switch_constant
func.func @switch_constant(%a: i32, %b: i32) -> i32 {
  %c5 = arith.constant 5 : index
  // CHECK-NOT: scf.index_switch
  // CHECK: return %{{.*}} : i32
  %r = scf.index_switch %c5 -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    "test.five"() : () -> ()
    scf.yield %b : i32
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}
