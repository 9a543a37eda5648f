// REQUIRES: asserts, !windows
// RUN: echo-tool ok | FileCheck %s
// CHECK: ok
