// A tiled matmul in scf: nested for with iter_args over memref subviews, if guards and parallel outer loops.
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i0, %j0) = (%c0, %c0) to (%n, %n) step (%c16, %c16) {
    %ta = memref.subview %A[%i0, 0] [16, %n] [1, 1] : memref<?x?xf16> to memref<16x?xf16, strided<[?, 1], offset: ?>>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %ii = arith.addi %i0, %i : index
        %jj = arith.addi %j0, %j : index
        %init = memref.load %C[%ii, %jj] : memref<?x?xf32>
        %acc = scf.for %k = %c0 to %n step %c1 iter_args(%s = %init) -> (f32) {
          %a = memref.load %ta[%i, %k] : memref<16x?xf16, strided<[?, 1], offset: ?>>
          %b = memref.load %B[%k, %jj] : memref<?x?xf16>
          %ae = arith.extf %a : f16 to f32
          %be = arith.extf %b : f16 to f32
          %p = arith.mulf %ae, %be : f32
          %q = arith.addf %s, %p : f32
          scf.yield %q : f32
        }
        %inb = arith.cmpi ult, %ii, %n : index
        scf.if %inb {
          memref.store %acc, %C[%ii, %jj] : memref<?x?xf32>
        }
      }
    }
    scf.reduce
  }
  return
}
