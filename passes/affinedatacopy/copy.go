package affinedatacopy

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

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
func (g *Generator) generate(begin, end *ir.Operation) {
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
			if mt == nil || mt.MemorySpaceInt() != int64(g.Opts.SlowMemorySpace) || !g.memrefSelected(a.MemRef) {
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

func (g *Generator) copyMemRef(info *memInfo, begin *ir.Operation, rangeOps []*ir.Operation, depth int) {
	mt := info.accs[0].MemRefType()
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
	bx, lbMaps, ubMaps, ok := g.regionBox(info, &u, mt)
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

	b := ir.NewBuilder(g.Ctx)
	loc := begin.Loc()
	shape := append([]int64(nil), bx.shape...)
	if len(shape) > 0 {
		shape[len(shape)-1] += g.Opts.Padding
	}
	space := ir.Attribute(nil)
	if g.Opts.FastMemorySpace != 0 {
		space = ir.IntAttr(ir.I64, int64(g.Opts.FastMemorySpace))
	}
	fastType := ir.MemRef(shape, mt.Elem, nil, space)
	b.SetInsertionPointBefore(first)
	var fast *ir.Value
	if g.Opts.GlobalBuffers {
		name := g.declareGlobal(fastType, loc)
		fast = b.CreateOp("memref.get_global", loc, nil, []ir.Type{fastType},
			ir.NamedAttribute{Name: "name", Value: ir.SymbolRef(name)}).Result(0)
	} else {
		fast = b.CreateOp("memref.alloc", loc, nil, []ir.Type{fastType},
			ir.NamedAttribute{Name: "operandSegmentSizes", Value: ir.DenseI32Array(0, 0)}).Result(0)
	}
	needIn := info.read || (info.write && !g.writesCoverBox(info, depth))
	if needIn {
		nest := g.copyNest(b, loc, info.memref, fast, bx, lbMaps, ubMaps, &u, false)
		g.copyNests[nest] = true
	}
	b.SetInsertionPointAfter(last)
	if info.write {
		nest := g.copyNest(b, loc, info.memref, fast, bx, lbMaps, ubMaps, &u, true)
		g.copyNests[nest] = true
	}
	if !g.Opts.GlobalBuffers {
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

// regionBox computes the fast buffer's box (the union of the regions'
// constant bounding boxes) and the copy loop bounds over the universe.
func (g *Generator) regionBox(info *memInfo, u *params, mt *ir.MemRefType) (*box, []*aff.Map, []*aff.Map, bool) {
	rank := mt.Rank()
	bx := &box{lb: make([]aff.Expr, rank), shape: make([]int64, rank)}
	nd, ns := len(u.ivs), len(u.syms)
	for k, r := range info.regions {
		bb, err := r.ConstantBoundingSizeAndShape()
		if err != nil {
			g.remark(info.accs[k].Op, "no copy generated: %v", err)
			return nil, nil, nil, false
		}
		rnd := 0
		for _, v := range bb.Params {
			if index(u.ivs, v) >= 0 {
				rnd++
			}
		}
		for d := 0; d < rank; d++ {
			lb := u.toUniverse(bb.Lb[d], bb.Params, rnd).Results[0]
			if k == 0 {
				bx.lb[d], bx.shape[d] = lb, bb.Shape[d]
				continue
			}
			diff, ok := aff.ConstantValue(aff.SimplifyExpr(aff.Sub(lb, bx.lb[d]), nd, ns))
			if !ok {
				if mt.Dims[d] == ir.Dynamic {
					g.remark(info.accs[k].Op, "no copy generated: accesses to the memref have incomparable bounds")
					return nil, nil, nil, false
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
	// Copy loop bounds: the exact region bounds when every access has the
	// same region, else the box clamped to the memref's static extent.
	lbMaps := make([]*aff.Map, rank)
	ubMaps := make([]*aff.Map, rank)
	same := true
	var first []*aff.Map
	for k, r := range info.regions {
		rp := r.Params()
		rnd := 0
		for _, v := range rp {
			if index(u.ivs, v) >= 0 {
				rnd++
			}
		}
		var ms []*aff.Map
		for d := 0; d < rank; d++ {
			lb, ub := r.Bounds(d)
			ms = append(ms, u.toUniverse(lb, rp, rnd), u.toUniverse(ub, rp, rnd))
		}
		if k == 0 {
			first = ms
			continue
		}
		for i := range ms {
			same = same && ms[i] == first[i]
		}
	}
	for d := 0; d < rank; d++ {
		if same && len(first[2*d].Results) > 0 && len(first[2*d+1].Results) > 0 {
			lbMaps[d], ubMaps[d] = first[2*d], first[2*d+1]
			continue
		}
		if mt.Dims[d] == ir.Dynamic {
			g.remark(info.accs[0].Op, "no copy generated: cannot bound the copy of a dynamic dimension")
			return nil, nil, nil, false
		}
		lbMaps[d] = aff.NewMap(nd, ns, []aff.Expr{bx.lb[d], aff.Const(0)})
		ubMaps[d] = aff.NewMap(nd, ns, []aff.Expr{aff.AddConst(bx.lb[d], bx.shape[d]), aff.Const(mt.Dims[d])})
	}
	return bx, lbMaps, ubMaps, true
}

// writesCoverBox reports whether the stores of a write-only memref are
// known to write every element the copy-out writes back: a single scalar
// store whose indices are distinct unit-step loop IVs (plus parameters)
// of loops with single, parameter-only bounds, with no affine.if around.
// Otherwise the buffer is also copied in, so that copy-out writes back
// the original values of elements the range does not store.
func (g *Generator) writesCoverBox(info *memInfo, depth int) bool {
	if info.read || len(info.accs) != 1 {
		return false
	}
	a := info.accs[0]
	if !a.Op.Is(affine.StoreName) {
		return false
	}
	loops := analysis.EnclosingLoops(a.Op)
	inner := map[*ir.Value]affine.ForOp{}
	for _, l := range loops[depth:] {
		inner[l.InductionVar()] = l
	}
	for p := a.Op.ParentOp(); p != nil && !p.HasTrait(ir.AffineScope); p = p.ParentOp() {
		if p.Is(affine.IfName) {
			return false
		}
	}
	used := map[*ir.Value]bool{}
	for _, e := range a.Map.Results {
		row, locals, err := aff.Flatten(e, a.Map.NumDims, a.Map.NumSymbols)
		if err != nil || len(locals) > 0 {
			return false
		}
		var iv *ir.Value
		for i := 0; i < a.Map.NumDims+a.Map.NumSymbols; i++ {
			if row[i] == 0 {
				continue
			}
			v := a.Operands[i]
			if _, isInner := inner[v]; isInner {
				if iv != nil || row[i] != 1 {
					return false
				}
				iv = v
			}
		}
		if iv == nil || used[iv] {
			return false
		}
		used[iv] = true
		l := inner[iv]
		if l.Step() != 1 || len(l.LowerBoundMap().Results) != 1 || len(l.UpperBoundMap().Results) != 1 {
			return false
		}
		for _, v := range l.Operands() {
			if _, isInner := inner[v]; isInner {
				return false
			}
		}
	}
	return true
}

// copyNest builds the point-wise copy loops between the memref and the
// fast buffer and returns the outermost loop.
func (g *Generator) copyNest(b *ir.Builder, loc ir.Location, memref, fast *ir.Value, bx *box, lbMaps, ubMaps []*aff.Map, u *params, out bool) *ir.Operation {
	ops := u.operands()
	rank := len(bx.shape)
	ivs := make([]*ir.Value, rank)
	var outer *ir.Operation
	saved := b.Save()
	for d := 0; d < rank; d++ {
		lm, lo := affine.CanonicalizeMapAndOperands(lbMaps[d], ops)
		um, uo := affine.CanonicalizeMapAndOperands(ubMaps[d], ops)
		f := looputil.BuildFor(b, loc, lm, lo, um, uo, 1, nil)
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
func (g *Generator) rewriteAccess(a *analysis.MemRefAccess, fast *ir.Value, bx *box, u *params) {
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
// before the function and returns its name.
func (g *Generator) declareGlobal(t *ir.MemRefType, loc ir.Location) string {
	module := g.Func.ParentOp()
	taken := map[string]bool{}
	if module != nil {
		for _, op := range module.Region(0).Front().Ops() {
			if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
				taken[s.Value] = true
			}
		}
	}
	name := g.bufferName()
	for taken[name] {
		name = g.bufferName()
	}
	st := &ir.OperationState{Name: "memref.global", Loc: loc}
	st.AddAttr("sym_visibility", ir.Str("private"))
	st.AddAttr("sym_name", ir.Str(name))
	st.AddAttr("type", ir.TypeAttrOf(t))
	st.AddAttr("initial_value", ir.Unit)
	op := g.Ctx.NewOperation(st)
	g.Func.Block().InsertBefore(g.Func, op)
	return name
}

// promoteSingleIteration promotes the single-iteration loops of a copy
// nest, innermost first.
func promoteSingleIteration(ctx *ir.Context, nest *ir.Operation) {
	var fors []affine.ForOp
	ir.Walk(nest, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if f, ok := affine.AsFor(op); ok {
			fors = append(fors, f)
		}
		return ir.Advance
	})
	for _, f := range fors {
		_ = looputil.PromoteIfSingleIteration(ctx, f)
	}
}

// canonicalMap deduplicates and drops operands, then simplifies, so that
// terms over the same value cancel (d0 + d1 - d0 with d0 == d2).
func canonicalMap(m *aff.Map, operands []*ir.Value) (*aff.Map, []*ir.Value) {
	m, operands = affine.CanonicalizeMapAndOperands(m, operands)
	return affine.CanonicalizeMapAndOperands(aff.SimplifyMap(m), operands)
}
