package arith

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
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

// fastMathFlags prints and parses FastMathFlags in MLIR's order.
var fastMathFlags = &opsyntax.FlagSet{
	Names: []opsyntax.FlagName{
		{Name: "reassoc", Bit: uint32(FastMathReassoc)}, {Name: "nnan", Bit: uint32(FastMathNNaN)},
		{Name: "ninf", Bit: uint32(FastMathNInf)}, {Name: "nsz", Bit: uint32(FastMathNSZ)},
		{Name: "arcp", Bit: uint32(FastMathARCP)}, {Name: "contract", Bit: uint32(FastMathContract)},
		{Name: "afn", Bit: uint32(FastMathAFN)},
	},
	All: "fast",
	Sep: ",",
}

// String prints the flags as MLIR does: `none`, `fast`, or `nnan,ninf`.
func (f FastMathFlags) String() string { return fastMathFlags.String(uint32(f)) }

// FastMathAttr is `#arith.fastmath<flags>`.
type FastMathAttr = opsyntax.EnumAttr[FastMathFlags]

// FastMath returns the interned `#arith.fastmath<flags>`.
func FastMath(f FastMathFlags) *FastMathAttr { return opsyntax.InternEnumAttr("#arith.fastmath", f) }

// IntegerOverflowFlags is the bit set of `nsw`/`nuw` flags.
type IntegerOverflowFlags uint32

// Overflow flags, with MLIR's bit values.
const (
	OverflowNone IntegerOverflowFlags = 0
	OverflowNSW  IntegerOverflowFlags = 1
	OverflowNUW  IntegerOverflowFlags = 2
)

// overflowFlags prints and parses IntegerOverflowFlags.
var overflowFlags = &opsyntax.FlagSet{
	Names: []opsyntax.FlagName{{Name: "nsw", Bit: uint32(OverflowNSW)}, {Name: "nuw", Bit: uint32(OverflowNUW)}},
	Sep:   ", ",
}

// String prints the flags as MLIR does: `none`, `nsw`, `nsw, nuw`.
func (f IntegerOverflowFlags) String() string { return overflowFlags.String(uint32(f)) }

// OverflowAttr is `#arith.overflow<flags>`.
type OverflowAttr = opsyntax.EnumAttr[IntegerOverflowFlags]

// Overflow returns the interned `#arith.overflow<flags>`.
func Overflow(f IntegerOverflowFlags) *OverflowAttr {
	return opsyntax.InternEnumAttr("#arith.overflow", f)
}

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
		f, bad, ok := fastMathFlags.ParseText(body[len(".fastmath<") : len(body)-1])
		if !ok {
			return nil, fmt.Errorf("expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast] for fastmath flags, got: %s", bad)
		}
		return FastMath(FastMathFlags(f)), nil
	case strings.HasPrefix(body, ".overflow<") && strings.HasSuffix(body, ">"):
		f, bad, ok := overflowFlags.ParseText(body[len(".overflow<") : len(body)-1])
		if !ok {
			return nil, fmt.Errorf("expected one of [none, nsw, nuw] for integer overflow flags, got: %s", bad)
		}
		return Overflow(IntegerOverflowFlags(f)), nil
	}
	return nil, fmt.Errorf("unknown attribute '#arith%s'", body)
}

// FastMathOf returns op's fast-math flags (none when absent).
func FastMathOf(op *ir.Operation) FastMathFlags {
	return opsyntax.EnumValue(op, FastMathAttrName, FastMathNone)
}

// OverflowOf returns op's overflow flags (none when absent).
func OverflowOf(op *ir.Operation) IntegerOverflowFlags {
	return opsyntax.EnumValue(op, OverflowAttrName, OverflowNone)
}

// FastMathKind is the `fastmath` attribute's constraint; a format spells
// it `fastmath<flags>` (the keyword is the format's).
var FastMathKind = opsyntax.EnumAttrKind("Floating point fast math flags", func(p ir.OpParser) (*FastMathAttr, error) {
	f, err := fastMathFlags.Parse(p, "expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast] for fastmath flags, got: %s")
	return FastMath(FastMathFlags(f)), err
})

var overflowKind = opsyntax.EnumAttrKind("Integer overflow arith flags", func(p ir.OpParser) (*OverflowAttr, error) {
	f, err := overflowFlags.Parse(p, "expected one of [none, nsw, nuw] for integer overflow flags, got: %s")
	return Overflow(IntegerOverflowFlags(f)), err
})

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
