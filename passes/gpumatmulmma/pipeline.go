package gpumatmulmma

import (
	"fmt"

	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/matmulpass"
)

// Name is the pipeline's command-line name.
const Name = "gpu-matmul-mma"

// Options are the kernel's shape.
type Options struct {
	TBTile      []int64 `opt:"tb-tile" desc:"Thread-block tile sizes M,N,K (default: 128,256,32)"`
	WarpTile    []int64 `opt:"warp-tile" desc:"Warp tile sizes M,N; the block has (M/warp M) x (N/warp N) warps (default: 64,64)"`
	Stages      int64   `opt:"stages" desc:"Slots of the cp.async shared-memory ring of A and B tiles (default: 4)"`
	GridSwizzle int64   `opt:"grid-swizzle" desc:"Rasterise the blocks in groups of this many tile rows for L2 reuse; 0 or 1: row-major (default: 8)"`
	AllowTF32   bool    `opt:"allow-tf32" desc:"Run f32 matmuls on the tensor cores as tf32 (10-bit mantissa: about 1e-3 relative error, against f32's 1e-7)"`
	UnrollRing  bool    `opt:"unroll-ring" desc:"Unroll the K loop by the stages, so that every ring slot (and shared-memory address) in its body is a constant; false: one K tile a trip, slots modulo the stages (default: true)"`
	Cleanup     bool    `opt:"cleanup" desc:"Run canonicalize and cse on the result"`

	// The order of a K tile's instructions, one option each so that they can be measured apart.
	SpreadCopies    bool  `opt:"spread-copies" desc:"Issue a K tile's cp.async copies in equal shares before each 16-deep step instead of all before the first (default: false)"`
	InterleaveLoads bool  `opt:"interleave-loads" desc:"Issue the next step's ldmatrix among the current step's mma.sync, one A fragment (and a share of B's) after each row of them, and the next tile's wait and barrier after barrier-row rows; false: all loads before the mma.sync (default: true: measured 480 TFLOP/s against 440-476 without on the H200 at 8192)"`
	BarrierRow      int64 `opt:"barrier-row" desc:"Under interleave-loads, how many rows of a tile's last step of mma.sync (a row: a warp's mma.sync of one 16-row A fragment) come before the next tile's wait and barrier; the loads of the rows before it follow the barrier at once; more than the rows: after all of them (default: 1)"`
}

// DefaultOptions is the fastest shape measured on the H200 (0.61x cuBLAS
// at 8192, against 0.55 for the classic Ampere 128x128x32 with 4 warps,
// docs/gpu/2026-11-25-h200-s4-final; both before unroll-ring): 128x256x32
// block tiles, eight warps of 64x64, a 4-stage ring (96 KB of shared
// memory), the K loop unrolled by the stages.
func DefaultOptions() Options {
	return Options{TBTile: []int64{128, 256, 32}, WarpTile: []int64{64, 64}, Stages: 4, GridSwizzle: 8, UnrollRing: true, InterleaveLoads: true, BarrierRow: 1, Cleanup: true}
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
		In: f16, Acc: f32, AllowTF32: o.AllowTF32, UnrollRing: o.UnrollRing,
		SpreadCopies: o.SpreadCopies, InterleaveLoads: o.InterleaveLoads, BarrierRow: o.BarrierRow,
	}
	return k, k.check()
}

// Pipeline returns the registration of gpu-matmul-mma.
func Pipeline() *pass.PipelineInfo { return spec.Pipeline() }

// Build appends the pipeline configured by o to pm (a module pass manager
// or one on func.func). The kernel pass is strict: a nest it cannot map
// fails the pipeline with a located error.
func Build(pm *pass.OpPassManager, o Options) error { return spec.Build(pm, o) }

// Check says why the pipeline configured by o cannot compile an m×n×k
// matmul (nil when it can), without compiling, for a tuner's search.
func (o Options) Check(m, n, k int64) error {
	if _, err := o.kernel(); err != nil {
		return err
	}
	return matmulpass.TilesDivide(o.TBTile, m, n, k)
}
