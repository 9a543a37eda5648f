// affine.if: named and inline sets, dims and symbols, else regions, results.
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 1 >= 0)>
#eq = affine_set<(d0, d1) : (d0 - d1 == 0)>
func.func @conds(%A: memref<10xf32>, %n: index, %v: f32, %w: f32) -> f32 {
  affine.for %i = 0 to 10 {
    affine.if #set(%i)[%n] {
      affine.store %v, %A[%i] : memref<10xf32>
    }
    affine.if #eq(%i, %n) {
    } else {
      affine.store %w, %A[%i] : memref<10xf32>
    }
    affine.if affine_set<(d0) : (d0 >= 0, -d0 + 9 >= 0)>(%i) {
    } {tag}
  }
  %r = affine.if affine_set<()[s0] : (s0 - 5 >= 0)>()[%n] -> f32 {
    affine.yield %v : f32
  } else {
    affine.yield %w : f32
  }
  %p:2 = affine.if #set(%n)[%n] -> (f32, index) {
    affine.yield %v, %n : f32, index
  } else {
    affine.yield %w, %n : f32, index
  }
  return %r : f32
}
