//go:generate go run ../../internal/opgen -dialect affine -out ops_gen.go

// Package affine is MLIR's affine dialect (MLIR 19): affine.for, affine.if,
// affine.parallel, affine.load/store, affine.vector_load/vector_store,
// affine.apply, affine.min/max, affine.prefetch, affine.dma_start/dma_wait,
// affine.delinearize_index and affine.yield, with their custom syntax,
// verifiers, folders and canonicalization patterns.
//
// Besides the dialect table (Dialect), the package holds the utilities the
// affine passes build on:
//
//   - validity of dimension and symbol operands: IsValidDim, IsValidSymbol,
//     IsValidDimIn, IsValidSymbolIn, AffineScope, IsTopLevelValue;
//   - map and set normalisation: ComposeMapAndOperands,
//     FullyComposeMapAndOperands, CanonicalizeMapAndOperands,
//     CanonicalizeSetAndOperands, ComposeSetAndOperands,
//     ConstantFoldMap, PartialConstantFoldMap;
//   - typed views: ForOp (LowerBound, UpperBound, Step, InductionVar, Body,
//     Inits, ConstantTripCount, SetLowerBound...), IfOp, ParallelOp, and
//     AccessMap/SetAccessMap for the map-carrying ops;
//   - EraseZeroTripLoop; the loop transformations (promotion of
//     single-iteration loops included) live in dialects/affine/looputil,
//     as upstream's LoopUtils.
//
// Example (what canonicalization does to a composed access):
//
//	%a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
//	%v = affine.load %A[%a * 2] : memref<100xf32>
//
// becomes
//
//	%v = affine.load %A[%i * 2 + 2] : memref<100xf32>
package affine
