package passtest

import (
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulwmma"
)

// SmallWMMAPipeline builds the paper's gpu-matmul-wmma pipeline with
// 32x32x32 thread-block and 16x16x16 warp tiles: on a 64x64x64 matmul
// (testutil.PaperMatmul) that is a 2x2 grid of small blocks, which the
// interpreter runs, race checks included, in well under a second.
func SmallWMMAPipeline(pm *pass.OpPassManager) error {
	o := gpumatmulwmma.DefaultOptions()
	o.TBTile, o.WarpTile = []int64{32, 32, 32}, []int64{16, 16, 16}
	return gpumatmulwmma.Build(pm, o)
}
