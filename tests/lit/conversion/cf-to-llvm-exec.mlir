// RUN: goopt opt %s --split-input-file --convert-cf-to-llvm | FileCheck %s

// Functions for execution equivalence (passes/convertcftollvm): a loop
// whose index and accumulator are block arguments (converted to i64 by the
// branch patterns), a switch, and an assert that holds.

// CHECK-LABEL: func @loop
// CHECK-NOT: cf.
func.func @loop(%x: i32, %m: i32) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mask = arith.constant 15 : i32
  %k = arith.andi %m, %mask : i32
  %n = arith.index_cast %k : i32 to index
  cf.br ^bb1(%c0, %x : index, i32)
^bb1(%i: index, %acc: i32):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^bb2, ^bb3(%acc : i32)
^bb2:
  %a = arith.muli %acc, %x : i32
  %b = arith.addi %a, %m : i32
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j, %b : index, i32)
^bb3(%r: i32):
  return %r, %i : i32, index
}

// -----

// CHECK-LABEL: func @switch
// CHECK-NOT: cf.
func.func @switch(%x: i32, %y: i32) -> i32 {
  %mask = arith.constant 3 : i32
  %k = arith.andi %x, %mask : i32
  %t = arith.constant true
  cf.assert %t, "always"
  cf.switch %k : i32, [
    default: ^bb1(%y : i32),
    1: ^bb1(%x : i32),
    2: ^bb2
  ]
^bb1(%r: i32):
  return %r : i32
^bb2:
  %s = arith.subi %x, %y : i32
  return %s : i32
}
