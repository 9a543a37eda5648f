package analysis

import (
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// RegionEnumeration says how to enumerate a region at a program point (a
// copy placement): when Guard holds (nil: always, at that point), index d
// ranges over [max Lb[d], min Ub[d]). Guard and the maps are over the
// region's Params (IV params as dims, symbol params as symbols).
type RegionEnumeration struct {
	Guard  *aff.Set
	Lb, Ub []*aff.Map
}

// regionAt is a region's system placed next to the iteration domain of a
// program point: the region's columns are mapped onto the builder's.
type regionAt struct {
	b      *builder
	s      *side
	dom    *Constraints // the point's domain alone (at the final width)
	colMap []int        // region column -> builder column
	vars   []Var        // the region's columns
	rank   int
}

// placeAt builds the domain of at and appends the region's columns and
// rows; parameters are shared with the domain by IR value.
func (r *MemRefRegion) placeAt(at *ir.Operation) *regionAt {
	b := newBuilder()
	s := newSide()
	b.addDomain(at, s)
	ra := &regionAt{b: b, s: s, colMap: make([]int, r.Cst.NumVars()), vars: r.Cst.Vars, rank: r.Rank}
	for i, v := range r.Cst.Vars {
		switch {
		case i < r.Rank:
			ra.colMap[i] = b.c.AppendVar(DimVar, nil)
		case v.Kind == LocalVar || v.Value == nil:
			ra.colMap[i] = b.c.AppendVar(LocalVar, nil)
		default:
			col, cst, isConst := b.operand(v.Value, s)
			if isConst {
				col = b.c.AppendVar(LocalVar, nil)
				row := b.c.NewRow()
				row[col], row[len(row)-1] = 1, -cst
				b.c.AddEq(row)
			}
			ra.colMap[i] = col
		}
	}
	ra.dom = b.c.Clone()
	for _, row := range r.Cst.Eqs {
		b.c.AddEq(ra.translate(row))
	}
	for _, row := range r.Cst.Ineqs {
		b.c.AddIneq(ra.translate(row))
	}
	return ra
}

// translate maps a row over the region's columns to the builder's.
func (ra *regionAt) translate(row []int64) []int64 {
	out := ra.b.c.NewRow()
	for i, v := range row[:len(row)-1] {
		if v != 0 {
			out[ra.colMap[i]] += v
		}
	}
	out[len(out)-1] = row[len(row)-1]
	return out
}

// translateParams maps a row of p (the region's system with the indices
// and locals projected out) to the builder's columns, by IR value.
func (ra *regionAt) translateParams(p *Constraints, row []int64) []int64 {
	out := ra.b.c.NewRow()
	for i, v := range row[:len(row)-1] {
		if v == 0 {
			continue
		}
		for j, rv := range ra.vars {
			if j >= ra.rank && rv.Value == p.Vars[i].Value && rv.Kind == p.Vars[i].Kind {
				out[ra.colMap[j]] += v
				break
			}
		}
	}
	out[len(out)-1] = row[len(row)-1]
	return out
}

// implied reports whether sys implies row >= 0 (row == 0 when eq).
func implied(sys *Constraints, row []int64, eq bool) bool {
	// No point with row < 0, i.e. -row - 1 >= 0.
	lt := make([]int64, len(row))
	for i := range row {
		lt[i] = -row[i]
	}
	lt[len(lt)-1]--
	t := sys.Clone()
	t.AddIneq(lt)
	if !t.IsEmpty() {
		return false
	}
	if !eq {
		return true
	}
	// No point with row > 0, i.e. row - 1 >= 0.
	gt := append([]int64(nil), row...)
	gt[len(gt)-1]--
	t = sys.Clone()
	t.AddIneq(gt)
	return t.IsEmpty()
}

// EnumerateAt returns how to enumerate the region at the program point at
// (an op whose enclosing loops include the IV parameters). The guard is
// the projection of the region onto the parameters, less what the domain
// of at implies; inside it, bounds implied by others are dropped. The
// bounds keep the region's static memref bounds unless implied, so an
// enumeration never leaves the memref.
func (r *MemRefRegion) EnumerateAt(at *ir.Operation) *RegionEnumeration {
	ra := r.placeAt(at)
	nd, ns := r.numParamDims()
	// The parameters' constraints: project out the indices, then the
	// locals (stride counters of outer loops, implied by the domain of at
	// anyway); the guard may only be weaker than the exact condition.
	p := r.Cst.Clone()
	for i := p.NumVars() - 1; i >= 0; i-- {
		if i < r.Rank || p.Vars[i].Kind == LocalVar {
			p.ProjectOut(i)
		}
	}
	pv := &MemRefRegion{Rank: 0, Cst: p}
	ctx := ra.dom.Clone()
	var guard []aff.Expr
	var eqs []bool
	add := func(row []int64, eq bool) {
		t := ra.translateParams(p, row)
		if implied(ra.dom, t, eq) {
			return
		}
		if eq {
			ctx.AddEq(t)
		} else {
			ctx.AddIneq(t)
		}
		guard = append(guard, pv.paramExpr(row, 1))
		eqs = append(eqs, eq)
	}
	for _, row := range p.Eqs {
		add(row, true)
	}
	for _, row := range p.Ineqs {
		add(row, false)
	}
	e := &RegionEnumeration{}
	if len(guard) > 0 {
		e.Guard = aff.NewSet(nd, ns, guard, eqs)
	}
	for d := 0; d < r.Rank; d++ {
		lb, ub := r.boundsUnder(d, func(rest []int64) bool {
			full := append(make([]int64, r.Rank), rest...)
			t := ctx.Clone()
			t.AddIneq(ra.translate(full))
			return t.IsEmpty()
		})
		e.Lb = append(e.Lb, lb)
		e.Ub = append(e.Ub, ub)
	}
	return e
}

// WithinEnumeration reports whether, at the point at, every element of
// the region lies inside the elements enumerated by (guard, lbs, ubs):
// maps and set over operands (IR values), lbs[d] a max and ubs[d] an
// exclusive min. A nil guard always holds.
func (r *MemRefRegion) WithinEnumeration(at *ir.Operation, guard *aff.Set, lbs, ubs []*aff.Map, operands []*ir.Value) bool {
	ra := r.placeAt(at)
	b := ra.b
	type neg struct {
		row []int64
		eq  bool
	}
	var negs []neg
	if guard != nil {
		rows := b.flatRows(guard.NumDims, guard.NumSymbols, guard.Constraints, operands, ra.s)
		for i, row := range rows {
			negs = append(negs, neg{row, guard.EqFlags[i]})
		}
	}
	for d := 0; d < r.Rank; d++ {
		x := ra.colMap[d]
		for _, e := range b.exprRows(lbs[d], operands, ra.s) { // x - e >= 0
			row := make([]int64, len(e))
			for i := range e {
				row[i] = -e[i]
			}
			row[x]++
			negs = append(negs, neg{row, false})
		}
		for _, e := range b.exprRows(ubs[d], operands, ra.s) { // e - 1 - x >= 0
			row := append([]int64(nil), e...)
			row[x]--
			row[len(row)-1]--
			negs = append(negs, neg{row, false})
		}
	}
	for _, n := range negs {
		if !implied(b.c, b.widen(n.row), n.eq) {
			return false
		}
	}
	return true
}
