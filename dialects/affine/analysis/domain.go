package analysis

import (
	"slices"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// builder adds facts about IR values to a Constraints. Symbols (values
// invariant in the affine scope) are shared by all sides; induction
// variables and unknown values are per side, so that two iterations of one
// loop, or two evaluations of one non-affine value, are distinct variables.
type builder struct {
	c    *Constraints
	syms map[*ir.Value]int
	// approx is set when a value or an expression had to be modelled as an
	// unconstrained variable: the system then over-approximates.
	approx bool
}

// side maps the IVs (and unknown values) of one access instance to columns.
type side struct {
	vals map[*ir.Value]int
}

func newBuilder() *builder {
	return &builder{c: &Constraints{}, syms: map[*ir.Value]int{}}
}

func newSide() *side { return &side{vals: map[*ir.Value]int{}} }

// widen pads row (built when the system had fewer columns) to the current
// width, inserting zeros before the constant.
func (b *builder) widen(row []int64) []int64 {
	n := b.c.NumCols()
	if len(row) == n {
		return row
	}
	out := make([]int64, n)
	copy(out, row[:len(row)-1])
	out[n-1] = row[len(row)-1]
	return out
}

// operand resolves an operand to a column or a constant.
func (b *builder) operand(v *ir.Value, s *side) (col int, cst int64, isConst bool) {
	if c, ok := affine.ConstantIntValue(v); ok {
		return -1, c, true
	}
	if col, ok := s.vals[v]; ok {
		return col, 0, false
	}
	if affine.IsValidSymbol(v) {
		if col, ok := b.syms[v]; ok {
			return col, 0, false
		}
		col := b.c.AppendVar(SymbolVar, v)
		b.syms[v] = col
		return col, 0, false
	}
	// Neither an enclosing IV nor a symbol: an unknown value per side.
	b.approx = true
	col = b.c.AppendVar(LocalVar, v)
	s.vals[v] = col
	return col, 0, false
}

// exprRows flattens the results of m applied to operands into rows of the
// system (current width). Floordiv/mod quotients become local variables
// with their defining inequalities; semi-affine terms become free locals.
func (b *builder) exprRows(m *aff.Map, operands []*ir.Value, s *side) [][]int64 {
	m, operands = affine.FullyComposeMapAndOperands(m, operands)
	return b.flatRows(m.NumDims, m.NumSymbols, m.Results, operands, s)
}

func (b *builder) flatRows(numDims, numSyms int, exprs []aff.Expr, operands []*ir.Value, s *side) [][]int64 {
	type ref struct {
		col   int
		cst   int64
		isCst bool
	}
	refs := make([]ref, len(operands))
	for i, v := range operands {
		col, cst, isC := b.operand(v, s)
		refs[i] = ref{col, cst, isC}
	}
	f := aff.NewFlattener(numDims, numSyms)
	idx := make([]int, len(exprs)) // row of exprs[i] in the flattener, or -1
	n := 0
	for i, e := range exprs {
		idx[i] = -1
		if err := f.Add(e); err == nil {
			idx[i] = n
			n++
		}
	}
	flat := f.Rows()
	nIn := numDims + numSyms
	localCols := make([]int, len(f.Locals))
	for j := range f.Locals {
		localCols[j] = b.c.AppendVar(LocalVar, nil)
	}
	translate := func(fr []int64) []int64 {
		row := b.c.NewRow()
		for i, v := range fr[:len(fr)-1] {
			if v == 0 {
				continue
			}
			if i < nIn {
				r := refs[i]
				if r.isCst {
					row[len(row)-1] = addC(row[len(row)-1], mulC(v, r.cst))
				} else {
					row[r.col] = addC(row[r.col], v)
				}
			} else {
				row[localCols[i-nIn]] = addC(row[localCols[i-nIn]], v)
			}
		}
		row[len(row)-1] = addC(row[len(row)-1], fr[len(fr)-1])
		return row
	}
	for j, d := range f.Divs {
		if d.Divisor <= 0 || d.Dividend == nil {
			continue
		}
		div := translate(d.Dividend)
		q := localCols[j]
		lo := slices.Clone(div) // D - d*q >= 0
		lo[q] = addC(lo[q], -d.Divisor)
		b.c.AddIneq(lo)
		hi := make([]int64, len(div)) // d*q + d - 1 - D >= 0
		for i := range div {
			hi[i] = -div[i]
		}
		hi[q] = addC(hi[q], d.Divisor)
		hi[len(hi)-1] = addC(hi[len(hi)-1], d.Divisor-1)
		b.c.AddIneq(hi)
	}
	rows := make([][]int64, len(exprs))
	for i := range exprs {
		if idx[i] >= 0 {
			rows[i] = translate(flat[idx[i]])
			continue
		}
		// Not flattenable (non-positive constant divisor): an unknown value.
		b.approx = true
		col := b.c.AppendVar(LocalVar, nil)
		rows[i] = b.c.NewRow()
		rows[i][col] = 1
	}
	for i := range rows {
		rows[i] = b.widen(rows[i])
	}
	return rows
}

// addDomain adds the iteration domain of op: the bounds of every enclosing
// affine.for (with a stride counter for non-unit steps) and the conditions
// of every enclosing affine.if then-branch, up to the affine scope. It
// returns the enclosing loops (outermost first).
func (b *builder) addDomain(op *ir.Operation, s *side) []affine.ForOp {
	return b.addDomainFrom(op, s, 0)
}

// addDomainFrom is addDomain for the enclosing affine ops nested deeper
// than the first skip loops: those outer loops are left as free
// parameters (their IVs resolve to columns of s when already present, or
// to symbols... as unknown per-side values otherwise).
func (b *builder) addDomainFrom(op *ir.Operation, s *side, skip int) []affine.ForOp {
	var loops []affine.ForOp
	for _, p := range enclosingAffineOps(op) {
		if f, ok := affine.AsFor(p); ok {
			loops = append(loops, f)
			iv := f.InductionVar()
			if len(loops) <= skip {
				if _, ok := s.vals[iv]; !ok {
					s.vals[iv] = b.c.AppendVar(DimVar, iv)
				}
				continue
			}
			col := b.c.AppendVar(DimVar, iv)
			s.vals[iv] = col
			b.addForBounds(f, col, s)
			continue
		}
		if len(loops) < skip {
			continue
		}
		ifOp, _ := affine.AsIf(p)
		b.addSet(ifOp, s)
	}
	return loops
}

func (b *builder) addForBounds(f affine.ForOp, col int, s *side) {
	lbm, lbo := f.LowerBound()
	ubm, ubo := f.UpperBound()
	if lbm == nil || ubm == nil {
		b.approx = true
		return
	}
	lbRows := b.exprRows(lbm, lbo, s)
	ubRows := b.exprRows(ubm, ubo, s)
	for _, r := range lbRows {
		r = b.widen(r)
		row := make([]int64, len(r)) // iv - lb >= 0
		for i := range r {
			row[i] = -r[i]
		}
		row[col] = addC(row[col], 1)
		b.c.AddIneq(row)
	}
	for _, r := range ubRows {
		r = b.widen(r)
		row := slices.Clone(r) // ub - 1 - iv >= 0
		row[col] = addC(row[col], -1)
		row[len(row)-1] = addC(row[len(row)-1], -1)
		b.c.AddIneq(row)
	}
	if step := f.Step(); step > 1 && len(lbRows) != 1 {
		b.approx = true // the stride of a max lower bound is not modelled
	} else if step > 1 {
		q := b.c.AppendVar(LocalVar, nil)
		r := b.widen(lbRows[0])
		row := make([]int64, len(r)) // iv - lb - step*q == 0
		for i := range r {
			row[i] = -r[i]
		}
		row[col] = addC(row[col], 1)
		row[q] = -step
		b.c.AddEq(row)
	}
}

// addSet adds the conditions of an affine.if.
func (b *builder) addSet(ifOp affine.IfOp, s *side) {
	set, operands := ifOp.Condition()
	if set == nil {
		b.approx = true
		return
	}
	set, operands = affine.ComposeSetAndOperands(set, operands)
	rows := b.flatRows(set.NumDims, set.NumSymbols, set.Constraints, operands, s)
	for i, r := range rows {
		r = b.widen(r)
		if set.EqFlags[i] {
			b.c.AddEq(r)
		} else {
			b.c.AddIneq(r)
		}
	}
}

// vectorShape returns the vector shape of a vector load/store, or nil.
func vectorShape(op *ir.Operation) []int64 {
	var t ir.Type
	switch op.Name() {
	case affine.VectorLoadName:
		t = op.Result(0).Type()
	case affine.VectorStoreName:
		t = op.Operand(0).Type()
	default:
		return nil
	}
	if st, ok := t.(interface{ Shape() []int64 }); ok {
		return st.Shape()
	}
	return nil
}

// accessRows returns one row per memref dimension: the index accessed.
// For vector accesses the trailing dimensions get an offset local in
// [0, width), so that the whole vector footprint is covered.
func (b *builder) accessRows(a *MemRefAccess, s *side) [][]int64 {
	rows := b.exprRows(a.Map, a.Operands, s)
	vs := vectorShape(a.Op)
	if len(vs) == 0 || len(vs) > len(rows) {
		return rows
	}
	for i, w := range vs {
		if w <= 1 {
			continue
		}
		t := b.c.AppendVar(LocalVar, nil)
		b.c.AddBound(t, false, 0)
		b.c.AddBound(t, true, w-1)
		k := len(rows) - len(vs) + i
		rows[k] = b.widen(rows[k])
		rows[k][t] = 1
	}
	for i := range rows {
		rows[i] = b.widen(rows[i])
	}
	return rows
}

// equateAccesses constrains the index src accesses to equal the one dst
// accesses, dimension by dimension; it reports false, adding nothing, when
// the two access different numbers of dimensions.
func (b *builder) equateAccesses(src, dst *MemRefAccess, ss, ds *side) bool {
	sr := b.accessRows(src, ss)
	dr := b.accessRows(dst, ds)
	if len(sr) != len(dr) {
		return false
	}
	for i := range sr {
		s, d := b.widen(sr[i]), b.widen(dr[i])
		row := make([]int64, len(s))
		for j := range row {
			row[j] = s[j] - d[j]
		}
		b.c.AddEq(row)
	}
	return true
}
