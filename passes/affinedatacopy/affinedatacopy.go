package affinedatacopy

import (
	"errors"
	"math"
	"strconv"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/affine/looputil"
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

// New returns the pass with upstream's defaults.
var New = pass.Define(pass.Base{Arg: "affine-data-copy-generate", Desc: "Generate explicit copying for affine memory operations", On: "func.func", Display: "AffineDataCopyGeneration"}, DefaultOptions(), run)

// run generates copies in every block of the function, then promotes the
// single-iteration loops of the copy nests.
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	if opts.GenerateDma {
		return runDMA(opts, op, am)
	}
	if opts.Padding < 0 {
		return op.Errorf("invalid padding %d: must be non-negative", opts.Padding)
	}
	g := &generator{
		ctx:  am.Context(),
		opts: *opts,
		copy: looputil.CopyOptions{
			SlowMemorySpace: opts.SlowMemorySpace,
			FastMemorySpace: opts.FastMemorySpace,
			Padding:         opts.Padding,
			GlobalBuffers:   opts.GlobalBuffers,
		},
		fn:     op,
		emit:   am.Emit,
		isCopy: map[*ir.Operation]bool{},
	}
	if len(opts.MemRefs) > 0 {
		g.copy.Filter = g.memrefSelected
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			g.runOnBlock(b)
		}
	}
	// In creation order, so that the constants promotion puts at the top
	// of the function come out the same on every run.
	for _, nest := range g.nests {
		for _, f := range looputil.Loops(nest) {
			_ = looputil.PromoteIfSingleIteration(g.ctx, f)
		}
	}
	return nil
}

// generator holds the state of copy generation over one function.
type generator struct {
	ctx  *ir.Context
	opts Options
	copy looputil.CopyOptions
	fn   *ir.Operation
	emit func(*ir.Diagnostic)
	// nests are the copy nests made so far, in creation order; isCopy
	// holds the same ops, so that the walk skips them.
	nests  []*ir.Operation
	isCopy map[*ir.Operation]bool
}

// generate calls the utility on one range and reports what it left alone.
func (g *generator) generate(begin, end *ir.Operation) {
	if begin == nil || begin == end {
		return
	}
	nests, errs := looputil.AffineDataCopyGenerate(g.ctx, begin, end, g.copy)
	for _, n := range nests {
		g.nests = append(g.nests, n)
		g.isCopy[n] = true
	}
	for _, err := range errs {
		var ce *looputil.CopyError
		if errors.As(err, &ce) {
			g.emit(ce.Op.Remarkf("%s", ce.Msg))
		} else {
			g.emit(g.fn.Remarkf("%v", err))
		}
	}
}

func (g *generator) isRangeStart(op *ir.Operation) bool {
	return (analysis.IsAffineAccess(op) || op.Is(affine.ForName)) && !g.isCopy[op]
}

func (g *generator) nextStart(op *ir.Operation) *ir.Operation {
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
func (g *generator) runOnBlock(block *ir.Block) {
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
		if !ok || g.isCopy[it] {
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

func (g *generator) recurseInto(f affine.ForOp) bool {
	if g.opts.CopyDepth >= 0 {
		return int64(analysis.LoopDepth(f.Operation)) < g.opts.CopyDepth
	}
	if g.opts.SkipNonUnitStrideLoops {
		return f.Step() != 1
	}
	if g.opts.FastMemCapacity == math.MaxUint64 {
		return false
	}
	fp, ok := looputil.MemoryFootprintBytes(f)
	return ok && uint64(fp) > g.opts.FastMemCapacity*1024
}

// memrefSelected applies the memrefs= filter: function arguments by index
// or printed name.
func (g *generator) memrefSelected(v *ir.Value) bool {
	if !v.IsBlockArgument() || v.OwnerBlock().ParentOp() != g.fn || !v.OwnerBlock().IsEntry() {
		return false
	}
	idx := strconv.Itoa(v.Index())
	for _, n := range g.opts.MemRefs {
		if n == idx || n == "arg"+idx || n == "%arg"+idx {
			return true
		}
	}
	return false
}

// runDMA is upstream's pass with generate-dma: its own zero index at the
// top of the function, then copies per block range as upstream's
// runOnBlock chooses them (the goopt extensions do not apply).
func runDMA(opts *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	if len(fn.Regions()) == 0 || fn.Region(0).Empty() {
		return nil
	}
	body := fn.Region(0).Blocks()[0]
	b := ir.NewBuilder(am.Context())
	if body.Empty() {
		b.SetInsertionPointToEnd(body)
	} else {
		b.SetInsertionPointBefore(body.First())
	}
	b.CreateOp("arith.constant", fn.Loc(), nil, []ir.Type{ir.Index}, ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.Index, 0)})
	capacity := opts.FastMemCapacity
	if capacity != math.MaxUint64 {
		capacity *= 1024
	}
	d := &dmaRunner{ctx: am.Context(), fn: fn, emit: am.Emit, opts: opts, copy: looputil.DMAOptions{
		SlowMemorySpace: opts.SlowMemorySpace, FastMemorySpace: opts.FastMemorySpace,
		TagMemorySpace: opts.TagMemorySpace, FastMemCapacityBytes: capacity,
	}}
	for _, r := range fn.Regions() {
		for _, blk := range r.Blocks() {
			d.runOnBlock(blk)
		}
	}
	return nil
}

type dmaRunner struct {
	ctx  *ir.Context
	fn   *ir.Operation
	emit func(*ir.Diagnostic)
	opts *Options
	copy looputil.DMAOptions
}

func (d *dmaRunner) generate(begin, end *ir.Operation) {
	if _, w := looputil.AffineDataCopyGenerateDMA(d.ctx, d.fn, begin, end, d.copy); w != nil {
		d.emit(w)
	}
}

// isStart: upstream's ranges start at affine.load, affine.store or
// affine.for (DMA generation makes no copy nests to skip).
func isStart(op *ir.Operation) bool {
	return op.Is(affine.LoadName) || op.Is(affine.StoreName) || op.Is(affine.ForName)
}

func nextDMAStart(op *ir.Operation) *ir.Operation {
	for ; op != nil && !isStart(op); op = op.Next() {
	}
	return op
}

func (d *dmaRunner) runOnBlock(block *ir.Block) {
	if block.Empty() {
		return
	}
	curBegin := nextDMAStart(block.First())
	it := curBegin
	for it != nil {
		f, ok := affine.AsFor(it)
		if !ok {
			it = it.Next()
			continue
		}
		d.generate(curBegin, it)
		var recurse bool
		if d.opts.SkipNonUnitStrideLoops {
			recurse = f.Step() != 1
		} else if fp, ok := looputil.MemoryFootprintBytes(f); ok {
			recurse = uint64(fp) > d.copy.FastMemCapacityBytes
		}
		if recurse {
			d.runOnBlock(f.Body())
		} else {
			d.generate(it, it.Next())
		}
		curBegin = nextDMAStart(it.Next())
		it = curBegin
	}
	if curBegin != nil {
		d.generate(curBegin, block.Last())
	}
}
