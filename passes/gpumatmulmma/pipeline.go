package gpumatmulmma

import (
	"fmt"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/canonicalize"
	"github.com/goopt/goopt/passes/cse"
)

// Name is the pipeline's command-line name.
const Name = "gpu-matmul-mma"

// Options are the kernel's shape.
type Options struct {
	TBTile      []int64 `opt:"tb-tile" desc:"Thread-block tile sizes M,N,K (default: 128,128,32)"`
	WarpTile    []int64 `opt:"warp-tile" desc:"Warp tile sizes M,N; the block has (M/warp M) x (N/warp N) warps (default: 64,64)"`
	Stages      int64   `opt:"stages" desc:"Slots of the cp.async shared-memory ring of A and B tiles (default: 4)"`
	GridSwizzle int64   `opt:"grid-swizzle" desc:"Rasterise the blocks in groups of this many tile rows for L2 reuse; 0 or 1: row-major (default: 8)"`
	Cleanup     bool    `opt:"cleanup" desc:"Run canonicalize and cse on the result"`
}

// DefaultOptions is the classic Ampere shape: 128x128x32 block tiles, four
// warps of 64x64, a 4-stage ring (64 KB of shared memory).
func DefaultOptions() Options {
	return Options{TBTile: []int64{128, 128, 32}, WarpTile: []int64{64, 64}, Stages: 4, GridSwizzle: 8, Cleanup: true}
}

// kernel returns the configuration the options give, checked for
// everything that does not depend on the matmul's sizes.
func (o *Options) kernel() (kernel, error) {
	if len(o.TBTile) != 3 {
		return kernel{}, fmt.Errorf("option 'tb-tile' expects 3 sizes (M,N,K), got %d", len(o.TBTile))
	}
	if len(o.WarpTile) != 2 {
		return kernel{}, fmt.Errorf("option 'warp-tile' expects 2 sizes (M,N), got %d", len(o.WarpTile))
	}
	k := kernel{
		BM: o.TBTile[0], BN: o.TBTile[1], BK: o.TBTile[2],
		WM: o.WarpTile[0], WN: o.WarpTile[1],
		Stages: o.Stages, GridSwizzle: o.GridSwizzle,
	}
	return k, k.check()
}

// Pipeline returns the registration of gpu-matmul-mma.
func Pipeline() *pass.PipelineInfo {
	return &pass.PipelineInfo{
		Name:    Name,
		Summary: "An affine f16 matmul to an Ampere-style gpu.launch: a cp.async shared-memory ring, XOR swizzle, ldmatrix and mma.sync (goopt)",
		Options: func() any { o := DefaultOptions(); return &o },
		Build: func(pm *pass.OpPassManager, options string) error {
			o := DefaultOptions()
			if err := pass.ParseOptions(&o, options); err != nil {
				return err
			}
			return Build(pm, o)
		},
	}
}

// Build appends the pipeline configured by o to pm (a module pass manager
// or one on func.func). The kernel pass is strict: a nest it cannot map
// fails the pipeline with a located error.
func Build(pm *pass.OpPassManager, o Options) error {
	if _, err := o.kernel(); err != nil {
		return fmt.Errorf("%s: %v", Name, err)
	}
	fn := pm
	if pm.Anchor() != "func.func" {
		fn = pm.Nest("func.func")
	}
	kp := NewKernelPass().(*pass.OptionsFunc[Options])
	kp.Opts = o
	stages := []pass.Pass{pass.Strict(kp)}
	if o.Cleanup {
		stages = append(stages, canonicalize.New(), cse.New())
	}
	for _, p := range stages {
		if err := fn.AddPass(p); err != nil {
			return fmt.Errorf("%s: %v", Name, err)
		}
	}
	return nil
}

// Check says why the pipeline configured by o cannot compile an m×n×k
// matmul (nil when it can), without compiling, for a tuner's search.
func (o Options) Check(m, n, k int64) error {
	if _, err := o.kernel(); err != nil {
		return err
	}
	for d, s := range [3]int64{m, n, k} {
		if tile := o.TBTile[d]; s%tile != 0 {
			return fmt.Errorf("matmul size %d is not a multiple of the thread-block tile %d", s, tile)
		}
	}
	return nil
}
