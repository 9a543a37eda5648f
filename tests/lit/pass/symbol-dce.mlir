// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --symbol-dce | FileCheck %s
// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(symbol-dce)' | FileCheck %s

// Unused private functions are erased; public ones and those referenced
// from live code stay.
// CHECK: module {
// CHECK-NOT: @dead
// CHECK-DAG: func.func @public(
// CHECK-DAG: func.func private @used(
// CHECK-DAG: func.func private @used_by_used(
// CHECK-NOT: @dead
// CHECK: // -----
func.func private @dead()
func.func private @used_by_used()
func.func private @used() {
  call @used_by_used() : () -> ()
  return
}
func.func @public() {
  call @used() : () -> ()
  return
}

// -----

// A private symbol used only by a dead symbol dies with it.
// CHECK: module {
// CHECK-NOT: @a(
// CHECK-NOT: @b(
// CHECK: func.func @anchor(
// CHECK: // -----
func.func private @a() {
  call @b() : () -> ()
  return
}
func.func private @b()
func.func @anchor() {
  return
}

// -----

// Only private symbols are discarded, also inside a private nested symbol
// table; a nested reference keeps every symbol on its path alive, and
// references from any live op (registered or not) count.
// CHECK: module {
// CHECK: module @nested attributes {sym_visibility = "private"}
// CHECK-NEXT: func.func private @kept(
// CHECK-NOT: @dead_inner
// CHECK: func.func @unreferenced(
// CHECK: "test.use"() {ref = @nested::@kept}
module {
  module @nested attributes {sym_visibility = "private"} {
    func.func private @kept() {
      return
    }
    func.func private @dead_inner() {
      return
    }
    func.func @unreferenced() {
      return
    }
  }
  "test.use"() {ref = @nested::@kept} : () -> ()
}
