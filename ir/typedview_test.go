package ir_test

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

type testView struct{ *ir.Operation }

func TestAsView(t *testing.T) {
	ctx := ir.NewContext()
	op := ctx.NewOperation(&ir.OperationState{Name: "test.op"})
	if v, ok := ir.AsView[testView](op, "test.op"); !ok || v.Operation != op {
		t.Errorf("AsView(test.op, test.op) = %v, %v; want the op, true", v.Operation, ok)
	}
	if _, ok := ir.AsView[testView](op, "test.other"); ok {
		t.Error("AsView matched a different op name")
	}
	if _, ok := ir.AsView[testView](nil, "test.op"); ok {
		t.Error("AsView matched a nil op")
	}
}
