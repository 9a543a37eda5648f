// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Flags print in the custom form and default-valued properties are kept.
// CHECK-LABEL: func @flags
// GENERIC-LABEL: sym_name = "flags"
func.func @flags(%a: i32, %x: f32) {
  // CHECK: arith.addi %{{.*}}, %{{.*}} : i32
  // GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %0 = arith.addi %a, %a : i32
  // CHECK: arith.muli %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
  // GENERIC: <{overflowFlags = #arith.overflow<nsw, nuw>}>
  %1 = arith.muli %a, %a overflow<nsw, nuw> : i32
  // CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
  // GENERIC: <{fastmath = #arith.fastmath<nnan,ninf>}>
  %2 = arith.mulf %x, %x fastmath<nnan,ninf> : f32
  // CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} fastmath<fast> : f32
  // GENERIC: <{fastmath = #arith.fastmath<fast>, predicate = 4 : i64}>
  %3 = arith.cmpf olt, %x, %x fastmath<fast> : f32
  // CHECK: arith.truncf %{{.*}} toward_zero : f32 to f16
  // GENERIC: <{roundingmode = 3 : i32}>
  %4 = arith.truncf %x toward_zero : f32 to f16
  return
}

// -----

// Constants get MLIR's result names.
// CHECK-LABEL: func @names
func.func @names() {
  // CHECK: %c0 = arith.constant 0 : index
  // CHECK: %c-1_i32 = arith.constant -1 : i32
  // CHECK: %true = arith.constant true
  // CHECK: %cst = arith.constant 1.000000e+00 : f32
  // CHECK: %cst_0 = arith.constant dense<0> : vector<4xi32>
  %0 = arith.constant 0 : index
  %1 = arith.constant -1 : i32
  %2 = arith.constant true
  %3 = arith.constant 1.0 : f32
  %4 = arith.constant dense<0> : vector<4xi32>
  "test.use"(%0, %1, %2, %3, %4) : (index, i32, i1, f32, vector<4xi32>) -> ()
  return
}

// -----

// Extended ops name their results.
// CHECK-LABEL: func @extended
func.func @extended(%a: i32) {
  // CHECK: %sum, %overflow = arith.addui_extended %{{.*}}, %{{.*}} : i32, i1
  // CHECK: %low, %high = arith.mulsi_extended %{{.*}}, %{{.*}} : i32
  %0:2 = arith.addui_extended %a, %a : i32, i1
  %1:2 = arith.mulsi_extended %a, %a : i32
  "test.use"(%0#0, %1#1) : (i32, i32) -> ()
  return
}

// -----

// A vector condition prints its type before the value type.
// CHECK-LABEL: func @select_vector
func.func @select_vector(%c: vector<4xi1>, %v: vector<4xf32>, %s: i1) {
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
  %0 = arith.select %c, %v, %v : vector<4xi1>, vector<4xf32>
  %1 = arith.select %s, %v, %v : vector<4xf32>
  "test.use"(%0, %1) : (vector<4xf32>, vector<4xf32>) -> ()
  return
}
