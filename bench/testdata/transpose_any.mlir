// A hand-written naive transpose in gpu.launch form with dynamic sizes:
// one thread per element in 32x8 blocks, boundary threads guarded.
func.func @transpose(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %n = memref.dim %a, %c1 : memref<?x?xf32>
  %gx = arith.ceildivui %n, %c32 : index
  %gy = arith.ceildivui %m, %c8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%sgx = %gx, %sgy = %gy, %sgz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c8, %sz = %c1) {
    %i0 = arith.muli %by, %c8 : index
    %i = arith.addi %i0, %ty : index
    %j0 = arith.muli %bx, %c32 : index
    %j = arith.addi %j0, %tx : index
    %ini = arith.cmpi ult, %i, %m : index
    %inj = arith.cmpi ult, %j, %n : index
    %in = arith.andi %ini, %inj : i1
    scf.if %in {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      memref.store %v, %b[%j, %i] : memref<?x?xf32>
    }
    gpu.terminator
  }
  return
}
