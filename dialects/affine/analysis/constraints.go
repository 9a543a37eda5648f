package analysis

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// VarKind classifies a variable of a constraint system.
type VarKind uint8

const (
	// DimVar is a dimension: a loop induction variable or a memref index.
	DimVar VarKind = iota
	// SymbolVar is a symbol: a value invariant in the analysed scope.
	SymbolVar
	// LocalVar is an existentially quantified variable (a floordiv
	// quotient, a stride counter, an unknown value).
	LocalVar
)

// Var is one variable (column) of a constraint system. Value is the IR
// value it stands for, or nil.
type Var struct {
	Kind  VarKind
	Value *ir.Value
}

// Constraints is a conjunction of affine equalities and inequalities with
// int64 coefficients over integer variables, the analogue of MLIR's
// FlatAffineValueConstraints. Row layout: one coefficient per variable, in
// Vars order, then the constant. An equality row means sum == 0, an
// inequality row sum >= 0.
//
// Unlike MLIR, variables are not required to be ordered by kind; each
// column carries its kind.
type Constraints struct {
	Vars  []Var
	Eqs   [][]int64
	Ineqs [][]int64
}

// NumVars returns the number of variables.
func (c *Constraints) NumVars() int { return len(c.Vars) }

// NumCols returns the row width (variables + constant).
func (c *Constraints) NumCols() int { return len(c.Vars) + 1 }

// Count returns how many variables of kind k there are.
func (c *Constraints) Count(k VarKind) int {
	n := 0
	for _, v := range c.Vars {
		if v.Kind == k {
			n++
		}
	}
	return n
}

// Clone returns a deep copy.
func (c *Constraints) Clone() *Constraints {
	d := &Constraints{Vars: slices.Clone(c.Vars)}
	for _, r := range c.Eqs {
		d.Eqs = append(d.Eqs, slices.Clone(r))
	}
	for _, r := range c.Ineqs {
		d.Ineqs = append(d.Ineqs, slices.Clone(r))
	}
	return d
}

// AppendVar adds a variable (with all-zero coefficients) and returns its column.
func (c *Constraints) AppendVar(k VarKind, v *ir.Value) int {
	pos := len(c.Vars)
	c.Vars = append(c.Vars, Var{Kind: k, Value: v})
	for i, r := range c.Eqs {
		c.Eqs[i] = slices.Insert(r, pos, 0)
	}
	for i, r := range c.Ineqs {
		c.Ineqs[i] = slices.Insert(r, pos, 0)
	}
	return pos
}

// RemoveVar deletes a column without projecting it: the caller guarantees
// no row uses it (or wants its rows to forget it).
func (c *Constraints) RemoveVar(pos int) {
	c.Vars = slices.Delete(c.Vars, pos, pos+1)
	for i, r := range c.Eqs {
		c.Eqs[i] = slices.Delete(r, pos, pos+1)
	}
	for i, r := range c.Ineqs {
		c.Ineqs[i] = slices.Delete(r, pos, pos+1)
	}
}

// Find returns the column of the variable standing for v.
func (c *Constraints) Find(v *ir.Value) (int, bool) {
	for i, x := range c.Vars {
		if x.Value == v && v != nil {
			return i, true
		}
	}
	return -1, false
}

// NewRow returns a zero row of the system's width.
func (c *Constraints) NewRow() []int64 { return make([]int64, c.NumCols()) }

// AddEq adds the equality row == 0 (copied).
func (c *Constraints) AddEq(row []int64) { c.Eqs = append(c.Eqs, slices.Clone(row)) }

// AddIneq adds the inequality row >= 0 (copied).
func (c *Constraints) AddIneq(row []int64) { c.Ineqs = append(c.Ineqs, slices.Clone(row)) }

// AddBound adds lb <= var (lower) or var <= ub (upper) for a constant.
func (c *Constraints) AddBound(pos int, upper bool, v int64) {
	r := c.NewRow()
	if upper {
		r[pos], r[len(r)-1] = -1, v
	} else {
		r[pos], r[len(r)-1] = 1, -v
	}
	c.AddIneq(r)
}

func (c *Constraints) intSystem() *intSystem {
	s := &intSystem{n: len(c.Vars)}
	for _, r := range c.Eqs {
		s.eqs = append(s.eqs, slices.Clone(r))
	}
	for _, r := range c.Ineqs {
		s.ineqs = append(s.ineqs, slices.Clone(r))
	}
	return s
}

// IsEmpty reports whether the system has no integer solution. The test is
// exact (Omega test); when it cannot conclude (coefficient overflow or an
// excessive number of splinters) it returns false, the safe answer for
// every client (a dependence is assumed, a region is kept).
func (c *Constraints) IsEmpty() bool {
	feasible, _ := integerFeasible(c.intSystem())
	return !feasible
}

// IsEmptyExact is IsEmpty with the information whether the answer was
// established (known == false means "unknown, assumed non-empty").
func (c *Constraints) IsEmptyExact() (empty, known bool) {
	feasible, known := integerFeasible(c.intSystem())
	return !feasible, known
}

// ProjectOut eliminates the variable at pos: through an equality when one
// involves it (exact over the rationals), else by Fourier–Motzkin with GCD
// tightening (the integer hull may be over-approximated, which is the safe
// direction for bounds and regions). It never fails: on coefficient
// overflow the rows involving the variable are dropped (also an
// over-approximation).
func (c *Constraints) ProjectOut(pos int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(overflow); !ok {
				panic(r)
			}
			c.Eqs = slices.DeleteFunc(c.Eqs, func(r []int64) bool { return r[pos] != 0 })
			c.Ineqs = slices.DeleteFunc(c.Ineqs, func(r []int64) bool { return r[pos] != 0 })
			c.RemoveVar(pos)
		}
	}()
	s := c.intSystem()
	s.projectOut(pos)
	c.Vars = slices.Delete(c.Vars, pos, pos+1)
	c.Eqs, c.Ineqs = s.eqs, s.ineqs
}

// projectOut eliminates variable k (rational projection, integer-tightened).
func (s *intSystem) projectOut(k int) {
	// Prefer an equality with a unit coefficient, then any equality.
	best := -1
	for i, e := range s.eqs {
		if e[k] != 0 && (best < 0 || abs64(e[k]) < abs64(s.eqs[best][k])) {
			best = i
		}
	}
	if best >= 0 {
		e := s.eqs[best]
		s.eqs = slices.Delete(s.eqs, best, best+1)
		a := e[k]
		elim := func(r []int64) {
			b := r[k]
			if b == 0 {
				return
			}
			// r' = |a|*r - sign(a)*b*e ; for inequalities |a| > 0 keeps the direction.
			sa := int64(1)
			if a < 0 {
				sa = -1
			}
			for i := range r {
				r[i] = addC(mulC(abs64(a), r[i]), -mulC(sa*b, e[i]))
			}
		}
		for _, r := range s.eqs {
			elim(r)
		}
		for _, r := range s.ineqs {
			elim(r)
		}
		s.removeVar(k)
	} else {
		*s = *s.fourierMotzkin(k, false)
	}
	s.simplifyRows()
}

// simplifyRows normalises rows by their gcd and drops duplicates and
// trivially true rows, without failing on infeasible rows (they are kept
// so that emptiness is still visible).
func (s *intSystem) simplifyRows() {
	t := s.clone()
	if t.normalize() {
		*s = *t
	}
}

// ConstantBounds returns the tightest constant lower and upper bounds of
// variable pos implied by the rational projection of the other variables
// (integer-rounded). Missing bounds are reported as math.MinInt64 /
// math.MaxInt64.
func (c *Constraints) ConstantBounds(pos int) (lb, ub int64) {
	lb, ub = math.MinInt64, math.MaxInt64
	t := c.Clone()
	// Keep pos, project everything else (largest index first).
	for i := t.NumVars() - 1; i >= 0; i-- {
		if i != pos {
			t.ProjectOut(i)
		}
	}
	for _, r := range t.Eqs {
		if r[0] != 0 && r[1]%r[0] == 0 {
			v := -r[1] / r[0]
			return v, v
		}
	}
	for _, r := range t.Ineqs {
		a, k := r[0], r[1]
		switch {
		case a > 0: // a*x + k >= 0 -> x >= ceil(-k/a)
			lb = max(lb, aff.CeilDivInt(-k, a))
		case a < 0: // x <= floor(k/-a)
			ub = min(ub, aff.FloorDivInt(k, -a))
		}
	}
	return lb, ub
}

// String prints the system for debugging and test failures.
func (c *Constraints) String() string {
	var sb strings.Builder
	name := func(i int) string {
		return fmt.Sprintf("%c%d", "dsl"[c.Vars[i].Kind], i)
	}
	row := func(r []int64, op string) {
		first := true
		for i, v := range r[:len(r)-1] {
			if v == 0 {
				continue
			}
			if !first {
				sb.WriteString(" + ")
			}
			first = false
			fmt.Fprintf(&sb, "%d*%s", v, name(i))
		}
		if first {
			sb.WriteString("0")
		}
		fmt.Fprintf(&sb, " + %d %s 0\n", r[len(r)-1], op)
	}
	for _, r := range c.Eqs {
		row(r, "==")
	}
	for _, r := range c.Ineqs {
		row(r, ">=")
	}
	return sb.String()
}
