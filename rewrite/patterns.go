package rewrite

import (
	"github.com/goopt/goopt/ir"
)

// NamedPattern is implemented by patterns with a debug name, which
// canonicalize's disable-patterns/enable-patterns options refer to.
type NamedPattern interface {
	PatternName() string
}

// PatternName returns p's debug name, or "" when it has none.
func PatternName(p ir.Pattern) string {
	if n, ok := p.(NamedPattern); ok {
		return n.PatternName()
	}
	return ""
}

// PatternSet holds patterns indexed by root op name. Patterns for a root
// are tried by decreasing benefit; among equal benefits, op-specific ones
// come before match-any ones, then in insertion order.
type PatternSet struct {
	PatternIndex[ir.Pattern]
}

// NewPatternSet returns a set holding ps.
func NewPatternSet(ps ...ir.Pattern) *PatternSet {
	s := &PatternSet{}
	s.Add(ps...)
	return s
}

// Filter returns the patterns whose names are not in disabled and, when
// enabled is non-empty, are in enabled. Unnamed patterns are kept unless
// enabled is non-empty.
func (s *PatternSet) Filter(disabled, enabled []string) *PatternSet {
	if len(disabled) == 0 && len(enabled) == 0 {
		return s
	}
	in := func(xs []string, x string) bool {
		for _, y := range xs {
			if x == y {
				return true
			}
		}
		return false
	}
	out := NewPatternSet()
	keep := func(p ir.Pattern) bool {
		n := PatternName(p)
		if n != "" && in(disabled, n) {
			return false
		}
		return len(enabled) == 0 || n != "" && in(enabled, n)
	}
	s.each(func(p ir.Pattern) {
		if keep(p) {
			out.Add(p)
		}
	})
	return out
}

// CanonicalizationPatterns collects the Canonicalize patterns of every op
// registered in ctx.
func CanonicalizationPatterns(ctx *ir.Context) *PatternSet {
	s := NewPatternSet()
	for _, d := range ctx.Dialects() {
		for _, od := range d.Ops {
			s.Add(od.Canonicalize...)
		}
	}
	return s
}
