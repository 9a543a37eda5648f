package opsyntax

import "strings"

// BitFlag is one keyword of a bit-enum attribute and the bit it sets.
type BitFlag struct {
	Name string
	Bit  uint32
}

// BitFlags spells the keyword lists of MLIR bit-enum attributes such as
// `#llvm.fastmath<nnan, ninf>` or `#arith.overflow<nsw, nuw>`: the dialects
// differ only in the bit values, the keyword order and the separator, so
// one table drives both printing and parsing.
type BitFlags struct {
	None    string    // keyword of the empty set
	All     string    // keyword of AllBits; "" where the enum has none
	AllBits uint32    // the set All names
	Flags   []BitFlag // single-bit keywords, in print order
	Sep     string    // printed between keywords (", " or ",")
}

// Format prints bits: None for the empty set, All for AllBits, otherwise
// the keywords of the set bits in table order.
func (f *BitFlags) Format(bits uint32) string {
	switch {
	case bits == 0:
		return f.None
	case f.All != "" && bits == f.AllBits:
		return f.All
	}
	var parts []string
	for _, b := range f.Flags {
		if bits&b.Bit != 0 {
			parts = append(parts, b.Name)
		}
	}
	return strings.Join(parts, f.Sep)
}

// Bit returns the bits one keyword stands for.
func (f *BitFlags) Bit(kw string) (uint32, bool) {
	switch {
	case kw == f.None:
		return 0, true
	case f.All != "" && kw == f.All:
		return f.AllBits, true
	}
	for _, b := range f.Flags {
		if b.Name == kw {
			return b.Bit, true
		}
	}
	return 0, false
}

// Parse reads a comma-separated keyword list (spaces around keywords are
// ignored) and returns the union of its bits. On an unknown keyword it
// returns that keyword, trimmed, and ok false, for the caller's diagnostic.
func (f *BitFlags) Parse(list string) (bits uint32, bad string, ok bool) {
	for _, part := range strings.Split(list, ",") {
		kw := strings.TrimSpace(part)
		b, ok := f.Bit(kw)
		if !ok {
			return 0, kw, false
		}
		bits |= b
	}
	return bits, "", true
}

// Keywords lists every keyword as MLIR's diagnostics do: None, the
// single-bit keywords, then All (`none, nsw, nuw`).
func (f *BitFlags) Keywords() string {
	kws := []string{f.None}
	for _, b := range f.Flags {
		kws = append(kws, b.Name)
	}
	if f.All != "" {
		kws = append(kws, f.All)
	}
	return strings.Join(kws, ", ")
}
