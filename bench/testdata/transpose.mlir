// A hand-written naive transpose in gpu.launch form at a static 48x80:
// one thread per element, 16x16 blocks.
func.func @transpose(%a: memref<48x80xf32>, %b: memref<80x48xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c5, %gy = %c3, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %i0 = arith.muli %by, %c16 : index
    %i = arith.addi %i0, %ty : index
    %j0 = arith.muli %bx, %c16 : index
    %j = arith.addi %j0, %tx : index
    %v = memref.load %a[%i, %j] : memref<48x80xf32>
    memref.store %v, %b[%j, %i] : memref<80x48xf32>
    gpu.terminator
  }
  return
}
