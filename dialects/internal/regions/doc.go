// Package regions holds region helpers shared by the dialects with
// region-holding ops (scf, memref, gpu): implicit terminators and MLIR's
// RegionBranchOpInterface verifier, whose messages it reproduces exactly.
//
//	// every scf.yield of r must pass op's result types
//	err := regions.VerifyToParent(op, r, func(t *ir.Operation) bool { return t.Name() == "scf.yield" })
package regions
