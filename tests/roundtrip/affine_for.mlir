// affine.for: constant, SSA-symbol and map bounds, min/max, step, iter_args, attributes.
#lb = affine_map<(d0)[s0] -> (d0, s0)>
#ub = affine_map<(d0) -> (d0 + 10, 100)>
func.func @loops(%A: memref<100xf32>, %n: index, %a: index, %b: index, %init: f32) -> f32 {
  affine.for %i = 0 to 10 {
  }
  affine.for %i = -4 to 10 step 3 {
  }
  affine.for %i = %a to %n {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 8)>(%i) {
    }
  }
  affine.for %i = max #lb(%a)[%b] to min #ub(%n) step 4 {
  }
  affine.for %i = affine_map<()[s0] -> (s0 floordiv 2)>()[%n] to affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%a)[%b] {
  }
  %r = affine.for %i = 0 to 10 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  %p:2 = affine.for %i = 0 to %n iter_args(%x = %r, %y = %init) -> (f32, f32) {
    affine.yield %y, %x : f32, f32
  }
  affine.for %i = 0 to 4 {
  } {my.attr = 3 : i64}
  return %p#0 : f32
}
