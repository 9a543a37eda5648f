// RUN: goopt opt %s --split-input-file --convert-math-to-llvm | FileCheck %s
// EQUIV: rel-tol=1e-6

// Functions for execution equivalence (passes/convertmathtollvm): the
// intrinsics and the rsqrt, expm1 and log1p expansions on random inputs,
// scalars and a vector.

// CHECK-LABEL: func @unary
// CHECK-NOT: math.
func.func @unary(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a = math.absf %x : f32
  %0 = math.sqrt %a : f32
  %1 = math.rsqrt %a : f32
  %2 = math.exp %x : f32
  %3 = math.expm1 %x : f32
  %4 = math.log1p %a : f32
  %5 = math.log2 %a : f32
  %6 = math.floor %x : f32
  %7 = math.ceil %x : f32
  %8 = math.round %x : f32
  %9 = math.roundeven %x : f32
  %10 = math.trunc %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func @binary
// CHECK-NOT: math.
func.func @binary(%x: f64, %y: f64, %z: f64, %i: i32) -> (f64, f64, f64, i32) {
  %0 = math.fma %x, %y, %z : f64
  %1 = math.copysign %x, %y : f64
  %a = math.absf %x : f64
  %2 = math.powf %a, %y : f64
  %3 = math.ctpop %i : i32
  return %0, %1, %2, %3 : f64, f64, f64, i32
}

// -----

// A 1-D vector maps directly (n-D ones need the interpreter to model the
// cast of a vector to its !llvm.array, which it does not yet).
// CHECK-LABEL: func @vector
// CHECK-NOT: math.
func.func @vector(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = vector.load %m[%c0] : memref<4xf32>, vector<4xf32>
  %a = math.absf %v : vector<4xf32>
  %r = math.rsqrt %a : vector<4xf32>
  %e = math.exp %r : vector<4xf32>
  %s = vector.reduction <add>, %e : vector<4xf32> into f32
  return %s : f32
}
