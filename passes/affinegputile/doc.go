// Package affinegputile implements affine-gpu-tile, the first stage of
// goopt's GPU matmul pipeline (the paper's multi-level tiling and loop
// permutation; upstream MLIR has no such pass). It takes a perfect affine
// matmul nest
//
//	affine.for %i = 0 to 128 {
//	  affine.for %j = 0 to 128 {
//	    affine.for %k = 0 to 64 {
//	      %a = affine.load %A[%i, %k] : memref<128x64xf16>
//	      %b = affine.load %B[%k, %j] : memref<64x128xf16>
//	      %c = affine.load %C[%i, %j] : memref<128x128xf32>
//	      ... extf, extf, mulf, addf ...
//	      affine.store %s, %C[%i, %j] : memref<128x128xf32>
//
// and tiles it for thread blocks (tb-tile, default 128,128,64), warps
// (warp-tile, default 64,32,32) and WMMA operations (mma-tile, default
// 16,16,16), in the paper's loop order, every intra-tile loop relative to
// its tile. With tb-tile=64,64,32 warp-tile=32,32,16:
//
//	affine.for %i = 0 to 128 step 64 {
//	  affine.for %j = 0 to 128 step 64 {
//	    affine.for %ii = 0 to 64 step 32 {
//	      affine.for %jj = 0 to 64 step 32 {
//	        affine.for %k = 0 to 64 step 32 {
//	          affine.for %kk = 0 to 32 step 16 {
//	            affine.for %kkk = 0 to 16 step 16 {
//	              affine.for %iii = 0 to 32 step 16 {
//	                affine.for %jjj = 0 to 32 step 16 {
//	                  affine.for %pi = 0 to 16 {
//	                    affine.for %pj = 0 to 16 {
//	                      affine.for %pk = 0 to 16 {
//	                        %a = affine.load %A[%i + %ii + %iii + %pi, %k + %kk + %kkk + %pk]
//	                        ...
//
// The loops of C's row, C's column and the reduction are found from the
// accesses (C[i, j], A[i, k], B[k, j]), so any input order is accepted.
// The transformation is checked legal with the dependence analysis (the
// band must be fully permutable; otherwise a remark, IR unchanged). A
// nest that is not a matmul gets a remark and is left alone. A size the
// thread-block tile does not divide is an error at the loop:
//
//	'affine.for' op matmul size 100 is not a multiple of the thread-block tile 64
//
// The work is gpuutil.TileMatmulForGPU.
package affinegputile
