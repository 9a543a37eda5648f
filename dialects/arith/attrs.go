package arith

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/ir"
)

// FastMathFlags is the bit set of LLVM fast-math flags (MLIR's arith::FastMathFlags).
type FastMathFlags uint32

// Fast-math flags, with MLIR's bit values.
const (
	FastMathNone     FastMathFlags = 0
	FastMathReassoc  FastMathFlags = 1
	FastMathNNaN     FastMathFlags = 2
	FastMathNInf     FastMathFlags = 4
	FastMathNSZ      FastMathFlags = 8
	FastMathARCP     FastMathFlags = 16
	FastMathContract FastMathFlags = 32
	FastMathAFN      FastMathFlags = 64
	FastMathFast     FastMathFlags = 127
)

var fastMathNames = []struct {
	name string
	bit  FastMathFlags
}{
	{"reassoc", FastMathReassoc}, {"nnan", FastMathNNaN}, {"ninf", FastMathNInf}, {"nsz", FastMathNSZ},
	{"arcp", FastMathARCP}, {"contract", FastMathContract}, {"afn", FastMathAFN},
}

// String prints the flags as MLIR does: `none`, `fast`, or `nnan,ninf`.
func (f FastMathFlags) String() string {
	switch f {
	case FastMathNone:
		return "none"
	case FastMathFast:
		return "fast"
	}
	var parts []string
	for _, n := range fastMathNames {
		if f&n.bit != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, ",")
}

// FastMathAttr is `#arith.fastmath<flags>`.
type FastMathAttr struct {
	ir.AttrBase
	Flags FastMathFlags
}

func (a *FastMathAttr) String() string { return "#arith.fastmath<" + a.Flags.String() + ">" }

// FastMath returns the interned `#arith.fastmath<flags>`.
func FastMath(f FastMathFlags) *FastMathAttr { return ir.InternAttr(&FastMathAttr{Flags: f}) }

// IntegerOverflowFlags is the bit set of `nsw`/`nuw` flags.
type IntegerOverflowFlags uint32

// Overflow flags, with MLIR's bit values.
const (
	OverflowNone IntegerOverflowFlags = 0
	OverflowNSW  IntegerOverflowFlags = 1
	OverflowNUW  IntegerOverflowFlags = 2
)

// String prints the flags as MLIR does: `none`, `nsw`, `nsw, nuw`.
func (f IntegerOverflowFlags) String() string {
	switch f {
	case OverflowNone:
		return "none"
	case OverflowNSW:
		return "nsw"
	case OverflowNUW:
		return "nuw"
	}
	return "nsw, nuw"
}

// OverflowAttr is `#arith.overflow<flags>`.
type OverflowAttr struct {
	ir.AttrBase
	Flags IntegerOverflowFlags
}

func (a *OverflowAttr) String() string { return "#arith.overflow<" + a.Flags.String() + ">" }

// Overflow returns the interned `#arith.overflow<flags>`.
func Overflow(f IntegerOverflowFlags) *OverflowAttr { return ir.InternAttr(&OverflowAttr{Flags: f}) }

// Attribute names of the arith ops.
const (
	FastMathAttrName = "fastmath"
	OverflowAttrName = "overflowFlags"
	PredicateAttr    = "predicate"
	RoundingAttrName = "roundingmode"
)

// parseAttr parses the dialect attributes `#arith.fastmath<...>` and `#arith.overflow<...>`.
func parseAttr(body string, _ ir.Type) (ir.Attribute, error) {
	switch {
	case strings.HasPrefix(body, ".fastmath<") && strings.HasSuffix(body, ">"):
		f, err := parseFastMathList(body[len(".fastmath<") : len(body)-1])
		if err != nil {
			return nil, err
		}
		return FastMath(f), nil
	case strings.HasPrefix(body, ".overflow<") && strings.HasSuffix(body, ">"):
		f, err := parseOverflowList(body[len(".overflow<") : len(body)-1])
		if err != nil {
			return nil, err
		}
		return Overflow(f), nil
	}
	return nil, fmt.Errorf("unknown attribute '#arith%s'", body)
}

func parseFastMathList(s string) (FastMathFlags, error) {
	var f FastMathFlags
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		bit, ok := fastMathBit(part)
		if !ok {
			return 0, fmt.Errorf("expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast] for fastmath flags, got: %s", part)
		}
		f |= bit
	}
	return f, nil
}

func fastMathBit(s string) (FastMathFlags, bool) {
	switch s {
	case "none":
		return FastMathNone, true
	case "fast":
		return FastMathFast, true
	}
	for _, n := range fastMathNames {
		if n.name == s {
			return n.bit, true
		}
	}
	return 0, false
}

func parseOverflowList(s string) (IntegerOverflowFlags, error) {
	var f IntegerOverflowFlags
	for _, part := range strings.Split(s, ",") {
		switch strings.TrimSpace(part) {
		case "none":
		case "nsw":
			f |= OverflowNSW
		case "nuw":
			f |= OverflowNUW
		default:
			return 0, fmt.Errorf("expected one of [none, nsw, nuw] for integer overflow flags, got: %s", strings.TrimSpace(part))
		}
	}
	return f, nil
}

// FastMathOf returns op's fast-math flags (none when absent).
func FastMathOf(op *ir.Operation) FastMathFlags {
	if a, ok := op.Attr(FastMathAttrName).(*FastMathAttr); ok {
		return a.Flags
	}
	return FastMathNone
}

// OverflowOf returns op's overflow flags (none when absent).
func OverflowOf(op *ir.Operation) IntegerOverflowFlags {
	if a, ok := op.Attr(OverflowAttrName).(*OverflowAttr); ok {
		return a.Flags
	}
	return OverflowNone
}

// FastMathKind is the `fastmath` attribute's constraint; a format spells
// it `fastmath<flags>` (the keyword is the format's).
var FastMathKind = &ir.AttrConstraint{
	Desc:  "Floating point fast math flags",
	Check: func(a ir.Attribute) bool { _, ok := a.(*FastMathAttr); return ok },
	Parse: func(p ir.OpParser) (ir.Attribute, error) {
		f, err := parseFlagList(p, func(kw string) (uint32, bool) { b, ok := fastMathBit(kw); return uint32(b), ok },
			"expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast] for fastmath flags, got: %s")
		return FastMath(FastMathFlags(f)), err
	},
	Print: func(p ir.OpPrinter, a ir.Attribute) { p.Print("<" + a.(*FastMathAttr).Flags.String() + ">") },
}

var overflowKind = &ir.AttrConstraint{
	Desc:  "Integer overflow arith flags",
	Check: func(a ir.Attribute) bool { _, ok := a.(*OverflowAttr); return ok },
	Parse: func(p ir.OpParser) (ir.Attribute, error) {
		f, err := parseFlagList(p, func(kw string) (uint32, bool) {
			switch kw {
			case "none":
				return 0, true
			case "nsw":
				return uint32(OverflowNSW), true
			case "nuw":
				return uint32(OverflowNUW), true
			}
			return 0, false
		}, "expected one of [none, nsw, nuw] for integer overflow flags, got: %s")
		return Overflow(IntegerOverflowFlags(f)), err
	},
	Print: func(p ir.OpPrinter, a ir.Attribute) { p.Print("<" + a.(*OverflowAttr).Flags.String() + ">") },
}

// parseFlagList parses `<kw, kw>` into the union of the keywords' bits.
func parseFlagList(p ir.OpParser, bit func(string) (uint32, bool), unknown string) (uint32, error) {
	if err := p.Parse("<"); err != nil {
		return 0, err
	}
	var f uint32
	for {
		loc := p.Loc()
		kw, err := p.ParseIdentifier()
		if err != nil {
			return 0, err
		}
		b, ok := bit(kw)
		if !ok {
			return 0, ir.Errorf(loc, unknown, kw)
		}
		f |= b
		if !p.ParseOptional(",") {
			break
		}
	}
	return f, p.Parse(">")
}

// RoundingMode is arith's rounding-mode enum, stored as an i32 attribute.
type RoundingMode int64

// Rounding modes, with MLIR's values.
const (
	ToNearestEven RoundingMode = iota
	Downward
	Upward
	TowardZero
	ToNearestAway
)

var roundingNames = []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"}

// String returns the mode's keyword.
func (m RoundingMode) String() string {
	if m >= 0 && int(m) < len(roundingNames) {
		return roundingNames[m]
	}
	return fmt.Sprintf("roundingmode<%d>", int64(m))
}
