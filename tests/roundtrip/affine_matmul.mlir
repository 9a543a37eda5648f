// A tiled matmul nest mixing the affine ops the GPU pipeline uses.
#tile = affine_map<(d0) -> (d0)>
#tile_ub = affine_map<(d0) -> (d0 + 32)>
func.func @matmul(%A: memref<1024x1024xf16>, %B: memref<1024x1024xf16>, %C: memref<1024x1024xf32>) {
  affine.for %i = 0 to 1024 step 32 {
    affine.for %j = 0 to 1024 step 32 {
      affine.for %k = 0 to 1024 step 32 {
        affine.for %ii = #tile(%i) to #tile_ub(%i) {
          affine.for %jj = #tile(%j) to #tile_ub(%j) {
            %c = affine.load %C[%ii, %jj] : memref<1024x1024xf32>
            %acc = affine.for %kk = #tile(%k) to #tile_ub(%k) iter_args(%s = %c) -> (f32) {
              %a = affine.load %A[%ii, %kk] : memref<1024x1024xf16>
              %b = affine.load %B[%kk, %jj] : memref<1024x1024xf16>
              %ae = arith.extf %a : f16 to f32
              %be = arith.extf %b : f16 to f32
              %p = arith.mulf %ae, %be : f32
              %q = arith.addf %s, %p : f32
              affine.yield %q : f32
            }
            affine.store %acc, %C[%ii, %jj] : memref<1024x1024xf32>
          }
        }
      }
    }
  }
  return
}
