// RUN: goopt opt %s | FileCheck %s

// Named modules keep their name and attributes; nested modules print bare.
// CHECK-LABEL: module @top attributes {test.a = 1 : i32}
module @top attributes {test.a = 1 : i32} {
  // CHECK: module @inner {
  module @inner {
  }
  // CHECK: func.func @f
  func.func @f(%a: i32) -> i64 {
    // CHECK: builtin.unrealized_conversion_cast %{{.*}} : i32 to i64
    %0 = builtin.unrealized_conversion_cast %a : i32 to i64
    // CHECK: builtin.unrealized_conversion_cast to index {tag}
    %1 = builtin.unrealized_conversion_cast to index {tag}
    return %0 : i64
  }
}
