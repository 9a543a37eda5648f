package opsyntax

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
	k := 0
	PrintList(p, open, closeTok, len(static), func(i int) {
		if static[i] == ir.Dynamic && k < len(dyn) {
			p.PrintOperand(dyn[k])
			k++
		} else {
			p.Print(strconv.FormatInt(static[i], 10))
		}
	})
}
