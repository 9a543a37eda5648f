// RUN: goopt opt %s --split-input-file --verify-diagnostics

// A module's region takes no arguments.
// expected-error @+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// unrealized_conversion_cast produces at least one value.
func.func @cast_no_result(%a: i32) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"(%a) : (i32) -> ()
  return
}

// -----

// A module's name is a string.
// expected-error @+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({
}) {sym_name = 3 : i32} : () -> ()

// -----

// The types after ':' are one per input.
func.func @cast_type_count(%a: i32) {
  // expected-error @+1 {{2 operands present, but expected 1}}
  %0 = builtin.unrealized_conversion_cast %a, %a : i32 to i64
  return
}
