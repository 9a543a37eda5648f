package interp

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

func TestPointerAccess(t *testing.T) {
	op := ir.NewBuilder(ir.NewContext()).CreateOp("test.op", ir.Unknown, nil, nil)
	m := NewMemRef(ir.MemRef([]int64{4, 8}, ir.F16, nil, nil), nil)
	for i := int64(0); i < 32; i++ {
		if err := m.SetFloat(float64(i), i/8, i%8); err != nil {
			t.Fatal(err)
		}
	}
	p := PointerTo(m).Add(2 * 8) // row 1
	v, err := LoadPointer(op, p, ir.Vector([]int64{8}, ir.F16, nil))
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range v.Vec.Elems {
		if got := (Value{Type: ir.F16, Bits: e}).Float(); got != float64(8+i) {
			t.Errorf("elem %d = %v, want %d", i, got, 8+i)
		}
	}
	// An i32 store covers two f16 elements, little-endian.
	if err := StorePointer(op, p, IntValue(ir.Integer(32), 0x3c00_4000)); err != nil {
		t.Fatal(err)
	}
	if a, _ := m.FloatAt(1, 0); a != 2 {
		t.Errorf("[1,0] = %v, want 2 (0x4000)", a)
	}
	if b, _ := m.FloatAt(1, 1); b != 1 {
		t.Errorf("[1,1] = %v, want 1 (0x3c00)", b)
	}
	// A byte store keeps the other byte of its element.
	if err := StorePointer(op, p.Add(1), IntValue(ir.Integer(8), 0x3c)); err != nil {
		t.Fatal(err)
	}
	if a, _ := m.FloatAt(1, 0); a != 1 {
		t.Errorf("[1,0] = %v after byte store, want 1 (0x3c00)", a)
	}
	// Out of bounds, uninitialised and null accesses fail with diagnostics.
	if _, err := LoadPointer(op, PointerTo(m).Add(62), ir.F32); err == nil || !strings.Contains(err.Error(), "out-of-bounds") {
		t.Errorf("out-of-bounds load: %v", err)
	}
	u := &MemRef{Type: ir.MemRef([]int64{2}, ir.F32, nil, nil), Buf: NewBuffer(ir.F32, 2), Sizes: []int64{2}, Strides: []int64{1}}
	if _, err := LoadPointer(op, PointerTo(u), ir.F32); err == nil || !strings.Contains(err.Error(), "uninitialised") {
		t.Errorf("uninitialised load: %v", err)
	}
	if _, err := LoadPointer(op, Pointer{}, ir.F32); err == nil || !strings.Contains(err.Error(), "no memory") {
		t.Errorf("null load: %v", err)
	}
}

func TestAggregate(t *testing.T) {
	inner := NewAggregate(ir.Integer(8), []Value{IntValue(ir.Integer(32), 1), IntValue(ir.Integer(32), 2)})
	a := NewAggregate(ir.Integer(16), []Value{PointerValue(ir.Integer(64), Pointer{Off: 8}), AggregateValue(inner)})
	b, err := a.With([]int64{1, 0}, IntValue(ir.Integer(32), 7))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Field([]int64{1, 0}); v.Int() != 1 {
		t.Errorf("original changed: %v", v)
	}
	if v, _ := b.Field([]int64{1, 0}); v.Int() != 7 {
		t.Errorf("copy field = %v, want 7", v)
	}
	if _, err := b.Field([]int64{0, 0}); err == nil {
		t.Error("a path through a pointer field succeeded")
	}
	if _, err := b.With([]int64{2}, Value{}); err == nil {
		t.Error("an out-of-range position succeeded")
	}
}
