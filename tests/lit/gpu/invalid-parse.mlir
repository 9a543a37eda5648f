// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Enum keywords are checked while parsing (mlir-opt-19 adds a second error
// naming the attribute parameter, which goopt does not repeat).

func.func @f() {
  // expected-error @+1 {{expected ::mlir::gpu::Dimension to be one of: x, y, z}}
  %t = gpu.thread_id w
  return
}

// -----

func.func @f(%v: f32, %o: i32) {
  // expected-error @+1 {{expected ::mlir::gpu::ShuffleMode to be one of: xor, up, down, idx}}
  %r, %p = gpu.shuffle foo %v, %o, %o : f32
  return
}
