// affine.parallel: constant/SSA/expression bounds, min/max groups, steps, reductions.
func.func @par(%A: memref<100x100xf32>, %N: index, %M: index, %a: index, %init: f32) -> (f32, f32) {
  affine.parallel (%i, %j) = (0, 0) to (100, 100) {
    %v = affine.load %A[%i, %j] : memref<100x100xf32>
    affine.store %v, %A[%j, %i] : memref<100x100xf32>
  }
  affine.parallel (%i) = (max(%a, 0)) to (min(%N, 10)) {
  }
  affine.parallel (%i, %j, %k) = (%a, 0, %a * 2) to (%N + 1, min(%M, %N floordiv 2), 64) step (2, 1, 8) {
  }
  %r:2 = affine.parallel (%i, %j) = (0, 0) to (%N, 10) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %A[%i, %j] : memref<100x100xf32>
    affine.yield %v, %v : f32, f32
  }
  %s = affine.parallel (%i) = (0) to (10) reduce ("mulf") -> f32 {
    affine.yield %init : f32
  }
  %t = affine.parallel (%i) = (0) to (10) reduce ("assign") -> i64 {
    %c = arith.constant 1 : i64
    affine.yield %c : i64
  }
  %u:3 = affine.parallel (%i) = (0) to (10) reduce ("addi", "ori", "andi") -> (i32, i32, i32) {
    %c = arith.constant 1 : i32
    affine.yield %c, %c, %c : i32, i32, i32
  }
  affine.parallel (%i) = (0) to (10) {
  } {tag = 1 : i64}
  return %r#0, %s : f32, f32
}
