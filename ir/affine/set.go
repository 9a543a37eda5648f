package affine

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Set is an integer set (d0, ..)[s0, ..] : (c0 >= 0, c1 == 0, ...).
// Constraint i is an equality (== 0) if EqFlags[i], else an inequality
// (>= 0). Sets are immutable and uniqued by NewSet; do not modify the
// slices.
type Set struct {
	NumDims, NumSymbols int
	Constraints         []Expr
	EqFlags             []bool
}

type setKey struct {
	nd, ns int
	ids    string
	eqs    string
}

var (
	setMu  sync.Mutex
	setTab = map[setKey]*Set{}
)

// NewSet returns the uniqued integer set. len(eq) must equal
// len(constraints). Slices are copied. Note that MLIR's parser turns an
// empty constraint list into the single constraint 0 == 0; NewSet stores
// what it is given.
func NewSet(numDims, numSymbols int, constraints []Expr, eq []bool) *Set {
	if len(constraints) != len(eq) {
		panic("affine: NewSet: constraints and eq flags differ in length")
	}
	var eb strings.Builder
	for _, b := range eq {
		if b {
			eb.WriteByte('1')
		} else {
			eb.WriteByte('0')
		}
	}
	k := setKey{numDims, numSymbols, idsKey(constraints), eb.String()}
	setMu.Lock()
	defer setMu.Unlock()
	if s, ok := setTab[k]; ok {
		return s
	}
	s := &Set{NumDims: numDims, NumSymbols: numSymbols,
		Constraints: append([]Expr(nil), constraints...), EqFlags: append([]bool(nil), eq...)}
	setTab[k] = s
	return s
}

// EmptySet returns the canonical empty set (d..)[s..] : (1 == 0).
func EmptySet(numDims, numSymbols int) *Set {
	return NewSet(numDims, numSymbols, []Expr{Const(1)}, []bool{true})
}

// IsEmptyIntegerSet reports whether s is the canonical empty set (1 == 0).
func (s *Set) IsEmptyIntegerSet() bool {
	return len(s.Constraints) == 1 && s.EqFlags[0] && s.Constraints[0] == Const(1)
}

// NumConstraints returns the number of constraints.
func (s *Set) NumConstraints() int { return len(s.Constraints) }

// NumEqualities returns the number of equality constraints.
func (s *Set) NumEqualities() int {
	n := 0
	for _, b := range s.EqFlags {
		if b {
			n++
		}
	}
	return n
}

// NumInequalities returns the number of inequality constraints.
func (s *Set) NumInequalities() int { return len(s.EqFlags) - s.NumEqualities() }

// NumInputs returns NumDims + NumSymbols.
func (s *Set) NumInputs() int { return s.NumDims + s.NumSymbols }

// Equal reports whether s and o are the same set (syntactically).
func (s *Set) Equal(o *Set) bool {
	if s == o {
		return true
	}
	return s != nil && o != nil && s.NumDims == o.NumDims && s.NumSymbols == o.NumSymbols &&
		slices.Equal(s.EqFlags, o.EqFlags) && slices.EqualFunc(s.Constraints, o.Constraints, Equal)
}

// String returns the MLIR text, e.g. "(d0)[s0] : (d0 - 10 >= 0, s0 == 0)".
func (s *Set) String() string {
	return structureString(s.NumDims, s.NumSymbols, " : (", len(s.Constraints), func(sb *strings.Builder, i int) {
		sb.WriteString(s.Constraints[i].String())
		if s.EqFlags[i] {
			sb.WriteString(" == 0")
		} else {
			sb.WriteString(" >= 0")
		}
	})
}

// Eval reports whether the point (dims, syms) satisfies all constraints.
func (s *Set) Eval(dims, syms []int64) (bool, error) {
	if len(dims) != s.NumDims || len(syms) != s.NumSymbols {
		return false, fmt.Errorf("affine: set %s expects %d dims and %d symbols, got %d and %d",
			s, s.NumDims, s.NumSymbols, len(dims), len(syms))
	}
	ok := true
	for i, c := range s.Constraints {
		v, err := EvalExpr(c, dims, syms)
		if err != nil {
			return false, err
		}
		if s.EqFlags[i] {
			ok = ok && v == 0
		} else {
			ok = ok && v >= 0
		}
	}
	return ok, nil
}

// ReplaceDimsAndSymbols substitutes into every constraint.
func (s *Set) ReplaceDimsAndSymbols(dims, syms []Expr, newNumDims, newNumSyms int) *Set {
	cs := make([]Expr, len(s.Constraints))
	for i, c := range s.Constraints {
		cs[i] = Replace(c, dims, syms)
	}
	return NewSet(newNumDims, newNumSyms, cs, s.EqFlags)
}

// SimplifySet simplifies every constraint with SimplifyExpr (MLIR's
// simplifyIntegerSet is more involved; this is the per-expression part).
func SimplifySet(s *Set) *Set {
	cs := make([]Expr, len(s.Constraints))
	for i, c := range s.Constraints {
		cs[i] = SimplifyExpr(c, s.NumDims, s.NumSymbols)
	}
	return NewSet(s.NumDims, s.NumSymbols, cs, s.EqFlags)
}
