// Package affinelooptile implements upstream's affine-loop-tile pass: the
// perfectly nested band of each top-level affine.for of a function is
// tiled (looputil.TilePerfectlyNested). Tile sizes come from `tile-size`
// (all loops), else `tile-sizes` (padded with 4), else the cache-size
// model (the band's memory footprint divided by `cache-size` KiB, sizes
// shrunk to divisors of constant trip counts). Bands whose dependences
// forbid tiling get the remark "tiling nest is invalid due to
// dependences"; `separate` versions each tile into a full tile and a
// partial tile under an affine.if (looputil.SeparateFullTiles).
//
// goopt extension: `num-tiling-levels=L` tiles L times; `tile-sizes`
// then lists the sizes of every level, outermost level first
// (len(tile-sizes)/L per level), and each level tiles the intra-tile loops
// of the previous one. Intra-tile loops keep absolute indices, as the
// paper's Listing 3: a level's intra-tile loop runs from its tile-space IV
// to IV + size. `separate` applies to the innermost level.
//
//	func.func @f(%A: memref<100x?xf32>, %n: index) {
//	  affine.for %i = 0 to 100 {
//	    affine.for %j = 0 to %n {
//	      affine.store %cst, %A[%i, %j] : memref<100x?xf32>
//	    }
//	  }
//	  return
//	}
//
// with `affine-loop-tile{tile-sizes=32,32}` becomes
//
//	affine.for %i = 0 to 100 step 32 {
//	  affine.for %j = 0 to %n step 32 {
//	    affine.for %ii = #map(%i) to min #map1(%i) {
//	      affine.for %jj = #map(%j) to min #map2(%j)[%n] {
//	        affine.store %cst, %A[%ii, %jj] : memref<100x?xf32>
//	      }
//	    }
//	  }
//	}
//
// with #map = (d0) -> (d0), #map1 = (d0) -> (d0 + 32, 100) and
// #map2 = (d0)[s0] -> (d0 + 32, s0).
package affinelooptile
