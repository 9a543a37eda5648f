// RUN: goopt opt %s --split-input-file --gpu-kernel-outlining --verify-diagnostics

// A kernel must be able to see every symbol it references: one the module
// does not define is refused at the op that names it (upstream crashes),
// and nothing is outlined.
func.func @undefined_symbol(%A: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'memref.load' op cannot be outlined into a kernel: symbol '@nowhere' is not defined in the enclosing module}}
    %v = memref.load %A[%tx] {note = @nowhere} : memref<32xf32>
    memref.store %v, %A[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}
