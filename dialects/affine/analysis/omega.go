package analysis

// This file is the integer core of the constraint system: rows of int64
// coefficients, normalisation with GCD tightening, Fourier–Motzkin
// elimination and an exact integer emptiness test (Pugh's Omega test: exact
// elimination where a coefficient is a unit, otherwise real shadow, dark
// shadow and grey-shadow splinters; equalities without a unit coefficient
// are reduced with the symmetric-modulo substitution).
//
// Rows are laid out as [variables..., constant]. An equality row r means
// sum(r[i]*x[i]) + r[n] == 0; an inequality row means ... >= 0.

import (
	"math"
	"slices"

	aff "github.com/goopt/goopt/ir/affine"
)

// overflow is panicked by the checked arithmetic below and recovered at the
// API boundary, where it turns into a conservative answer.
type overflow struct{}

// budgetExhausted is panicked when the Omega test would split too much.
type budgetExhausted struct{}

func addC(a, b int64) int64 {
	s := a + b
	if (s > a) != (b > 0) {
		panic(overflow{})
	}
	return s
}

func mulC(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		panic(overflow{})
	}
	return p
}

func abs64(a int64) int64 {
	if a < 0 {
		if a == math.MinInt64 {
			panic(overflow{})
		}
		return -a
	}
	return a
}

func gcd(a, b int64) int64 {
	a, b = abs64(a), abs64(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// modHat is Pugh's symmetric modulo: a - m*floor(a/m + 1/2).
func modHat(a, m int64) int64 { return a - mulC(m, aff.FloorDivInt(addC(mulC(2, a), m), mulC(2, m))) }

// intSystem is a conjunction of integer equalities and inequalities over n
// variables.
type intSystem struct {
	n     int
	eqs   [][]int64
	ineqs [][]int64
}

func (s *intSystem) clone() *intSystem {
	c := &intSystem{n: s.n}
	for _, r := range s.eqs {
		c.eqs = append(c.eqs, slices.Clone(r))
	}
	for _, r := range s.ineqs {
		c.ineqs = append(c.ineqs, slices.Clone(r))
	}
	return c
}

// rowGCD returns the gcd of the variable coefficients of r.
func rowGCD(r []int64) int64 {
	var g int64
	for _, v := range r[:len(r)-1] {
		if v != 0 {
			g = gcd(g, v)
			if g == 1 {
				return 1
			}
		}
	}
	return g
}

// normalize divides rows by the gcd of their coefficients (tightening the
// constant of inequalities), drops trivial rows, removes duplicates, keeps
// the tightest of parallel inequalities and turns opposite pairs that
// meet into equalities. It reports false when a row is infeasible.
func (s *intSystem) normalize() bool {
	var eqs [][]int64
	seenEq := map[string]bool{}
	for _, r := range s.eqs {
		g := rowGCD(r)
		c := r[len(r)-1]
		if g == 0 {
			if c != 0 {
				return false
			}
			continue
		}
		if c%g != 0 {
			return false
		}
		for i := range r {
			r[i] /= g
		}
		// Canonical sign: first non-zero coefficient positive.
		for _, v := range r[:len(r)-1] {
			if v != 0 {
				if v < 0 {
					for i := range r {
						r[i] = -r[i]
					}
				}
				break
			}
		}
		k := rowKey(r, len(r))
		if !seenEq[k] {
			seenEq[k] = true
			eqs = append(eqs, r)
		}
	}
	best := map[string]int{}
	var ineqs [][]int64
	for _, r := range s.ineqs {
		g := rowGCD(r)
		c := r[len(r)-1]
		if g == 0 {
			if c < 0 {
				return false
			}
			continue
		}
		if g != 1 {
			for i := range r[:len(r)-1] {
				r[i] /= g
			}
			r[len(r)-1] = aff.FloorDivInt(c, g)
		}
		k := rowKey(r, len(r)-1)
		if j, ok := best[k]; ok {
			if r[len(r)-1] < ineqs[j][len(r)-1] {
				ineqs[j] = r
			}
			continue
		}
		best[k] = len(ineqs)
		ineqs = append(ineqs, r)
	}
	// Opposite pairs: a.x + c1 >= 0 and -a.x + c2 >= 0.
	var kept [][]int64
	for _, r := range ineqs {
		neg := make([]int64, len(r)-1)
		for i := range neg {
			neg[i] = -r[i]
		}
		if j, ok := best[rowKey(neg, len(neg))]; ok {
			o := ineqs[j]
			sum := addC(r[len(r)-1], o[len(o)-1])
			if sum < 0 {
				return false
			}
			if sum == 0 {
				// Both become one equality; keep it once.
				if rowKey(r, len(r)-1) < rowKey(neg, len(neg)) {
					eqs = append(eqs, slices.Clone(r))
				}
				continue
			}
		}
		kept = append(kept, r)
	}
	s.eqs, s.ineqs = eqs, kept
	return true
}

func rowKey(r []int64, n int) string {
	b := make([]byte, 0, n*4)
	for _, v := range r[:n] {
		for v >= 0x80 || v < 0 {
			b = append(b, byte(v)|0x80)
			v = int64(uint64(v) >> 7)
		}
		b = append(b, byte(v), ',')
	}
	return string(b)
}

// removeVar deletes column k from every row.
func (s *intSystem) removeVar(k int) {
	for i, r := range s.eqs {
		s.eqs[i] = slices.Delete(r, k, k+1)
	}
	for i, r := range s.ineqs {
		s.ineqs[i] = slices.Delete(r, k, k+1)
	}
	s.n--
}

// addVar appends a column (before the constant) to every row.
func (s *intSystem) addVar() {
	for i, r := range s.eqs {
		s.eqs[i] = slices.Insert(r, s.n, 0)
	}
	for i, r := range s.ineqs {
		s.ineqs[i] = slices.Insert(r, s.n, 0)
	}
	s.n++
}

// substitute replaces variable k in every row by the affine form expr
// (width n+1, expr[k] == 0), then removes column k.
func (s *intSystem) substitute(k int, expr []int64) {
	sub := func(r []int64) {
		a := r[k]
		if a == 0 {
			return
		}
		r[k] = 0
		for i, e := range expr {
			if e != 0 {
				r[i] = addC(r[i], mulC(a, e))
			}
		}
	}
	for _, r := range s.eqs {
		sub(r)
	}
	for _, r := range s.ineqs {
		sub(r)
	}
	s.removeVar(k)
}

// fourierMotzkin eliminates variable k from the inequalities (there must be
// no equality involving k) and returns the real shadow. When dark is set,
// it returns the dark shadow instead.
func (s *intSystem) fourierMotzkin(k int, dark bool) *intSystem {
	out := &intSystem{n: s.n}
	for _, r := range s.eqs {
		out.eqs = append(out.eqs, slices.Clone(r))
	}
	lower, upper, other := boundsOn(s.ineqs, k)
	for _, r := range other {
		out.ineqs = append(out.ineqs, slices.Clone(r))
	}
	for _, l := range lower {
		for _, u := range upper {
			a, b := l[k], -u[k]
			row := make([]int64, len(l))
			for i := range row {
				row[i] = addC(mulC(b, l[i]), mulC(a, u[i]))
			}
			if dark {
				row[len(row)-1] = addC(row[len(row)-1], -mulC(a-1, b-1))
			}
			row[k] = 0
			out.ineqs = append(out.ineqs, row)
		}
	}
	out.removeVar(k)
	return out
}

// omega decides integer feasibility. budget bounds the number of recursive
// calls; running out panics budgetExhausted.
type omega struct{ budget int }

const defaultOmegaBudget = 20000

func (o *omega) feasible(s *intSystem) bool {
	o.budget--
	if o.budget < 0 {
		panic(budgetExhausted{})
	}
	for {
		if !s.normalize() {
			return false
		}
		if len(s.eqs) == 0 {
			break
		}
		o.eliminateEquality(s)
	}
	if len(s.ineqs) == 0 {
		return true
	}
	// Variables bounded on one side only (or not at all) can be dropped
	// together with their constraints: any integer far enough out satisfies them.
	for k := 0; k < s.n; k++ {
		pos, neg := false, false
		for _, r := range s.ineqs {
			pos = pos || r[k] > 0
			neg = neg || r[k] < 0
		}
		if pos && neg {
			continue
		}
		if pos || neg {
			s.ineqs = slices.DeleteFunc(s.ineqs, func(r []int64) bool { return r[k] != 0 })
		}
		s.removeVar(k)
		return o.feasible(s)
	}
	// Pick the variable to eliminate: exact eliminations first, then the
	// one producing the fewest new rows.
	bestK, bestExact, bestCost := -1, false, 0
	for k := 0; k < s.n; k++ {
		nl, nu := 0, 0
		lowUnit, upUnit := true, true
		for _, r := range s.ineqs {
			if r[k] > 0 {
				nl++
				lowUnit = lowUnit && r[k] == 1
			} else if r[k] < 0 {
				nu++
				upUnit = upUnit && r[k] == -1
			}
		}
		exact := lowUnit || upUnit
		cost := nl * nu
		if bestK < 0 || (exact && !bestExact) || (exact == bestExact && cost < bestCost) {
			bestK, bestExact, bestCost = k, exact, cost
		}
	}
	k := bestK
	real := s.fourierMotzkin(k, false)
	if bestExact {
		return o.feasible(real)
	}
	if !o.feasible(real.clone()) {
		return false
	}
	if o.feasible(s.fourierMotzkin(k, true)) {
		return true
	}
	// Grey shadow: an integer solution, if any, lies close to some lower bound.
	var maxUpper int64
	for _, r := range s.ineqs {
		if r[k] < 0 && -r[k] > maxUpper {
			maxUpper = -r[k]
		}
	}
	for _, l := range s.ineqs {
		a := l[k]
		if a <= 0 {
			continue
		}
		limit := (mulC(maxUpper, a) - a - maxUpper) / maxUpper
		for i := int64(0); i <= limit; i++ {
			t := s.clone()
			eq := slices.Clone(l)
			eq[len(eq)-1] = addC(eq[len(eq)-1], -i)
			t.eqs = append(t.eqs, eq)
			if o.feasible(t) {
				return true
			}
		}
	}
	return false
}

// eliminateEquality removes one equality (s is normalised, so every
// equality has coprime coefficients and an integral solution modulo
// their gcd). A unit coefficient is solved for directly; otherwise the
// symmetric-modulo substitution introduces a new variable and shrinks the
// coefficients.
func (o *omega) eliminateEquality(s *intSystem) {
	e := s.eqs[0]
	for k := 0; k < s.n; k++ {
		if e[k] == 1 || e[k] == -1 {
			// x_k = -sign * (rest)
			expr := make([]int64, len(e))
			for i, v := range e {
				if i != k {
					expr[i] = -e[k] * v
				}
			}
			s.eqs = s.eqs[1:]
			s.substitute(k, expr)
			return
		}
	}
	k := -1
	for i := 0; i < s.n; i++ {
		if e[i] != 0 && (k < 0 || abs64(e[i]) < abs64(e[k])) {
			k = i
		}
	}
	m := abs64(e[k]) + 1
	sign := int64(1)
	if e[k] < 0 {
		sign = -1
	}
	s.addVar() // sigma is column s.n-1; e was widened in place via s.eqs[0]
	e = s.eqs[0]
	sigma := s.n - 1
	expr := make([]int64, len(e))
	for i := 0; i < s.n-1; i++ {
		if i != k {
			expr[i] = mulC(sign, modHat(e[i], m))
		}
	}
	expr[sigma] = mulC(sign, -m)
	expr[len(e)-1] = mulC(sign, modHat(e[len(e)-1], m))
	s.substitute(k, expr)
}

// integerFeasible runs the Omega test on a copy of s. known is false when
// the answer could not be established (overflow or budget): callers must
// then assume the set may be non-empty.
func integerFeasible(s *intSystem) (feasible, known bool) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case overflow, budgetExhausted:
				feasible, known = true, false
			default:
				panic(r)
			}
		}
	}()
	o := &omega{budget: defaultOmegaBudget}
	return o.feasible(s.clone()), true
}

// boundsOn splits inequality rows by their coefficient of variable k:
// lower bounds on it (positive), upper bounds (negative) and the rows that
// do not mention it, each in the given order.
func boundsOn(ineqs [][]int64, k int) (lower, upper, other [][]int64) {
	for _, r := range ineqs {
		switch {
		case r[k] > 0:
			lower = append(lower, r)
		case r[k] < 0:
			upper = append(upper, r)
		default:
			other = append(other, r)
		}
	}
	return lower, upper, other
}
