package ir_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/printer"
)

// An optional group may open with whitespace, as gpu.alloc's host_shared
// and symbol-operand groups do: the whitespace steers printing only, and
// the element after it decides whether the group is there when parsing.
func TestFormatOptionalGroupOpenedByWhitespace(t *testing.T) {
	d := &ir.Dialect{Name: "ws", Ops: []*ir.OpDef{{
		Name:     "ws.alloc",
		Operands: []ir.ValueDef{ir.Var("sizes", ir.IndexConstraint), ir.Var("syms", ir.IndexConstraint)},
		Results:  ir.NoValues,
		Attrs:    []ir.AttrDef{ir.OptAttr("shared", ir.UnitAttrKind)},
		Format:   "(` ` `shared` $shared^)? ` ` `(` $sizes `)` (`` `[` $syms^ `]`)? attr-dict",
	}}}
	ctx := formatContext(d)
	for _, c := range []struct{ in, want string }{
		{"ws.alloc (%n)", "ws.alloc (%arg0)\n"},
		{"ws.alloc shared (%n)[%n]", "ws.alloc shared (%arg0)[%arg0]\n"},
		{"ws.alloc ()[%n, %n] {x}", "ws.alloc ()[%arg0, %arg0] {x}\n"},
	} {
		f, err := parseVerify(ctx, inFunc("%n: index", c.in))
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if out := printer.String(f.Module, printer.Options{}); !strings.Contains(out, "    "+c.want) {
			t.Errorf("%s: printed\n%s\nwant a line %q", c.in, out, c.want)
		}
	}
	if err := parseOnly(ctx)(inFunc("%n: index", "ws.alloc shared [%n]")); err == nil || !strings.Contains(err.Error(), "expected '('") {
		t.Errorf("a group's whitespace made '(' optional: %v", err)
	}
}
