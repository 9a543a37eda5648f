package opsyntax_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// A switch's implied attributes: no case_values without cases, the case
// operand counts, and segments summing the case operands.
func TestAddSwitchCaseAttrs(t *testing.T) {
	attrs := func(st *ir.OperationState) map[string]string {
		m := map[string]string{}
		for _, a := range st.Attrs {
			m[a.Name] = a.Value.String()
		}
		return m
	}
	st := &ir.OperationState{}
	opsyntax.AddSwitchCaseAttrs(st, ir.I32, nil, nil, 2)
	got := attrs(st)
	if _, ok := got[opsyntax.SwitchCaseValuesAttr]; ok || len(got) != 2 ||
		got[opsyntax.SwitchCaseSegmentsAttr] != "array<i32>" || got[ir.SegmentSizesAttr] != "array<i32: 1, 2, 0>" {
		t.Errorf("no cases: got %v", got)
	}
	st = &ir.OperationState{}
	opsyntax.AddSwitchCaseAttrs(st, ir.I32, []ir.Attribute{ir.IntAttr(ir.I32, 4), ir.IntAttr(ir.I32, -1)}, []int32{1, 2}, 0)
	got = attrs(st)
	if got[opsyntax.SwitchCaseValuesAttr] != "dense<[4, -1]> : vector<2xi32>" ||
		got[opsyntax.SwitchCaseSegmentsAttr] != "array<i32: 1, 2>" || got[ir.SegmentSizesAttr] != "array<i32: 1, 0, 3>" {
		t.Errorf("two cases: got %v", got)
	}
}
