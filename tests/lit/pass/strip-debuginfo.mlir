// RUN: goopt opt %s --strip-debuginfo --mlir-print-debuginfo | FileCheck %s
// RUN: goopt opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=KEEP

// Every op and block argument location becomes unknown.
// CHECK: #[[LOC:.*]] = loc(unknown)
// CHECK-LABEL: func.func @f
// CHECK-SAME: %{{.*}}: i32 loc(unknown)
// CHECK-NEXT: arith.addi {{.*}} loc(#[[LOC]])
// CHECK-NEXT: return {{.*}} loc(#[[LOC]])
// CHECK-NOT: "x.mlir"
// KEEP: "x.mlir":3:4
func.func @f(%a: i32 loc("y.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("x.mlir":3:4)
  return %0 : i32
}
