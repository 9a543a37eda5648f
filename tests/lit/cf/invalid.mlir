// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Branch operand types match the block arguments.
func.func @br_type(%a: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x: i64):
  return
}

// -----

// Branch operand counts match the block arguments.
func.func @br_count(%a: i32) {
  // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i32):
  return
}

// -----

// cond_br checks each successor.
func.func @cond_br_false_dest(%c: i1, %a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #1, but target block has 0}}
  cf.cond_br %c, ^bb1, ^bb1(%a : i32)
^bb1:
  return
}

// -----

// cond_br takes an i1 condition.
func.func @cond_br_cond(%c: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// assert takes an i1.
func.func @assert_cond(%c: i32) {
  // expected-error @+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "x"}> : (i32) -> ()
  return
}

// -----

// One case value per case destination.
func.func @switch_count(%a: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%a)[^bb1, ^bb1] <{case_values = dense<[1, 2]> : vector<2xi32>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// Case values have the flag's type.
func.func @switch_value_type(%a: i32) {
  // expected-error @+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%a)[^bb1, ^bb1] <{case_values = dense<[1]> : vector<1xi64>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// Switch case operands match their destination.
func.func @switch_case_operands(%a: i32, %f: f32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #1}}
  cf.switch %a : i32, [
    default: ^bb1(%a : i32),
    3: ^bb1(%f : f32)
  ]
^bb1(%x: i32):
  return
}

// -----

// Switch default operands match the default block.
func.func @switch_default_operands(%a: i32) {
  // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.switch %a : i32, [
    default: ^bb1
  ]
^bb1(%x: i32):
  return
}

// -----

// The switch flag is a signless integer.
func.func @switch_flag_index(%a: index) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be integer, but got 'index'}}
  "cf.switch"(%a)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> ()
^bb1:
  return
}
