package gpumatmulwmma

import (
	"fmt"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/affinegpumap"
	"github.com/goopt/goopt/passes/affinegpusmemcopy"
	"github.com/goopt/goopt/passes/affinegputile"
	"github.com/goopt/goopt/passes/affinegpuvectorizecopies"
	"github.com/goopt/goopt/passes/affinegpuwmma"
	"github.com/goopt/goopt/passes/gpuinsertbarriers"
	"github.com/goopt/goopt/passes/gpulatencyhiding"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Name is the pipeline's command-line name.
const Name = "gpu-matmul-wmma"

// Options are every knob the paper swept, and one switch per optimisation
// so that an ablation can turn them off one at a time.
type Options struct {
	TBTile   []int64 `opt:"tb-tile" desc:"Thread-block tile sizes M,N,K (default: 128,128,64)"`
	WarpTile []int64 `opt:"warp-tile" desc:"Warp tile sizes M,N,K (default: 64,32,32)"`
	MMATile  []int64 `opt:"mma-tile" desc:"WMMA tile sizes M,N,K (default: 16,16,16)"`
	PaddingA int64   `opt:"padding-a" desc:"f16 elements padding each row of the A tile in shared memory (default: 8)"`
	PaddingB int64   `opt:"padding-b" desc:"f16 elements padding each row of the B tile in shared memory (default: 8)"`
	// VectorBits is the width of the global-to-shared copies.
	VectorBits uint32 `opt:"vector-bits" desc:"Width of the vectorised copies in bits: 32, 64 or 128 (default: 128)"`

	Padding         bool `opt:"padding" desc:"Pad the shared-memory tiles (off: padding-a and padding-b are 0)"`
	HoistC          bool `opt:"hoist-c" desc:"Keep the C fragments in registers across the k loops (iter_args)"`
	LatencyHiding   bool `opt:"latency-hiding" desc:"Shift the thread-block k loop: load the next tile into registers before the compute, store it after"`
	VectorizeCopies bool `opt:"vectorize-copies" desc:"Copy global to shared memory with vector loads and stores"`
	Cleanup         bool `opt:"cleanup" desc:"Run canonicalize and cse on the result"`
}

// DefaultOptions are the paper's configuration, every optimisation on.
func DefaultOptions() Options {
	tile := affinegputile.DefaultOptions()
	return Options{
		TBTile: tile.TBTile, WarpTile: tile.WarpTile, MMATile: tile.MMATile,
		PaddingA: 8, PaddingB: 8, VectorBits: 128,
		Padding: true, HoistC: true, LatencyHiding: true, VectorizeCopies: true, Cleanup: true,
	}
}

// Pipeline returns the registration of gpu-matmul-wmma.
func Pipeline() *pass.PipelineInfo {
	return passutil.Pipeline(Name, "The paper's GPU matmul pipeline: an affine matmul to a tiled, shared-memory, WMMA gpu.launch (goopt)", DefaultOptions, Build)
}

// Build appends the pipeline configured by o to pm (a module pass manager
// or one on func.func). The stages whose successors depend on them (tiling,
// shared-memory copies, WMMA, mapping) are strict: a matmul they cannot
// handle fails the pipeline with a located error instead of leaving a
// half-transformed function. The optional stages (vectorised copies,
// latency hiding) leave the IR as it was, with a remark, when they do not
// apply, since the kernel is correct without them.
func Build(pm *pass.OpPassManager, o Options) error {
	if o.VectorBits != 32 && o.VectorBits != 64 && o.VectorBits != 128 {
		return fmt.Errorf("%s: vector-bits must be 32, 64 or 128, got %d", Name, o.VectorBits)
	}
	for _, t := range []struct {
		name string
		v    []int64
	}{{"tb-tile", o.TBTile}, {"warp-tile", o.WarpTile}, {"mma-tile", o.MMATile}} {
		if len(t.v) != 3 {
			return fmt.Errorf("%s: option '%s' expects 3 sizes (M,N,K), got %d", Name, t.name, len(t.v))
		}
	}
	tile := affinegputile.New().(*pass.OptionsFunc[affinegputile.Options])
	tile.Opts = affinegputile.Options{TBTile: o.TBTile, WarpTile: o.WarpTile, MMATile: o.MMATile}
	smem := affinegpusmemcopy.New().(*pass.OptionsFunc[affinegpusmemcopy.Options])
	smem.Opts.PaddingA, smem.Opts.PaddingB = o.PaddingA, o.PaddingB
	if !o.Padding {
		smem.Opts.PaddingA, smem.Opts.PaddingB = 0, 0
	}
	wmma := affinegpuwmma.New().(*pass.OptionsFunc[affinegpuwmma.Options])
	wmma.Opts.HoistC = o.HoistC
	stages := []pass.Pass{checkTypesPass(), splitPass(o.TBTile), pass.Strict(tile), pass.Strict(smem), pass.Strict(wmma)}
	if o.VectorizeCopies {
		vec := affinegpuvectorizecopies.New().(*pass.OptionsFunc[affinegpuvectorizecopies.Options])
		vec.Opts.VectorBits = o.VectorBits
		stages = append(stages, vec)
	}
	stages = append(stages, pass.Strict(affinegpumap.New()))
	if o.LatencyHiding {
		stages = append(stages, gpulatencyhiding.New())
	}
	stages = append(stages, gpuinsertbarriers.New(), fuseEdgesPass(o.TBTile))
	return passutil.AddFuncStages(pm, Name, o.Cleanup, stages...)
}
