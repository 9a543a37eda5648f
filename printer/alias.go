package printer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/goopt/goopt/ir"
)

// tupleAliasMinSize is the element count above which a tuple type gets a
// `!tuple` alias, as the builtin dialect's OpAsmDialectInterface decides.
const tupleAliasMinSize = 16

// aliasEntry is one attribute or type met while collecting aliases, in
// first-visit order, as MLIR's AliasInitializer records them.
type aliasEntry struct {
	attr     ir.Attribute // nil for types
	typ      ir.Type
	name     string // alias name ("map", "loc"); empty when not aliased
	depth    int
	isType   bool
	deferred bool  // may be printed after the operation (op locations)
	children []int // entries visited while printing this one
	text     string
}

// aliasState collects aliases in a dry run of the printer and then answers
// which attributes and types print as `#name` / `!name`.
type aliasState struct {
	index   map[any]int
	entries []aliasEntry
	// final maps an aliased attribute/type key to its alias text.
	final map[any]string
	// order lists aliased entries in definition order.
	order []int
}

func newAliasState() *aliasState { return &aliasState{index: map[any]int{}} }

// attrKey identifies an attribute; locations are not interned, so they are
// keyed by their text (MLIR uniques them).
func attrKey(a ir.Attribute) any {
	if l, ok := a.(ir.Location); ok {
		if _, unk := l.(ir.UnknownLoc); unk {
			return locKey("unknown")
		}
		return locKey(ir.LocBody(l))
	}
	return a
}

type locKey string

func (s *aliasState) visitType(t ir.Type, canDefer bool) (int, bool) {
	if t == nil || !mayHaveAlias(t) {
		return 0, false
	}
	return s.visit(t, nil, t, canDefer)
}

func (s *aliasState) visitAttr(a ir.Attribute, canDefer bool) (int, bool) {
	if a == nil {
		return 0, false
	}
	switch a.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.UnitAttr, *ir.DenseArrayAttr, *ir.SymbolRefAttr, *ir.StridedLayoutAttr:
		return 0, false
	}
	return s.visit(attrKey(a), a, nil, canDefer)
}

// visit records x and its sub-elements; it returns x's entry index and
// whether x was recorded. Depth orders definitions so that an alias is
// defined before the aliases that use it.
func (s *aliasState) visit(key any, a ir.Attribute, t ir.Type, canDefer bool) (int, bool) {
	if idx, ok := s.index[key]; ok {
		if !canDefer {
			s.markNonDeferrable(idx)
		}
		return idx, true
	}
	idx := len(s.entries)
	s.index[key] = idx
	e := aliasEntry{attr: a, typ: t, isType: t != nil, deferred: canDefer}
	if t != nil {
		e.name = typeAliasName(t)
	} else {
		e.name = attrAliasName(a)
	}
	s.entries = append(s.entries, e)

	var children []int
	add := func(i int, ok bool) {
		if ok {
			children = append(children, i)
		}
	}
	if t != nil {
		s.typeChildren(t, canDefer, add)
	} else {
		s.attrChildren(a, canDefer, add)
	}
	depth := 0
	for _, c := range children {
		d := s.entries[c].depth
		if s.entries[c].name != "" {
			d++
		}
		depth = max(depth, d)
	}
	s.entries[idx].depth = depth
	s.entries[idx].children = children
	return idx, true
}

func (s *aliasState) markNonDeferrable(idx int) {
	e := &s.entries[idx]
	if !e.deferred {
		return
	}
	e.deferred = false
	for _, c := range e.children {
		s.markNonDeferrable(c)
	}
}

func (s *aliasState) typeChildren(t ir.Type, canDefer bool, add func(int, bool)) {
	types := func(ts ...ir.Type) {
		for _, e := range ts {
			add(s.visitType(e, canDefer))
		}
	}
	// attrs visits the attributes that are present (layouts, memory spaces
	// and encodings are nil when absent).
	attrs := func(as ...ir.Attribute) {
		for _, a := range as {
			if a != nil {
				add(s.visitAttr(a, canDefer))
			}
		}
	}
	switch t := t.(type) {
	case *ir.MemRefType:
		types(t.Elem)
		attrs(t.Layout, t.MemorySpace)
	case *ir.UnrankedMemRefType:
		types(t.Elem)
		attrs(t.MemorySpace)
	case *ir.RankedTensorType:
		types(t.Elem)
		attrs(t.Encoding)
	case *ir.UnrankedTensorType:
		types(t.Elem)
	case *ir.VectorType:
		types(t.Elem)
	case *ir.ComplexType:
		types(t.Elem)
	case *ir.TupleType:
		types(t.Elems...)
	case *ir.FunctionType:
		types(t.Inputs...)
		types(t.Results...)
	}
}

func (s *aliasState) attrChildren(a ir.Attribute, canDefer bool, add func(int, bool)) {
	switch a := a.(type) {
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			add(s.visitAttr(e, canDefer))
		}
	case *ir.DictionaryAttr:
		for _, e := range a.Entries {
			add(s.visitAttr(e.Value, canDefer))
		}
	case *ir.TypeAttr:
		add(s.visitType(a.Value, canDefer))
	case *ir.DistinctAttr:
		add(s.visitAttr(a.Referenced, canDefer))
	case *ir.DenseElementsAttr:
		add(s.visitType(a.Type(), canDefer))
	case *ir.DenseResourceAttr:
		add(s.visitType(a.Type(), canDefer))
	case *ir.StringAttr:
		add(s.visitType(a.Type(), canDefer))
	case *ir.OpaqueAttr:
		add(s.visitType(a.Type(), canDefer))
	case *ir.NameLoc:
		if a.Child != nil {
			if _, unk := a.Child.(ir.UnknownLoc); !unk {
				add(s.visitAttr(a.Child, canDefer))
			}
		}
	case *ir.CallSiteLoc:
		add(s.visitAttr(a.Callee, canDefer))
		add(s.visitAttr(a.Caller, canDefer))
	case *ir.FusedLoc:
		if a.Metadata != nil {
			add(s.visitAttr(a.Metadata, canDefer))
		}
		for _, l := range a.Locs {
			add(s.visitAttr(l, canDefer))
		}
	}
}

// mayHaveAlias reports whether printing t could involve an alias: scalar
// types never do.
func mayHaveAlias(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType, *ir.NoneType, *ir.OpaqueType:
		return false
	}
	return true
}

func typeAliasName(t ir.Type) string {
	if tt, ok := t.(*ir.TupleType); ok && len(tt.Elems) > tupleAliasMinSize {
		return "tuple"
	}
	return ""
}

func attrAliasName(a ir.Attribute) string {
	switch a.(type) {
	case *ir.AffineMapAttr:
		return "map"
	case *ir.IntegerSetAttr:
		return "set"
	case *ir.DistinctAttr:
		return "distinct"
	case ir.Location:
		return "loc"
	}
	return ""
}

// finalize sorts the aliased entries (by depth, types first, then name,
// keeping visit order) and numbers them `#map`, `#map1`, ... as MLIR does.
func (s *aliasState) finalize() {
	var order []int
	for i, e := range s.entries {
		if e.name != "" {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := &s.entries[i], &s.entries[j]
		if a.depth != b.depth {
			return a.depth - b.depth
		}
		if a.isType != b.isType {
			if a.isType {
				return -1
			}
			return 1
		}
		return strings.Compare(a.name, b.name)
	})
	s.order = order
	s.final = make(map[any]string, len(order))
	counts := map[string]int{}
	for _, i := range order {
		e := &s.entries[i]
		n := counts[e.name]
		counts[e.name]++
		name := sanitizeIdentifier(e.name, "$_-", false)
		var b strings.Builder
		if e.isType {
			b.WriteByte('!')
		} else {
			b.WriteByte('#')
		}
		b.WriteString(name)
		if n > 0 {
			if isDigit(name[len(name)-1]) {
				b.WriteByte('_')
			}
			b.WriteString(strconv.Itoa(n))
		}
		e.text = b.String()
		if e.isType {
			s.final[e.typ] = e.text
		} else {
			s.final[attrKey(e.attr)] = e.text
		}
	}
}
