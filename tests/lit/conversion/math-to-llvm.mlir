// RUN: goopt opt %s --split-input-file --convert-math-to-llvm | FileCheck %s
// RUN: goopt opt %s --split-input-file --convert-math-to-llvm=approximate-log1p=false | FileCheck %s --check-prefix=EXACT

// The math ops with an LLVM intrinsic become it, with their fast-math flags.
// CHECK-LABEL: func @intrinsics
// CHECK: llvm.intr.sqrt(%arg0) : (f32) -> f32
// CHECK: llvm.intr.exp(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK: llvm.intr.exp2(%arg0) : (f32) -> f32
// CHECK: llvm.intr.log(%arg0) : (f32) -> f32
// CHECK: llvm.intr.log2(%arg0) : (f32) -> f32
// CHECK: llvm.intr.log10(%arg0) : (f32) -> f32
// CHECK: llvm.intr.fabs(%arg0) {fastmathFlags = #llvm.fastmath<nnan>} : (f32) -> f32
// CHECK: llvm.intr.floor(%arg0) : (f32) -> f32
// CHECK: llvm.intr.ceil(%arg0) : (f32) -> f32
// CHECK: llvm.intr.round(%arg0) : (f32) -> f32
// CHECK: llvm.intr.roundeven(%arg0) : (f32) -> f32
// CHECK: llvm.intr.trunc(%arg0) : (f32) -> f32
// CHECK: llvm.intr.sin(%arg0) : (f32) -> f32
// CHECK: llvm.intr.cos(%arg0) : (f32) -> f32
// CHECK: llvm.intr.copysign(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: llvm.intr.pow(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: llvm.intr.fma(%arg0, %arg1, %arg2) : (f32, f32, f32) -> f32
// CHECK: llvm.intr.ctpop(%arg3) : (i32) -> i32
func.func @intrinsics(%x: f32, %y: f32, %z: f32, %i: i32) {
  %0 = math.sqrt %x : f32
  %1 = math.exp %x fastmath<fast> : f32
  %2 = math.exp2 %x : f32
  %3 = math.log %x : f32
  %4 = math.log2 %x : f32
  %5 = math.log10 %x : f32
  %6 = math.absf %x fastmath<nnan> : f32
  %7 = math.floor %x : f32
  %8 = math.ceil %x : f32
  %9 = math.round %x : f32
  %10 = math.roundeven %x : f32
  %11 = math.trunc %x : f32
  %12 = math.sin %x : f32
  %13 = math.cos %x : f32
  %14 = math.copysign %x, %y : f32
  %15 = math.powf %x, %y : f32
  %16 = math.fma %x, %y, %z : f32
  %17 = math.ctpop %i : i32
  return
}

// -----

// rsqrt is 1 / sqrt(x), expm1 exp(x) - 1 and, approximated by default,
// log1p log(1 + x); the constant one comes first.
// CHECK-LABEL: func @expansions
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK: %[[S:.*]] = llvm.intr.sqrt(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK: llvm.fdiv %[[ONE]], %[[S]] {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK: %[[ONE2:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK: %[[E:.*]] = llvm.intr.exp(%arg0) : (f32) -> f32
// CHECK: llvm.fsub %[[E]], %[[ONE2]] : f32
// CHECK: %[[ONE3:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK: %[[P:.*]] = llvm.fadd %[[ONE3]], %arg0 : f32
// CHECK: llvm.intr.log(%[[P]]) : (f32) -> f32
// EXACT-LABEL: func @expansions
// EXACT: math.log1p %arg0 : f32
func.func @expansions(%x: f32) {
  %0 = math.rsqrt %x fastmath<fast> : f32
  %1 = math.expm1 %x : f32
  %2 = math.log1p %x : f32
  return
}

// -----

// Vectors: 1-D directly (the constant is a splat), n-D unrolled.
// CHECK-LABEL: func @vectors
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg1 : vector<2x4xf32> to !llvm.array<2 x vector<4xf32>>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK: %[[S:.*]] = llvm.intr.sqrt(%arg0) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.fdiv %[[ONE]], %[[S]] : vector<4xf32>
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0] : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[E0:.*]] = llvm.intr.exp(%[[A0]]) : (vector<4xf32>) -> vector<4xf32>
// CHECK: %[[R0:.*]] = llvm.insertvalue %[[E0]], %[[U]][0] : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1] : !llvm.array<2 x vector<4xf32>>
// CHECK: %[[E1:.*]] = llvm.intr.exp(%[[A1]]) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.insertvalue %[[E1]], %[[R0]][1] : !llvm.array<2 x vector<4xf32>>
func.func @vectors(%v: vector<4xf32>, %w: vector<2x4xf32>) {
  %0 = math.rsqrt %v : vector<4xf32>
  %1 = math.exp %w : vector<2x4xf32>
  return
}

// -----

// Ops with no LLVM intrinsic are left for other conversions, as upstream.
// CHECK-LABEL: func @left_alone
// CHECK: math.tanh %arg0 : f32
func.func @left_alone(%x: f32) -> f32 {
  %0 = math.tanh %x : f32
  return %0 : f32
}
