// RUN: goopt opt %s --convert-cf-to-llvm | FileCheck %s

// goopt converts the argument types of the successor blocks (as later
// upstream versions do; MLIR 19 leaves branches to blocks with index
// arguments for convert-func-to-llvm): the loop's index argument becomes
// an i64 and its users see it through a cast.
// CHECK-LABEL: func @loop
// CHECK: %[[C0:.*]] = builtin.unrealized_conversion_cast %{{.*}} : index to i64
// CHECK: llvm.br ^bb1(%[[C0]], %arg1 : i64, i32)
// CHECK: ^bb1(%[[I:.*]]: i64, %[[ACC:.*]]: i32):
// CHECK: builtin.unrealized_conversion_cast %[[I]] : i64 to index
// CHECK: llvm.cond_br
// CHECK: llvm.br ^bb1(%{{.*}}, %{{.*}} : i64, i32)
func.func @loop(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %x : index, i32)
^bb1(%i: index, %acc: i32):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %a = arith.addi %acc, %acc : i32
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j, %a : index, i32)
^bb3:
  return %acc : i32
}
