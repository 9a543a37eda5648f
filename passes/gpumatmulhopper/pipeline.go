package gpumatmulhopper

import (
	"fmt"
	"slices"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/matmulpass"
)

// Name is the pipeline's command-line name.
const Name = "gpu-matmul-hopper"

// Epilogue kinds.
const (
	// EpilogueAuto, the default, picks the fastest epilogue the other
	// options allow: registers for a persistent warp-specialised kernel
	// without overlap-epilogue, tma otherwise.
	EpilogueAuto   = "auto"
	EpilogueDirect = "direct" // the consumer threads store C
	EpilogueTMA    = "tma"    // TMA stores from the shared staging tile
	// EpilogueRegisters: each consumer warpgroup adds its accumulator's
	// registers to C in place (no staging tile, no consumer barrier).
	EpilogueRegisters = "registers"
)

// Options are the kernel's shape and one switch per rung of the ladder
// (issue 13), so that an ablation turns them off one at a time.
//
// The defaults are the fastest configuration measured (persistent, the
// register epilogue, 128x256x64 tiles over 4 stages, 2 consumers, grid
// swizzle 8). Where the options given rule a default out, it falls back
// (resolved): warp-specialize=false makes the kernel not persistent, with
// a TMA epilogue; overlap-epilogue=true makes epilogue=auto pick tma and
// the default stages shrink to what fits beside the staging tile; a
// cluster with epilogue=tma or direct is not persistent. An option given
// explicitly never falls back: its conflicts are errors.
type Options struct {
	TBTile    []int64 `opt:"tb-tile" desc:"Thread-block tile sizes M,N,K (default: 128,256,64; K must be 64)"`
	Stages    int64   `opt:"stages" desc:"Slots of the shared-memory ring of A and B tiles (default: 4, or the most that fit when not given and 4 do not, e.g. 2 with overlap-epilogue)"`
	Consumers int64   `opt:"consumers" desc:"Warpgroups issuing wgmma, each on tb-tile M / consumers rows (default: 2)"`

	WarpSpecialize  bool    `opt:"warp-specialize" desc:"Rung 1: a producer warpgroup issues the TMA loads, full and empty mbarriers per slot, setmaxnreg"`
	Epilogue        string  `opt:"epilogue" desc:"Rung 2: how C is written: from the shared staging tile by the threads (direct) or by TMA stores (tma), or from each consumer's registers with no staging tile (registers; needs warp-specialize, best with persistent); auto: registers when persistent and warp-specialised without overlap-epilogue, else tma (default: auto)"`
	GridSwizzle     int64   `opt:"grid-swizzle" desc:"Rung 6: rasterise the blocks in groups of this many tile rows for L2 reuse; 0 or 1: row-major (default: 8)"`
	Persistent      bool    `opt:"persistent" desc:"Rung 4: launch sm-count blocks that loop over the output tiles (static schedule, rasterised by grid-swizzle); needs warp-specialize (default: true; false when not given and warp-specialize=false, or with a cluster and epilogue=tma or direct)"`
	OverlapEpilogue bool    `opt:"overlap-epilogue" desc:"Rung 5: a staging tile of its own, so the producer loads the next tile while the consumers store this one; needs persistent and a staging-tile epilogue (tma or direct)"`
	Cluster         []int64 `opt:"cluster" desc:"Rung 3: thread-block cluster X,Y (default: 1,1, none): blocks along x share A, along y B, loaded in parts and multicast; needs warp-specialize"`
	PingPong        bool    `opt:"pingpong" desc:"Rung 7: persistent and warp-specialised, each consumer warpgroup computes whole tiles (tile i of a block goes to consumer i % consumers), taking turns in the main loop so that one's epilogue, stored from registers, overlaps the other's wgmmas; the accumulator is the whole tile (e.g. tb-tile=128,128,64); epilogue does not apply"`
	TileBySize      bool    `opt:"tile-by-size" desc:"With tb-tile=128,256,64, take 128x128x64 tiles where they finish sooner in waves of sm-count tiles, e.g. where 128x256 tiles would leave half the SMs idle or their last wave mostly empty (no cluster, no pingpong; H200: 1024^3 109 -> 152 TFLOP/s, 3072^3 476 -> 499) (default: true)"`
	PadOperands     bool    `opt:"pad-operands" desc:"When A's rows (K) or B's (N) are not a multiple of 8 elements (16 bytes, what TMA addresses), copy the operand into a buffer with padded rows before the matmul, which then loads it by TMA; false: the kernel's threads copy its boxes into the ring (no clusters) (default: true)"`
	SMCount         int64   `opt:"sm-count" desc:"Blocks of the persistent grid: the device's SMs (default: 132, the H200's and H100 SXM's)"`
	Cleanup         bool    `opt:"cleanup" desc:"Run canonicalize and cse on the result"`

	// given are the options an option string set (pass.ParseOptions
	// reports them through OptionGiven): those never fall back.
	given []string
}

// DefaultOptions is the top of the ladder that is built, the fastest
// measured: warp-specialised, persistent, the register epilogue (auto),
// swizzled grid, 128x256x64 tiles over 4 stages.
func DefaultOptions() Options {
	return Options{
		TBTile: []int64{128, 256, 64}, Stages: 4, Consumers: 2,
		WarpSpecialize: true, Persistent: true, Epilogue: EpilogueAuto, GridSwizzle: 8, SMCount: 132, Cluster: []int64{1, 1}, TileBySize: true, PadOperands: true, Cleanup: true,
	}
}

// OptionGiven records that an option string set the option name: its
// value is then the user's, and never falls back (pass.GivenRecorder).
// Go code that sets a field to its default and wants it kept as given
// calls it too.
func (o *Options) OptionGiven(name string) {
	if !slices.Contains(o.given, name) {
		// Clip: a copy of o that records more must not write into o's.
		o.given = append(slices.Clip(o.given), name)
	}
}

// resolved returns o with the defaults that the other options rule out
// replaced by ones that fit them (see Options), and epilogue=auto by the
// epilogue it stands for. Only an option that was not given and still
// holds its default value falls back; resolving twice changes nothing.
func (o Options) resolved() Options {
	d := DefaultOptions()
	adaptable := func(name string, isDefault bool) bool { return isDefault && !slices.Contains(o.given, name) }
	clustered := len(o.Cluster) == 2 && o.Cluster[0]*o.Cluster[1] != 1
	staged := o.Epilogue == EpilogueTMA || o.Epilogue == EpilogueDirect
	if !o.PingPong && adaptable("persistent", o.Persistent == d.Persistent) &&
		// The ring runs across tiles in the producer warpgroup, and a
		// persistent cluster's peers multicast into the ring where a
		// staging tile would lie.
		(!o.WarpSpecialize || clustered && staged) {
		o.Persistent = false
	}
	// auto stays auto where it means the register epilogue (at every
	// size: its edge tiles are as fast as its inner ones, see
	// registerEpilogue), so the printed pipeline parses back the same.
	if o.Epilogue == EpilogueAuto && !(o.WarpSpecialize && o.Persistent && !o.OverlapEpilogue) {
		o.Epilogue = EpilogueTMA
	}
	if adaptable("stages", o.Stages == d.Stages) && len(o.TBTile) == 3 && len(o.Cluster) == 2 {
		for k := o.config(); k.Stages > 1 && k.sharedBytes() > maxSharedMemory; k.Stages-- {
			o.Stages = k.Stages - 1
		}
	}
	return o
}

// config is the kernel configuration of resolved options, unchecked
// (TBTile and Cluster have their lengths).
func (o *Options) config() kernel {
	k := kernel{
		BM: o.TBTile[0], BN: o.TBTile[1], BK: o.TBTile[2],
		Stages: o.Stages, Consumers: o.Consumers,
		WarpSpecialize: o.WarpSpecialize, TMAEpilogue: o.Epilogue == EpilogueTMA, RegisterEpilogue: o.Epilogue == EpilogueRegisters || o.Epilogue == EpilogueAuto, GridSwizzle: o.GridSwizzle,
		Persistent: o.Persistent, SMs: o.SMCount, OverlapEpilogue: o.OverlapEpilogue,
		CX: o.Cluster[0], CY: o.Cluster[1], TileBySize: o.TileBySize, PadOperands: o.PadOperands,
	}
	k.impliedByPingPong(o.PingPong)
	return k
}

// kernel returns the configuration the options give, checked for
// everything that does not depend on the matmul's sizes.
func (o Options) kernel() (kernel, error) {
	if len(o.TBTile) != 3 {
		return kernel{}, fmt.Errorf("option 'tb-tile' expects 3 sizes (M,N,K), got %d", len(o.TBTile))
	}
	if len(o.Cluster) != 2 {
		return kernel{}, fmt.Errorf("option 'cluster' expects 2 sizes (X,Y), got %d", len(o.Cluster))
	}
	switch o.Epilogue {
	case EpilogueAuto, EpilogueDirect, EpilogueTMA, EpilogueRegisters:
	default:
		return kernel{}, fmt.Errorf("option 'epilogue' must be %s, %s, %s or %s, got '%s'", EpilogueAuto, EpilogueDirect, EpilogueTMA, EpilogueRegisters, o.Epilogue)
	}
	o = o.resolved()
	k := o.config()
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
	kc, err := o.kernel()
	if err != nil {
		return err
	}
	if err := matmulpass.TilesDivide(o.TBTile, m, n, k); err != nil {
		return err
	}
	if (n/o.TBTile[1])%kc.CX != 0 || (m/o.TBTile[0])%kc.CY != 0 {
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
	if len(o.TBTile) != 3 || len(o.Cluster) != 2 {
		return 0
	}
	o = o.resolved()
	kc := o.config()
	return kc.sharedBytes()
}
