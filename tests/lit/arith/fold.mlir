// RUN: goopt opt %s --canonicalize --split-input-file | FileCheck %s

// Integer arithmetic wraps at the type's width.
// CHECK-LABEL: func @fold_wrap
func.func @fold_wrap() -> (i8, i8, i32) {
  %a = arith.constant 127 : i8
  %b = arith.constant 1 : i8
  %c = arith.constant -128 : i8
  %d = arith.constant 2147483647 : i32
  // CHECK-DAG: arith.constant -128 : i8
  // CHECK-DAG: arith.constant 0 : i8
  // CHECK-DAG: arith.constant 1 : i32
  %0 = arith.addi %a, %b : i8
  %1 = arith.muli %c, %c : i8
  %2 = arith.muli %d, %d : i32
  return %0, %1, %2 : i8, i8, i32
}

// -----

// Signed and unsigned division; division by zero and MIN / -1 do not fold.
// CHECK-LABEL: func @fold_div
func.func @fold_div() -> (i32, i32, i32, i32, i8, i32) {
  %m7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 0 : i32
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  // CHECK-DAG: arith.constant -3 : i32
  // CHECK-DAG: arith.constant 2147483644 : i32
  // CHECK-DAG: arith.constant -4 : i32
  // CHECK: arith.divsi
  // CHECK: arith.divsi
  %0 = arith.divsi %m7, %c2 : i32
  %1 = arith.divui %m7, %c2 : i32
  %2 = arith.floordivsi %m7, %c2 : i32
  %3 = arith.divsi %m7, %c0 : i32
  %4 = arith.divsi %min, %m1 : i8
  %5 = arith.ceildivsi %m7, %c2 : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i8, i32
}

// -----

// Remainders, shifts and bitwise ops.
// CHECK-LABEL: func @fold_bits
func.func @fold_bits() -> (i32, i32, i32, i32, i32, i32) {
  %m7 = arith.constant -7 : i32
  %c3 = arith.constant 3 : i32
  %c33 = arith.constant 33 : i32
  // CHECK-DAG: arith.constant -1 : i32
  // CHECK-DAG: arith.constant 536870911 : i32
  // CHECK-DAG: arith.constant -56 : i32
  // CHECK-DAG: arith.constant 1 : i32
  // CHECK: arith.shli
  %0 = arith.remsi %m7, %c3 : i32
  %1 = arith.shrui %m7, %c3 : i32
  %2 = arith.shli %m7, %c3 : i32
  %3 = arith.shli %m7, %c33 : i32
  %4 = arith.andi %m7, %c3 : i32
  %5 = arith.shrsi %m7, %c3 : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

// Identities: x + 0, x * 1, x * 0, x - x, x ^ x, x | x.
// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[X:.*]]: i32)
func.func @identities(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[Z:.*]] = arith.constant 0 : i32
  // CHECK: return %[[X]], %[[X]], %[[Z]], %[[Z]], %[[Z]], %[[X]]
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %x, %c1 : i32
  %2 = arith.muli %x, %c0 : i32
  %3 = arith.subi %x, %x : i32
  %4 = arith.xori %x, %x : i32
  %5 = arith.ori %x, %x : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

// Float folding rounds once to the result type.
// CHECK-LABEL: func @fold_float
func.func @fold_float() -> (f32, f16, f64) {
  %a = arith.constant 0.1 : f32
  %b = arith.constant 0.2 : f32
  %h = arith.constant 1.0e+04 : f16
  %d = arith.constant 1.0 : f64
  %z = arith.constant 0.0 : f64
  // CHECK-DAG: arith.constant 3.000000e-01 : f32
  // CHECK-DAG: arith.constant 0x7C00 : f16
  // CHECK-DAG: arith.constant 0x7FF0000000000000 : f64
  %0 = arith.addf %a, %b : f32
  %1 = arith.mulf %h, %h : f16
  %2 = arith.divf %d, %z : f64
  return %0, %1, %2 : f32, f16, f64
}

// -----

// Comparisons of constants and of equal operands.
// CHECK-LABEL: func @fold_cmp
func.func @fold_cmp(%x: i32) -> (i1, i1, i1, i1) {
  %a = arith.constant -1 : i32
  %b = arith.constant 1 : i32
  // CHECK-DAG: %[[T:.*]] = arith.constant true
  // CHECK-DAG: %[[F:.*]] = arith.constant false
  // CHECK: return %[[T]], %[[F]], %[[T]], %[[F]]
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi ult, %a, %b : i32
  %2 = arith.cmpi sle, %x, %x : i32
  %3 = arith.cmpi ne, %x, %x : i32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

// select with a constant condition or equal branches.
// CHECK-LABEL: func @fold_select
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[C:.*]]: i1)
func.func @fold_select(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32) {
  %t = arith.constant true
  // CHECK: return %[[A]], %[[B]], %[[A]]
  %0 = arith.select %t, %a, %b : i32
  %1 = arith.select %c, %b, %b : i32
  %2 = arith.select %c, %a, %a : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// Casts of constants.
// CHECK-LABEL: func @fold_casts
func.func @fold_casts() -> (i64, i64, i8, f32, i32, index) {
  %a = arith.constant -1 : i32
  %f = arith.constant -2.5 : f32
  // CHECK-DAG: arith.constant -1 : i64
  // CHECK-DAG: arith.constant 4294967295 : i64
  // CHECK-DAG: arith.constant -1 : i8
  // CHECK-DAG: arith.constant -1.000000e+00 : f32
  // CHECK-DAG: arith.constant -2 : i32
  // CHECK-DAG: arith.constant -1 : index
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.trunci %a : i32 to i8
  %3 = arith.sitofp %a : i32 to f32
  %4 = arith.fptosi %f : f32 to i32
  %5 = arith.index_cast %a : i32 to index
  return %0, %1, %2, %3, %4, %5 : i64, i64, i8, f32, i32, index
}

// -----

// Splat vector constants fold elementwise.
// CHECK-LABEL: func @fold_vector
func.func @fold_vector() -> vector<4xi32> {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  // CHECK: arith.constant dense<[4, 5, 6, 7]> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  return %0 : vector<4xi32>
}

// -----

// addi(addi(x, c0), c1) -> addi(x, c0 + c1).
// CHECK-LABEL: func @reassoc_add
func.func @reassoc_add(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // CHECK: %[[C:.*]] = arith.constant 3 : i32
  // CHECK: arith.addi %{{.*}}, %[[C]] : i32
  %0 = arith.addi %x, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}

// -----

// xori(cmpi(pred), true) inverts the predicate.
// CHECK-LABEL: func @not_cmpi
func.func @not_cmpi(%a: i32, %b: i32) -> i1 {
  %t = arith.constant true
  // CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i32
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.xori %0, %t : i1
  return %1 : i1
}

// -----

// select(pred, 1, 0) becomes a zero extension.
// CHECK-LABEL: func @select_to_extui
func.func @select_to_extui(%c: i1) -> i32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  // CHECK: arith.extui %{{.*}} : i1 to i32
  %0 = arith.select %c, %one, %zero : i32
  return %0 : i32
}

// -----

// index_cast(index_cast(x)) -> x.
// CHECK-LABEL: func @index_cast_chain
// CHECK-SAME: (%[[X:.*]]: i32)
func.func @index_cast_chain(%x: i32) -> i32 {
  // CHECK: return %[[X]]
  %0 = arith.index_cast %x : i32 to index
  %1 = arith.index_cast %0 : index to i32
  return %1 : i32
}
