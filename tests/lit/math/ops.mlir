// RUN: goopt opt %s | FileCheck %s
// RUN: goopt opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Fast-math flags print after the operands and default to none.
// CHECK-LABEL: func @flags
func.func @flags(%x: f32, %n: i32) -> (f32, f32, f32) {
  // CHECK: math.sqrt %{{.*}} : f32
  // GENERIC: "math.sqrt"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %0 = math.sqrt %x : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} fastmath<fast> : f32
  // GENERIC: <{fastmath = #arith.fastmath<fast>}>
  %1 = math.fma %x, %x, %x fastmath<fast> : f32
  // CHECK: math.fpowi %{{.*}}, %{{.*}} fastmath<nnan> : f32, i32
  %2 = math.fpowi %x, %n fastmath<nnan> : f32, i32
  return %0, %1, %2 : f32, f32, f32
}
