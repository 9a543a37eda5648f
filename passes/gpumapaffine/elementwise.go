package gpumapaffine

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/passes/loweraffine"
)

// ewPlan maps a parallel band over a body without loops: the innermost
// band loop (x) runs along threadIdx.x, so that consecutive threads touch
// consecutive elements of every access that is contiguous in it; the
// other band loops, linearised, run along threadIdx.y and the grid's y.
// Each thread handles cf vectors of vw elements along x, the c-th at
// (c*tx + threadIdx.x)*vw within the block's tile, so that each of its
// loads is still coalesced across the warp.
type ewPlan struct {
	nt             *nest
	vw, cf, tx, ty int64
	rows           int64 // product of the outer band trip counts
	grid
	// tail: vw does not divide the x trip count; a thread whose vector
	// would run past the end handles its remaining elements one by one.
	tail bool
}

func planElementwise(nt *nest, o *Options) (*ewPlan, error) {
	d := len(nt.band)
	nx := nt.n[d-1]
	p := &ewPlan{nt: nt, vw: 1, cf: o.Coarsen, rows: 1}
	for e := 0; e < d-1; e++ {
		p.rows *= nt.n[e]
	}
	if o.VectorWidth > 1 && vectorizable(nt, o.VectorWidth) {
		p.vw = o.VectorWidth
		p.tail = nx%p.vw != 0
	}
	perThread := p.vw * p.cf
	p.tx = o.BlockSize
	if d > 1 {
		// Narrow rows leave threadIdx.x idle; give the block more rows.
		for p.tx > warpSize && (p.tx/2)*perThread >= nx {
			p.tx /= 2
		}
	}
	p.ty = o.BlockSize / p.tx
	if p.rows < p.ty {
		p.ty = max(p.rows, 1)
	}
	p.grid = fitGrid(ceilDiv(nx, p.tx*perThread), ceilDiv(p.rows, p.ty), o)
	return p, nil
}

// vectorizable reports whether the body can run on vectors of vw elements
// along x: every contiguous access starts aligned and, in memrefs of rank
// above 1, has rows that are multiples of vw (so every row starts
// aligned), the body computes on scalars of integer or float type only,
// and no access strides along x. The x trip count need not be a multiple
// of vw (a scalar tail handles the rest) but must reach one vector.
func vectorizable(nt *nest, vw int64) bool {
	x := len(nt.band) - 1
	if nt.step[x] != 1 || nt.n[x] < vw {
		return false
	}
	return vectorizableOps(bodyOps(nt.body), nt.pos, len(nt.band), x, nt.lb[x], vw)
}

// vectorizableOps is vectorizable for ops over the nd IVs of pos, x the
// one vectorised, which starts at lb with step 1.
func vectorizableOps(ops []*ir.Operation, pos map[*ir.Value]int, nd, x int, lb, vw int64) bool {
	for _, op := range ops {
		if op.NumRegions() > 0 {
			return false
		}
		if acc, ok := analysis.NewMemRefAccess(op); ok {
			if !op.Is(affine.LoadName) && !op.Is(affine.StoreName) {
				return false
			}
			t := acc.MemRefType()
			if t.Rank() == 0 || !t.HasStaticShape() || !identityLayout(t) || t.MemorySpaceInt() != 0 {
				return false
			}
			idx := indicesOver(acc, pos, nd)
			last := idx[len(idx)-1]
			for _, li := range idx[:len(idx)-1] {
				if li.dependsOn(x) {
					return false
				}
			}
			if !last.dependsOn(x) {
				if acc.IsStore {
					return false
				}
				continue
			}
			if last.other || last.coef[x] != 1 || (lb+last.cst)%vw != 0 || (t.Rank() > 1 && t.Shape()[t.Rank()-1]%vw != 0) {
				return false
			}
			for e, c := range last.coef {
				if e != x && c%vw != 0 {
					return false
				}
			}
			continue
		}
		if !ir.IsMemoryEffectFree(op) {
			return false
		}
		for _, v := range append(op.Operands(), op.Results()...) {
			if !scalarNumber(v.Type()) {
				return false
			}
		}
	}
	return true
}

func scalarNumber(t ir.Type) bool {
	switch t.(type) {
	case *ir.FloatType, *ir.IntegerType:
		return true
	}
	return false
}

func identityLayout(t *ir.MemRefType) bool {
	if t.Layout == nil {
		return true
	}
	m, ok := t.Layout.(*ir.AffineMapAttr)
	return ok && m.Map.IsIdentity()
}

func (p *ewPlan) build(k *kb) *ir.Operation {
	nt := p.nt
	d := len(nt.band)
	x := d - 1
	nx := nt.n[x]
	perBlock := p.tx * p.vw * p.cf
	return k.launch([3]int64{p.bx, p.by, 1}, [3]int64{p.tx, p.ty, 1}, func(a gpuArgs) {
		k.tiles(a.BlockIDs[0], a.GridSizes[0], p.gx, p.sx, func(bx *ir.Value) {
			k.tiles(a.BlockIDs[1], a.GridSizes[1], p.gy, p.sy, func(by *ir.Value) {
				m := ir.NewMapping()
				var rowOK *ir.Value
				if d > 1 {
					row := k.add(k.mulc(by, p.ty), a.ThreadIDs[1])
					if p.rows%p.ty != 0 {
						rowOK = k.ltc(row, p.rows)
					}
					k.delinearize(nt, x, row, m)
				}
				k.ifThen(rowOK, func() {
					for c := int64(0); c < p.cf; c++ {
						xi := k.mulc(k.addc(a.ThreadIDs[0], c*p.tx), p.vw)
						xi = k.add(k.mulc(bx, perBlock), xi)
						var ok *ir.Value
						if nx%perBlock != 0 {
							ok = k.ltc(xi, nx)
						}
						k.ifThen(ok, func() {
							scalar := func(xi *ir.Value) {
								m.Map(nt.band[x].InductionVar(), k.addc(k.mulc(xi, nt.step[x]), nt.lb[x]))
								for _, op := range bodyOps(nt.body) {
									k.b.Clone(op, m)
								}
							}
							vector := func() {
								m.Map(nt.band[x].InductionVar(), k.addc(k.mulc(xi, nt.step[x]), nt.lb[x]))
								p.vectorBody(k, m)
							}
							switch {
							case p.vw == 1:
								scalar(xi)
							case !p.tail:
								vector()
							default:
								// Only the last vector of x can be partial:
								// its elements below nx, one by one.
								k.ifThenElse(k.ltc(xi, nx-p.vw+1), vector, func() {
									// xi itself is below nx (the guard above).
									scalar(xi)
									for e := int64(1); e+1 < p.vw; e++ {
										xe := k.addc(xi, e)
										k.ifThen(k.ltc(xe, nx), func() { scalar(xe) })
									}
								})
							}
						})
					}
				})
			})
		})
	})
}

// vectorBody emits the body on vectors of p.vw elements starting at the
// x IV mapped in m.
func (p *ewPlan) vectorBody(k *kb, m *ir.Mapping) {
	nt := p.nt
	vectorOps(k, bodyOps(nt.body), m, p.vw, nt.pos, len(nt.band), len(nt.band)-1, nil, nil)
}

// vectorOps emits ops on vectors of vw elements starting at the IV x
// (of the nd IVs of pos) mapped in m: contiguous accesses become
// vector.load/vector.store, loads that do not depend on x stay scalar and
// are broadcast where a vector op uses them. isVec marks the mapped values
// that are vectors already (the accumulators of a vectorised reduction);
// it may be nil. Loads cache can serve (single-pass rows) are taken from
// it, and recorded in it; cache may be nil.
func vectorOps(k *kb, ops []*ir.Operation, m *ir.Mapping, vw int64, pos map[*ir.Value]int, nd, x int, isVec map[*ir.Value]bool, cache *loadCache) {
	if isVec == nil {
		isVec = map[*ir.Value]bool{}
	}
	vecOf := func(t ir.Type) ir.Type { return ir.Vector([]int64{vw}, t, nil) }
	operand := func(v *ir.Value) *ir.Value {
		w := m.Lookup(v)
		if isVec[w] {
			return w
		}
		b := k.op("vector.broadcast", []*ir.Value{w}, vecOf(w.Type()))
		isVec[b] = true
		return b
	}
	ex := &loweraffine.Expander{B: k.b, Loc: k.loc}
	for _, op := range ops {
		if acc, ok := analysis.NewMemRefAccess(op); ok {
			if cache.alignedAccess(k, op, acc, m, isVec, operand) {
				continue
			}
			key := cache.key(acc, m, vw)
			if v, hit := cache.lookup(key); hit {
				_, isVec[v] = v.Type().(*ir.VectorType)
				m.Map(op.Result(0), v)
				continue
			}
			var ops []*ir.Value
			for _, v := range acc.Operands {
				ops = append(ops, m.Lookup(v))
			}
			// vectorizableOps has checked the maps are affine in the
			// IVs: no division or modulo can fail to expand.
			idx, _ := ex.ExpandMap(acc.Map, ops)
			mem := m.Lookup(acc.MemRef)
			elem := acc.MemRefType().ElementType()
			ids := indicesOver(acc, pos, nd)
			contiguous := ids[len(ids)-1].dependsOn(x)
			switch {
			case acc.IsStore:
				k.b.CreateOp("vector.store", k.loc, append([]*ir.Value{operand(op.Operand(0)), mem}, idx...), nil)
			case contiguous:
				v := k.op("vector.load", append([]*ir.Value{mem}, idx...), vecOf(elem))
				isVec[v] = true
				m.Map(op.Result(0), v)
				cache.record(key, v)
			default:
				v := k.op("memref.load", append([]*ir.Value{mem}, idx...), elem)
				m.Map(op.Result(0), v)
				cache.record(key, v)
			}
			continue
		}
		anyVec := false
		for _, v := range op.Operands() {
			anyVec = anyVec || isVec[m.Lookup(v)]
		}
		if !anyVec {
			k.b.Clone(op, m)
			continue
		}
		var ops []*ir.Value
		for _, v := range op.Operands() {
			ops = append(ops, operand(v))
		}
		var types []ir.Type
		for _, r := range op.Results() {
			types = append(types, vecOf(r.Type()))
		}
		nop := k.b.CreateOp(op.Name(), op.Loc(), ops, types, op.Attrs()...)
		for i, r := range op.Results() {
			m.Map(r, nop.Result(i))
			isVec[nop.Result(i)] = true
		}
	}
}
