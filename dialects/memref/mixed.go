package memref

import (
	"strconv"

	"github.com/goopt/goopt/ir"
)

// This file implements MLIR's mixed static/dynamic index lists
// (ViewLikeInterface's parseDynamicIndexList / printDynamicIndexList):
// `[%a, 4, %b]` is stored as an `array<i64: -9223372036854775808, 4, ...>`
// property with ir.Dynamic marking each position taken by an SSA operand.

// ParseDynamicIndexList parses a list of SSA values and integers in the
// given delimiters (ir.DelimSquare or ir.DelimParen), returning the dynamic
// operands and the static values with ir.Dynamic for each operand.
func ParseDynamicIndexList(p ir.OpParser, d ir.Delimiter) ([]ir.UnresolvedOperand, []int64, error) {
	open, closeTok := "[", "]"
	if d == ir.DelimParen {
		open, closeTok = "(", ")"
	}
	if err := p.Parse(open); err != nil {
		return nil, nil, err
	}
	var dyn []ir.UnresolvedOperand
	static := []int64{}
	if p.ParseOptional(closeTok) {
		return dyn, static, nil
	}
	for {
		u, ok, err := p.ParseOptionalOperand()
		if err != nil {
			return nil, nil, err
		}
		if ok {
			dyn = append(dyn, u)
			static = append(static, ir.Dynamic)
		} else {
			v, err := p.ParseInteger()
			if err != nil {
				return nil, nil, p.Errorf("expected SSA value or integer")
			}
			static = append(static, v)
		}
		if !p.ParseOptional(",") {
			break
		}
	}
	if err := p.Parse(closeTok); err != nil {
		return nil, nil, err
	}
	return dyn, static, nil
}

// PrintDynamicIndexList prints static values, taking the next of dyn for
// each ir.Dynamic entry, in the given delimiters.
func PrintDynamicIndexList(p ir.OpPrinter, dyn []*ir.Value, static []int64, d ir.Delimiter) {
	open, closeTok := "[", "]"
	if d == ir.DelimParen {
		open, closeTok = "(", ")"
	}
	p.Print(open)
	k := 0
	for i, s := range static {
		if i > 0 {
			p.Print(", ")
		}
		if s == ir.Dynamic && k < len(dyn) {
			p.PrintOperand(dyn[k])
			k++
		} else {
			p.Print(strconv.FormatInt(s, 10))
		}
	}
	p.Print(closeTok)
}

// OpFoldResult is one entry of a mixed list: a static integer or a value.
type OpFoldResult struct {
	Value  *ir.Value // nil for a static entry
	Static int64
}

// IsStatic reports whether the entry is a known integer.
func (r OpFoldResult) IsStatic() bool { return r.Value == nil }

// MixedValues zips static values with their dynamic operands.
func MixedValues(static []int64, dyn []*ir.Value) []OpFoldResult {
	out := make([]OpFoldResult, len(static))
	k := 0
	for i, s := range static {
		if s == ir.Dynamic && k < len(dyn) {
			out[i] = OpFoldResult{Value: dyn[k], Static: ir.Dynamic}
			k++
		} else {
			out[i] = OpFoldResult{Static: s}
		}
	}
	return out
}

// countDynamic returns how many entries of static are ir.Dynamic.
func countDynamic(static []int64) int {
	n := 0
	for _, s := range static {
		if s == ir.Dynamic {
			n++
		}
	}
	return n
}

// ConstantIndex returns the integer value of v when it is produced by a
// constant-like op with an integer `value` attribute.
func ConstantIndex(v *ir.Value) (int64, bool) {
	if v == nil {
		return 0, false
	}
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	if ia, ok := d.Attr("value").(*ir.IntegerAttr); ok {
		return ia.Int(), true
	}
	return 0, false
}
