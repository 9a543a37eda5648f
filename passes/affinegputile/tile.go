package affinegputile

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Options are affine-gpu-tile's options: the three tiling levels, each
// as M,N,K extents.
type Options struct {
	TBTile   []int64 `opt:"tb-tile" desc:"Thread-block tile sizes M,N,K (default: 128,128,64)"`
	WarpTile []int64 `opt:"warp-tile" desc:"Warp tile sizes M,N,K (default: 64,32,32)"`
	MMATile  []int64 `opt:"mma-tile" desc:"WMMA tile sizes M,N,K (default: 16,16,16)"`
}

// DefaultOptions returns the paper's tile sizes.
func DefaultOptions() Options {
	d := gpuutil.DefaultTileSizes()
	return Options{TBTile: d.Block[:], WarpTile: d.Warp[:], MMATile: d.MMA[:]}
}

// New returns the pass with the paper's tile sizes.
var New = pass.Define(pass.Base{Arg: "affine-gpu-tile", Desc: "Tile a matmul nest for thread blocks, warps and WMMA in the GPU loop order (goopt)", On: "func.func", Display: "AffineGpuTile"}, DefaultOptions(), run)

// sizes converts the options, checking their shape.
func (opts *Options) sizes() (gpuutil.TileSizes, error) {
	var ts gpuutil.TileSizes
	for _, o := range []struct {
		name string
		v    []int64
		dst  *[3]int64
	}{{"tb-tile", opts.TBTile, &ts.Block}, {"warp-tile", opts.WarpTile, &ts.Warp}, {"mma-tile", opts.MMATile, &ts.MMA}} {
		if len(o.v) != 3 {
			return ts, fmt.Errorf("option '%s' expects 3 sizes (M,N,K), got %d", o.name, len(o.v))
		}
		copy(o.dst[:], o.v)
	}
	return ts, ts.Validate()
}

// run tiles the perfectly nested band of every outermost affine.for of
// the function. Nests that are not a matmul are left alone with a remark;
// a matmul whose sizes the thread-block tile does not divide is an error.
func run(opts *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	ts, err := opts.sizes()
	if err != nil {
		return fn.Errorf("invalid tile sizes: %v", err)
	}
	for _, root := range passutil.OutermostFors(fn) {
		_, err := gpuutil.TileMatmulForGPU(am.Context(), looputil.GetPerfectlyNestedLoops(root), ts)
		var sizeErr *gpuutil.TileSizeError
		switch {
		case err == nil:
		case errors.As(err, &sizeErr):
			am.Emit(sizeErr.Op.Errorf("%s", sizeErr.Msg))
		default:
			am.Emit(root.Remarkf("loop nest not tiled for the GPU: %v", err))
		}
	}
	return nil
}
