// Planted bugs for check-equiv.mlir: @sum starts its reduction at 1, @axpy
// reads one element past the end of %x.
func.func @sum(%a: memref<16xf32>) -> f32 {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %one) -> f32 {
    %x = memref.load %a[%i] : memref<16xf32>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  return %r : f32
}

func.func @axpy(%alpha: f32, %x: memref<8xf32>, %y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %x[%i + 1] : memref<8xf32>
    %b = affine.load %y[%i] : memref<8xf32>
    %m = arith.mulf %alpha, %a : f32
    %s = arith.addf %m, %b : f32
    affine.store %s, %y[%i] : memref<8xf32>
  }
  return
}
