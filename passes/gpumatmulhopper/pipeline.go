package gpumatmulhopper

import (
	"fmt"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/matmulpass"
)

// Name is the pipeline's command-line name.
const Name = "gpu-matmul-hopper"

// Epilogue kinds.
const (
	EpilogueDirect = "direct" // the consumer threads store C
	EpilogueTMA    = "tma"    // TMA stores from the shared staging tile
	// EpilogueRegisters: each consumer warpgroup adds its accumulator's
	// registers to C in place (no staging tile, no consumer barrier).
	EpilogueRegisters = "registers"
)

// Options are the kernel's shape and one switch per rung of the ladder
// (issue 13), so that an ablation turns them off one at a time.
type Options struct {
	TBTile    []int64 `opt:"tb-tile" desc:"Thread-block tile sizes M,N,K (default: 128,256,64; K must be 64)"`
	Stages    int64   `opt:"stages" desc:"Slots of the shared-memory ring of A and B tiles (default: 4)"`
	Consumers int64   `opt:"consumers" desc:"Warpgroups issuing wgmma, each on tb-tile M / consumers rows (default: 2)"`

	WarpSpecialize  bool    `opt:"warp-specialize" desc:"Rung 1: a producer warpgroup issues the TMA loads, full and empty mbarriers per slot, setmaxnreg"`
	Epilogue        string  `opt:"epilogue" desc:"Rung 2: how C is written: from the shared staging tile by the threads (direct) or by TMA stores (tma), or from each consumer's registers with no staging tile (registers; needs warp-specialize, best with persistent) (default: tma)"`
	GridSwizzle     int64   `opt:"grid-swizzle" desc:"Rung 6: rasterise the blocks in groups of this many tile rows for L2 reuse; 0 or 1: row-major (default: 8)"`
	Persistent      bool    `opt:"persistent" desc:"Rung 4: launch sm-count blocks that loop over the output tiles (static schedule, rasterised by grid-swizzle); needs warp-specialize"`
	OverlapEpilogue bool    `opt:"overlap-epilogue" desc:"Rung 5: a staging tile of its own, so the producer loads the next tile while the consumers store this one; needs persistent"`
	Cluster         []int64 `opt:"cluster" desc:"Rung 3: thread-block cluster X,Y (default: 1,1, none): blocks along x share A, along y B, loaded in parts and multicast; needs warp-specialize"`
	PingPong        bool    `opt:"pingpong" desc:"Rung 7: persistent and warp-specialised, each consumer warpgroup computes whole tiles (tile i of a block goes to consumer i % consumers), taking turns in the main loop so that one's epilogue, stored from registers, overlaps the other's wgmmas; the accumulator is the whole tile (e.g. tb-tile=128,128,64); epilogue does not apply"`
	SMCount         int64   `opt:"sm-count" desc:"Blocks of the persistent grid: the device's SMs (default: 132, the H200's and H100 SXM's)"`
	Cleanup         bool    `opt:"cleanup" desc:"Run canonicalize and cse on the result"`
}

// DefaultOptions is the top of the ladder that is built: warp-specialised,
// TMA epilogue, swizzled grid, 128x256x64 tiles over 4 stages.
func DefaultOptions() Options {
	return Options{
		TBTile: []int64{128, 256, 64}, Stages: 4, Consumers: 2,
		WarpSpecialize: true, Epilogue: EpilogueTMA, GridSwizzle: 8, SMCount: 132, Cluster: []int64{1, 1}, Cleanup: true,
	}
}

// kernel returns the configuration the options give, checked for
// everything that does not depend on the matmul's sizes.
func (o *Options) kernel() (kernel, error) {
	if len(o.TBTile) != 3 {
		return kernel{}, fmt.Errorf("option 'tb-tile' expects 3 sizes (M,N,K), got %d", len(o.TBTile))
	}
	if len(o.Cluster) != 2 {
		return kernel{}, fmt.Errorf("option 'cluster' expects 2 sizes (X,Y), got %d", len(o.Cluster))
	}
	if o.Epilogue != EpilogueDirect && o.Epilogue != EpilogueTMA && o.Epilogue != EpilogueRegisters {
		return kernel{}, fmt.Errorf("option 'epilogue' must be %s, %s or %s, got '%s'", EpilogueDirect, EpilogueTMA, EpilogueRegisters, o.Epilogue)
	}
	k := kernel{
		BM: o.TBTile[0], BN: o.TBTile[1], BK: o.TBTile[2],
		Stages: o.Stages, Consumers: o.Consumers,
		WarpSpecialize: o.WarpSpecialize, TMAEpilogue: o.Epilogue == EpilogueTMA, RegisterEpilogue: o.Epilogue == EpilogueRegisters, GridSwizzle: o.GridSwizzle,
		Persistent: o.Persistent, SMs: o.SMCount, OverlapEpilogue: o.OverlapEpilogue,
		CX: o.Cluster[0], CY: o.Cluster[1],
	}
	k.impliedByPingPong(o.PingPong)
	return k, k.check()
}

// Pipeline returns the registration of gpu-matmul-hopper.
func Pipeline() *pass.PipelineInfo { return spec.Pipeline() }

// Build appends the pipeline configured by o to pm (a module pass manager
// or one on func.func). The kernel pass is strict: a nest it cannot map
// fails the pipeline with a located error.
func Build(pm *pass.OpPassManager, o Options) error { return spec.Build(pm, o) }

// Check says why the pipeline configured by o cannot compile an m×n×k
// matmul (nil when it can), without compiling: the same checks the pass
// makes, for a tuner's search.
func (o Options) Check(m, n, k int64) error {
	if _, err := o.kernel(); err != nil {
		return err
	}
	if err := matmulpass.TilesDivide(o.TBTile, m, n, k); err != nil {
		return err
	}
	if kc, _ := o.kernel(); (n/o.TBTile[1])%kc.CX != 0 || (m/o.TBTile[0])%kc.CY != 0 {
		return fmt.Errorf("the %dx%d tile grid is not a whole number of %d,%d clusters", m/o.TBTile[0], n/o.TBTile[1], kc.CX, kc.CY)
	}
	return nil
}

// Threads is the block size of the kernel o configures.
func (o Options) Threads() int64 {
	kc := kernel{Consumers: o.Consumers, WarpSpecialize: o.WarpSpecialize || o.PingPong}
	return kc.threads()
}

// SharedBytes is the dynamic shared memory of the kernel o configures.
func (o Options) SharedBytes() int64 {
	if len(o.TBTile) != 3 {
		return 0
	}
	kc := kernel{BM: o.TBTile[0], BN: o.TBTile[1], BK: o.TBTile[2], Stages: o.Stages, OverlapEpilogue: o.OverlapEpilogue, CX: 1, CY: 1, PingPong: o.PingPong,
		RegisterEpilogue: o.PingPong || o.Epilogue == EpilogueRegisters}
	if len(o.Cluster) == 2 {
		kc.CX, kc.CY = o.Cluster[0], o.Cluster[1]
	}
	return kc.sharedBytes()
}
