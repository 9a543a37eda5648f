package opsyntax

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

// color and shade are two enums, so that their attributes are distinct Go types.
type color int

func (c color) String() string { return []string{"red", "green"}[c] }

type shade int

func (s shade) String() string { return []string{"red", "dark"}[s] }

// An EnumAttr prints as prefix<value>, is interned by that text, and
// EnumValue reads only an attribute of its own value type.
func TestEnumAttr(t *testing.T) {
	green := InternEnumAttr("#t.color", color(1))
	if got := green.String(); got != "#t.color<green>" {
		t.Errorf("String() = %q", got)
	}
	if InternEnumAttr("#t.color", color(1)) != green {
		t.Error("equal attributes are not interned to one value")
	}
	op := ir.NewContext().NewOperation(&ir.OperationState{Name: "t.op", Loc: ir.Unknown, Attrs: []ir.NamedAttribute{
		{Name: "c", Value: green}, {Name: "s", Value: InternEnumAttr("#t.shade", shade(1))},
	}})
	if got := EnumValue(op, "c", color(0)); got != 1 {
		t.Errorf("EnumValue(c) = %v, want green", got)
	}
	if got := EnumValue(op, "s", color(0)); got != 0 {
		t.Errorf("EnumValue(s) as a color = %v, want the default", got)
	}
	if got := EnumValue(op, "absent", shade(1)); got != 1 {
		t.Errorf("EnumValue(absent) = %v, want the default", got)
	}
}
