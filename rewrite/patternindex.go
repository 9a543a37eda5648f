package rewrite

import (
	"sort"

	"github.com/goopt/goopt/ir"
)

// Rooted is what PatternIndex needs of a pattern: the op name it matches
// ("" for any op) and its benefit. ir.Pattern and convert.Pattern both
// are.
type Rooted interface {
	RootName() string
	Benefit() int
}

// PatternIndex holds patterns by root op name and answers, per op name,
// the patterns to try: by decreasing benefit; among equal benefits,
// op-specific ones before match-any ones, then in insertion order. It is
// the lookup both the greedy driver's PatternSet and the dialect
// conversion's use.
type PatternIndex[P Rooted] struct {
	byRoot map[string][]P
	any    []P
	sorted map[string][]P
}

// Add appends patterns.
func (s *PatternIndex[P]) Add(ps ...P) {
	if s.byRoot == nil {
		s.byRoot = map[string][]P{}
	}
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
func (s *PatternIndex[P]) Len() int {
	n := len(s.any)
	for _, ps := range s.byRoot {
		n += len(ps)
	}
	return n
}

// For returns the patterns that may match op, best first.
func (s *PatternIndex[P]) For(op *ir.Operation) []P {
	if s.sorted == nil {
		s.sorted = map[string][]P{}
	}
	if ps, ok := s.sorted[op.Name()]; ok {
		return ps
	}
	ps := append(append([]P(nil), s.byRoot[op.Name()]...), s.any...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Benefit() > ps[j].Benefit() })
	s.sorted[op.Name()] = ps
	return ps
}

// each calls f on every pattern, op-specific ones by root name, then the
// match-any ones, each group in insertion order: a deterministic order
// for copying a set.
func (s *PatternIndex[P]) each(f func(P)) {
	roots := make([]string, 0, len(s.byRoot))
	for r := range s.byRoot {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, r := range roots {
		for _, p := range s.byRoot[r] {
			f(p)
		}
	}
	for _, p := range s.any {
		f(p)
	}
}
