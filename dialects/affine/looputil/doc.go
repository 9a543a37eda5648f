// Package looputil holds reusable transformations of affine loop nests,
// with the semantics of upstream MLIR 19's LoopUtils.cpp and
// LoopAnalysis.cpp. The affine loop passes (affine-loop-tile,
// affine-loop-unroll, affine-loop-unroll-jam, affine-loop-normalize,
// affine-loop-coalescing, affine-data-copy-generate) are thin drivers over
// it, and the GPU passes build on it.
//
//   - nests: GetPerfectlyNestedLoops, IsPerfectlyNested, InnermostLoops,
//     BuildFor (create an affine.for with its body and terminator);
//   - trip counts: TripCountMapAndOperands, ConstantTripCount,
//     LargestDivisorOfTripCount, ValueMapDifference;
//   - transformations: TilePerfectlyNested (and TileMultiLevel, goopt's
//     multi-level tiling), SeparateFullTiles, LoopUnrollByFactor,
//     LoopUnrollFull, LoopUnrollUpToFactor, LoopUnrollJamByFactor,
//     PromoteIfSingleIteration (and LoopSimplificationPatterns, the same
//     for a pattern driver, with zero-trip loop removal), NormalizeAffineFor,
//     NormalizeAffineParallel, CoalesceLoops, CoalescePerfectlyNestedLoops,
//     PermuteLoops;
//   - copy generation: AffineDataCopyGenerate (point-wise copies of the
//     memrefs a range of ops touches into fast-memory buffers, as
//     upstream's affineDataCopyGenerate; affine-data-copy-generate is the
//     pass over it) and MemoryFootprintBytes.
//
// Transformations return an error (and leave the IR unchanged) when they
// do not apply; the error text is what the passes report as a remark.
//
// Example: tiling the band of a 2-d nest by 32×32,
//
//	band := looputil.GetPerfectlyNestedLoops(root)
//	tiled, err := looputil.TilePerfectlyNested(band, []int64{32, 32})
//
// turns
//
//	affine.for %i = 0 to 100 {
//	  affine.for %j = 0 to %n {
//	    "use"(%i, %j) : (index, index) -> ()
//	  }
//	}
//
// into
//
//	affine.for %i = 0 to 100 step 32 {
//	  affine.for %j = 0 to %n step 32 {
//	    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0) -> (d0 + 32, 100)>(%i) {
//	      affine.for %jj = affine_map<(d0) -> (d0)>(%j) to min affine_map<(d0)[s0] -> (d0 + 32, s0)>(%j)[%n] {
//	        "use"(%ii, %jj) : (index, index) -> ()
//	      }
//	    }
//	  }
//	}
package looputil
