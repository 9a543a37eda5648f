// RUN: echo-tool hello world | FileCheck %s
// RUN: echo-tool a b \
// RUN:   c | FileCheck %s --check-prefix=CONT

// CHECK: hello
// CHECK-SAME: world
// CONT: a b c
