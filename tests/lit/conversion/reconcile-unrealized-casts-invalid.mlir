// RUN: goopt opt %s --split-input-file --reconcile-unrealized-casts --verify-diagnostics

// A cast chain that does not come back to its source type is an
// unfinished conversion; every live cast of it is reported.
func.func @unresolved(%x: i32) -> i64 {
  // expected-error @+2 {{'builtin.unrealized_conversion_cast' op failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal}}
  // expected-note @+1 {{unresolved conversion from ('i32') to ('index')}}
  %0 = builtin.unrealized_conversion_cast %x : i32 to index
  // expected-error @+2 {{'builtin.unrealized_conversion_cast' op failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal}}
  // expected-note @+1 {{unresolved conversion from ('index') to ('i64')}}
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  return %1 : i64
}
