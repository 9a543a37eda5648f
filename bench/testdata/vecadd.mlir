// A hand-written vector add in gpu.launch form with dynamic sizes: goopt
// bench vecadd --sizes=N specialises it (the grid folds to a constant).
func.func @vecadd(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %g = arith.ceildivui %n, %c256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %c256 : index
    %i = arith.addi %base, %tx : index
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %x = memref.load %a[%i] : memref<?xf32>
      %y = memref.load %b[%i] : memref<?xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c[%i] : memref<?xf32>
    }
    gpu.terminator
  }
  return
}
