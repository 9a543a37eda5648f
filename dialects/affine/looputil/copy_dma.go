package looputil

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// DMAOptions configure AffineDataCopyGenerateDMA (upstream's
// AffineCopyOptions with generateDma).
type DMAOptions struct {
	SlowMemorySpace, FastMemorySpace, TagMemorySpace uint32
	// FastMemCapacityBytes is compared with the total size of the
	// buffers made for one range (a warning when exceeded).
	FastMemCapacityBytes uint64
}

// dmaRegion is the constant bounding box of the accesses of one memref:
// index d lies in [lb[d](params), lb[d](params) + shape[d]), lb over the
// region's params (upstream's region symbols: outer IVs, then symbols),
// all as dims.
type dmaRegion struct {
	memref *ir.Value
	write  bool
	loc    ir.Location
	params []*ir.Value
	lb     []aff.Expr
	shape  []int64
	// noBox: the region has no constant bounding box; generate fails
	// for it (after making its zero index, as upstream).
	noBox bool
}

// AffineDataCopyGenerateDMA is upstream's affineDataCopyGenerate with
// generateDma, on the ops [begin, end) of one block: each memref of the
// slow memory space that the range loads or stores through affine.load /
// affine.store gets a fast buffer holding the constant bounding box of all
// its accesses in the range, filled by affine.dma_start / affine.dma_wait
// before the range (a strided DMA when the box is narrower than the memref
// along an inner dimension) and, when written, drained by another DMA
// after it, each with its own tag memref; the accesses in the range are
// redirected to the buffer. The transfers are hoisted past the enclosing
// loops whose IVs the box does not depend on. Constants go to the top of
// fn's body, as upstream puts them. It reports whether every memref got
// its copies, and returns a warning when the buffers exceed the capacity.
func AffineDataCopyGenerateDMA(ctx *ir.Context, fn, begin, end *ir.Operation, opts DMAOptions) (ok bool, warning *ir.Diagnostic) {
	if begin == nil || begin == end {
		return true, nil
	}
	block := begin.Block()
	depth := analysis.LoopDepth(begin)
	var reads, writes []*dmaRegion
	find := func(list []*dmaRegion, m *ir.Value) *dmaRegion {
		for _, r := range list {
			if r.memref == m {
				return r
			}
		}
		return nil
	}
	failed := false
	var rangeOps []*ir.Operation
	for op := begin; op != nil && op != end; op = op.Next() {
		rangeOps = append(rangeOps, op)
	}
	for _, top := range rangeOps {
		ir.WalkOps(top, func(op *ir.Operation) {
			if failed || !(op.Is(affine.LoadName) || op.Is(affine.StoreName)) {
				return
			}
			a, isAcc := analysis.NewMemRefAccess(op)
			if !isAcc {
				return
			}
			mt := a.MemRefType()
			if mt == nil || mt.MemorySpaceInt() != int64(opts.SlowMemorySpace) {
				return
			}
			if !memrefDefinedAbove(a.MemRef, block) {
				return
			}
			r := computeDMARegion(a, depth)
			if r == nil {
				if r = fullMemRefRegion(a, depth); r == nil {
					failed = true
					return
				}
			}
			update := func(list []*dmaRegion) bool {
				ex := find(list, r.memref)
				if ex == nil {
					return false
				}
				if !ex.union(r) {
					full := fullMemRefRegion(a, depth)
					if full == nil {
						failed = true
						return true
					}
					ex.copyFrom(full)
				}
				r.copyFrom(ex)
				return true
			}
			inRead := update(reads)
			if failed {
				return
			}
			inWrite := update(writes)
			if failed {
				return
			}
			if r.write && !inWrite {
				writes = append(writes, r)
			} else if !r.write && !inRead {
				reads = append(reads, r)
			}
		})
	}
	if failed {
		return false, nil
	}
	g := &dmaGen{ctx: ctx, fn: fn, block: block, begin: begin, end: end, opts: opts, fast: map[*ir.Value]*ir.Value{}, rangeOps: rangeOps}
	ok = true
	var total uint64
	for _, r := range append(reads, writes...) {
		size, good := g.generate(r)
		if good {
			total += size
		}
		ok = ok && good
	}
	if !ok {
		return false, nil
	}
	if total > opts.FastMemCapacityBytes {
		return true, block.ParentOp().Warningf("total size of all copy buffers' for this block exceeds fast memory capacity")
	}
	return true, nil
}

// memrefDefinedAbove reports whether v is defined in a region enclosing block.
func memrefDefinedAbove(v *ir.Value, block *ir.Block) bool {
	var owner *ir.Block
	if v.IsBlockArgument() {
		owner = v.OwnerBlock()
	} else {
		owner = v.DefiningOp().Block()
	}
	for b := block; b != nil; {
		if b.Parent() == owner.Parent() {
			return true
		}
		p := b.ParentOp()
		if p == nil {
			return false
		}
		b = p.Block()
	}
	return false
}

// computeDMARegion is the access's region at depth as a constant box, or
// nil when it has none.
func computeDMARegion(a *analysis.MemRefAccess, depth int) *dmaRegion {
	reg, err := analysis.ComputeRegion(a, depth)
	if err != nil {
		return nil
	}
	bb, err := reg.ConstantBoundingSizeAndShape()
	if err != nil {
		return &dmaRegion{memref: a.MemRef, write: a.IsStore, loc: a.Op.Loc(), noBox: true}
	}
	r := &dmaRegion{memref: a.MemRef, write: a.IsStore, loc: a.Op.Loc(), params: bb.Params, shape: bb.Shape}
	np := len(bb.Params)
	for _, m := range bb.Lb {
		nd := m.NumDims
		syms := make([]aff.Expr, m.NumSymbols)
		for i := range syms {
			syms[i] = aff.Dim(nd + i)
		}
		r.lb = append(r.lb, m.ReplaceDimsAndSymbols(nil, syms, np, 0).Results[0])
	}
	return r
}

// fullMemRefRegion is upstream's getFullMemRefAsRegion: the whole static
// memref.
func fullMemRefRegion(a *analysis.MemRefAccess, depth int) *dmaRegion {
	mt := a.MemRefType()
	for _, s := range mt.Shape() {
		if s == ir.Dynamic {
			return nil
		}
	}
	r := &dmaRegion{memref: a.MemRef, write: a.IsStore, loc: a.Op.Loc(), shape: append([]int64(nil), mt.Shape()...)}
	for range mt.Shape() {
		r.lb = append(r.lb, aff.Const(0))
	}
	return r
}

func (r *dmaRegion) copyFrom(o *dmaRegion) {
	r.noBox = o.noBox
	r.params = append([]*ir.Value(nil), o.params...)
	r.lb = append([]aff.Expr(nil), o.lb...)
	r.shape = append([]int64(nil), o.shape...)
}

// union grows r to the bounding box of r and o; false when a dimension's
// lower bounds do not differ by a constant.
func (r *dmaRegion) union(o *dmaRegion) bool {
	if r.noBox || o.noBox {
		return false
	}
	params := append([]*ir.Value(nil), r.params...)
	for _, v := range o.params {
		if index(params, v) < 0 {
			params = append(params, v)
		}
	}
	remap := func(x *dmaRegion, e aff.Expr) aff.Expr {
		dims := make([]aff.Expr, len(x.params))
		for i, v := range x.params {
			dims[i] = aff.Dim(index(params, v))
		}
		return aff.NewMap(len(x.params), 0, []aff.Expr{e}).ReplaceDimsAndSymbols(dims, nil, len(params), 0).Results[0]
	}
	lb := make([]aff.Expr, len(r.lb))
	shape := make([]int64, len(r.lb))
	for d := range r.lb {
		l1, l2 := remap(r, r.lb[d]), remap(o, o.lb[d])
		diff, ok := aff.ConstantValue(aff.SimplifyExpr(aff.Sub(l2, l1), len(params), 0))
		if !ok {
			return false
		}
		if diff >= 0 {
			lb[d], shape[d] = l1, max(r.shape[d], diff+o.shape[d])
		} else {
			lb[d], shape[d] = l2, max(o.shape[d], r.shape[d]-diff)
		}
	}
	r.params, r.lb, r.shape = params, lb, shape
	return true
}

// dmaGen is the state of one AffineDataCopyGenerateDMA call.
type dmaGen struct {
	ctx        *ir.Context
	fn         *ir.Operation
	block      *ir.Block
	begin, end *ir.Operation
	opts       DMAOptions
	fast       map[*ir.Value]*ir.Value
	rangeOps   []*ir.Operation
}

// topBuilder inserts index constants at the top of the function body,
// before the ops the other calls put there (upstream's OpBuilder at the
// start of the body).
type topBuilder struct {
	b     *ir.Builder
	first *ir.Operation
}

func (g *dmaGen) newTop() *topBuilder {
	body := g.fn.Region(0).Blocks()[0]
	b := ir.NewBuilder(g.ctx)
	t := &topBuilder{b: b, first: body.First()}
	return t
}

func (t *topBuilder) constant(ctx *ir.Context, loc ir.Location, v int64, body *ir.Block) *ir.Value {
	if t.first == nil {
		t.b.SetInsertionPointToEnd(body)
	} else {
		t.b.SetInsertionPointBefore(t.first)
	}
	return t.b.CreateOp("arith.constant", loc, nil, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.Index, v)}).Result(0)
}

// generate is upstream's generateCopy for one region with DMA; it
// returns the bytes of the buffer it allocated.
func (g *dmaGen) generate(r *dmaRegion) (uint64, bool) {
	body := g.fn.Region(0).Blocks()[0]
	fnLoc := g.fn.Loc()
	zero := g.newTop().constant(g.ctx, fnLoc, 0, body)
	top := g.newTop()
	// Placement: hoist past enclosing loops whose IV the region does not
	// depend on.
	inAt, outAt := g.begin, g.end
	loops := analysis.EnclosingLoops(g.block.First())
	if len(loops) > 0 && g.block.ParentOp() == loops[len(loops)-1].Operation {
		var last *ir.Operation
		for i := len(loops) - 1; i >= 0; i-- {
			if index(r.params, loops[i].InductionVar()) >= 0 {
				break
			}
			last = loops[i].Operation
		}
		if last != nil {
			inAt, outAt = last, last.Next()
		}
	}
	copyOutAtEnd := outAt == g.end
	prologue := ir.NewBuilder(g.ctx)
	prologue.SetInsertionPointBefore(inAt)
	epilogue := ir.NewBuilder(g.ctx)
	epilogue.SetInsertionPointBefore(outAt)
	b := prologue
	if r.write {
		b = epilogue
	}
	mt := r.memref.Type().(*ir.MemRefType)
	if mt.Layout != nil || mt.Rank() == 0 || r.noBox {
		return 0, false
	}
	num := int64(1)
	for _, s := range r.shape {
		num *= s
	}
	if num == 0 {
		return 0, true
	}
	rank := mt.Rank()
	var memIdx, bufIdx []*ir.Value
	for d := 0; d < rank; d++ {
		if c, ok := aff.ConstantValue(r.lb[d]); ok {
			if c == 0 {
				memIdx = append(memIdx, zero)
			} else {
				memIdx = append(memIdx, top.constant(g.ctx, r.loc, c, body))
			}
		} else {
			memIdx = append(memIdx, b.CreateOp(affine.ApplyName, r.loc, r.params, []ir.Type{ir.Index},
				ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.NewMap(len(r.params), 0, []aff.Expr{r.lb[d]}))}).Result(0))
		}
		bufIdx = append(bufIdx, zero)
	}
	fast, existing := g.fast[r.memref]
	var size uint64
	if !existing {
		space := ir.Attribute(nil)
		if g.opts.FastMemorySpace != 0 {
			space = ir.IntAttr(ir.I64, int64(g.opts.FastMemorySpace))
		}
		ft := ir.MemRef(r.shape, mt.Elem, nil, space)
		fast = memref.BuildAllocOp(prologue, r.loc, nil, nil, ft).Result(0)
		g.fast[r.memref] = fast
		if w := analysis.ElementBits(mt.Elem); w > 0 {
			size = uint64(num * ((w + 7) / 8))
		}
	}
	numV := top.constant(g.ctx, r.loc, num, body)
	// Strides: upstream's getMultiLevelStrides; one level at most.
	var strides [][2]int64
	stride, per := int64(1), int64(1)
	for d := rank - 1; d >= 1; d-- {
		stride *= mt.Dims[d]
		per *= r.shape[d]
		if r.shape[d] < mt.Dims[d] && r.shape[d-1] > 1 {
			strides = append(strides, [2]int64{stride, per})
		}
	}
	if len(strides) > 1 {
		return 0, false
	}
	var extra []*ir.Value
	if len(strides) == 1 {
		extra = append(extra, top.constant(g.ctx, r.loc, strides[0][0], body), top.constant(g.ctx, r.loc, strides[0][1], body))
	}
	memMap, memOps := affine.FullyComposeMapAndOperands(aff.IdentityMap(rank), memIdx)
	bufMap, bufOps := affine.FullyComposeMapAndOperands(aff.IdentityMap(rank), bufIdx)
	tagType := ir.MemRef([]int64{1}, ir.I32, nil, tagSpace(g.opts.TagMemorySpace))
	tag := memref.BuildAllocOp(prologue, r.loc, nil, nil, tagType).Result(0)
	tagMap := aff.IdentityMap(1)
	dma := func(src *ir.Value, sm *aff.Map, so []*ir.Value, dst *ir.Value, dm *aff.Map, do []*ir.Value) *ir.Operation {
		ops := append(append([]*ir.Value{src}, so...), dst)
		ops = append(append(ops, do...), tag, zero, numV)
		ops = append(ops, extra...)
		return b.CreateOp(affine.DmaStartName, r.loc, ops, nil,
			ir.NamedAttribute{Name: "dst_map", Value: ir.AffineMapOf(dm)},
			ir.NamedAttribute{Name: "src_map", Value: ir.AffineMapOf(sm)},
			ir.NamedAttribute{Name: "tag_map", Value: ir.AffineMapOf(tagMap)})
	}
	newEnd := g.end
	if !r.write {
		dma(r.memref, memMap, memOps, fast, bufMap, bufOps)
	} else {
		op := dma(fast, bufMap, bufOps, r.memref, memMap, memOps)
		if copyOutAtEnd {
			newEnd = op
		}
	}
	b.CreateOp(affine.DmaWaitName, r.loc, []*ir.Value{tag, zero, numV}, nil,
		ir.NamedAttribute{Name: "tag_map", Value: ir.AffineMapOf(tagMap)})
	tagDealloc := epilogue.CreateOp("memref.dealloc", r.loc, []*ir.Value{tag}, nil)
	if newEnd == g.end && copyOutAtEnd {
		newEnd = tagDealloc
	}
	if !existing {
		epilogue.CreateOp("memref.dealloc", r.loc, []*ir.Value{fast}, nil)
	}
	g.remap(r, fast)
	g.end = newEnd
	return size, true
}

func tagSpace(s uint32) ir.Attribute {
	if s == 0 {
		return nil
	}
	return ir.IntAttr(ir.I64, int64(s))
}

// remap redirects the range's affine loads and stores of r's memref to
// fast: index d becomes index_d - lb_d(params), composed through the
// affine.apply ops producing the indices (upstream's
// replaceAllMemRefUsesWith with an index remap).
func (g *dmaGen) remap(r *dmaRegion, fast *ir.Value) {
	np := len(r.params)
	for _, top := range g.rangeOps {
		ir.WalkOps(top, func(op *ir.Operation) {
			if !(op.Is(affine.LoadName) || op.Is(affine.StoreName)) {
				return
			}
			a, ok := analysis.NewMemRefAccess(op)
			if !ok || a.MemRef != r.memref {
				return
			}
			m := a.Map
			nd0, ns0 := m.NumDims, m.NumSymbols
			res := make([]aff.Expr, len(m.Results))
			for d, e := range m.Results {
				orig := aff.ShiftDims(e, nd0, np, 0)
				res[d] = aff.Sub(orig, r.lb[d])
			}
			all := append(append(append([]*ir.Value(nil), r.params...), a.Operands[:nd0]...), a.Operands[nd0:]...)
			nm, operands := affine.FullyComposeMapAndOperands(aff.NewMap(np+nd0, ns0, res), all)
			nm, operands = canonicalMap(aff.SimplifyMap(nm), operands)
			if a.IsStore {
				op.SetOperand(1, fast)
			} else {
				op.SetOperand(0, fast)
			}
			affine.SetAccessMap(op, nm, operands)
		})
	}
}
