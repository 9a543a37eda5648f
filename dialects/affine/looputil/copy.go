package looputil

import (
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// CopyOptions configure AffineDataCopyGenerate: upstream's
// AffineCopyOptions for point-wise copies (DMA generation is
// AffineDataCopyGenerateDMA) and goopt's extensions.
type CopyOptions struct {
	// SlowMemorySpace is the memory space of the memrefs copied,
	// FastMemorySpace that of the buffers they are copied into (0: the
	// default space, no memory-space attribute).
	SlowMemorySpace, FastMemorySpace uint32
	// Padding pads the innermost dimension of each fast buffer by this
	// many elements; indices are unchanged.
	Padding int64
	// GlobalBuffers allocates fast buffers as `memref.global "private"`
	// beside the enclosing function, read through memref.get_global and
	// never deallocated, as GPU shared memory needs, instead of
	// memref.alloc/dealloc around the copies.
	GlobalBuffers bool
	// Filter, when set, selects the memrefs to copy.
	Filter func(memref *ir.Value) bool
}

// CopyError is a soft failure of AffineDataCopyGenerate: one memref it
// left alone, and the access that stopped it.
type CopyError struct {
	Op  *ir.Operation
	Msg string
}

func (e *CopyError) Error() string { return e.Msg }

// AffineDataCopyGenerate creates copies for the accesses in [begin, end)
// of one block, as upstream's affineDataCopyGenerate with point-wise
// copies: each memref of the slow memory space accessed there (and
// selected by the filter) gets a fast buffer sized by the constant
// bounding box of the region the range touches, a copy-in nest before the
// range (or before the outermost enclosing loop the copy can be hoisted
// past) and, when written, copy-out nests after it; its accesses in the
// range are redirected to the buffer. It returns the outermost ops of the
// copy nests it created, in creation order (callers promote their
// single-iteration loops), and a *CopyError for each memref it could not
// copy, whose IR is then unchanged.
func AffineDataCopyGenerate(ctx *ir.Context, begin, end *ir.Operation, opts CopyOptions) (nests []*ir.Operation, errs []error) {
	g := &copyGen{ctx: ctx, opts: opts, fn: enclosingFunction(begin)}
	g.generate(begin, end)
	return g.nests, g.errs
}

// copyGen is the state of one AffineDataCopyGenerate call.
type copyGen struct {
	ctx  *ir.Context
	opts CopyOptions
	// fn is the function the fast buffers' globals are declared beside.
	fn    *ir.Operation
	nests []*ir.Operation
	errs  []error
}

func (g *copyGen) remark(op *ir.Operation, format string, args ...any) {
	g.errs = append(g.errs, &CopyError{Op: op, Msg: fmt.Sprintf(format, args...)})
}

// memInfo gathers the accesses of one memref in a copy range.
type memInfo struct {
	memref  *ir.Value
	accs    []*analysis.MemRefAccess
	regions []*analysis.MemRefRegion
	read    bool
	write   bool
}

// params is the parameter universe of a memref's regions: the outer IVs
// (in loop order) then symbols (in order of appearance).
type params struct {
	ivs  []*ir.Value
	syms []*ir.Value
}

func (p *params) operands() []*ir.Value {
	return append(append([]*ir.Value(nil), p.ivs...), p.syms...)
}

func (p *params) add(v *ir.Value, isIV bool) {
	list := &p.syms
	if isIV {
		list = &p.ivs
	}
	for _, x := range *list {
		if x == v {
			return
		}
	}
	*list = append(*list, v)
}

func index(vs []*ir.Value, v *ir.Value) int {
	for i, x := range vs {
		if x == v {
			return i
		}
	}
	return -1
}

// toUniverse rewrites a map over a region's params (IV params as dims,
// symbol params as symbols) into a map over the universe.
func (p *params) toUniverse(m *aff.Map, regionParams []*ir.Value, nd int) *aff.Map {
	dims := make([]aff.Expr, m.NumDims)
	syms := make([]aff.Expr, m.NumSymbols)
	for i := range dims {
		dims[i] = aff.Dim(index(p.ivs, regionParams[i]))
	}
	for i := range syms {
		syms[i] = aff.Symbol(index(p.syms, regionParams[nd+i]))
	}
	return m.ReplaceDimsAndSymbols(dims, syms, len(p.ivs), len(p.syms))
}

// box is the fast buffer's footprint: index d of the memref maps to
// d - lb[d](params), in [0, shape[d]).
type box struct {
	lb    []aff.Expr // over the universe
	shape []int64
}

// generate creates copies for the accesses in [begin, end) of one block
// (upstream's affineDataCopyGenerate with point-wise copies).
func (g *copyGen) generate(begin, end *ir.Operation) {
	if begin == nil || begin == end {
		return
	}
	depth := analysis.LoopDepth(begin)
	var order []*ir.Value
	infos := map[*ir.Value]*memInfo{}
	var rangeOps []*ir.Operation
	for op := begin; op != nil && op != end; op = op.Next() {
		rangeOps = append(rangeOps, op)
		ir.WalkOps(op, func(o *ir.Operation) {
			a, ok := analysis.NewMemRefAccess(o)
			if !ok {
				return
			}
			mt := a.MemRefType()
			if mt == nil || mt.MemorySpaceInt() != int64(g.opts.SlowMemorySpace) || g.opts.Filter != nil && !g.opts.Filter(a.MemRef) {
				return
			}
			info := infos[a.MemRef]
			if info == nil {
				info = &memInfo{memref: a.MemRef}
				infos[a.MemRef] = info
				order = append(order, a.MemRef)
			}
			info.accs = append(info.accs, a)
			info.read = info.read || !a.IsStore
			info.write = info.write || a.IsStore
		})
	}
	for _, m := range order {
		g.copyMemRef(infos[m], begin, rangeOps, depth)
	}
}

func (g *copyGen) copyMemRef(info *memInfo, begin *ir.Operation, rangeOps []*ir.Operation, depth int) {
	mt := info.accs[0].MemRefType()
	if g.opts.GlobalBuffers && (g.fn == nil || g.fn.Block() == nil) {
		g.remark(info.accs[0].Op, "no copy generated: global buffers need an enclosing function in a symbol table")
		return
	}
	if mt.Layout != nil {
		g.remark(info.accs[0].Op, "no copy generated for memref with a non-identity layout")
		return
	}
	for _, a := range info.accs {
		r, err := analysis.ComputeRegion(a, depth)
		if err != nil {
			g.remark(a.Op, "no copy generated: %v", err)
			return
		}
		info.regions = append(info.regions, r)
	}
	// Parameter universe.
	loops := analysis.EnclosingLoops(begin)
	outer := map[*ir.Value]int{}
	for i, l := range loops {
		outer[l.InductionVar()] = i
	}
	var u params
	for _, l := range loops {
		for _, r := range info.regions {
			if index(r.Params(), l.InductionVar()) >= 0 {
				u.add(l.InductionVar(), true)
			}
		}
	}
	for _, r := range info.regions {
		for _, v := range r.Params() {
			if _, isIV := outer[v]; !isIV {
				u.add(v, false)
			}
		}
	}
	bx, ok := g.hullBox(info, nil, &u, mt)
	if !ok {
		return
	}

	// Placement: hoist past enclosing loops whose IV the region does not
	// use and that touch the memref nowhere outside the range.
	inRange := map[*ir.Operation]bool{}
	for _, op := range rangeOps {
		ir.WalkOps(op, func(o *ir.Operation) { inRange[o] = true })
	}
	first, last := begin, rangeOps[len(rangeOps)-1]
	for i := len(loops) - 1; i >= 0; i-- {
		l := loops[i]
		if index(u.ivs, l.InductionVar()) >= 0 || touchesOutside(l.Operation, info.memref, inRange) {
			break
		}
		first, last = l.Operation, l.Operation
	}
	copyIn, copyOut, ok := g.copySets(info, &u, mt, first)
	if !ok {
		return
	}

	b := ir.NewBuilder(g.ctx)
	loc := begin.Loc()
	shape := append([]int64(nil), bx.shape...)
	if len(shape) > 0 {
		shape[len(shape)-1] += g.opts.Padding
	}
	space := ir.Attribute(nil)
	if g.opts.FastMemorySpace != 0 {
		space = ir.IntAttr(ir.I64, int64(g.opts.FastMemorySpace))
	}
	fastType := ir.MemRef(shape, mt.Elem, nil, space)
	b.SetInsertionPointBefore(first)
	var fast *ir.Value
	if g.opts.GlobalBuffers {
		name := g.declareGlobal(fastType, loc)
		fast = b.CreateOp("memref.get_global", loc, nil, []ir.Type{fastType},
			ir.NamedAttribute{Name: "name", Value: ir.SymbolRef(name)}).Result(0)
	} else {
		fast = memref.BuildAllocOp(b, loc, nil, nil, fastType).Result(0)
	}
	if copyIn != nil {
		g.nests = append(g.nests, g.copyNest(b, loc, info.memref, fast, bx, copyIn, &u, false))
	}
	b.SetInsertionPointAfter(last)
	for _, cs := range copyOut {
		g.nests = append(g.nests, g.copyNest(b, loc, info.memref, fast, bx, cs, &u, true))
	}
	if !g.opts.GlobalBuffers {
		b.CreateOp("memref.dealloc", loc, []*ir.Value{fast}, nil)
	}
	// Rewrite the accesses of the range.
	for _, a := range info.accs {
		g.rewriteAccess(a, fast, bx, &u)
	}
}

// touchesOutside reports whether an op nested in loop, outside the copy
// range, uses the memref.
func touchesOutside(loop *ir.Operation, memref *ir.Value, inRange map[*ir.Operation]bool) bool {
	found := false
	ir.WalkOps(loop, func(o *ir.Operation) {
		if found || inRange[o] {
			return
		}
		for _, v := range o.Operands() {
			if v == memref {
				found = true
			}
		}
	})
	return found
}

// hullBox computes the constant box containing the regions listed in
// sel (all when sel is nil), with its lower corner over the universe.
// Where two regions' lower bounds are incomparable the box is the whole
// static dimension.
func (g *copyGen) hullBox(info *memInfo, sel []int, u *params, mt *ir.MemRefType) (*box, bool) {
	if sel == nil {
		for k := range info.regions {
			sel = append(sel, k)
		}
	}
	rank := mt.Rank()
	bx := &box{lb: make([]aff.Expr, rank), shape: make([]int64, rank)}
	nd, ns := len(u.ivs), len(u.syms)
	for n, k := range sel {
		r := info.regions[k]
		bb, err := r.ConstantBoundingSizeAndShape()
		if err != nil {
			g.remark(info.accs[k].Op, "no copy generated: %v", err)
			return nil, false
		}
		rnd := numIVParams(u, bb.Params)
		for d := 0; d < rank; d++ {
			lb := u.toUniverse(bb.Lb[d], bb.Params, rnd).Results[0]
			if n == 0 {
				bx.lb[d], bx.shape[d] = lb, bb.Shape[d]
				continue
			}
			diff, ok := aff.ConstantValue(aff.SimplifyExpr(aff.Sub(lb, bx.lb[d]), nd, ns))
			if !ok {
				if mt.Dims[d] == ir.Dynamic {
					g.remark(info.accs[k].Op, "no copy generated: accesses to the memref have incomparable bounds")
					return nil, false
				}
				bx.lb[d], bx.shape[d] = aff.Const(0), mt.Dims[d]
				continue
			}
			if diff >= 0 {
				bx.shape[d] = max(bx.shape[d], diff+bb.Shape[d])
			} else {
				bx.shape[d] = max(bb.Shape[d], bx.shape[d]-diff)
				bx.lb[d] = lb
			}
		}
	}
	return bx, true
}

func numIVParams(u *params, ps []*ir.Value) int {
	n := 0
	for _, v := range ps {
		if index(u.ivs, v) >= 0 {
			n++
		}
	}
	return n
}

// copySet is a set of elements a copy nest enumerates: when guard holds
// (nil: always), index d in [max lbs[d], min ubs[d]); over the universe.
type copySet struct {
	guard    *aff.Set
	lbs, ubs []*aff.Map
}

func (c *copySet) equal(o *copySet) bool {
	if c.guard != o.guard {
		return false
	}
	for d := range c.lbs {
		if c.lbs[d] != o.lbs[d] || c.ubs[d] != o.ubs[d] {
			return false
		}
	}
	return true
}

// copySets decides what is copied in and written back (the rule of the
// package doc):
//   - copy-in: the read regions, exactly (their common enumeration, under
//     its guard) when they agree, else their box hull clamped to the
//     memref; nothing for a memref that is only written;
//   - copy-out: the write regions. Writing back an element the range does
//     not write is only correct when that element was copied in, so the
//     write regions must be exact or lie inside the copy-in set: exact
//     regions are written back each (once when they agree); otherwise
//     the copy-in set is written back whole when it contains every write
//     region. When neither holds the memref is not copied (a remark).
//
// Elements are never copied in only because they are written: they may
// be uninitialised. Every set is guarded by the conditions under which
// the accesses run (affine.if) and kept inside the memref's static shape.
func (g *copyGen) copySets(info *memInfo, u *params, mt *ir.MemRefType, at *ir.Operation) (*copySet, []*copySet, bool) {
	enum := func(k int) *copySet {
		r := info.regions[k]
		e := r.EnumerateAt(at)
		rp := r.Params()
		rnd := numIVParams(u, rp)
		cs := &copySet{}
		if e.Guard != nil {
			dims := make([]aff.Expr, e.Guard.NumDims)
			syms := make([]aff.Expr, e.Guard.NumSymbols)
			for i := range dims {
				dims[i] = aff.Dim(index(u.ivs, rp[i]))
			}
			for i := range syms {
				syms[i] = aff.Symbol(index(u.syms, rp[rnd+i]))
			}
			cs.guard = aff.SimplifySet(e.Guard.ReplaceDimsAndSymbols(dims, syms, len(u.ivs), len(u.syms)))
		}
		for d := range e.Lb {
			cs.lbs = append(cs.lbs, u.toUniverse(e.Lb[d], rp, rnd))
			cs.ubs = append(cs.ubs, u.toUniverse(e.Ub[d], rp, rnd))
		}
		return cs
	}
	// hull is the common enumeration of the regions in sel, or their
	// box clamped to the memref's static shape.
	hull := func(sel []int) (*copySet, bool) {
		var common *copySet
		for _, k := range sel {
			cs := enum(k)
			if common != nil && !common.equal(cs) {
				common = nil
				break
			}
			common = cs
		}
		if common != nil && nonEmptyBounds(common) {
			return common, true
		}
		bx, ok := g.hullBox(info, sel, u, mt)
		if !ok {
			return nil, false
		}
		nd, ns := len(u.ivs), len(u.syms)
		cs := &copySet{}
		for d := range bx.shape {
			if mt.Dims[d] == ir.Dynamic {
				g.remark(info.accs[sel[0]].Op, "no copy generated: cannot bound the copy of a dynamic dimension")
				return nil, false
			}
			cs.lbs = append(cs.lbs, aff.NewMap(nd, ns, []aff.Expr{bx.lb[d], aff.Const(0)}))
			cs.ubs = append(cs.ubs, aff.NewMap(nd, ns, []aff.Expr{aff.AddConst(bx.lb[d], bx.shape[d]), aff.Const(mt.Dims[d])}))
		}
		return cs, true
	}
	var reads, writes []int
	for k, r := range info.regions {
		if r.Write {
			writes = append(writes, k)
		} else {
			reads = append(reads, k)
		}
	}
	var in *copySet
	if len(reads) > 0 {
		var ok bool
		if in, ok = hull(reads); !ok {
			return nil, nil, false
		}
	}
	if len(writes) == 0 {
		return in, nil, true
	}
	exact, covered := true, in != nil
	var outs []*copySet
	for _, k := range writes {
		r := info.regions[k]
		exact = exact && r.Exact
		if covered {
			covered = r.WithinEnumeration(at, in.guard, in.lbs, in.ubs, u.operands())
		}
		cs := enum(k)
		if !nonEmptyBounds(cs) {
			exact = false
		}
		dup := false
		for _, o := range outs {
			dup = dup || o.equal(cs)
		}
		if !dup {
			outs = append(outs, cs)
		}
	}
	switch {
	case exact:
		return in, outs, true
	case covered:
		return in, []*copySet{in}, true
	}
	g.remark(info.accs[writes[0]].Op, "no copy generated: the elements written are not known exactly and are not all copied in")
	return nil, nil, false
}

// nonEmptyBounds reports whether every index has a lower and an upper
// bound.
func nonEmptyBounds(cs *copySet) bool {
	for d := range cs.lbs {
		if len(cs.lbs[d].Results) == 0 || len(cs.ubs[d].Results) == 0 {
			return false
		}
	}
	return true
}

// copyNest builds the point-wise copy loops between the memref and the
// fast buffer and returns the outermost loop.
func (g *copyGen) copyNest(b *ir.Builder, loc ir.Location, memref, fast *ir.Value, bx *box, cs *copySet, u *params, out bool) *ir.Operation {
	ops := u.operands()
	rank := len(bx.shape)
	ivs := make([]*ir.Value, rank)
	var outer *ir.Operation
	saved := b.Save()
	if cs.guard != nil {
		set, setOps := affine.CanonicalizeSetAndOperands(cs.guard, ops)
		st := &ir.OperationState{Name: affine.IfName, Loc: loc, Operands: setOps}
		st.AddAttr("condition", ir.IntegerSetOf(set))
		thenR := st.AddRegion()
		st.AddRegion()
		thenB := ir.NewBlock()
		thenR.AppendBlock(thenB)
		thenB.Append(g.ctx.NewOperation(&ir.OperationState{Name: affine.YieldName, Loc: loc}))
		outer = b.Create(st)
		b.SetInsertionPointBefore(thenB.Last())
	}
	for d := 0; d < rank; d++ {
		lm, lo := affine.CanonicalizeMapAndOperands(cs.lbs[d], ops)
		um, uo := affine.CanonicalizeMapAndOperands(cs.ubs[d], ops)
		f := BuildFor(b, loc, lm, lo, um, uo, 1, nil)
		if outer == nil {
			outer = f.Operation
		}
		ivs[d] = f.InductionVar()
		b.SetInsertionPointBefore(f.Yield())
	}
	// Fast buffer indices: iv_d - lb_d(params).
	nd, ns := len(u.ivs), len(u.syms)
	res := make([]aff.Expr, rank)
	for d := 0; d < rank; d++ {
		res[d] = aff.Sub(aff.Dim(d), aff.ShiftDims(bx.lb[d], nd, rank, 0))
	}
	fm, fo := canonicalMap(aff.NewMap(rank+nd, ns, res), append(append([]*ir.Value(nil), ivs...), ops...))
	id := aff.IdentityMap(rank)
	elem := memref.Type().(*ir.MemRefType).Elem
	if rank == 0 {
		id = aff.EmptyMap(0, 0)
	}
	if out {
		v := b.CreateOp(affine.LoadName, loc, append([]*ir.Value{fast}, fo...), []ir.Type{elem},
			ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(fm)}).Result(0)
		b.CreateOp(affine.StoreName, loc, append([]*ir.Value{v, memref}, ivs...), nil,
			ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(id)})
	} else {
		v := b.CreateOp(affine.LoadName, loc, append([]*ir.Value{memref}, ivs...), []ir.Type{elem},
			ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(id)}).Result(0)
		b.CreateOp(affine.StoreName, loc, append([]*ir.Value{v, fast}, fo...), nil,
			ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(fm)})
	}
	b.Restore(saved)
	if outer != nil {
		b.SetInsertionPointAfter(outer)
	}
	return outer
}

// rewriteAccess redirects an access of the range to the fast buffer:
// index d becomes index_d - lb_d(params).
func (g *copyGen) rewriteAccess(a *analysis.MemRefAccess, fast *ir.Value, bx *box, u *params) {
	m := a.Map
	nd0, ns0 := m.NumDims, m.NumSymbols
	nd, ns := len(u.ivs), len(u.syms)
	// Operands as upstream orders them: the parameters' IVs, the access's
	// dims, the parameters' symbols, the access's symbols.
	res := make([]aff.Expr, len(m.Results))
	for d, e := range m.Results {
		orig := aff.ShiftSymbols(aff.ShiftDims(e, nd0, nd, 0), ns0, ns, 0)
		res[d] = aff.Sub(orig, bx.lb[d])
	}
	all := append(append(append(append([]*ir.Value(nil), u.ivs...), a.Operands[:nd0]...), u.syms...), a.Operands[nd0:]...)
	nm, operands := canonicalMap(aff.NewMap(nd0+nd, ns0+ns, res), all)
	if a.IsStore {
		a.Op.SetOperand(1, fast)
	} else {
		a.Op.SetOperand(0, fast)
	}
	affine.SetAccessMap(a.Op, nm, operands)
}

// declareGlobal adds `memref.global "private" @name : type = uninitialized`
// before the enclosing function and returns its name: the first
// __goopt_fast_buf_N no symbol beside the function has.
func (g *copyGen) declareGlobal(t *ir.MemRefType, loc ir.Location) string {
	taken := map[string]bool{}
	for _, op := range g.fn.Block().Ops() {
		if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
			taken[s.Value] = true
		}
	}
	name := ""
	for n := 0; name == "" || taken[name]; n++ {
		name = fmt.Sprintf("__goopt_fast_buf_%d", n)
	}
	st := &ir.OperationState{Name: "memref.global", Loc: loc}
	st.AddAttr("sym_visibility", ir.Str("private"))
	st.AddAttr("sym_name", ir.Str(name))
	st.AddAttr("type", ir.TypeAttrOf(t))
	st.AddAttr("initial_value", ir.Unit)
	g.fn.Block().InsertBefore(g.fn, g.ctx.NewOperation(st))
	return name
}

// canonicalMap deduplicates and drops operands, then simplifies, so that
// terms over the same value cancel (d0 + d1 - d0 with d0 == d2).
func canonicalMap(m *aff.Map, operands []*ir.Value) (*aff.Map, []*ir.Value) {
	m, operands = affine.CanonicalizeMapAndOperands(m, operands)
	return affine.CanonicalizeMapAndOperands(aff.SimplifyMap(m), operands)
}

// MemoryFootprintBytes is upstream's getMemoryFootprintBytes: the sum over
// the memrefs accessed in f's body of the byte size of the constant
// bounding box of their accesses. It reports false when a region cannot be
// computed or bounded.
func MemoryFootprintBytes(f affine.ForOp) (int64, bool) {
	depth := analysis.LoopDepth(f.Operation) + 1
	// The largest box per memref, summed in order of first access.
	var order []*ir.Value
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
		if _, seen := per[a.MemRef]; !seen {
			order = append(order, a.MemRef)
		}
		per[a.MemRef] = max(per[a.MemRef], b)
	})
	var total int64
	for _, m := range order {
		total += per[m]
	}
	return total, ok
}
