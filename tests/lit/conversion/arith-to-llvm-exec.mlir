// RUN: goopt opt %s --split-input-file --convert-arith-to-llvm | FileCheck %s

// (index-bitwidth=32 is not replayed: the interpreter reads an i32 cast
// back to index as unsigned.)
// Functions for execution equivalence (passes/convertarithtollvm runs each
// before and after the conversion on random inputs): wraparound at the
// integer limits, division and remainder by non-zero divisors, shifts by
// in-range amounts, NaN-aware comparisons and float min/max, casts.

// CHECK-LABEL: func @wrap
// CHECK-NOT: arith.
func.func @wrap(%a: i32, %b: i32) -> (i32, i32, i32, i8) {
  %max = arith.constant 2147483647 : i32
  %min = arith.constant -2147483648 : i32
  %0 = arith.addi %a, %max : i32
  %1 = arith.subi %min, %b : i32
  %2 = arith.muli %0, %1 : i32
  %t = arith.trunci %2 : i32 to i8
  %3 = arith.addi %t, %t : i8
  return %0, %1, %2, %3 : i32, i32, i32, i8
}

// -----

// CHECK-LABEL: func @divide
// CHECK-NOT: arith.
func.func @divide(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %mask = arith.constant 32767 : i32
  %one = arith.constant 1 : i32
  %m = arith.andi %b, %mask : i32
  %d = arith.ori %m, %one : i32
  %neg = arith.subi %m, %mask : i32
  %0 = arith.divsi %a, %d : i32
  %1 = arith.divui %a, %d : i32
  %2 = arith.remsi %a, %d : i32
  %3 = arith.remui %neg, %d : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func @shift
// CHECK-NOT: arith.
func.func @shift(%a: i64, %b: i64) -> (i64, i64, i64, i64, i64) {
  %mask = arith.constant 63 : i64
  %s = arith.andi %b, %mask : i64
  %0 = arith.shli %a, %s : i64
  %1 = arith.shrsi %a, %s : i64
  %2 = arith.shrui %a, %s : i64
  %3 = arith.maxsi %0, %1 : i64
  %4 = arith.minui %1, %2 : i64
  return %0, %1, %2, %3, %4 : i64, i64, i64, i64, i64
}

// -----

// CHECK-LABEL: func @floats
// CHECK-NOT: arith.
func.func @floats(%x: f32, %y: f32) -> (i1, i1, i1, f32, f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %z = arith.divf %x, %y : f32
  %0 = arith.cmpf olt, %z, %nan : f32
  %1 = arith.cmpf ult, %z, %nan : f32
  %2 = arith.cmpf one, %x, %y : f32
  %3 = arith.maximumf %x, %nan : f32
  %4 = arith.maxnumf %x, %nan : f32
  %5 = arith.minimumf %x, %y : f32
  %6 = arith.negf %z : f32
  %7 = arith.remf %x, %y : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func @casts
// CHECK-NOT: arith.
func.func @casts(%a: i32, %i: index, %x: f32) -> (index, index, i32, i64, f64, i32, f32, i32, i16) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_castui %a : i32 to index
  %2 = arith.index_cast %i : index to i32
  %3 = arith.extui %a : i32 to i64
  %4 = arith.extf %x : f32 to f64
  %5 = arith.bitcast %x : f32 to i32
  %6 = arith.sitofp %a : i32 to f32
  %s = arith.cmpi sgt, %a, %2 : i32
  %7 = arith.select %s, %a, %2 : i32
  %8 = arith.trunci %a : i32 to i16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : index, index, i32, i64, f64, i32, f32, i32, i16
}

// -----

// CHECK-LABEL: func @extended
// CHECK-NOT: arith.
func.func @extended(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %ulo, %uhi = arith.mului_extended %a, %b : i32
  return %lo, %hi, %ulo, %uhi : i32, i32, i32, i32
}
