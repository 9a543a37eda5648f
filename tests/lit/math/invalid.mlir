// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Rejects sqrt of an integer.
func.func @sqrt_of_an_integer(%a: i32) {
  // expected-error @+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.sqrt"(%a) : (i32) -> i32
  return
}

// -----

// Rejects exp of an index.
func.func @exp_of_an_index(%a: index) {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'index'}}
  %0 = "math.exp"(%a) : (index) -> index
  return
}

// -----

// Rejects absi of a float.
func.func @absi_of_a_float(%x: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%x) : (f32) -> f32
  return
}

// -----

// Rejects ctlz of a float.
func.func @ctlz_of_a_float(%x: f32) {
  // expected-error @+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ctlz"(%x) : (f32) -> f32
  return
}

// -----

// Rejects mixed powf operands.
func.func @mixed_powf_operands(%x: f32, %y: f64) {
  // expected-error @+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%x, %y) : (f32, f64) -> f32
  return
}

// -----

// Rejects fma result type.
func.func @fma_result_type(%x: f32) {
  // expected-error @+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%x, %x, %x) : (f32, f32, f32) -> f64
  return
}

// -----

// Rejects fpowi exponent.
func.func @fpowi_exponent(%x: f32) {
  // expected-error @+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "math.fpowi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

// Rejects fpowi base.
func.func @fpowi_base(%a: i32) {
  // expected-error @+1 {{'math.fpowi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.fpowi"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// Rejects ipowi of floats.
func.func @ipowi_of_floats(%x: f32) {
  // expected-error @+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ipowi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

// Rejects tanh result integer.
func.func @tanh_result_integer(%x: f32) {
  // expected-error @+1 {{'math.tanh' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.tanh"(%x) : (f32) -> i32
  return
}

// -----

// Rejects copysign vector mismatch.
func.func @copysign_vector_mismatch(%x: vector<4xf32>, %y: vector<2xf32>) {
  // expected-error @+1 {{'math.copysign' op requires the same type for all operands and results}}
  %0 = "math.copysign"(%x, %y) : (vector<4xf32>, vector<2xf32>) -> vector<4xf32>
  return
}

// -----

// Rejects ctpop of signed.
func.func @ctpop_of_signed(%a: si32) {
  // expected-error @+1 {{'math.ctpop' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = "math.ctpop"(%a) : (si32) -> si32
  return
}

// -----

// fpowi takes a base and an exponent.
func.func @fpowi_operand_count(%x: f32) {
  // expected-error @+1 {{'math.fpowi' op expected 2 operands, but found 3}}
  %0 = "math.fpowi"(%x, %x, %x) : (f32, f32, f32) -> f32
  return
}

// -----

// fpowi's result has the base's type.
func.func @fpowi_result(%x: f32, %n: i32) {
  // expected-error @+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%x, %n) : (f32, i32) -> f64
  return
}

// -----

// fastmath holds fast-math flags.
func.func @fastmath_kind(%x: f32) {
  // expected-error @+1 {{'math.sqrt' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.sqrt"(%x) {fastmath = 1 : i32} : (f32) -> f32
  return
}
