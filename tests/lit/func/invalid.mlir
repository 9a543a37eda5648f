// RUN: goopt opt %s --split-input-file --verify-diagnostics

// return must produce every result.
func.func @missing_result(%a: i32) -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@missing_result) returns 1}}
  return
}

// -----

// return operand types match the results.
func.func @wrong_result(%a: i32) -> i32 {
  %0 = arith.constant 0 : i64
  // expected-error @+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @wrong_result}}
  return %0 : i64
}

// -----

// A declaration cannot be public.
// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32)

// -----

// Call operand types match the callee.
func.func private @g(i32) -> i32
func.func @call_operand(%a: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = func.call @g(%a) : (i64) -> i32
  return
}

// -----

// Call operand counts match the callee.
func.func private @g(i32) -> i32
func.func @call_count(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @g(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// Call result types match the callee.
func.func private @g(i32) -> i32
func.func @call_result(%a: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'i64'}}
  // expected-note @+1 {{function result types: 'i32'}}
  %0 = func.call @g(%a) : (i32) -> i64
  return
}

// -----

// The callee must exist.
func.func @call_missing(%a: i32) {
  // expected-error @+1 {{'func.call' op 'nope' does not reference a valid function}}
  %0 = func.call @nope(%a) : (i32) -> i64
  return
}

// -----

// func.constant refers to a function.
func.func @constant_missing() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : (i32) -> i32
  return
}

// -----

// func.constant's type is the function's.
func.func private @g(i32) -> i32
func.func @constant_type() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @g : (i32) -> i64
  return
}

// -----

// call_indirect needs a function value.
func.func @indirect_not_fn(%a: i32) {
  // expected-error @+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  %0 = "func.call_indirect"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// call_indirect arguments match the function type.
func.func @indirect_args(%fn: (i32) -> i32, %a: i64) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %0 = "func.call_indirect"(%fn, %a) : ((i32) -> i32, i64) -> i32
  return
}

// -----

// Entry block arguments match the signature.
// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32) -> ()} : () -> ()

// -----

// The entry block has one argument per input.
// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() ({
^bb0(%a: i32, %b: i32):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32) -> ()} : () -> ()

// -----

// Result attributes are dialect attributes.
// expected-error @+1 {{'func.func' op results may only have dialect attributes}}
func.func @res_attr(%a: i32) -> (i32 {x}) {
  return %a : i32
}

// -----

// Argument attributes are dialect attributes.
// expected-error @+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @arg_attr(%a: i32 {x}) {
  return
}

// -----

// arg_attrs has one entry per argument.
// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32) -> (), arg_attrs = [{}, {}]} : () -> ()

// -----

// return lives in a func.func.
"builtin.module"() ({
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

// function_type is a function type.
// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = i32} : () -> ()

// -----

// arg_attrs holds dictionaries only.
// expected-error @+1 {{'func.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = (i32) -> (), arg_attrs = [1]} : () -> ()

// -----

// A function has a name.
// expected-error @+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() ({
  "func.return"() : () -> ()
}) {function_type = () -> ()} : () -> ()

// -----

// func.constant names a function of this symbol table, not a nested one.
func.func @constant_nested() {
  // expected-error @+1 {{'func.constant' op attribute 'value' failed to satisfy constraint: flat symbol reference attribute}}
  %0 = "func.constant"() {value = @a::@b} : () -> (() -> ())
  return
}

// -----

// The callee of func.call is a flat symbol reference.
func.func @call_nested() {
  // expected-error @+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  "func.call"() {callee = @a::@b} : () -> ()
  return
}

// -----

// The signature of a call gives one type per operand.
func.func private @g(i32) -> i32
func.func @call_type_count(%a: i32) {
  // expected-error @+1 {{2 operands present, but expected 1}}
  %0 = func.call @g(%a, %a) : (i32) -> i32
  return
}

// -----

// So does a return's type list.
func.func @return_type_count(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{2 operands present, but expected 1}}
  return %a, %a : i32
}

// -----

// call_indirect results match the function type.
func.func @indirect_results(%fn: (i32) -> i32, %a: i32) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%fn, %a) : ((i32) -> i32, i32) -> i64
  return
}
