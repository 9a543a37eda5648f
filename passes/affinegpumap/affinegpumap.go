package affinegpumap

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
	"github.com/goopt/goopt/passes/loweraffine"
)

// Options are affine-gpu-map's options.
type Options struct {
	GridXLoop          string `opt:"grid-x-loop" enum:"j,i" desc:"(goopt) Thread-block loop mapped to blockIdx.x: j (the column tiles) or i (the row tiles); the other goes to blockIdx.y"`
	MaxThreadsPerBlock int64  `opt:"max-threads-per-block" desc:"(goopt) Refuse mappings whose block (32 threads per warp tile) is larger"`
}

// DefaultOptions returns the paper's mapping: j tiles along blockIdx.x, at
// most 1024 threads per block.
func DefaultOptions() Options { return Options{GridXLoop: "j", MaxThreadsPerBlock: 1024} }

// New returns the pass with its defaults.
var New = pass.Define(pass.Base{Arg: "affine-gpu-map", Desc: "Map a tiled affine matmul nest to a gpu.launch: thread-block loops to the grid, warp loops to warps, copies to all threads (goopt)", On: "func.func", Display: "AffineGPUMap"}, DefaultOptions(), run)

// run maps every outermost affine.for nest of the function; a nest that
// cannot be mapped is left unchanged with a remark saying why.
func run(o *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	if o.MaxThreadsPerBlock <= 0 {
		return fn.Errorf("invalid max-threads-per-block %d: must be positive", o.MaxThreadsPerBlock)
	}
	ctx := am.Context()
	opts := gpuutil.MapOptions{
		GridXLoop:          o.GridXLoop,
		MaxThreadsPerBlock: o.MaxThreadsPerBlock,
		Lower:              func(launch *ir.Operation) error { return loweraffine.Lower(ctx, launch) },
	}
	for _, root := range passutil.OutermostFors(fn) {
		if _, err := gpuutil.MapToLaunch(ctx, root, opts); err != nil {
			// The remark points at the op that prevents the mapping.
			for _, d := range ir.Diagnostics(err) {
				loc := d.Loc
				if loc == nil || loc == ir.Unknown {
					loc = root.Loc()
				}
				am.Emit(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: loc, Msg: "loop nest not mapped to 'gpu.launch': " + d.Msg})
			}
		}
	}
	return nil
}
