package upstreamlit

import "strings"

// knownUpstreamDiffs are the functions whose mlir-opt-19 output is known to
// compute something other than the input (MLIR 19 bugs), by
// knownKey(file, function, pass flags). Such a difference is logged, not
// failed, as long as goopt's output still agrees with the original input.
// An entry whose case agrees with upstream again, or that matches nothing
// in a file that ran, fails the test, so the table stays honest.
var knownUpstreamDiffs = map[string]string{
	// MLIR 19's affine-loop-unroll-jam has no dependence check: it jams
	// nests where iteration i+1 reads what iteration i writes in a later
	// sibling loop (or through a skewed access), reordering the two.
	"affine-passes/unroll-jam.mlir @sibling_dep --affine-loop-unroll-jam":                     unrollJamNoLegality,
	"affine-passes/unroll-jam.mlir @sibling_dep --affine-loop-unroll-jam=unroll-jam-factor=2": unrollJamNoLegality,
	"affine-passes/unroll-jam.mlir @sibling_dep --affine-loop-unroll-jam=unroll-jam-factor=3": unrollJamNoLegality,
	"affine-passes/unroll-jam.mlir @skewed_dep --affine-loop-unroll-jam":                      unrollJamNoLegality,
	"affine-passes/unroll-jam.mlir @skewed_dep --affine-loop-unroll-jam=unroll-jam-factor=2":  unrollJamNoLegality,
	"affine-passes/unroll-jam.mlir @skewed_dep --affine-loop-unroll-jam=unroll-jam-factor=3":  unrollJamNoLegality,
	// MLIR 19's affine-data-copy-generate computes the copied region
	// without the enclosing affine.if: the copy-in of the last tile reads
	// A[10] of a memref<10xf32> (@boundary), row -1 of A (@guard_outer_iv).
	"affine-passes/copy.mlir @boundary --affine-data-copy-generate=generate-dma=false fast-mem-space=2 skip-non-unit-stride-loops":       dataCopyIgnoresGuards,
	"affine-passes/copy.mlir @guard_outer_iv --affine-data-copy-generate=generate-dma=false fast-mem-space=2 skip-non-unit-stride-loops": dataCopyIgnoresGuards,
	// MLIR 19 copies out the whole bounding box of a strided store
	// without copying it in first: the odd elements written back are
	// uninitialised (on hardware, A's odd elements are clobbered).
	"affine-passes/copy.mlir @sparse_store --affine-data-copy-generate=generate-dma=false fast-mem-space=2 skip-non-unit-stride-loops": "data-copy writes back uninitialised elements of a sparsely written buffer",
}

const (
	unrollJamNoLegality   = "unroll-jam without a dependence (legality) check"
	dataCopyIgnoresGuards = "data-copy ignores affine.if guards (out-of-bounds copy-in)"
)

// knownKey names one compared function: the lit file (relative to
// tests/lit), the function, and the pass flags as given to goopt.
func knownKey(file, fn, flags string) string {
	return file + " @" + fn + " " + flags
}

// knownFile returns the file part of a knownKey.
func knownFile(key string) string {
	f, _, _ := strings.Cut(key, " ")
	return f
}
