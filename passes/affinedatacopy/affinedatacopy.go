package affinedatacopy

import (
	"fmt"
	"math"
	"strconv"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's affine-data-copy-generate options followed by
// goopt's extensions.
type Options struct {
	FastMemCapacity        uint64 `opt:"fast-mem-capacity" desc:"Set fast memory space capacity in KiB (default: unlimited)"`
	FastMemorySpace        uint32 `opt:"fast-mem-space" desc:"Fast memory space identifier for copy generation (default: 1)"`
	GenerateDma            bool   `opt:"generate-dma" desc:"Generate DMA instead of point-wise copy"`
	MinDmaTransfer         int32  `opt:"min-dma-transfer" desc:"Minimum DMA transfer size supported by the target in bytes"`
	SkipNonUnitStrideLoops bool   `opt:"skip-non-unit-stride-loops" desc:"Testing purposes: avoid non-unit stride loop choice depths for copy placement"`
	SlowMemorySpace        uint32 `opt:"slow-mem-space" desc:"Slow memory space identifier for copy generation (default: 0)"`
	TagMemorySpace         uint32 `opt:"tag-mem-space" desc:"Tag memory space identifier for copy generation (default: 0)"`

	CopyDepth     int64    `opt:"copy-depth" desc:"(goopt) Place copies around the loops at this nesting depth (-1: upstream's capacity-driven placement)"`
	MemRefs       []string `opt:"memrefs" desc:"(goopt) Copy only these memrefs: function argument names (arg0) or indices (0)"`
	Padding       int64    `opt:"padding" desc:"(goopt) Pad the innermost dimension of fast buffers by this many elements"`
	GlobalBuffers bool     `opt:"global-buffers" desc:"(goopt) Allocate fast buffers as memref.global in the fast memory space instead of memref.alloc"`
}

// DefaultOptions returns upstream's defaults (and goopt's extensions off).
func DefaultOptions() Options {
	return Options{
		FastMemCapacity: math.MaxUint64,
		FastMemorySpace: 1,
		GenerateDma:     true,
		MinDmaTransfer:  1024,
		CopyDepth:       -1,
	}
}

// Pass is the affine-data-copy-generate pass.
type Pass struct {
	pass.Base
	Opts Options
}

// New returns the pass with upstream's defaults.
func New() pass.Pass {
	return &Pass{
		Base: pass.Base{Arg: "affine-data-copy-generate", Desc: "Generate explicit copying for affine memory operations", On: "func.func", Display: "AffineDataCopyGeneration"},
		Opts: DefaultOptions(),
	}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run generates copies in every block of the function.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	if p.Opts.GenerateDma {
		am.Emit(op.Remarkf("DMA generation is not supported: no copies generated (use generate-dma=false for point-wise copies)"))
		return nil
	}
	if p.Opts.Padding < 0 {
		return op.Errorf("invalid padding %d: must be non-negative", p.Opts.Padding)
	}
	g := &Generator{Ctx: am.Context(), Opts: p.Opts, Func: op, Emit: am.Emit}
	g.Run()
	return nil
}

// Generator holds the state of copy generation over one function.
type Generator struct {
	Ctx  *ir.Context
	Opts Options
	Func *ir.Operation
	Emit func(*ir.Diagnostic)

	copyNests map[*ir.Operation]bool
	nBuffers  int
}

// Run processes every block of the function body, then promotes the
// single-iteration loops of the generated copy nests.
func (g *Generator) Run() {
	g.copyNests = map[*ir.Operation]bool{}
	for _, r := range g.Func.Regions() {
		for _, b := range r.Blocks() {
			g.runOnBlock(b)
		}
	}
	for nest := range g.copyNests {
		promoteSingleIteration(g.Ctx, nest)
	}
}

func (g *Generator) isRangeStart(op *ir.Operation) bool {
	return (analysis.IsAffineAccess(op) || op.Is(affine.ForName)) && !g.copyNests[op]
}

func (g *Generator) nextStart(op *ir.Operation) *ir.Operation {
	for ; op != nil; op = op.Next() {
		if op.HasTrait(ir.Terminator) {
			return nil
		}
		if g.isRangeStart(op) {
			return op
		}
	}
	return nil
}

// runOnBlock partitions the block into ranges (upstream's runOnBlock):
// each affine.for either gets copies around it or, when its footprint
// exceeds the capacity (or copy-depth / skip-non-unit-stride-loops asks
// for it), is recursed into; straight-line accesses between loops form
// ranges of their own.
func (g *Generator) runOnBlock(block *ir.Block) {
	if block.Empty() {
		return
	}
	term := block.Last()
	if !term.HasTrait(ir.Terminator) {
		term = nil
	}
	curBegin := g.nextStart(block.First())
	it := curBegin
	for it != nil && it != term {
		f, ok := affine.AsFor(it)
		if !ok || g.copyNests[it] {
			it = it.Next()
			continue
		}
		g.generate(curBegin, it)
		if g.recurseInto(f) {
			g.runOnBlock(f.Body())
		} else {
			g.generate(it, it.Next())
		}
		curBegin = g.nextStart(it.Next())
		it = curBegin
	}
	if curBegin != nil && curBegin != term {
		g.generate(curBegin, term)
	}
}

func (g *Generator) recurseInto(f affine.ForOp) bool {
	if g.Opts.CopyDepth >= 0 {
		return int64(analysis.LoopDepth(f.Operation)) < g.Opts.CopyDepth
	}
	if g.Opts.SkipNonUnitStrideLoops {
		return f.Step() != 1
	}
	if g.Opts.FastMemCapacity == math.MaxUint64 {
		return false
	}
	fp, ok := footprintBytes(f)
	return ok && uint64(fp) > g.Opts.FastMemCapacity*1024
}

// footprintBytes is getMemoryFootprintBytes: the sum over memrefs of the
// largest constant bounding box of the accesses in f's body.
func footprintBytes(f affine.ForOp) (int64, bool) {
	depth := analysis.LoopDepth(f.Operation) + 1
	per := map[*ir.Value]int64{}
	ok := true
	ir.WalkOps(f.Operation, func(op *ir.Operation) {
		a, isAcc := analysis.NewMemRefAccess(op)
		if !isAcc {
			return
		}
		r, err := analysis.ComputeRegion(a, depth)
		if err != nil {
			ok = false
			return
		}
		b, known := r.FootprintBytes()
		if !known {
			ok = false
			return
		}
		per[a.MemRef] = max(per[a.MemRef], b)
	})
	var total int64
	for _, b := range per {
		total += b
	}
	return total, ok
}

// memrefSelected applies the memrefs= filter.
func (g *Generator) memrefSelected(v *ir.Value) bool {
	if len(g.Opts.MemRefs) == 0 {
		return true
	}
	if !v.IsBlockArgument() || v.OwnerBlock().ParentOp() != g.Func || !v.OwnerBlock().IsEntry() {
		return false
	}
	idx := strconv.Itoa(v.Index())
	for _, n := range g.Opts.MemRefs {
		if n == idx || n == "arg"+idx || n == "%arg"+idx {
			return true
		}
	}
	return false
}

func (g *Generator) remark(op *ir.Operation, format string, args ...any) {
	if g.Emit != nil {
		g.Emit(op.Remarkf(format, args...))
	}
}

func (g *Generator) bufferName() string {
	g.nBuffers++
	return fmt.Sprintf("__goopt_fast_buf_%d", g.nBuffers-1)
}
