package gpumapaffine

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
	"github.com/goopt/goopt/passes/loweraffine"
)

// Name is the pipeline's command-line name.
const Name = "gpu-map-affine"

const (
	warpSize      = 32
	maxBlock      = 1024
	maxGridYZ     = 65535
	maxGridX      = 1<<31 - 1
	transposeRows = 8 // thread rows of a transpose block; each handles tile/8 rows
)

// Options configure the mapping. Every optimisation can be switched off
// for an ablation: vector-width=1, coarsen=1, transpose-smem=none.
type Options struct {
	BlockSize   int64  `opt:"block-size" desc:"Threads per block of element-wise kernels (a multiple of 32, at most 1024; default 256)"`
	Coarsen     int64  `opt:"coarsen" desc:"Elements (vectors when vectorised) each thread handles along the innermost parallel loop (default 1)"`
	VectorWidth int64  `opt:"vector-width" desc:"Elements per vector.load/vector.store where accesses are contiguous and aligned: 1 (off), 2 or 4 (default 4)"`
	Grid        string `opt:"grid" enum:"exact,stride" desc:"exact: one block per tile; stride: at most stride-blocks blocks along x, each looping over tiles (grid-stride)"`
	StrideBlks  int64  `opt:"stride-blocks" desc:"Blocks along x of a grid-stride grid (default 1024)"`
	Transpose   string `opt:"transpose" enum:"smem,tma" desc:"Transposes: staged by the threads through workgroup memory (smem), or TMA loads into swizzled workgroup memory and TMA stores (tma: plain transposes of 32-bit elements with 16-byte-multiple rows, on sm_90)"`
	SmemLayout  string `opt:"transpose-smem" enum:"pad,xor,none" desc:"Shared-memory staging of uncoalesced (transposed) stores: a tile padded by one element, XOR-swizzled, or none"`
	Tile        int64  `opt:"transpose-tile" desc:"Square tile of a staged transpose (a multiple of 8, at most 128; default 64: 0.95 of copy bandwidth at 8192² on an H200, against 0.89 for 32)"`
	ReducePlan  string `opt:"reduce-plan" enum:"auto,warp,block" desc:"Rows with reductions: one warp per row, one block per row, or auto (warp when every reduction is at most warp-row-max long)"`
	WarpRowMax  int64  `opt:"warp-row-max" desc:"Longest reduction the auto plan gives to one warp (default 1024)"`
	ReduceBlock int64  `opt:"reduce-block-size" desc:"Threads per block of reduction kernels (a multiple of 32, at most 1024; default 512)"`
	RowRegs     int64  `opt:"row-registers" desc:"Most vectors of a row each lane keeps in registers across the row's loops, so that the row is read from memory once (0: off, every loop reads memory; default 8)"`
	ExpandExp   bool   `opt:"expand-exp" desc:"Expand f32 math.exp in kernels into arith ops (goopt's GPU lowering has no libdevice for it)"`
	Cleanup     bool   `opt:"cleanup" desc:"Run canonicalize and cse on the result (gpu-map-affine; gpu-map-affine-nests alone ignores it)"`
}

// DefaultOptions are the tuned defaults.
func DefaultOptions() Options {
	return Options{BlockSize: 256, Coarsen: 1, VectorWidth: 4, Grid: "exact", StrideBlks: 1024,
		Transpose: "smem", SmemLayout: "pad", Tile: 64, ReducePlan: "auto", WarpRowMax: 1024, ReduceBlock: 512, RowRegs: 8, ExpandExp: true, Cleanup: true}
}

func (o *Options) check() error {
	for _, b := range []struct {
		name string
		v    int64
	}{{"block-size", o.BlockSize}, {"reduce-block-size", o.ReduceBlock}} {
		if b.v < warpSize || b.v > maxBlock || b.v%warpSize != 0 {
			return fmt.Errorf("%s: option '%s' must be a multiple of 32 in [32, 1024], got %d", Name, b.name, b.v)
		}
	}
	if o.Coarsen < 1 || o.Coarsen > 64 {
		return fmt.Errorf("%s: option 'coarsen' must be in [1, 64], got %d", Name, o.Coarsen)
	}
	if o.VectorWidth != 1 && o.VectorWidth != 2 && o.VectorWidth != 4 {
		return fmt.Errorf("%s: option 'vector-width' must be 1, 2 or 4, got %d", Name, o.VectorWidth)
	}
	if o.Tile < transposeRows || o.Tile > 128 || o.Tile%transposeRows != 0 {
		return fmt.Errorf("%s: option 'transpose-tile' must be a multiple of 8 in [8, 128], got %d", Name, o.Tile)
	}
	if o.SmemLayout == "xor" && o.Tile&(o.Tile-1) != 0 {
		return fmt.Errorf("%s: an XOR-swizzled tile must be a power of two, got %d", Name, o.Tile)
	}
	if o.StrideBlks < 1 || o.StrideBlks > maxGridYZ {
		return fmt.Errorf("%s: option 'stride-blocks' must be in [1, 65535], got %d", Name, o.StrideBlks)
	}
	if o.RowRegs < 0 || o.RowRegs > 64 {
		return fmt.Errorf("%s: option 'row-registers' must be in [0, 64], got %d", Name, o.RowRegs)
	}
	if o.WarpRowMax < 0 {
		return fmt.Errorf("%s: option 'warp-row-max' must not be negative", Name)
	}
	return nil
}

// New returns the mapping pass alone, gpu-map-affine-nests (the pipeline
// adds the clean-up; registered so that a dumped pipeline parses back).
var New = pass.Define(pass.Base{Arg: "gpu-map-affine-nests", Desc: "Map parallel affine loop nests to gpu.launch (goopt)", On: "func.func", Display: "GPUMapAffine"}, DefaultOptions(), run)

// Pipeline returns the registration of gpu-map-affine.
func Pipeline() *pass.PipelineInfo {
	return passutil.Pipeline(Name, "Map any affine function whose outer loops are parallel to gpu.launch: coalesced, vectorised, coarsened element-wise kernels, shared-memory transposes, warp-shuffle row reductions (goopt)", DefaultOptions, Build)
}

// Build appends the pipeline configured by o to pm (on builtin.module or
// func.func). The mapping is strict: a loop nest it cannot map fails the
// pipeline with a located error naming the reason, so `goopt compile`
// never hands a host loop to the GPU lowering.
func Build(pm *pass.OpPassManager, o Options) error {
	if err := o.check(); err != nil {
		return err
	}
	p := New().(*pass.OptionsFunc[Options])
	p.Opts = o
	return passutil.AddFuncStages(pm, Name, o.Cleanup, pass.Strict(p))
}

// run maps every outermost affine.for nest of fn; one it cannot map is
// left unchanged with a remark at the op that is the reason.
func run(o *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	if err := o.check(); err != nil {
		return fn.Errorf("%v", err)
	}
	ctx := am.Context()
	remark := func(root *ir.Operation, err error) {
		loc := root.Loc()
		var nm *notMapped
		if errors.As(err, &nm) && nm.op != nil {
			loc = nm.op.Loc()
		}
		am.Emit(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: loc, Msg: "loop nest not mapped to 'gpu.launch': " + err.Error()})
	}
	if err := normalizeParallel(ctx, fn); err != nil {
		remark(fn, err)
		return nil
	}
	for _, root := range passutil.OutermostFors(fn) {
		if err := mapNest(ctx, fn, root, o); err != nil {
			remark(root.Operation, err)
		}
	}
	return nil
}

// mapNest plans the mapping of one nest, and only when the plan is
// complete builds the launch before it and erases it.
func mapNest(ctx *ir.Context, fn *ir.Operation, root affine.ForOp, o *Options) error {
	nt, err := analyse(root)
	if err != nil {
		return err
	}
	var build func(k *kb) (*ir.Operation, error)
	switch {
	case hasInnerLoops(nt.body):
		p, err := planRows(nt, o)
		if err != nil {
			return err
		}
		build = func(k *kb) (*ir.Operation, error) { return p.build(k, fn), nil }
	default:
		if err := checkElementwise(nt); err != nil {
			return err
		}
		if o.Transpose == "tma" {
			// The staged plan's recognition, whatever its layout option.
			so := *o
			so.SmemLayout = "pad"
			if p, ok := planTranspose(nt, &so); ok {
				t, err := planTMATranspose(nt, p.store, o.Tile)
				if err != nil {
					return err
				}
				build = t.build
				break
			}
		}
		if p, ok := planTranspose(nt, o); ok {
			build = func(k *kb) (*ir.Operation, error) { return p.build(k, fn), nil }
			break
		}
		p, err := planElementwise(nt, o)
		if err != nil {
			return err
		}
		build = func(k *kb) (*ir.Operation, error) { return p.build(k), nil }
	}
	k := &kb{ctx: ctx, b: ir.NewBuilder(ctx), loc: root.Loc()}
	k.b.SetInsertionPointBefore(root.Operation)
	launch, err := build(k)
	if err != nil {
		return err
	}
	if err := loweraffine.Lower(ctx, launch); err != nil {
		return err
	}
	if o.ExpandExp {
		expandExp(ctx, launch)
	}
	root.Erase()
	return nil
}

func hasInnerLoops(b *ir.Block) bool {
	for _, op := range bodyOps(b) {
		if op.Is(affine.ForName) {
			return true
		}
	}
	return false
}

// checkElementwise accepts the bodies an element-wise kernel can run: no
// nested loops (those are row plans), affine.if allowed, and no op whose
// effects the mapping cannot see.
func checkElementwise(nt *nest) error {
	var bad error
	for _, op := range bodyOps(nt.body) {
		ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
			switch {
			case o.Is(affine.ForName), o.Is(affine.ParallelName):
				bad = refuse(o, "loop nested under a conditional is not supported")
			case o.Is("func.call"), o.Is("fn.call"), o.Is("func.call_indirect"):
				bad = refuse(o, "calls in a kernel body are not supported")
			}
			if bad != nil {
				return ir.Interrupt
			}
			return ir.Advance
		})
		if bad != nil {
			return bad
		}
	}
	return nil
}

func (k *kb) getGlobal(name string, t *ir.MemRefType) *ir.Value {
	return k.op("memref.get_global", nil, t, ir.NamedAttribute{Name: "name", Value: ir.SymbolRef(name)})
}

func symName(fn *ir.Operation) string {
	if s, ok := fn.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return "kernel"
}

// delinearize maps the linear index r over the band dims [0, nd) to their
// IVs in m.
func (k *kb) delinearize(nt *nest, nd int, r *ir.Value, m *ir.Mapping) {
	stride := int64(1)
	for d := nd - 1; d >= 0; d-- {
		t := r
		if stride != 1 {
			t = k.bin("arith.divui", t, k.idx(stride))
		}
		if d > 0 {
			t = k.bin("arith.remui", t, k.idx(nt.n[d]))
		}
		m.Map(nt.band[d].InductionVar(), k.addc(k.mulc(t, nt.step[d]), nt.lb[d]))
		stride *= nt.n[d]
	}
}

// tiles runs body on each tile index in [0, total) that block id takes:
// the id itself in an exact grid, or id, id+size, ... in a grid-stride one.
func (k *kb) tiles(id, size *ir.Value, total int64, stride bool, body func(t *ir.Value)) {
	if !stride {
		body(id)
		return
	}
	k.forLoop(id, k.idx(total), size, nil, func(t *ir.Value, _ []*ir.Value) []*ir.Value {
		body(t)
		return nil
	})
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// grid is the launch of a 2-D tiled kernel: gx×gy tiles, launched as bx×by
// blocks that stride over the tiles along x (sx) or y (sy) where the grid
// is capped.
type grid struct {
	gx, gy int64 // tiles along x and y
	sx, sy bool  // grid-stride along x, y
	bx, by int64 // launched grid
}

// fitGrid launches gx×gy tiles: one block a tile, except where
// --grid=stride or the hardware's grid limits cap a dimension.
func fitGrid(gx, gy int64, o *Options) grid {
	p := grid{gx: gx, gy: gy, bx: gx, by: gy}
	if o.Grid == "stride" && p.gx > o.StrideBlks {
		p.sx, p.bx = true, o.StrideBlks
	}
	if p.gx > maxGridX {
		p.sx, p.bx = true, maxGridX
	}
	if p.gy > maxGridYZ {
		p.sy, p.by = true, maxGridYZ
	}
	return p
}
