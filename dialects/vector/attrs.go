package vector

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// CombiningKind is how vector.reduction and vector.contract combine
// elements (MLIR's vector::CombiningKind).
type CombiningKind uint8

// The combining kinds, in MLIR's order.
const (
	KindAdd CombiningKind = iota
	KindMul
	KindMinUI
	KindMinSI
	KindMinNumF
	KindMaxUI
	KindMaxSI
	KindMaxNumF
	KindAnd
	KindOr
	KindXor
	KindMaximumF
	KindMinimumF
)

var combiningKindNames = []string{"add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
	"and", "or", "xor", "maximumf", "minimumf"}

func (k CombiningKind) String() string { return combiningKindNames[k] }

// IsFloatKind reports whether k applies to floats only; IsIntKind to integers only.
func (k CombiningKind) IsFloatKind() bool {
	return k == KindMinNumF || k == KindMaxNumF || k == KindMaximumF || k == KindMinimumF
}

// IsIntKind reports whether k applies to integers (and index) only.
func (k CombiningKind) IsIntKind() bool {
	switch k {
	case KindMinUI, KindMinSI, KindMaxUI, KindMaxSI, KindAnd, KindOr, KindXor:
		return true
	}
	return false
}

// CombiningKindAttr is `#vector.kind<add>`.
type CombiningKindAttr = opsyntax.EnumAttr[CombiningKind]

// Kind returns the interned `#vector.kind<k>`.
func Kind(k CombiningKind) *CombiningKindAttr { return opsyntax.InternEnumAttr("#vector.kind", k) }

// IteratorType says whether a contraction dimension is parallel or reduced.
type IteratorType uint8

// The iterator types.
const (
	Parallel IteratorType = iota
	Reduction
)

var iteratorTypeNames = []string{"parallel", "reduction"}

func (t IteratorType) String() string { return iteratorTypeNames[t] }

// IteratorTypeAttr is `#vector.iterator_type<parallel>`.
type IteratorTypeAttr = opsyntax.EnumAttr[IteratorType]

// Iterator returns the interned `#vector.iterator_type<t>`.
func Iterator(t IteratorType) *IteratorTypeAttr {
	return opsyntax.InternEnumAttr("#vector.iterator_type", t)
}

// Punctuation is what vector.print prints after its value.
type Punctuation uint8

// The punctuations, in MLIR's order.
const (
	NoPunctuation Punctuation = iota
	NewLine
	Comma
	Open
	Close
)

var punctuationNames = []string{"no_punctuation", "newline", "comma", "open", "close"}

func (p Punctuation) String() string { return punctuationNames[p] }

// PunctuationAttr is `#vector.punctuation<newline>`.
type PunctuationAttr = opsyntax.EnumAttr[Punctuation]

// PunctuationOf returns the interned `#vector.punctuation<p>`.
func PunctuationOf(p Punctuation) *PunctuationAttr {
	return opsyntax.InternEnumAttr("#vector.punctuation", p)
}

// enumSpec describes one of the dialect's enum attributes for parsing.
type enumSpec struct {
	mnemonic string // the attribute's name after `#vector.`
	cpp      string // the C++ enum, named in parse errors as MLIR does
	names    []string
	make     func(i int) ir.Attribute
}

var enumSpecs = []enumSpec{
	{"kind", "::mlir::vector::CombiningKind", combiningKindNames, func(i int) ir.Attribute { return Kind(CombiningKind(i)) }},
	{"iterator_type", "::mlir::vector::IteratorType", iteratorTypeNames, func(i int) ir.Attribute { return Iterator(IteratorType(i)) }},
	{"punctuation", "::mlir::vector::PrintPunctuation", punctuationNames, func(i int) ir.Attribute { return PunctuationOf(Punctuation(i)) }},
}

// parseAttr parses `#vector.kind<add>`, `#vector.iterator_type<parallel>`
// and `#vector.punctuation<newline>`.
func parseAttr(body string, _ ir.Type) (ir.Attribute, error) {
	for _, s := range enumSpecs {
		prefix := "." + s.mnemonic + "<"
		if !strings.HasPrefix(body, prefix) || !strings.HasSuffix(body, ">") {
			continue
		}
		return s.parse(strings.TrimSpace(body[len(prefix) : len(body)-1]))
	}
	name, _, _ := strings.Cut(strings.TrimPrefix(body, "."), "<")
	return nil, fmt.Errorf("unknown attribute `%s` in dialect `vector`", name)
}

func (s enumSpec) parse(kw string) (ir.Attribute, error) {
	if i := slices.Index(s.names, kw); i >= 0 {
		return s.make(i), nil
	}
	return nil, fmt.Errorf("expected %s to be one of: %s", s.cpp, strings.Join(s.names, ", "))
}

// shortEnumKind is the constraint of an enum attribute that a format
// spells in its short form, `<add>`, as MLIR's EnumParameter-based attributes.
func shortEnumKind(desc string, s enumSpec, check func(ir.Attribute) bool) *ir.AttrConstraint {
	return &ir.AttrConstraint{
		Desc:  desc,
		Check: check,
		Parse: func(p ir.OpParser) (ir.Attribute, error) {
			if err := p.Parse("<"); err != nil {
				return nil, err
			}
			loc := p.Loc()
			kw, err := p.ParseIdentifier()
			if err != nil {
				return nil, err
			}
			a, err := s.parse(kw)
			if err != nil {
				return nil, ir.Errorf(loc, "%v", err)
			}
			return a, p.Parse(">")
		},
		Print: func(p ir.OpPrinter, a ir.Attribute) {
			text := a.String()
			p.Print(text[strings.IndexByte(text, '<'):])
		},
	}
}

var (
	combiningKindKind = shortEnumKind("Kind of combining function for contractions and reductions", enumSpecs[0],
		func(a ir.Attribute) bool { _, ok := a.(*CombiningKindAttr); return ok })
	punctuationKind = shortEnumKind("Punctuation for separating vectors or vector elements", enumSpecs[2],
		func(a ir.Attribute) bool { _, ok := a.(*PunctuationAttr); return ok })
)

// KindOf returns the combining kind of a reduction or contraction (add when absent).
func KindOf(op *ir.Operation) CombiningKind { return opsyntax.EnumValue(op, "kind", KindAdd) }
