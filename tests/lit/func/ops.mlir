// RUN: goopt opt %s | FileCheck %s
// RUN: goopt opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Declarations print bare types with their attributes.
// CHECK: func.func private @decl(memref<4xf32> {llvm.noalias}, f32) -> (i32 {test.r}, f32)
// GENERIC: <{arg_attrs = [{llvm.noalias}, {}], function_type = (memref<4xf32>, f32) -> (i32, f32), res_attrs = [{test.r}, {}], sym_name = "decl", sym_visibility = "private"}>
func.func private @decl(memref<4xf32> {llvm.noalias}, f32) -> (i32 {test.r}, f32)

// A single result without attributes drops its parentheses.
// CHECK: func.func nested @single() -> i32 attributes {a}
func.func nested @single() -> (i32) attributes {a}

// Function-typed results keep them.
// CHECK: func.func private @fnres() -> ((i32) -> i32)
func.func private @fnres() -> ((i32) -> i32)

// Definitions name their arguments; nested func ops drop the prefix.
// CHECK-LABEL: func.func @def(%arg0: i32 {test.x}, %arg1: f32) -> i32
func.func @def(%a: i32 {test.x}, %b: f32) -> i32 {
  // CHECK: %[[R:.*]] = call @callee(%arg0) : (i32) -> i32
  %0 = func.call @callee(%a) : (i32) -> i32
  // CHECK: %f = constant @callee : (i32) -> i32
  %f = func.constant @callee : (i32) -> i32
  // CHECK: call_indirect %f(%[[R]]) : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  // CHECK: return %{{.*}} : i32
  return %1 : i32
}
func.func private @callee(i32) -> i32
