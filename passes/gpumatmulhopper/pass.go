package gpumatmulhopper

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"github.com/goopt/goopt/passes/internal/matmulpass"
)

// KernelPassName is the pass that replaces each matmul nest by the
// kernel; the pipeline is this pass (strict) and its clean-up.
const KernelPassName = "affine-gpu-hopper"

// spec is the pipeline's skeleton (shared with gpu-matmul-mma): the kernel
// pass, strict, and canonicalize and cse when o.Cleanup.
var spec = &matmulpass.Spec[Options]{Name: Name, Kernel: "a Hopper kernel", Defaults: DefaultOptions,
	Summary: "An affine f16 matmul to a Hopper gpu.launch: TMA into an mbarrier-guarded shared-memory ring, wgmma, warp specialisation (goopt)",
	Pass:    pass.Base{Arg: KernelPassName, Desc: "Replace an affine f16 matmul nest by a Hopper TMA + mbarrier + wgmma gpu.launch (goopt)", On: "func.func", Display: "AffineGPUHopper"},
	Prepare: func(o *Options) (matmulpass.Builder, bool, error) {
		// The pass keeps (and prints) the options resolved: the pipeline
		// it prints states every fallback, and parses back to the same.
		*o = o.resolved()
		b, err := matmulpass.Fitted(o.kernel, (*kernel).fit, (*kernel).source)
		return b, o.Cleanup, err
	}}

// NewKernelPass returns affine-gpu-hopper with the pipeline's defaults.
func NewKernelPass() pass.Pass { return spec.NewKernelPass() }

// fit completes k with the matmul's sizes and checks that the kernel
// computes exactly this nest.
func (k *kernel) fit(mm *gpuutil.MatmulNest) error {
	// A's element type selects the variant (f16 or bf16); B must match.
	abType := ir.Type(ir.F16)
	if elem := matmulpass.ElemA(mm); elem != nil {
		if name, ok := abElem(elem); ok {
			abType, k.Elem = elem, name
		} else {
			return kernelemit.Locatedf(matmulpass.LoadA(mm), "operand A has element type %s: the Hopper kernel takes f16 or bf16 inputs with an f32 C%s", elem, elemHint(elem))
		}
	}
	if err := matmulpass.CheckOperands(mm, abType, ir.F32); err != nil {
		return err
	}
	k.M, k.N, k.K = mm.Size(0), mm.Size(1), mm.Size(2)
	k.tileBySize()
	if err := k.fitBounds(mm); err != nil {
		return err
	}
	// A cluster's blocks lie in one tile grid row or column group: the
	// (rounded-up) tile counts must be whole clusters.
	if k.tilesN()%k.CX != 0 {
		return kernelemit.Locatedf(mm.Loop[1].Operation, "the %d column tiles are not a whole number of clusters of %d", k.tilesN(), k.CX)
	}
	if k.tilesM()%k.CY != 0 {
		return kernelemit.Locatedf(mm.Loop[0].Operation, "the %d row tiles are not a whole number of clusters of %d", k.tilesM(), k.CY)
	}
	return nil
}

// tileBySize takes 128x128 tiles instead of the default 128x256 where
// they finish sooner: the persistent grid runs the tiles in waves of
// SMs, so the time goes as the waves times a tile's time, and a 128x128
// tile takes half a 128x256 tile's work at smallTileEfficiency of its
// speed. That picks 128x128 where 128x256 tiles would leave half the SMs
// idle (H200, f16: 1024^3 109 -> 152 TFLOP/s, 1000^3 97 -> 133) and where
// their last wave is mostly empty (3072^3: 3 waves of 288 tiles, or 5 of
// 576: 476 -> 499), and keeps 128x256 at 2048^3 (488 against 435), 2560^3,
// 3584^3, 5120^3 and 6144^3 (measured, docs/gpu/2026-11-25-h200-s7/
// 19-wave-quantization). Not with a cluster (its tile counts were
// checked) or pingpong (whose accumulator is the whole tile).
func (k *kernel) tileBySize() {
	if !k.TileBySize || k.BM != 128 || k.BN != 256 || k.BK != 64 || k.PingPong || k.clusterSize() > 1 {
		return
	}
	waves := func(tiles int64) int64 { return ceilDiv(tiles, k.SMs) }
	large := waves(k.tiles())
	k.BN = 128
	if float64(waves(k.tiles()))*0.5/smallTileEfficiency >= float64(large) {
		k.BN = 256
	}
}

// smallTileEfficiency is a 128x128 tile's speed against a 128x256 one's
// (H200: 2048^3 runs 2 waves of 128x128 tiles at 435 TFLOP/s, 1 wave of
// 128x256 at 488, so 0.5*2/e = 488/435).
const smallTileEfficiency = 0.89
