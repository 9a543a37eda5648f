package analysis

import (
	"errors"
	"fmt"
	"slices"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// MemRefRegion is the set of memref elements an access touches inside the
// loops deeper than LoopDepth, as a function of the IVs of the LoopDepth
// outer loops and of symbols (MLIR's MemRefRegion). Cst's first Rank
// columns are the memref indices; the remaining columns are parameters:
// outer IVs (DimVar with their value) and symbols (SymbolVar).
type MemRefRegion struct {
	MemRef    *ir.Value
	Write     bool
	LoopDepth int
	Rank      int
	Cst       *Constraints
	// Exact reports that, for every value of the parameters, the box given
	// by Bounds (under the parameters' constraints) is exactly the set of
	// elements the access touches: the iteration domain is modelled
	// without approximation (affine bounds and then-branch conditions
	// only), every projection was exact over the integers, and each index
	// is bounded independently of the others. A write region that is not
	// exact may contain elements that are never written.
	Exact bool
}

// ComputeRegion computes the region of a at loopDepth (0: the whole
// function). The iteration domain includes the bounds of the enclosing
// loops deeper than loopDepth (min/max bounds and strides included) and the
// conditions of enclosing affine.if ops; static memref dimensions bound
// the indices. Vector accesses cover their whole vector.
func ComputeRegion(a *MemRefAccess, loopDepth int) (*MemRefRegion, error) {
	mt := a.MemRefType()
	if mt == nil {
		return nil, errors.New("access to a non-memref value")
	}
	rank := a.Rank()
	if rank != mt.Rank() {
		return nil, errors.New("access rank differs from memref rank")
	}
	b := newBuilder()
	s := newSide()
	for i := 0; i < rank; i++ {
		b.c.AppendVar(DimVar, nil)
	}
	loops := EnclosingLoops(a.Op)
	if loopDepth > len(loops) {
		loopDepth = len(loops)
	}
	// The outer loops' bounds stay as constraints on the parameters: they
	// let Bounds drop bounds that are implied where the region is used.
	b.addDomain(a.Op, s)
	rows := b.accessRows(a, s)
	for d, r := range rows {
		r = b.widen(r)
		row := make([]int64, len(r))
		for i := range r {
			row[i] = -r[i]
		}
		row[d] = addC(row[d], 1)
		b.c.AddEq(row)
	}
	for d, sz := range mt.Shape() {
		if sz != ir.Dynamic {
			b.c.AddBound(d, false, 0)
			b.c.AddBound(d, true, sz-1)
		}
	}
	outer := map[*ir.Value]bool{}
	for _, l := range loops[:loopDepth] {
		outer[l.InductionVar()] = true
	}
	c := b.c
	isParam := func(i int) bool {
		v := c.Vars[i]
		return v.Kind == SymbolVar || (v.Kind == DimVar && outer[v.Value])
	}
	// Locals that only relate parameters (the stride counters of outer
	// loops) are kept: they make the parameters' domain exact for Bounds.
	paramLocal := map[int]bool{}
	for i := rank; i < c.NumVars(); i++ {
		if c.Vars[i].Kind != LocalVar || c.Vars[i].Value != nil {
			continue
		}
		ok, seen := true, false
		for _, r := range append(append([][]int64(nil), c.Eqs...), c.Ineqs...) {
			if r[i] == 0 {
				continue
			}
			seen = true
			for j := 0; j < c.NumVars(); j++ {
				if j != i && r[j] != 0 && (j < rank || !isParam(j)) {
					ok = false
				}
			}
		}
		paramLocal[i] = ok && seen
	}
	elim := make([]bool, c.NumVars())
	for i := rank; i < c.NumVars(); i++ {
		elim[i] = !isParam(i) && !paramLocal[i]
	}
	exact := !b.approx && exactNesting(a.Op, loops, loopDepth)
	exact = projectOrdered(c, elim) && exact
	removeIndependentConstraints(c, rank)
	exact = exact && isBox(c, rank)
	// Drop parameters no constraint mentions any more.
	for i := c.NumVars() - 1; i >= rank; i-- {
		used := false
		for _, r := range append(append([][]int64(nil), c.Eqs...), c.Ineqs...) {
			used = used || r[i] != 0
		}
		if !used {
			c.RemoveVar(i)
		}
	}
	return &MemRefRegion{MemRef: a.MemRef, Write: a.IsStore, LoopDepth: loopDepth, Rank: rank, Cst: c, Exact: exact}, nil
}

// exactNesting reports whether every op between op and the loop at
// loopDepth is an affine.for or the then-branch of an affine.if, the
// nestings whose conditions the iteration domain models exactly.
func exactNesting(op *ir.Operation, loops []affine.ForOp, loopDepth int) bool {
	var stop *ir.Operation
	if loopDepth > 0 {
		stop = loops[loopDepth-1].Operation
	}
	child := op
	for p := op.ParentOp(); p != nil && p != stop && !p.HasTrait(ir.AffineScope); child, p = p, p.ParentOp() {
		switch {
		case p.Is(affine.ForName):
		case p.Is(affine.IfName) && child.ParentRegion() == p.Region(0):
		default:
			return false
		}
	}
	return true
}

// projectOrdered eliminates the columns marked in elim. It first takes
// columns with a unit coefficient in an equality (an exact substitution:
// eliminating a tile loop's IV through its stride equality keeps the
// stride counter, so the intra-tile range stays relative to the tile
// origin), then columns whose Fourier–Motzkin step is exact over the
// integers (a unit coefficient in every lower/upper pair), then the
// others, innermost (last) first within each class. It reports whether
// every step was exact.
func projectOrdered(c *Constraints, elim []bool) bool {
	elim = slices.Clone(elim)
	exact := true
	for {
		pick, best := -1, elimInexact+1
		for i, e := range elim {
			if !e {
				continue
			}
			if k := elimKindOf(c, i); k <= best {
				pick, best = i, k
			}
		}
		if pick < 0 {
			return exact
		}
		if best == elimInexact {
			exact = false
		}
		c.ProjectOut(pick)
		elim = slices.Delete(elim, pick, pick+1)
	}
}

const (
	elimUnitEq = iota
	elimExactFM
	elimInexact
)

// elimKindOf classifies the elimination of column i.
func elimKindOf(c *Constraints, i int) int {
	hasEq := false
	for _, r := range c.Eqs {
		if r[i] == 0 {
			continue
		}
		hasEq = true
		unit := true
		for j, v := range r {
			if j != i && v%r[i] != 0 {
				unit = false
				break
			}
		}
		if unit {
			return elimUnitEq
		}
	}
	if hasEq {
		return elimInexact // a congruence is lost
	}
	// In one dimension an integer point exists iff every (lower, upper)
	// pair admits one, so the step is exact when each pair does whenever
	// its real shadow holds: one coefficient is 1 (Pugh), or both are a
	// and the pair reads L <= a*x <= L + c with c >= a - 1 (an interval of
	// a consecutive values holds a multiple of a: a stride counter).
	lows, ups, _ := boundsOn(c.Ineqs, i)
	for _, l := range lows {
		for _, u := range ups {
			a, b := l[i], -u[i]
			if a == 1 || b == 1 {
				continue
			}
			if a != b || !strideWindow(l, u, i, a) {
				return elimInexact
			}
		}
	}
	return elimExactFM
}

// strideWindow reports whether l + u (l: a*x + L >= 0, u: -a*x + U >= 0)
// is a constant c >= a - 1.
func strideWindow(l, u []int64, i int, a int64) bool {
	for j := range l[:len(l)-1] {
		if j != i && l[j]+u[j] != 0 {
			return false
		}
	}
	return l[len(l)-1]+u[len(u)-1] >= a-1
}

// isBox reports whether each row of c mentions at most one of the first
// rank columns, with no local variable beside it, and equalities on an
// index have a unit coefficient: the per-index bounds then describe the
// set exactly.
func isBox(c *Constraints, rank int) bool {
	check := func(r []int64, eq bool) bool {
		idx := -1
		for j := 0; j < rank; j++ {
			if r[j] != 0 {
				if idx >= 0 {
					return false
				}
				idx = j
			}
		}
		if idx < 0 {
			return true
		}
		if eq && r[idx] != 1 && r[idx] != -1 {
			return false
		}
		return !usesLocal(c, r)
	}
	for _, r := range c.Eqs {
		if !check(r, true) {
			return false
		}
	}
	for _, r := range c.Ineqs {
		if !check(r, false) {
			return false
		}
	}
	return true
}

// removeIndependentConstraints drops the rows not connected, through
// shared variables, to the first rank columns.
func removeIndependentConstraints(c *Constraints, rank int) {
	n := c.NumVars()
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	rows := append(append([][]int64(nil), c.Eqs...), c.Ineqs...)
	for _, r := range rows {
		first := -1
		for i := 0; i < n; i++ {
			if r[i] != 0 {
				if first < 0 {
					first = i
				} else {
					parent[find(i)] = find(first)
				}
			}
		}
	}
	for i := 1; i < rank; i++ {
		parent[find(i)] = find(0)
	}
	connected := func(r []int64) bool {
		for i := 0; i < n; i++ {
			if r[i] != 0 {
				return rank > 0 && find(i) == find(0)
			}
		}
		return true // constant rows stay (they encode emptiness)
	}
	var eqs, ineqs [][]int64
	for _, r := range c.Eqs {
		if connected(r) {
			eqs = append(eqs, r)
		}
	}
	for _, r := range c.Ineqs {
		if connected(r) {
			ineqs = append(ineqs, r)
		}
	}
	c.Eqs, c.Ineqs = eqs, ineqs
}

// Params returns the parameter values (outer IVs first, in loop order, then
// symbols) that the region's bounds are functions of.
func (r *MemRefRegion) Params() []*ir.Value {
	var dims, syms []*ir.Value
	for _, v := range r.Cst.Vars[r.Rank:] {
		switch v.Kind {
		case DimVar:
			dims = append(dims, v.Value)
		case SymbolVar:
			syms = append(syms, v.Value)
		}
	}
	return append(dims, syms...)
}

// paramExpr rebuilds sum(coef*param) + cst over Params() as an expression
// whose dims are the IV parameters and symbols the symbol parameters.
func (r *MemRefRegion) paramExpr(row []int64, scale int64) aff.Expr {
	var dims, syms []int
	for i, v := range r.Cst.Vars[r.Rank:] {
		switch v.Kind {
		case DimVar:
			dims = append(dims, r.Rank+i)
		case SymbolVar:
			syms = append(syms, r.Rank+i)
		}
	}
	var e aff.Expr = aff.Const(row[len(row)-1] * scale)
	for k, col := range dims {
		if row[col] != 0 {
			e = aff.Add(e, aff.MulConst(aff.Dim(k), row[col]*scale))
		}
	}
	for k, col := range syms {
		if row[col] != 0 {
			e = aff.Add(e, aff.MulConst(aff.Symbol(k), row[col]*scale))
		}
	}
	return e
}

func (r *MemRefRegion) numParamDims() (nd, ns int) {
	for _, v := range r.Cst.Vars[r.Rank:] {
		switch v.Kind {
		case DimVar:
			nd++
		case SymbolVar:
			ns++
		}
	}
	return
}

// dimSystem projects out every memref index but d.
func (r *MemRefRegion) dimSystem(d int) *Constraints {
	t := r.Cst.Clone()
	for i := r.Rank - 1; i >= 0; i-- {
		if i != d {
			t.ProjectOut(i)
		}
	}
	return t
}

// Bounds returns the lower bound (max of its results) and exclusive upper
// bound (min of its results) maps of index d over Params(). Bounds implied
// by others over the parameters' domain are dropped.
func (r *MemRefRegion) Bounds(d int) (lb, ub *aff.Map) {
	dom := r.dimSystem(d)
	dom.ProjectOut(0)
	return r.boundsUnder(d, func(row []int64) bool {
		c := dom.Clone()
		c.AddIneq(row)
		return c.IsEmpty()
	})
}

// boundsUnder is Bounds where infeasible(row) decides whether row >= 0 (a
// row over the region's non-index columns and the constant) has no
// solution in the context where the bounds are used.
func (r *MemRefRegion) boundsUnder(d int, infeasible func(row []int64) bool) (lb, ub *aff.Map) {
	t := r.dimSystem(d) // d is now column 0
	nd, ns := r.numParamDims()
	view := &MemRefRegion{Rank: 1, Cst: t}
	// Collect bound rows: lower a*x + rest >= 0 (a > 0), upper -a*x + rest >= 0.
	type bound struct {
		a    int64
		rest []int64 // over the parameter columns of dom, constant last
	}
	var lows, ups []bound
	collect := func(row []int64, eq bool) {
		if usesLocal(t, row) {
			return
		}
		a := row[0]
		rest := append([]int64(nil), row[1:]...)
		neg := make([]int64, len(rest))
		for i := range rest {
			neg[i] = -rest[i]
		}
		switch {
		case a > 0:
			lows = append(lows, bound{a, rest})
			if eq {
				ups = append(ups, bound{a, neg})
			}
		case a < 0:
			ups = append(ups, bound{-a, rest})
			if eq {
				lows = append(lows, bound{-a, neg})
			}
		}
	}
	for _, row := range t.Eqs {
		collect(row, true)
	}
	for _, row := range t.Ineqs {
		collect(row, false)
	}
	// dominated reports whether, over dom, bound j is always at least as
	// tight as bound i (unit coefficients only): for lower bounds
	// x >= -rest, -rest_j >= -rest_i; for upper bounds x <= rest,
	// rest_j <= rest_i. Both mean no point has rest_j - rest_i >= 1.
	dominated := func(i, j bound, _ bool) bool {
		if i.a != 1 || j.a != 1 {
			return false
		}
		row := make([]int64, len(i.rest))
		for k := range row {
			row[k] = j.rest[k] - i.rest[k]
		}
		row[len(row)-1]--
		return infeasible(row)
	}
	prune := func(bs []bound, lower bool) []bound {
		var kept []bound
		for _, b := range bs {
			implied := false
			for _, k := range kept {
				if dominated(b, k, lower) {
					implied = true
					break
				}
			}
			if implied {
				continue
			}
			var next []bound
			for _, k := range kept {
				if !dominated(k, b, lower) {
					next = append(next, k)
				}
			}
			kept = append(next, b)
		}
		return kept
	}
	lows, ups = prune(lows, true), prune(ups, false)
	full := func(b bound) []int64 { return append([]int64{0}, b.rest...) }
	var lbs, ubs []aff.Expr
	for _, b := range lows { // x >= ceil(-rest / a)
		lbs = append(lbs, aff.CeilDiv(view.paramExpr(full(b), -1), aff.Const(b.a)))
	}
	for _, b := range ups { // x <= floor(rest / a)
		ubs = append(ubs, aff.AddConst(aff.FloorDiv(view.paramExpr(full(b), 1), aff.Const(b.a)), 1))
	}
	return aff.NewMap(nd, ns, dedupe(lbs)), aff.NewMap(nd, ns, dedupe(ubs))
}

// usesLocal reports whether row has a non-zero local-variable coefficient.
func usesLocal(c *Constraints, row []int64) bool {
	for i, v := range c.Vars {
		if v.Kind == LocalVar && row[i] != 0 {
			return true
		}
	}
	return false
}

func dedupe(es []aff.Expr) []aff.Expr {
	var out []aff.Expr
	seen := map[aff.Expr]bool{}
	for _, e := range es {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

// BoundingBox is a constant-size box containing a region: index d lies in
// [Lb[d](params), Lb[d](params) + Shape[d]).
type BoundingBox struct {
	Shape []int64
	// Lb[d] is a single-result map over Params (IV params as dims,
	// symbol params as symbols).
	Lb     []*aff.Map
	Params []*ir.Value
}

// NumElements returns the number of elements of the box.
func (bb *BoundingBox) NumElements() int64 {
	n := int64(1)
	for _, s := range bb.Shape {
		n *= s
	}
	return n
}

// ConstantBoundingSizeAndShape returns the smallest constant-size box
// containing the region, with its lower corner as affine functions of the
// parameters (getConstantBoundingSizeAndShape): for each index, the
// tightest pair of lower and upper bounds whose difference is constant.
func (r *MemRefRegion) ConstantBoundingSizeAndShape() (*BoundingBox, error) {
	nd, ns := r.numParamDims()
	bb := &BoundingBox{Params: r.Params()}
	for d := 0; d < r.Rank; d++ {
		t := r.dimSystem(d)
		view := &MemRefRegion{Rank: 1, Cst: t}
		type bnd struct {
			a   int64
			row []int64
		}
		var lows, ups []bnd
		for _, row := range t.Eqs {
			if usesLocal(t, row) {
				continue
			}
			if row[0] > 0 {
				neg := make([]int64, len(row))
				for i := range row {
					neg[i] = -row[i]
				}
				lows = append(lows, bnd{row[0], row})
				ups = append(ups, bnd{row[0], neg})
			} else if row[0] < 0 {
				neg := make([]int64, len(row))
				for i := range row {
					neg[i] = -row[i]
				}
				lows = append(lows, bnd{-row[0], neg})
				ups = append(ups, bnd{-row[0], row})
			}
		}
		for _, row := range t.Ineqs {
			if usesLocal(t, row) {
				continue
			}
			if row[0] > 0 {
				lows = append(lows, bnd{row[0], row})
			} else if row[0] < 0 {
				ups = append(ups, bnd{-row[0], row})
			}
		}
		best := int64(-1)
		var bestLb aff.Expr
		for _, l := range lows {
			for _, u := range ups {
				if l.a != u.a {
					continue
				}
				// l: a*x + L >= 0, u: -a*x + U >= 0 => a*x in [-L, U].
				constant := true
				for i := 1; i < len(l.row)-1; i++ {
					if l.row[i]+u.row[i] != 0 {
						constant = false
						break
					}
				}
				if !constant {
					continue
				}
				c := l.row[len(l.row)-1] + u.row[len(u.row)-1]
				if c < 0 {
					continue
				}
				size := c/l.a + 1
				if best < 0 || size < best {
					best = size
					rest := append([]int64(nil), l.row...)
					rest[0] = 0
					bestLb = aff.CeilDiv(view.paramExpr(rest, -1), aff.Const(l.a))
				}
			}
		}
		if best < 0 {
			return nil, fmt.Errorf("non-constant extent along dimension %d", d)
		}
		bb.Shape = append(bb.Shape, best)
		bb.Lb = append(bb.Lb, aff.NewMap(nd, ns, []aff.Expr{bestLb}))
	}
	return bb, nil
}

// RegionOf is a convenience: the region of op's access at loopDepth.
func RegionOf(op *ir.Operation, loopDepth int) (*MemRefRegion, error) {
	a, ok := NewMemRefAccess(op)
	if !ok {
		return nil, fmt.Errorf("'%s' is not an affine memory access", op.Name())
	}
	return ComputeRegion(a, loopDepth)
}

// FootprintBytes returns the size in bytes of the constant bounding box of
// the region, when the element type has a known bit width.
func (r *MemRefRegion) FootprintBytes() (int64, bool) {
	bb, err := r.ConstantBoundingSizeAndShape()
	if err != nil {
		return 0, false
	}
	w := ElementBits(r.MemRef.Type().(*ir.MemRefType).ElementType())
	if w <= 0 {
		return 0, false
	}
	return bb.NumElements() * ((w + 7) / 8), true
}

// ElementBits returns the bit width of an int, float, index (64) or
// vector-of-those element type, or 0.
func ElementBits(t ir.Type) int64 {
	switch t := t.(type) {
	case *ir.IndexType:
		return 64
	case *ir.IntegerType:
		return int64(t.Width)
	case interface{ Width() int }:
		return int64(t.Width())
	case interface {
		Shape() []int64
		ElementType() ir.Type
	}:
		n := int64(1)
		for _, d := range t.Shape() {
			n *= d
		}
		return n * ElementBits(t.ElementType())
	}
	return 0
}
