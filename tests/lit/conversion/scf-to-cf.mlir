// RUN: goopt opt %s --split-input-file --convert-scf-to-cf | FileCheck %s
// RUN: goopt opt %s --split-input-file --pass-pipeline='builtin.module(func.func(convert-scf-to-cf))' | FileCheck %s

// The CHECK lines are mlir-opt-19's output for the same input: the same
// blocks in the same order, the same ops in them.

// scf.for with an iteration argument: the body's first block becomes the
// condition block, whose arguments are the induction variable and the
// carried value; the body steps the induction variable and branches back.
// CHECK-LABEL: func @for_iter_args
// CHECK-SAME: (%[[A:.*]]: memref<8xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %{{.*}}: index) -> f32 {
// CHECK: %[[STEP:.*]] = arith.addi
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: cf.br ^bb1(%[[LB]], %[[ZERO]] : index, f32)
// CHECK-NEXT: ^bb1(%[[IV:.*]]: index, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT: cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[V:.*]] = memref.load %[[A]][%[[IV]]] : memref<8xf32>
// CHECK-NEXT: %[[N:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT: cf.br ^bb1(%[[NEXT]], %[[N]] : index, f32)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: return %[[ACC]] : f32
func.func @for_iter_args(%A: memref<8xf32>, %lb: index, %ub: index, %s: index) -> f32 {
  %c1 = arith.constant 1 : index
  %st = arith.addi %s, %c1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %A[%i] : memref<8xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// -----

// A loop that runs zero times returns its initial value.
// CHECK-LABEL: func @zero_trip
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[INIT:.*]] = arith.constant 7 : i32
// CHECK-NEXT: cf.br ^bb1(%[[C3]], %[[INIT]] : index, i32)
// CHECK-NEXT: ^bb1(%[[IV:.*]]: index, %[[X:.*]]: i32):
// CHECK-NEXT: arith.cmpi slt, %[[IV]], %[[C0]] : index
// CHECK: ^bb3:
// CHECK-NEXT: return %[[X]] : i32
func.func @zero_trip(%A: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = arith.constant 7 : i32
  %r = scf.for %i = %c3 to %c0 step %c1 iter_args(%x = %init) -> (i32) {
    %v = memref.load %A[%i] : memref<4xi32>
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// Nested structures are lowered outside in; each keeps a single entry and
// a single exit block, so the outer loop's stepping lands after the inner
// if's continuation.
// CHECK-LABEL: func @nested_if_for
// CHECK: cf.br ^bb1(%{{.*}} : index)
// CHECK-NEXT: ^bb1(%[[I:.*]]: index):
// CHECK-NEXT: arith.cmpi slt, %[[I]]
// CHECK-NEXT: cf.cond_br %{{.*}}, ^bb2, ^bb9
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: arith.cmpi eq, %[[I]]
// CHECK-NEXT: cf.cond_br %{{.*}}, ^bb3, ^bb7
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: cf.br ^bb4(%{{.*}} : index)
// CHECK-NEXT: ^bb4(%[[J:.*]]: index):
// CHECK-NEXT: arith.cmpi slt, %[[J]], %[[I]] : index
// CHECK-NEXT: cf.cond_br %{{.*}}, ^bb5, ^bb6
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: arith.index_cast %[[J]]
// CHECK-NEXT: memref.store
// CHECK-NEXT: arith.addi %[[J]]
// CHECK-NEXT: cf.br ^bb4
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: cf.br ^bb8
// CHECK-NEXT: ^bb7:
// CHECK-NEXT: arith.index_cast %[[I]]
// CHECK-NEXT: memref.store
// CHECK-NEXT: cf.br ^bb8
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: arith.addi %[[I]]
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb9:
// CHECK-NEXT: return
func.func @nested_if_for(%n: index, %m: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %p = arith.cmpi eq, %i, %c0 : index
    scf.if %p {
      scf.for %j = %c0 to %i step %c1 {
        %x = arith.index_cast %j : index to i32
        memref.store %x, %m[%j] : memref<16xi32>
      }
    } else {
      %y = arith.index_cast %i : index to i32
      memref.store %y, %m[%i] : memref<16xi32>
    }
  }
  return
}

// -----

// scf.if with results: the branches pass their values to a block of its
// own, which branches on to the continuation.
// CHECK-LABEL: func @if_results
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[P:.*]] = arith.cmpi slt
// CHECK-NEXT: %[[Q:.*]] = arith.cmpi eq
// CHECK-NEXT: cf.cond_br %[[P]], ^bb1, ^bb6
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.cond_br %[[Q]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb4(%[[A]] : i32)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: %[[D:.*]] = arith.subi %[[B]], %[[A]] : i32
// CHECK-NEXT: cf.br ^bb4(%[[D]] : i32)
// CHECK-NEXT: ^bb4(%[[S:.*]]: i32):
// CHECK-NEXT: cf.br ^bb5
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: cf.br ^bb7(%[[S]], %[[B]] : i32, i32)
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: cf.br ^bb7(%[[B]], %[[A]] : i32, i32)
// CHECK-NEXT: ^bb7(%[[R0:.*]]: i32, %[[R1:.*]]: i32):
// CHECK-NEXT: cf.br ^bb8
// CHECK-NEXT: ^bb8:
// CHECK-NEXT: return %[[R0]], %[[R1]] : i32, i32
func.func @if_results(%a: i32, %b: i32) -> (i32, i32) {
  %p = arith.cmpi slt, %a, %b : i32
  %q = arith.cmpi eq, %a, %b : i32
  %r:2 = scf.if %p -> (i32, i32) {
    %s = scf.if %q -> (i32) {
      scf.yield %a : i32
    } else {
      %d = arith.subi %b, %a : i32
      scf.yield %d : i32
    }
    scf.yield %s, %b : i32, i32
  } else {
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Without an else region the condition branches straight to the
// continuation.
// CHECK-LABEL: func @if_no_else
// CHECK-SAME: (%[[C:.*]]: i1,
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: memref.store
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: return
func.func @if_no_else(%c: i1, %m: memref<i32>, %a: i32) {
  scf.if %c {
    memref.store %a, %m[] : memref<i32>
  }
  return
}

// -----

// scf.while: the before region is the loop header; scf.condition branches
// to the after region with the forwarded values, or out. The results are
// the header's forwarded values, which dominate the exit.
// CHECK-LABEL: func @while
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: cf.br ^bb1(%[[C0]], %[[C0]] : i32, i32)
// CHECK-NEXT: ^bb1(%[[X:.*]]: i32, %[[S:.*]]: i32):
// CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[X]], %{{.*}} : i32
// CHECK-NEXT: cf.cond_br %[[C]], ^bb2(%[[X]], %[[S]] : i32, i32), ^bb3
// CHECK-NEXT: ^bb2(%[[Y:.*]]: i32, %[[T:.*]]: i32):
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: %[[Z:.*]] = arith.addi %[[Y]]
// CHECK-NEXT: %[[T2:.*]] = arith.addi %[[T]], %[[Y]] : i32
// CHECK-NEXT: cf.br ^bb1(%[[Z]], %[[T2]] : i32, i32)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: return %[[X]], %[[S]] : i32, i32
func.func @while(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%x = %c0, %s = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %n : i32
    scf.condition(%c) %x, %s : i32, i32
  } do {
  ^bb0(%y: i32, %t: i32):
    %c1 = arith.constant 1 : i32
    %z = arith.addi %y, %c1 : i32
    %t2 = arith.addi %t, %y : i32
    scf.yield %z, %t2 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// An after region that only forwards its arguments makes a do-while: the
// header branches back to itself.
// CHECK-LABEL: func @do_while
// CHECK: cf.br ^bb1(%{{.*}} : i32)
// CHECK-NEXT: ^bb1(%[[X:.*]]: i32):
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: %[[Z:.*]] = arith.addi %[[X]]
// CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[Z]]
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[Z]] : i32), ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: return %[[Z]] : i32
func.func @do_while(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %z = arith.addi %x, %c1 : i32
    %c = arith.cmpi slt, %z, %n : i32
    scf.condition(%c) %z : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// scf.index_switch becomes cf.switch on the index cast to i32: the case
// blocks in order, then the default block, then the continuation that
// takes the results.
// CHECK-LABEL: func @index_switch
// CHECK-SAME: (%[[I:.*]]: index)
// CHECK-NEXT: %[[F:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 2: ^bb1,
// CHECK-NEXT: 5: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[C10:.*]] = arith.constant 10 : i32
// CHECK-NEXT: cf.br ^bb4(%[[C10]] : i32)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[C20:.*]] = arith.constant 20 : i32
// CHECK-NEXT: cf.br ^bb4(%[[C20]] : i32)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: %[[C30:.*]] = arith.constant 30 : i32
// CHECK-NEXT: cf.br ^bb4(%[[C30]] : i32)
// CHECK-NEXT: ^bb4(%[[R:.*]]: i32):
// CHECK-NEXT: return %[[R]] : i32
func.func @index_switch(%i: index) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    %c = arith.constant 10 : i32
    scf.yield %c : i32
  }
  case 5 {
    %c = arith.constant 20 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant 30 : i32
    scf.yield %c : i32
  }
  return %r : i32
}

// -----

// A switch with no case and no result.
// CHECK-LABEL: func @switch_default_only
// CHECK: cf.switch %{{.*}} : i32, [
// CHECK-NEXT: default: ^bb1]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: memref.store
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: return
func.func @switch_default_only(%i: index, %m: memref<i32>, %v: i32) {
  scf.index_switch %i
  default {
    memref.store %v, %m[] : memref<i32>
  }
  return
}

// -----

// scf.execute_region with several blocks: every scf.yield branches to the
// continuation.
// CHECK-LABEL: func @execute_region
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb4(%[[A]] : i32)
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[B]], %[[B]] : i32
// CHECK-NEXT: cf.br ^bb4(%[[D]] : i32)
// CHECK-NEXT: ^bb4(%[[R:.*]]: i32):
// CHECK-NEXT: return %[[R]] : i32
func.func @execute_region(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    %d = arith.muli %b, %b : i32
    scf.yield %d : i32
  }
  return %r : i32
}

// -----

// scf.parallel becomes a nest of loops, outermost dimension first; the
// reductions are carried through the nest and each reduction region is
// inlined with the carried value as its first argument.
// CHECK-LABEL: func @parallel_reduce
// CHECK: %[[I0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[I1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: cf.br ^bb1(%{{.*}}, %[[I0]], %[[I1]] : index, f32, f32)
// CHECK-NEXT: ^bb1(%[[I:.*]]: index, %[[S0:.*]]: f32, %[[M0:.*]]: f32):
// CHECK-NEXT: arith.cmpi slt, %[[I]]
// CHECK-NEXT: cf.cond_br %{{.*}}, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb3(%{{.*}}, %[[S0]], %[[M0]] : index, f32, f32)
// CHECK-NEXT: ^bb3(%[[J:.*]]: index, %[[S1:.*]]: f32, %[[M1:.*]]: f32):
// CHECK-NEXT: arith.cmpi slt, %[[J]]
// CHECK-NEXT: cf.cond_br %{{.*}}, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[V]] : f32
// CHECK-NEXT: %[[M2:.*]] = arith.maximumf %[[M1]], %[[V]] : f32
// CHECK-NEXT: %[[J2:.*]] = arith.addi %[[J]]
// CHECK-NEXT: cf.br ^bb3(%[[J2]], %[[S2]], %[[M2]] : index, f32, f32)
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: %[[I2:.*]] = arith.addi %[[I]]
// CHECK-NEXT: cf.br ^bb1(%[[I2]], %[[S1]], %[[M1]] : index, f32, f32)
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: return %[[S0]], %[[M0]] : f32, f32
func.func @parallel_reduce(%m: memref<4x8xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i0 = arith.constant 0.0 : f32
  %i1 = arith.constant 1.0 : f32
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) init (%i0, %i1) -> (f32, f32) {
    %v = memref.load %m[%i, %j] : memref<4x8xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%x: f32, %y: f32):
      %s = arith.maximumf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// A bufferized scf.forall goes through scf.parallel: its static bounds are
// materialized as constants, lower bounds, then upper bounds, then steps.
// CHECK-LABEL: func @forall
// CHECK: %[[U:.*]] = arith.minsi
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[C1B:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: cf.br ^bb1(%[[C1]] : index)
// CHECK-NEXT: ^bb1(%[[I:.*]]: index):
// CHECK-NEXT: arith.cmpi slt, %[[I]], %[[U]] : index
// CHECK-NEXT: cf.cond_br %{{.*}}, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb3(%[[C0]] : index)
// CHECK-NEXT: ^bb3(%[[J:.*]]: index):
// CHECK-NEXT: arith.cmpi slt, %[[J]], %[[C8]] : index
// CHECK-NEXT: cf.cond_br %{{.*}}, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT: arith.addi %[[J]], %[[C2]] : index
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: arith.addi %[[I]], %[[C1B]] : index
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb6:
// CHECK-NEXT: return
func.func @forall(%m: memref<4x8xf32>, %f: f32, %n: index) {
  %c4 = arith.constant 4 : index
  %u = arith.minsi %n, %c4 : index
  scf.forall (%i, %j) = (1, 0) to (%u, 8) step (1, 2) {
    memref.store %f, %m[%i, %j] : memref<4x8xf32>
  }
  return
}

// -----

// Ops of other dialects are left alone, and so are the scf ops the
// conversion does not remove (scf.yield inside, say, a region it does not
// own): here only the loop goes.
// CHECK-LABEL: func @other_ops
// CHECK-NOT: scf.for
// CHECK: math.sqrt
// CHECK-NOT: scf.
// CHECK: return
func.func @other_ops(%A: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %A[%i] : memref<4xf32>
    %a = math.absf %v : f32
    %s = math.sqrt %a : f32
    memref.store %s, %A[%i] : memref<4xf32>
  }
  return
}
