// RUN: echo-tool goodbye | FileCheck %s
// CHECK: hello
