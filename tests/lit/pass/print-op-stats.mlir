// RUN: goopt opt %s --print-op-stats -o %t 2>&1 | FileCheck %s
// RUN: goopt opt %s --print-op-stats=json -o %t 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: goopt opt %s --pass-pipeline='builtin.module(cse,print-op-stats{json=true})' -o %t 2>&1 | FileCheck %s --check-prefix=AFTER-CSE

// Op counts, sorted by name, with the dialect names right-aligned.
// CHECK: Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT: {{^}}    arith.addi   , 2
// CHECK-NEXT: {{^}}    arith.muli   , 1
// CHECK-NEXT: {{^}}  builtin.module , 1
// CHECK-NEXT: {{^}}     func.func   , 1
// CHECK-NEXT: {{^}}     func.return , 1

// JSON: {
// JSON-NEXT: "arith.addi" : 2,
// JSON-NEXT: "arith.muli" : 1,
// JSON-NEXT: "builtin.module" : 1,
// JSON-NEXT: "func.func" : 1,
// JSON-NEXT: "func.return" : 1
// JSON-NEXT: }

// AFTER-CSE: "arith.addi" : 1,
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
