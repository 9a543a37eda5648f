package arith_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/ir"
)

// The neutral elements are upstream's (arith::getIdentityValueAttr), in
// the printed form arith.constant takes, so each row reads as the
// constant lower-affine materialises.
func TestIdentityValueAttr(t *testing.T) {
	for _, c := range []struct {
		kind arith.AtomicRMWKind
		t    ir.Type
		want string // "" for none
	}{
		{arith.AtomicAddF, ir.F32, "0.000000e+00 : f32"},
		{arith.AtomicMulF, ir.F16, "1.000000e+00 : f16"},
		{arith.AtomicMaximumF, ir.F32, "0xFF800000 : f32"},
		{arith.AtomicMinimumF, ir.F64, "0x7FF0000000000000 : f64"},
		{arith.AtomicMaxNumF, ir.F32, "0xFFC00000 : f32"},
		{arith.AtomicMinNumF, ir.F32, "0x7FC00000 : f32"},
		{arith.AtomicAddI, ir.I32, "0 : i32"},
		{arith.AtomicOrI, ir.Index, "0 : index"},
		{arith.AtomicMaxU, ir.I8, "0 : i8"},
		{arith.AtomicMulI, ir.I64, "1 : i64"},
		{arith.AtomicAndI, ir.I8, "-1 : i8"},
		{arith.AtomicMinU, ir.I32, "-1 : i32"},
		{arith.AtomicMaxS, ir.I8, "-128 : i8"},
		{arith.AtomicMinS, ir.I32, "2147483647 : i32"},
		{arith.AtomicMaxS, ir.I64, "-9223372036854775808 : i64"},
		{arith.AtomicAssign, ir.F32, ""},
		{arith.AtomicAddF, ir.I32, ""},
		{arith.AtomicAddI, ir.F32, ""},
		{arith.AtomicRMWKind(99), ir.I32, ""},
	} {
		got := ""
		if a := arith.IdentityValueAttr(c.kind, c.t); a != nil {
			got = a.String()
		}
		if got != c.want {
			t.Errorf("IdentityValueAttr(%s, %s) = %q, want %q", c.kind, c.t, got, c.want)
		}
	}
}

func TestAtomicRMWKindNames(t *testing.T) {
	for _, c := range []struct {
		combiner string
		kind     arith.AtomicRMWKind
		ok       bool
	}{
		{"arith.maxsi", arith.AtomicMaxS, true},
		{"arith.minnumf", arith.AtomicMinNumF, true},
		{"arith.xori", arith.AtomicOrI, true}, // shares ori's neutral element
		{"arith.subi", 0, false},
		{"", 0, false}, // assign has no combiner
	} {
		k, ok := arith.AtomicRMWKindOf(c.combiner)
		if k != c.kind || ok != c.ok {
			t.Errorf("AtomicRMWKindOf(%q) = %v, %v; want %v, %v", c.combiner, k, ok, c.kind, c.ok)
		}
	}
	if s := arith.AtomicMaxU.String(); s != "maxu" {
		t.Errorf("AtomicMaxU = %q", s)
	}
	if s := arith.AtomicRMWKind(-1).String(); s != "-1" {
		t.Errorf("invalid kind = %q", s)
	}
	if c := arith.AtomicAssign.Combiner(); c != "" {
		t.Errorf("assign combiner = %q", c)
	}
}
