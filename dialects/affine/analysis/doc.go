// Package analysis holds the affine analyses the affine passes build on,
// after MLIR's lib/Dialect/Affine/Analysis:
//
//   - MemRefAccess: the memref, composed access map and operands of an
//     affine.load/store/vector_load/vector_store (NewMemRefAccess);
//     EnclosingLoops, LoopDepth, NumCommonLoops, PerfectlyNestedBand.
//   - Constraints: a conjunction of integer equalities and inequalities
//     over dims (IVs, memref indices), symbols and locals, with int64
//     coefficients (FlatAffineValueConstraints). ProjectOut eliminates a
//     variable (equality substitution, else Fourier–Motzkin with GCD
//     tightening); IsEmpty is an exact integer emptiness test (the Omega
//     test: exact eliminations, real/dark shadows and grey-shadow
//     splinters, symmetric-modulo reduction of equalities). When it cannot
//     conclude (overflow, splinter budget) it answers "non-empty", the safe
//     answer for dependence and region clients; it never guesses "empty".
//   - CheckDependence (checkMemrefAccessDependence) with per-loop direction
//     components; loop bounds (including min/max bounds and strides) and
//     affine.if conditions are part of the iteration domains.
//   - IsLoopParallel / IsLoopMemoryParallel / SupportedReductions
//     (isLoopParallel with iter_args reductions).
//   - ComputeRegion → MemRefRegion: the elements an access touches inside
//     the loops deeper than a depth, as a function of the outer IVs and
//     symbols; Bounds gives per-dimension max/min bound maps and
//     ConstantBoundingSizeAndShape the smallest constant-size box.
//
// Example: the region of A in a tiled matmul at the depth of the three
// tile loops (%i, %j, %k step 32; %ii in [%i, %i+32), %kk in [%k, %k+32)):
//
//	a, _ := analysis.NewMemRefAccess(load)      // affine.load %A[%ii, %kk]
//	r, _ := analysis.ComputeRegion(a, 3)
//	bb, _ := r.ConstantBoundingSizeAndShape()
//	// bb.Shape == [32 32], bb.Lb == [(d0, d1) -> (d0), (d0, d1) -> (d1)],
//	// bb.Params == [%i, %k]
package analysis
