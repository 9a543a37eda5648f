// Aggressive region simplification: identical blocks merge (outside values
// they differ in become block arguments) and block arguments that every
// predecessor passes the same value for are dropped; a cond_br to one block
// with differing operands then becomes arith.select (upstream's
// mergeIdenticalBlocks, dropRedundantArguments and
// SimplifyCondBranchIdenticalSuccessors).
// RUN: goopt opt %s --split-input-file --canonicalize="region-simplify=aggressive" | FileCheck %s
// RUN: goopt opt %s --split-input-file --canonicalize="region-simplify=normal" | FileCheck %s --check-prefix=NORMAL

// CHECK-LABEL: func.func @redundant_args
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[S]] : i32)
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[T:.*]] = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[T]] : i32)
// CHECK:       ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT:    arith.addi %[[R]], %arg1 : i32
// NORMAL-LABEL: func.func @redundant_args
// NORMAL:         cf.cond_br %arg0, ^bb1(%arg1, %arg2 : i32, i32), ^bb2(%arg1, %arg2 : i32, i32)
func.func @redundant_args(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2(%a, %b : i32, i32)
^bb1(%x: i32, %y: i32):
  %s = arith.addi %x, %y : i32
  cf.br ^bb3(%s, %a : i32, i32)
^bb2(%u: i32, %v: i32):
  %t = arith.muli %u, %v : i32
  cf.br ^bb3(%t, %a : i32, i32)
^bb3(%r: i32, %q: i32):
  %z = arith.addi %r, %q : i32
  return %z : i32
}

// -----

// CHECK-LABEL: func.func @identical_blocks
// CHECK-NEXT:    %[[SEL:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[SEL]], %arg1 : i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @identical_blocks(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  %s = arith.addi %x, %a : i32
  return %s : i32
^bb2(%u: i32):
  %t = arith.addi %u, %a : i32
  return %t : i32
}

// -----

// Blocks that differ in an outside value merge; the value becomes an
// argument, which the branch then passes through a select.
// CHECK-LABEL: func.func @outside_values
// CHECK-NEXT:    %[[V:.*]] = arith.select %arg0, %arg1, %arg2 : f32
// CHECK-NEXT:    memref.store %[[V]], %arg3[] : memref<f32>
// CHECK-NEXT:    return
func.func @outside_values(%c: i1, %a: f32, %b: f32, %m: memref<f32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %a, %m[] : memref<f32>
  cf.br ^bb3
^bb2:
  memref.store %b, %m[] : memref<f32>
  cf.br ^bb3
^bb3:
  return
}

// -----

// Results used only inside their blocks (by the branch) do not stop a merge.
// CHECK-LABEL: func.func @used_by_branch
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @used_by_branch(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %s = arith.addi %a, %b : i32
  cf.br ^bb3(%s : i32)
^bb2:
  %t = arith.addi %a, %b : i32
  cf.br ^bb3(%t : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

// An argument passed back to itself on a loop's back edge is not the
// same value on every edge, so it stays (as upstream).
// CHECK-LABEL: func.func @loop
// CHECK:         cf.br ^bb1(%c0_i32, %arg0 : i32, i32)
// CHECK:       ^bb1(%[[I:.*]]: i32, %[[S:.*]]: i32):
// CHECK:         cf.cond_br %{{.*}}, ^bb2, ^bb1(%{{.*}}, %[[S]] : i32, i32)
func.func @loop(%step: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^bb1(%c0, %step : i32, i32)
^bb1(%i: i32, %s: i32):
  %next = arith.addi %i, %s : i32
  %done = arith.cmpi sge, %next, %n : i32
  cf.cond_br %done, ^bb2, ^bb1(%next, %s : i32, i32)
^bb2:
  return %next : i32
}
