// Package affinefusion implements affine-loop-fusion with upstream's name
// and options (mode, fusion-compute-tolerance, fusion-fast-mem-space,
// fusion-local-buf-threshold, fusion-maximal), restricted to
// producer-consumer fusion of nests with identical iteration spaces:
//
//   - a producer nest (an affine.for writing a memref) fuses into the next
//     nest of the same block that reads it, when only effect-free ops lie
//     in between, both are perfectly nested bands of the same depth with
//     the same bounds and steps (up to IV renaming), and no dependence
//     between the two nests is reversed by running them iteration by
//     iteration (analysis.ReorderViolatesDependence, exact);
//   - the producer's body moves to the start of the consumer's innermost
//     body;
//   - a memref.alloc used only by the fused nest (and its dealloc) shrinks
//     to the box one iteration touches (upstream's private memref), placed
//     at the start of the block.
//
// Upstream computes producer slices and fuses nests with different
// iteration spaces, weighs redundant computation against
// fusion-compute-tolerance and also performs sibling fusion; goopt does
// not yet: such nests are left alone with a remark (mode=sibling does
// nothing and says so). The options are accepted for compatibility.
//
//	%m = memref.alloc() : memref<10xf32>
//	affine.for %i = 0 to 10 {
//	  affine.store %cf7, %m[%i] : memref<10xf32>
//	}
//	affine.for %j = 0 to 10 {
//	  %v = affine.load %m[%j] : memref<10xf32>
//	}
//
// becomes
//
//	%m = memref.alloc() : memref<1xf32>
//	affine.for %j = 0 to 10 {
//	  affine.store %cf7, %m[0] : memref<1xf32>
//	  %v = affine.load %m[0] : memref<1xf32>
//	}
package affinefusion
