package opsyntax

import (
	"math/big"

	"github.com/goopt/goopt/ir"
)

// ResolveColonType parses the `: type` after an operand u already read,
// resolves u to that type and appends it to st's operands; it returns the
// type, which the rest of a custom form often needs (a switch's case
// values have the flag's type).
func ResolveColonType(p ir.OpParser, st *ir.OperationState, u ir.UnresolvedOperand) (ir.Type, error) {
	t, err := p.ParseColonType()
	if err != nil {
		return nil, err
	}
	v, err := p.ResolveOperand(u, t)
	if err != nil {
		return nil, err
	}
	st.Operands = append(st.Operands, v)
	return t, nil
}

// Attribute names of the switch ops (cf.switch, llvm.switch).
const (
	SwitchCaseValuesAttr   = "case_values"
	SwitchCaseSegmentsAttr = "case_operand_segments"
)

// AddSwitchCaseAttrs adds what a switch's custom form implies besides its
// operands and successors: case_values as a vector of the flag's type t
// (absent when there are no cases, as upstream), the per-case operand
// counts, and the operand segments (flag, default operands, case operands).
func AddSwitchCaseAttrs(st *ir.OperationState, t ir.Type, values []ir.Attribute, caseSegs []int32, nDefault int) {
	if len(values) > 0 {
		st.AddAttr(SwitchCaseValuesAttr, ir.Dense(ir.Vector([]int64{int64(len(values))}, t, nil), values))
	}
	var nCaseOps int32
	for _, n := range caseSegs {
		nCaseOps += n
	}
	st.AddAttr(SwitchCaseSegmentsAttr, ir.DenseI32Array(caseSegs...))
	st.AddAttr(ir.SegmentSizesAttr, ir.DenseI32Array(1, int32(nDefault), nCaseOps))
}

// SwitchCases collects the cases of a switch as its custom parser reads
// them (cf.switch and llvm.switch spell the list differently).
type SwitchCases struct {
	flag   ir.Type
	values []ir.Attribute
	segs   []int32
}

// ParseSwitchFlag parses a switch's `%flag : type,`, appends the flag to
// st's operands and returns the collector of its cases.
func ParseSwitchFlag(p ir.OpParser, st *ir.OperationState) (*SwitchCases, error) {
	t, err := ParseTypedOperand(p, st)
	if err != nil {
		return nil, err
	}
	if err := p.Parse(","); err != nil {
		return nil, err
	}
	return &SwitchCases{flag: t}, nil
}

// Parse parses one `value: ^bb(%a : t)` case and appends its successor and
// operands to st.
func (c *SwitchCases) Parse(p ir.OpParser, st *ir.OperationState) error {
	v, err := p.ParseInteger()
	if err != nil {
		return err
	}
	n, err := ParseCaseSuccessor(p, st)
	if err != nil {
		return err
	}
	c.values = append(c.values, ir.IntAttr(c.flag, v))
	c.segs = append(c.segs, int32(n))
	return nil
}

// ParseCaseSuccessor parses `: ^bb(%a : t)` after a case label (cf.switch's
// `default` or a case value), appends the successor and its operands to st
// and returns how many operands the case passes.
func ParseCaseSuccessor(p ir.OpParser, st *ir.OperationState) (int, error) {
	if err := p.Parse(":"); err != nil {
		return 0, err
	}
	return ParseSuccessor(p, st)
}

// Finish adds the case attributes (AddSwitchCaseAttrs; nDefault is the
// default successor's operand count) and parses the optional attribute
// dictionary that ends a switch.
func (c *SwitchCases) Finish(p ir.OpParser, st *ir.OperationState, nDefault int) error {
	AddSwitchCaseAttrs(st, c.flag, c.values, c.segs, nDefault)
	return p.ParseOptionalAttrDict(st)
}

// PrintSwitchCases prints a switch's cases, `  value: ^bb(%a : t)` one a
// line with commas between. As upstream (APInt::getLimitedValue), a value
// prints as the unsigned number of the flag's (operand 0's) width.
func PrintSwitchCases(p ir.OpPrinter, op *ir.Operation, values []*big.Int, caseOps func(i int) []*ir.Value) {
	mod := new(big.Int).Lsh(big.NewInt(1), uint(ir.BitWidth(op.Operand(0).Type())))
	for i, v := range values {
		if i > 0 {
			p.Print(",")
			p.PrintNewline()
		}
		p.Print("  " + new(big.Int).Mod(v, mod).String() + ": ")
		if i+1 < len(op.Successors()) {
			p.PrintSuccessorAndUseList(op.Successor(i+1), caseOps(i))
		}
	}
}
