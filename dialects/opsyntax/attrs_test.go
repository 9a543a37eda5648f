package opsyntax_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

func TestDictArrayKind(t *testing.T) {
	d := ir.Dictionary(nil)
	for _, c := range []struct {
		a    ir.Attribute
		want bool
	}{
		{ir.Array(), true},
		{ir.Array(d, d), true},
		{ir.Array(d, ir.Str("x")), false},
		{d, false},
	} {
		if got := opsyntax.DictArrayKind.Check(c.a); got != c.want {
			t.Errorf("DictArrayKind.Check(%s) = %v, want %v", c.a, got, c.want)
		}
	}
}

func TestStringLiteralKind(t *testing.T) {
	k := opsyntax.StringLiteralKind
	if k.Desc != "string attribute" || !k.Check(ir.Str("x")) || k.Check(ir.Unit) {
		t.Errorf("StringLiteralKind: desc %q, accepts a string %v, accepts unit %v", k.Desc, k.Check(ir.Str("x")), k.Check(ir.Unit))
	}
	if k.Parse == nil || k.ParseOptional == nil || k.Print == nil {
		t.Error("StringLiteralKind must read and print bare strings")
	}
}
