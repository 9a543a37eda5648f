package registry

import "testing"

// FuzzParsePipeline fuzzes MLIR's pipeline grammar over the real pass
// registry (every pass and its typed options): no input may panic, and
// whatever parses must print back to a fixed point.
func FuzzParsePipeline(f *testing.F) {
	for _, s := range []string{
		"builtin.module(func.func(cse,canonicalize))",
		"builtin.module(func.func(affine-loop-tile{tile-sizes=128,128,64,64,32,32,16,16,16 num-tiling-levels=3}))",
		"func.func(affine-data-copy-generate{generate-dma=false fast-mem-space=3 padding=8 memrefs=0,1})",
		"builtin.module(canonicalize{top-down=false region-simplify=aggressive max-iterations=3})",
		"builtin.module(symbol-dce,strip-debuginfo,print-op-stats{json})",
		"func.func(affine-loop-unroll{unroll-full unroll-full-threshold=8},affine-scalrep)",
		"builtin.module(func.func(affine-loop-permute{permutation=0,1,4,2,3,5}),lower-affine)",
		"builtin.module(func.func(affine-parallelize{max-nested=2 parallel-reductions}))",
		"builtin.module(func.func(affine-loop-tile{tile-size=4 separate}), cse)",
		"builtin.module(canonicalize{disable-patterns={a,b} enable-patterns=c})",
		"builtin.module(func.func(",
		"cse{",
	} {
		f.Add(s)
	}
	reg := All()
	f.Fuzz(func(t *testing.T, s string) {
		pm, err := reg.ParsePipeline(s)
		if err != nil {
			return
		}
		printed := pm.String()
		pm2, err := reg.ParsePipeline(printed)
		if err != nil {
			t.Fatalf("re-parse of %q (from %q): %v", printed, s, err)
		}
		if got := pm2.String(); got != printed {
			t.Fatalf("not a fixed point: %q -> %q", printed, got)
		}
	})
}
