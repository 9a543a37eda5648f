// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func @loops
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %{{.*}} = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK: scf.yield %{{.*}} : f32
// CHECK: %{{.*}}:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, i32) {
// CHECK: scf.yield %{{.*}}, %{{.*}} : f32, i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
// CHECK: %{{.*}} = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32)  : i32 {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}  : i64 {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}  : i64 {
// scf.for: index and integer bounds, iter_args, nested loops, discardable attributes.
func.func @loops(%lb: index, %ub: index, %step: index, %a: i32, %b: i32, %f: f32, %m: memref<?xf32>) -> (f32, i32) {
  scf.for %i = %lb to %ub step %step {
  }
  scf.for %i = %lb to %ub step %step {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %f) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%x = %f, %y = %a) -> (f32, i32) {
    scf.yield %x, %y : f32, i32
  }
  scf.for %i = %a to %b step %b : i32 {
  }
  %k = scf.for %i = %a to %b step %b iter_args(%acc = %a) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  }
  %c1 = arith.constant 1 : i64
  %c9 = arith.constant 9 : i64
  scf.for %i = %c1 to %c9 step %c1 : i64 {
    scf.for %j = %i to %c9 step %c1 : i64 {
    }
  } {unroll = 2 : i64}
  return %sum, %k : f32, i32
}

// -----

// CHECK-LABEL: func @ifs
// CHECK: scf.if %{{.*}} {
// CHECK: scf.if %{{.*}} {
// CHECK: %{{.*}} = scf.if %{{.*}} -> (i32) {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %{{.*}} : i32
// CHECK: %{{.*}}:2 = scf.if %{{.*}} -> (i32, i32) {
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
// CHECK: %{{.*}} = scf.if %{{.*}} -> (i32) {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
// CHECK: scf.if %{{.*}} {
// scf.if: no results, else branch, results, nesting, attributes.
func.func @ifs(%c: i1, %d: i1, %a: i32, %b: i32, %m: memref<4xi32>, %i: index) -> (i32, i32) {
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  } else {
    memref.store %b, %m[%i] : memref<4xi32>
  }
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %1:2 = scf.if %d -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s, %a : i32, i32
  } else {
    %n = scf.if %c -> (i32) {
      scf.yield %b : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %n, %b : i32, i32
  }
  scf.if %d {
  } {tag = 1 : i32}
  return %0, %1#0 : i32, i32
}

// -----

// CHECK-LABEL: func @whiles
// CHECK: %{{.*}} = scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
// CHECK: scf.condition(%{{.*}}) %{{.*}} : i32
// CHECK: scf.yield %{{.*}} : i32
// CHECK: %{{.*}}:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, f32) -> (f32, i32) {
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : f32, i32
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, f32
// CHECK: scf.while : () -> () {
// CHECK: scf.condition(%{{.*}})
// CHECK: scf.yield
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (i32) -> () {
// CHECK: scf.condition(%{{.*}})
// CHECK: scf.yield %{{.*}} : i32
// scf.while: loop-carried values, different before/after types, empty inits, attributes.
func.func @whiles(%n: i32, %f: f32, %c: i1) -> i32 {
  %0 = scf.while (%x = %n) : (i32) -> i32 {
    %zero = arith.constant 0 : i32
    %cond = arith.cmpi sgt, %x, %zero : i32
    scf.condition(%cond) %x : i32
  } do {
  ^bb0(%y: i32):
    %one = arith.constant 1 : i32
    %z = arith.subi %y, %one : i32
    scf.yield %z : i32
  }
  %1:2 = scf.while (%a = %n, %b = %f) : (i32, f32) -> (f32, i32) {
    scf.condition(%c) %b, %a : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    scf.yield %q, %p : i32, f32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  scf.while (%x = %n) : (i32) -> () {
    scf.condition(%c)
  } do {
    scf.yield %n : i32
  } attributes {tag = "w"}
  return %0 : i32
}

// -----

// CHECK-LABEL: func @parallel
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: scf.reduce
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
// CHECK: scf.reduce
// CHECK: %{{.*}} = scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%{{.*}}) -> f32 {
// CHECK: scf.reduce(%{{.*}} : f32) {
// CHECK: scf.reduce.return %{{.*}} : f32
// CHECK: %{{.*}}:2 = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}, %{{.*}}) -> (f32, i32) {
// CHECK: scf.reduce(%{{.*}}, %{{.*}} : f32, i32) {
// CHECK: scf.reduce.return %{{.*}} : f32
// CHECK: scf.reduce.return %{{.*}} : i32
// scf.parallel with one and several dimensions, init values, scf.reduce with several regions.
func.func @parallel(%lb: index, %ub: index, %st: index, %m: memref<?x?xf32>, %f: f32, %a: i32) -> (f32, i32) {
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
  }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  }
  %s = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%f) -> f32 {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %x = arith.addf %l, %r : f32
      scf.reduce.return %x : f32
    }
  }
  %t:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%f, %a) -> (f32, i32) {
    scf.reduce(%f, %a : f32, i32) {
    ^bb0(%l: f32, %r: f32):
      %x = arith.mulf %l, %r : f32
      scf.reduce.return %x : f32
    }, {
    ^bb0(%l: i32, %r: i32):
      %x = arith.maxsi %l, %r : i32
      scf.reduce.return %x : i32
    }
  } {mapping = "blocks"}
  return %s, %t#1 : f32, i32
}

// -----

// CHECK-LABEL: func @forall
// CHECK: scf.forall (%{{.*}}) in (%{{.*}}) {
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (4, %{{.*}}) {
// CHECK: scf.forall (%{{.*}}) = (2) to (%{{.*}}) step (3) {
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (%{{.*}}, 0) to (64, %{{.*}}) step (%{{.*}}, 8) {
// CHECK: %{{.*}} = scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<8xf32>) {
// CHECK: scf.forall.in_parallel {
// CHECK: %{{.*}}:2 = scf.forall (%{{.*}}, %{{.*}}) in (2, 4) shared_outs(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK: scf.forall.in_parallel {
// scf.forall (tensor ops in generic form): `in` and explicit-bound forms, static/dynamic bounds, shared_outs, mapping.
func.func @forall(%n: index, %m: index, %t: tensor<8xf32>, %buf: memref<?xf32>, %v: f32) -> tensor<8xf32> {
  scf.forall (%i) in (%n) {
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  scf.forall (%i, %j) in (4, %m) {
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i) = (2) to (%n) step (3) {
  }
  scf.forall (%i, %j) = (%m, 0) to (64, %n) step (%m, 8) {
  } {mapping = [#gpu.block<x>, #gpu.block<y>]}
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %s = "tensor.extract_slice"(%o, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<8xf32>, index) -> tensor<1xf32>
    scf.forall.in_parallel {
      "tensor.parallel_insert_slice"(%s, %o, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<1xf32>, tensor<8xf32>, index) -> ()
    }
  }
  %r2:2 = scf.forall (%i, %j) in (2, 4) shared_outs(%o1 = %t, %o2 = %r) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
  return %r2#1 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func @execute
// CHECK: scf.execute_region {
// CHECK: scf.yield
// CHECK: %{{.*}} = scf.execute_region -> i32 {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: %{{.*}}:2 = scf.execute_region -> (i32, i32) {
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
// CHECK: %{{.*}} = scf.execute_region -> i32 {
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %{{.*}} : i32
// scf.execute_region: no results, results, multiple blocks, attributes.
func.func @execute(%a: i32, %b: i32, %c: i1) -> i32 {
  scf.execute_region {
    scf.yield
  }
  %0 = scf.execute_region -> i32 {
    scf.yield %a : i32
  }
  %1:2 = scf.execute_region -> (i32, i32) {
    scf.yield %a, %b : i32, i32
  }
  %2 = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    scf.yield %b : i32
  } {tag}
  return %2 : i32
}

// -----

// CHECK-LABEL: func @switch
// CHECK: %{{.*}} = scf.index_switch %{{.*}} -> i32
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.index_switch %{{.*}}
// CHECK: scf.yield
// CHECK: scf.index_switch %{{.*}}
// CHECK: %{{.*}}:2 = scf.index_switch %{{.*}} {tag = 3 : i64} -> i32, i32
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
// scf.index_switch: with and without results, several cases, negative case values.
func.func @switch(%i: index, %a: i32, %b: i32, %m: memref<4xi32>) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    scf.yield %b : i32
  }
  default {
    scf.yield %a : i32
  }
  scf.index_switch %i
  case -1 {
    %c0 = arith.constant 0 : index
    memref.store %a, %m[%c0] : memref<4xi32>
    scf.yield
  }
  default {
  }
  scf.index_switch %i
  default {
  }
  %1:2 = scf.index_switch %i {tag = 3 : i64} -> i32, i32
  case 0 {
    scf.yield %a, %b : i32, i32
  }
  default {
    scf.yield %b, %a : i32, i32
  }
  return %0 : i32
}
