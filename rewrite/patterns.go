package rewrite

import (
	"sort"

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
	byRoot map[string][]ir.Pattern
	any    []ir.Pattern
	sorted map[string][]ir.Pattern
}

// NewPatternSet returns a set holding ps.
func NewPatternSet(ps ...ir.Pattern) *PatternSet {
	s := &PatternSet{byRoot: map[string][]ir.Pattern{}}
	s.Add(ps...)
	return s
}

// Add appends patterns.
func (s *PatternSet) Add(ps ...ir.Pattern) {
	for _, p := range ps {
		if p.RootName() == "" {
			s.any = append(s.any, p)
		} else {
			s.byRoot[p.RootName()] = append(s.byRoot[p.RootName()], p)
		}
	}
	s.sorted = nil
}

// Len returns the number of patterns.
func (s *PatternSet) Len() int {
	n := len(s.any)
	for _, ps := range s.byRoot {
		n += len(ps)
	}
	return n
}

// For returns the patterns that may match op, best first.
func (s *PatternSet) For(op *ir.Operation) []ir.Pattern {
	if s.sorted == nil {
		s.sorted = map[string][]ir.Pattern{}
	}
	if ps, ok := s.sorted[op.Name()]; ok {
		return ps
	}
	ps := append(append([]ir.Pattern(nil), s.byRoot[op.Name()]...), s.any...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Benefit() > ps[j].Benefit() })
	s.sorted[op.Name()] = ps
	return ps
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
	roots := make([]string, 0, len(s.byRoot))
	for r := range s.byRoot {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, r := range roots {
		for _, p := range s.byRoot[r] {
			if keep(p) {
				out.Add(p)
			}
		}
	}
	for _, p := range s.any {
		if keep(p) {
			out.Add(p)
		}
	}
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
