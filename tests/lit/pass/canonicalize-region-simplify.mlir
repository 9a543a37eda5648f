// RUN: goopt opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: goopt opt %s --split-input-file --canonicalize=region-simplify=disabled | FileCheck %s --check-prefix=DISABLED

// Unreachable blocks are erased and a block reached by a lone branch from
// its single predecessor is merged into it.
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT: %[[X:.*]] = arith.addi
// CHECK-NEXT: return %[[X]] : i32
// CHECK-NOT: ^bb
// DISABLED-LABEL: func.func @unreachable
// DISABLED: ^bb1:
// DISABLED: ^bb2(%{{.*}}: i32):
func.func @unreachable(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.br ^bb2(%0 : i32)
^bb1:
  %1 = arith.muli %a, %a : i32
  cf.br ^bb2(%1 : i32)
^bb2(%r: i32):
  return %r : i32
}

// -----

// A block with two predecessors stays.
// CHECK-LABEL: func.func @diamond
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK: ^bb2(%{{.*}}: i32):
func.func @diamond(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  %0 = arith.muli %a, %b : i32
  cf.br ^bb2(%0 : i32)
^bb2(%r: i32):
  return %r : i32
}
