package opsyntax

import "github.com/goopt/goopt/ir"

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
