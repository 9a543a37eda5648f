package opsyntax

import (
	"strings"

	"github.com/goopt/goopt/ir"
)

// FlagName is the keyword of one bit of a flag set.
type FlagName struct {
	Name string
	Bit  uint32
}

// FlagSet describes one of MLIR's bit-enum attributes (`fastmath<nnan,ninf>`,
// `overflow<nsw, nuw>`). arith and llvm spell the same sets with different bit
// values and separators, so the set is data and the printing and parsing are
// written once here.
type FlagSet struct {
	// Names lists the bits in the order MLIR prints them.
	Names []FlagName
	// All is the keyword for every bit of Names at once ("fast"); empty when
	// the set prints its bits one by one even when all are set.
	All string
	// Sep separates the keywords of a printed set ("," or ", ").
	Sep string
}

// all returns the union of the set's bits.
func (s *FlagSet) all() uint32 {
	var all uint32
	for _, n := range s.Names {
		all |= n.Bit
	}
	return all
}

// String prints bits as MLIR does: `none` for no bit, All for every bit,
// else the keywords of the set bits joined by Sep.
func (s *FlagSet) String(bits uint32) string {
	if bits == 0 {
		return "none"
	}
	if s.All != "" && bits == s.all() {
		return s.All
	}
	var parts []string
	for _, n := range s.Names {
		if bits&n.Bit != 0 {
			parts = append(parts, n.Name)
		}
	}
	return strings.Join(parts, s.Sep)
}

// Bit returns the bits of one keyword: `none`, All, or one of Names.
func (s *FlagSet) Bit(kw string) (uint32, bool) {
	switch {
	case kw == "none":
		return 0, true
	case s.All != "" && kw == s.All:
		return s.all(), true
	}
	for _, n := range s.Names {
		if n.Name == kw {
			return n.Bit, true
		}
	}
	return 0, false
}

// Keywords lists every keyword as MLIR's diagnostics do: `none`, Names,
// then All (`none, nsw, nuw`).
func (s *FlagSet) Keywords() string {
	kws := []string{"none"}
	for _, n := range s.Names {
		kws = append(kws, n.Name)
	}
	if s.All != "" {
		kws = append(kws, s.All)
	}
	return strings.Join(kws, ", ")
}

// ParseText parses a comma-separated keyword list (the body of a
// `#dialect.fastmath<...>` attribute) into the union of its bits. When a
// keyword is unknown it returns ok false and that keyword, trimmed, for the
// caller's diagnostic.
func (s *FlagSet) ParseText(text string) (bits uint32, bad string, ok bool) {
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		b, ok := s.Bit(part)
		if !ok {
			return 0, part, false
		}
		bits |= b
	}
	return bits, "", true
}

// Parse parses `<kw, kw>` from an op's custom syntax into the union of the
// keywords' bits; unknown is the diagnostic's format, given the keyword.
func (s *FlagSet) Parse(p ir.OpParser, unknown string) (uint32, error) {
	if err := p.Parse("<"); err != nil {
		return 0, err
	}
	var bits uint32
	for {
		loc := p.Loc()
		kw, err := p.ParseIdentifier()
		if err != nil {
			return 0, err
		}
		b, ok := s.Bit(kw)
		if !ok {
			return 0, ir.Errorf(loc, unknown, kw)
		}
		bits |= b
		if !p.ParseOptional(",") {
			break
		}
	}
	return bits, p.Parse(">")
}
