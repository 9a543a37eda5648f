package opsyntax_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

func TestDictArray(t *testing.T) {
	a := ir.Dictionary([]ir.NamedAttribute{{Name: "llvm.noalias", Value: ir.Unit}})
	cases := []struct {
		in   []*ir.DictionaryAttr
		want string
	}{
		{nil, ""},
		{[]*ir.DictionaryAttr{nil, ir.Dictionary(nil)}, ""},
		{[]*ir.DictionaryAttr{a, nil}, "[{llvm.noalias}, {}]"},
	}
	for _, c := range cases {
		got := opsyntax.DictArray(c.in)
		if (got == nil) != (c.want == "") || got != nil && got.String() != c.want {
			t.Errorf("DictArray(%v) = %v, want %q", c.in, got, c.want)
		}
	}
}

func TestTypeOfShape(t *testing.T) {
	cases := []struct {
		like ir.Type
		want string
	}{
		{ir.F32, "i1"},
		{ir.Vector([]int64{4}, ir.F32, []bool{true}), "vector<[4]xi1>"},
		{ir.RankedTensor([]int64{2, ir.Dynamic}, ir.I32, nil), "tensor<2x?xi1>"},
		{ir.UnrankedTensor(ir.F16), "tensor<*xi1>"},
	}
	for _, c := range cases {
		if got := opsyntax.TypeOfShape(c.like, ir.I1).String(); got != c.want {
			t.Errorf("TypeOfShape(%s) = %s, want %s", c.like, got, c.want)
		}
	}
}
