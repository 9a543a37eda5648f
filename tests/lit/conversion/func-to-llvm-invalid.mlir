// RUN: goopt opt %s --split-input-file --convert-func-to-llvm=use-bare-ptr-memref-call-conv --verify-diagnostics

// A dynamic memref cannot be passed as a bare pointer: the signature does
// not convert and the pass fails with a located error (upstream leaves the
// func.func in place and converts its body).
// expected-error @+2 {{'func.func' op failed to legalize operation 'func.func' that was explicitly marked illegal}}
// expected-note @+1 {{failed to convert function signature}}
func.func @dynamic(%m: memref<?xf32>) {
  return
}

// -----

// A tensor argument has no llvm type.
// expected-error @+2 {{'func.func' op failed to legalize operation 'func.func' that was explicitly marked illegal}}
// expected-note @+1 {{failed to convert function signature}}
func.func @tensor(%t: tensor<4xf32>) {
  return
}

// -----

// C interface wrappers are not generated.
// expected-error @+1 {{'func.func' op 'llvm.emit_c_interface' is not supported by goopt's convert-func-to-llvm}}
func.func @c_iface(%x: i32) attributes {llvm.emit_c_interface} {
  return
}
