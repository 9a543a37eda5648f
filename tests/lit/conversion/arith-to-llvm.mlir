// RUN: goopt opt %s --split-input-file --convert-arith-to-llvm | FileCheck %s
// RUN: goopt opt %s --split-input-file --convert-arith-to-llvm=index-bitwidth=32 | FileCheck %s --check-prefix=IDX32

// Integer arithmetic keeps its overflow flags; division, remainder and
// shifts map one to one; min/max become intrinsics.
// CHECK-LABEL: func @int_ops
// CHECK: llvm.add %arg0, %arg1 overflow<nsw> : i32
// CHECK: llvm.sub %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK: llvm.mul %arg0, %arg1 : i32
// CHECK: llvm.sdiv %arg0, %arg1 : i32
// CHECK: llvm.udiv %arg0, %arg1 : i32
// CHECK: llvm.srem %arg0, %arg1 : i32
// CHECK: llvm.urem %arg0, %arg1 : i32
// CHECK: llvm.and %arg0, %arg1 : i32
// CHECK: llvm.or %arg0, %arg1 : i32
// CHECK: llvm.xor %arg0, %arg1 : i32
// CHECK: llvm.shl %arg0, %arg1 overflow<nuw> : i32
// CHECK: llvm.ashr %arg0, %arg1 : i32
// CHECK: llvm.lshr %arg0, %arg1 : i32
// CHECK: llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
// CHECK: llvm.intr.umax(%arg0, %arg1) : (i32, i32) -> i32
// CHECK: llvm.intr.smin(%arg0, %arg1) : (i32, i32) -> i32
// CHECK: llvm.intr.umin(%arg0, %arg1) : (i32, i32) -> i32
func.func @int_ops(%a: i32, %b: i32) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.subi %a, %b overflow<nsw, nuw> : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.andi %a, %b : i32
  %8 = arith.ori %a, %b : i32
  %9 = arith.xori %a, %b : i32
  %10 = arith.shli %a, %b overflow<nuw> : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.shrui %a, %b : i32
  %13 = arith.maxsi %a, %b : i32
  %14 = arith.maxui %a, %b : i32
  %15 = arith.minsi %a, %b : i32
  %16 = arith.minui %a, %b : i32
  return
}

// -----

// Float arithmetic keeps its fast-math flags (renumbered to LLVM's);
// negf is fneg; the four min/max flavours are their intrinsics.
// CHECK-LABEL: func @float_ops
// CHECK: llvm.fadd %arg0, %arg1 {fastmathFlags = #llvm.fastmath<nnan, reassoc>} : f32
// CHECK: llvm.fsub %arg0, %arg1 : f32
// CHECK: llvm.fmul %arg0, %arg1 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK: llvm.fdiv %arg0, %arg1 : f32
// CHECK: llvm.frem %arg0, %arg1 : f32
// CHECK: llvm.fneg %arg0 {fastmathFlags = #llvm.fastmath<nsz>} : f32
// CHECK: llvm.intr.maximum(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: llvm.intr.minimum(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: llvm.intr.maxnum(%arg0, %arg1) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, f32) -> f32
// CHECK: llvm.intr.minnum(%arg0, %arg1) : (f32, f32) -> f32
func.func @float_ops(%x: f32, %y: f32) {
  %0 = arith.addf %x, %y fastmath<reassoc,nnan> : f32
  %1 = arith.subf %x, %y : f32
  %2 = arith.mulf %x, %y fastmath<fast> : f32
  %3 = arith.divf %x, %y : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.negf %x fastmath<nsz> : f32
  %6 = arith.maximumf %x, %y : f32
  %7 = arith.minimumf %x, %y : f32
  %8 = arith.maxnumf %x, %y fastmath<nnan> : f32
  %9 = arith.minnumf %x, %y : f32
  return
}

// -----

// Comparisons keep their predicate; select is llvm.select.
// CHECK-LABEL: func @compare
// CHECK: %[[C:.*]] = llvm.icmp "ult" %arg0, %arg1 : i32
// CHECK: llvm.fcmp "uno" %arg2, %arg3 : f32
// CHECK: llvm.fcmp "oge" %arg2, %arg3 {fastmathFlags = #llvm.fastmath<ninf>} : f32
// CHECK: llvm.select %[[C]], %arg0, %arg1 : i1, i32
func.func @compare(%a: i32, %b: i32, %x: f32, %y: f32) -> i32 {
  %0 = arith.cmpi ult, %a, %b : i32
  %1 = arith.cmpf uno, %x, %y : f32
  %2 = arith.cmpf oge, %x, %y fastmath<ninf> : f32
  %3 = arith.select %0, %a, %b : i32
  return %3 : i32
}

// -----

// Casts, and index casts by the index bitwidth: to a wider type a sext
// (zext for index_castui), to a narrower one a trunc, none at equal width.
// CHECK-LABEL: func @casts
// CHECK: %[[I:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i64
// CHECK: llvm.sext %arg0 : i32 to i64
// CHECK: llvm.zext %arg0 : i32 to i64
// CHECK: llvm.trunc %[[I]] : i64 to i32
// CHECK: llvm.sext %arg0 : i32 to i64
// CHECK: llvm.zext %arg0 : i32 to i64
// CHECK: llvm.fpext %arg1 : f32 to f64
// CHECK: llvm.fptrunc %arg1 : f32 to f16
// CHECK: llvm.fptosi %arg1 : f32 to i32
// CHECK: llvm.fptoui %arg1 : f32 to i32
// CHECK: llvm.sitofp %arg0 : i32 to f32
// CHECK: llvm.uitofp %arg0 : i32 to f32
// CHECK: llvm.bitcast %arg1 : f32 to i32
// CHECK: llvm.trunc %arg0 : i32 to i8
// CHECK-NOT: arith.
// IDX32-LABEL: func @casts
// IDX32-NOT: llvm.sext
// IDX32-NOT: llvm.zext
// IDX32-NOT: llvm.trunc
// IDX32: llvm.sext %arg0 : i32 to i64
// IDX32-NEXT: llvm.zext %arg0 : i32 to i64
func.func @casts(%a: i32, %x: f32, %i: index) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_castui %a : i32 to index
  %2 = arith.index_cast %i : index to i32
  %3 = arith.extsi %a : i32 to i64
  %4 = arith.extui %a : i32 to i64
  %5 = arith.extf %x : f32 to f64
  %6 = arith.truncf %x : f32 to f16
  %7 = arith.fptosi %x : f32 to i32
  %8 = arith.fptoui %x : f32 to i32
  %9 = arith.sitofp %a : i32 to f32
  %10 = arith.uitofp %a : i32 to f32
  %11 = arith.bitcast %x : f32 to i32
  %12 = arith.trunci %a : i32 to i8
  return
}

// -----

// Constants keep their attribute on the converted type (an index constant
// stays `: index` on an i64); vectors of rank > 1 are !llvm.array.
// CHECK-LABEL: func @constants
// CHECK: llvm.mlir.constant(5 : index) : i64
// CHECK: llvm.mlir.constant(-1 : i8) : i8
// CHECK: llvm.mlir.constant(2.500000e+00 : f32) : f32
// CHECK: llvm.mlir.constant(dense<1> : vector<4xi32>) : vector<4xi32>
// CHECK: llvm.mlir.constant(dense<2.000000e+00> : vector<2x3xf32>) : !llvm.array<2 x vector<3xf32>>
// IDX32-LABEL: func @constants
// IDX32: llvm.mlir.constant(5 : index) : i32
func.func @constants() {
  %0 = arith.constant 5 : index
  %1 = arith.constant -1 : i8
  %2 = arith.constant 2.5 : f32
  %3 = arith.constant dense<1> : vector<4xi32>
  %4 = arith.constant dense<2.0> : vector<2x3xf32>
  return
}

// -----

// 1-D vectors map directly; an n-D vector op is unrolled over the outer
// !llvm.array dimension(s), one op per innermost 1-D vector.
// CHECK-LABEL: func @vectors
// CHECK-DAG: %[[A:.*]] = builtin.unrealized_conversion_cast %arg1 : vector<2x3xi32> to !llvm.array<2 x vector<3xi32>>
// CHECK-DAG: %[[B:.*]] = builtin.unrealized_conversion_cast %arg2 : vector<2x3xi32> to !llvm.array<2 x vector<3xi32>>
// CHECK: llvm.mul %arg0, %arg0 : vector<4xi32>
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.array<2 x vector<3xi32>>
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0] : !llvm.array<2 x vector<3xi32>>
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[B]][0] : !llvm.array<2 x vector<3xi32>>
// CHECK: %[[S0:.*]] = llvm.add %[[A0]], %[[B0]] : vector<3xi32>
// CHECK: %[[R0:.*]] = llvm.insertvalue %[[S0]], %[[U]][0] : !llvm.array<2 x vector<3xi32>>
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1] : !llvm.array<2 x vector<3xi32>>
// CHECK: %[[B1:.*]] = llvm.extractvalue %[[B]][1] : !llvm.array<2 x vector<3xi32>>
// CHECK: %[[S1:.*]] = llvm.add %[[A1]], %[[B1]] : vector<3xi32>
// CHECK: %[[R1:.*]] = llvm.insertvalue %[[S1]], %[[R0]][1] : !llvm.array<2 x vector<3xi32>>
// CHECK: llvm.mlir.undef : !llvm.array<2 x vector<3xi1>>
// CHECK: llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK: llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK: llvm.mlir.undef : !llvm.array<2 x vector<3xi64>>
// CHECK: llvm.sext %{{.*}} : vector<3xi32> to vector<3xi64>
// CHECK: llvm.sext %{{.*}} : vector<3xi32> to vector<3xi64>
func.func @vectors(%v: vector<4xi32>, %a: vector<2x3xi32>, %b: vector<2x3xi32>) {
  %0 = arith.muli %v, %v : vector<4xi32>
  %1 = arith.addi %a, %b : vector<2x3xi32>
  %2 = arith.cmpi slt, %1, %b : vector<2x3xi32>
  %3 = arith.index_cast %a : vector<2x3xi32> to vector<2x3xindex>
  return
}

// -----

// The extended multiplications widen, multiply and split the product.
// CHECK-LABEL: func @mul_extended
// CHECK: %[[L:.*]] = llvm.sext %arg0 : i32 to i64
// CHECK: %[[R:.*]] = llvm.sext %arg1 : i32 to i64
// CHECK: %[[M:.*]] = llvm.mul %[[L]], %[[R]] : i64
// CHECK: llvm.trunc %[[M]] : i64 to i32
// CHECK: %[[C:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK: %[[H:.*]] = llvm.lshr %[[M]], %[[C]] : i64
// CHECK: llvm.trunc %[[H]] : i64 to i32
// CHECK: llvm.zext %arg0 : i32 to i64
func.func @mul_extended(%a: i32, %b: i32) -> (i32, i32, i32) {
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %ulo, %uhi = arith.mului_extended %a, %b : i32
  return %lo, %hi, %uhi : i32, i32, i32
}

// -----

// As in MLIR 19, ceildivsi, ceildivui and floordivsi are left for
// arith-expand.
// CHECK-LABEL: func @left_alone
// CHECK: arith.ceildivsi
// CHECK: arith.floordivsi
// CHECK: arith.ceildivui
func.func @left_alone(%a: i32, %b: i32) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.floordivsi %a, %b : i32
  %2 = arith.ceildivui %a, %b : i32
  return
}
