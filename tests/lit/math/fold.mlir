// RUN: goopt opt %s --canonicalize --split-input-file | FileCheck %s

// Exactly rounded float functions fold.
// CHECK-LABEL: func @fold_float
func.func @fold_float() -> (f32, f32, f32, f32, f32, f64) {
  %a = arith.constant -2.5 : f32
  %b = arith.constant 2.0 : f64
  // CHECK-DAG: arith.constant 2.500000e+00 : f32
  // CHECK-DAG: arith.constant -2.000000e+00 : f32
  // CHECK-DAG: arith.constant -3.000000e+00 : f32
  // CHECK-DAG: arith.constant 1.4142135623730951 : f64
  %0 = math.absf %a : f32
  %1 = math.ceil %a : f32
  %2 = math.floor %a : f32
  %3 = math.roundeven %a : f32
  %4 = math.round %a : f32
  %5 = math.sqrt %b : f64
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f64
}

// -----

// Bit counting folds at the type's width.
// CHECK-LABEL: func @fold_bits
func.func @fold_bits() -> (i32, i32, i32, i8) {
  %a = arith.constant 8 : i32
  %m = arith.constant -128 : i8
  // CHECK-DAG: arith.constant 28 : i32
  // CHECK-DAG: arith.constant 3 : i32
  // CHECK-DAG: arith.constant 1 : i32
  // CHECK-DAG: arith.constant -128 : i8
  %0 = math.ctlz %a : i32
  %1 = math.cttz %a : i32
  %2 = math.ctpop %a : i32
  %3 = math.absi %m : i8
  return %0, %1, %2, %3 : i32, i32, i32, i8
}
