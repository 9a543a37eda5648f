package affinesweep

import (
	"strings"

	"github.com/goopt/goopt/driver"
)

// combo is one pass pipeline of the sweep, given as per-pass flags in
// command-line order (`--affine-loop-tile="tile-sizes=4,8" --affine-scalrep`),
// the form both goopt and mlir-opt-19 take.
type combo struct {
	name   string
	passes []driver.PassFlag
	// goopt marks a pipeline that uses goopt's own passes or options:
	// upstream cannot run it, so check (c) is skipped.
	goopt bool
	// reassoc marks a pipeline that may legitimately reassociate
	// floating-point reductions: kernel outputs are compared within relTol
	// and checksums against the interpreter's run of goopt's own output.
	reassoc bool
}

// relTol is the tolerance of reassociating pipelines.
const relTol = 1e-4

// p parses "name{options}" into a pass flag.
func p(s string) driver.PassFlag {
	name, opts, ok := strings.Cut(s, "{")
	if !ok {
		return driver.PassFlag{Name: s}
	}
	return driver.PassFlag{Name: name, Options: strings.TrimSuffix(opts, "}")}
}

func ps(specs ...string) []driver.PassFlag {
	out := make([]driver.PassFlag, len(specs))
	for i, s := range specs {
		out[i] = p(s)
	}
	return out
}

// copyFast is the point-wise copy configuration upstream can execute on
// the CPU: buffers in memory space 0, no DMA.
const copyFast = "generate-dma=false fast-mem-space=0"

// combos is the sweep: every pipeline runs over every kernel.
var combos = []combo{
	// Tiling.
	{name: "tile_4x8", passes: ps("affine-loop-tile{tile-sizes=4,8}")},
	{name: "tile_8x8x8", passes: ps("affine-loop-tile{tile-sizes=8,8,8}")},
	{name: "tile_size5", passes: ps("affine-loop-tile{tile-size=5}")},
	{name: "tile_3", passes: ps("affine-loop-tile{tile-sizes=3}")},
	{name: "tile_cache1", passes: ps("affine-loop-tile{cache-size=1}")},
	{name: "tile_4x8_separate", passes: ps("affine-loop-tile{tile-sizes=4,8 separate}")},
	{name: "tile_size7_separate", passes: ps("affine-loop-tile{tile-size=7 separate}")},
	{name: "tile_2level_8_4", passes: ps("affine-loop-tile{tile-sizes=8,8,8,4,4,4 num-tiling-levels=2}"), goopt: true},
	{name: "tile_2level_12_6_3", passes: ps("affine-loop-tile{tile-sizes=12,12,12,6,6,3 num-tiling-levels=2}"), goopt: true},
	// Unrolling.
	{name: "unroll_2", passes: ps("affine-loop-unroll{unroll-factor=2}")},
	{name: "unroll_3", passes: ps("affine-loop-unroll{unroll-factor=3}")},
	{name: "unroll_4", passes: ps("affine-loop-unroll{unroll-factor=4}")},
	{name: "unroll_full", passes: ps("affine-loop-unroll{unroll-full}")},
	{name: "unroll_full_threshold8", passes: ps("affine-loop-unroll{unroll-full unroll-full-threshold=8}")},
	{name: "unroll_upto3", passes: ps("affine-loop-unroll{unroll-up-to-factor unroll-factor=3}")},
	{name: "unroll_4_reps2", passes: ps("affine-loop-unroll{unroll-factor=4 unroll-num-reps=2}")},
	{name: "unroll_3_cleanup", passes: ps("affine-loop-unroll{unroll-factor=3 cleanup-unroll}")},
	// Unroll-and-jam.
	{name: "unroll_jam_2", passes: ps("affine-loop-unroll-jam{unroll-jam-factor=2}"), reassoc: true},
	{name: "unroll_jam_3", passes: ps("affine-loop-unroll-jam{unroll-jam-factor=3}"), reassoc: true},
	{name: "unroll_jam_default", passes: ps("affine-loop-unroll-jam"), reassoc: true},
	// Copy generation.
	{name: "copy", passes: ps("affine-data-copy-generate{" + copyFast + "}")},
	{name: "copy_capacity1", passes: ps("affine-data-copy-generate{" + copyFast + " fast-mem-capacity=1}")},
	{name: "copy_skip_nonunit", passes: ps("affine-data-copy-generate{" + copyFast + " skip-non-unit-stride-loops}")},
	{name: "copy_pad8", passes: ps("affine-data-copy-generate{" + copyFast + " padding=8}"), goopt: true},
	{name: "copy_depth1", passes: ps("affine-data-copy-generate{" + copyFast + " copy-depth=1}"), goopt: true},
	{name: "copy_args01_pad8_depth1", passes: ps("affine-data-copy-generate{" + copyFast + " memrefs=0,1 padding=8 copy-depth=1}"), goopt: true},
	{name: "copy_global", passes: ps("affine-data-copy-generate{" + copyFast + " global-buffers}"), goopt: true},
	// Scalar and structural passes.
	{name: "scalrep", passes: ps("affine-scalrep")},
	{name: "licm", passes: ps("affine-loop-invariant-code-motion")},
	{name: "normalize", passes: ps("affine-loop-normalize")},
	{name: "normalize_promote", passes: ps("affine-loop-normalize{promote-single-iter}")},
	{name: "parallelize", passes: ps("affine-parallelize")},
	{name: "parallelize_reductions", passes: ps("affine-parallelize{parallel-reductions}"), reassoc: true},
	{name: "parallelize_max1", passes: ps("affine-parallelize{max-nested=1}")},
	{name: "simplify", passes: ps("affine-simplify-structures")},
	{name: "coalesce", passes: ps("affine-loop-coalescing")},
	{name: "fusion", passes: ps("affine-loop-fusion")},
	{name: "fusion_producer", passes: ps("affine-loop-fusion{mode=producer}")},
	{name: "fusion_sibling", passes: ps("affine-loop-fusion{mode=sibling}")},
	{name: "fusion_maximal", passes: ps("affine-loop-fusion{fusion-maximal}")},
	{name: "lower", passes: ps("lower-affine")},
	{name: "permute_10", passes: ps("affine-loop-permute{permutation=1,0}"), goopt: true},
	{name: "permute_201", passes: ps("affine-loop-permute{permutation=2,0,1}"), goopt: true},
	{name: "permute_120", passes: ps("affine-loop-permute{permutation=1,2,0}"), goopt: true},
	// Chains.
	{name: "tile_unroll_scalrep", passes: ps("affine-loop-tile{tile-sizes=4,8}", "affine-loop-unroll{unroll-factor=2}", "affine-scalrep")},
	{name: "tile_copy_unroll", passes: ps("affine-loop-tile{tile-sizes=8,8,8}", "affine-data-copy-generate{"+copyFast+"}", "affine-loop-unroll{unroll-factor=4}")},
	{name: "paper_tile2_copy_pad_unroll", passes: ps("affine-loop-tile{tile-sizes=16,16,8,8,8,4 num-tiling-levels=2}", "affine-data-copy-generate{"+copyFast+" memrefs=0,1 padding=8 copy-depth=3}", "affine-loop-unroll{unroll-full unroll-full-threshold=4}"), goopt: true},
	{name: "tile_licm_scalrep", passes: ps("affine-loop-tile{tile-size=6}", "affine-loop-invariant-code-motion", "affine-scalrep")},
	{name: "normalize_coalesce", passes: ps("affine-loop-normalize", "affine-loop-coalescing")},
	{name: "unroll_jam_scalrep_licm", passes: ps("affine-loop-unroll-jam{unroll-jam-factor=2}", "affine-scalrep", "affine-loop-invariant-code-motion"), reassoc: true},
	{name: "parallelize_lower", passes: ps("affine-parallelize", "lower-affine")},
	{name: "fusion_scalrep", passes: ps("affine-loop-fusion", "affine-scalrep")},
	{name: "tile5_unrollfull_simplify", passes: ps("affine-loop-tile{tile-size=5}", "affine-loop-unroll{unroll-full unroll-full-threshold=5}", "affine-simplify-structures")},
	{name: "permute_tile", passes: ps("affine-loop-permute{permutation=1,0}", "affine-loop-tile{tile-sizes=4,8}"), goopt: true},
	{name: "tile_separate_normalize_lower", passes: ps("affine-loop-tile{tile-sizes=4,8 separate}", "affine-loop-normalize", "lower-affine")},
	{name: "licm_unroll4_scalrep", passes: ps("affine-loop-invariant-code-motion", "affine-loop-unroll{unroll-factor=4}", "affine-scalrep")},
}

// upstreamFlags renders a pipeline as mlir-opt-19 flags.
func upstreamFlags(passes []driver.PassFlag) []string {
	out := make([]string, len(passes))
	for i, f := range passes {
		out[i] = "--" + f.Name
		if f.Options != "" {
			out[i] += "=" + f.Options
		}
	}
	return out
}
