package ir_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

// namedDialect declares ops whose groups carry the names `operands` and
// `results` (as func.call, func.return and scf.yield do in ODS), ops whose
// operand types are spelled, and a single-block region without a terminator.
func namedDialect() *ir.Dialect {
	return &ir.Dialect{Name: "nm", Ops: []*ir.OpDef{
		{
			Name:     "nm.call",
			Operands: []ir.ValueDef{ir.Operand("first", nil), ir.Var("operands", nil)},
			Results:  []ir.ValueDef{ir.Operand("flag", nil), ir.Var("results", nil)},
			Format:   "$first `(` $operands `)` attr-dict `:` type($first) `[` type($operands) `]` `->` type($flag) `,` type($results)",
		},
		{
			Name:     "nm.fcall",
			Operands: []ir.ValueDef{ir.Var("operands", nil)},
			Results:  []ir.ValueDef{ir.Var("results", nil)},
			Format:   "`(` $operands `)` attr-dict `:` functional-type($operands, results)",
		},
		{
			Name:     "nm.box",
			Traits:   ir.SingleBlock | ir.NoTerminator,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Regions:  []ir.RegionDef{{Name: "body"}},
			Format:   "attr-dict-with-keyword $body",
		},
	}}
}

func parseNamed(src string) (*parser.File, error) {
	ctx := ir.NewContext(builtin.Dialect(), fn.Dialect(), namedDialect())
	return parser.ParseFile(ctx, "in.mlir", []byte(src))
}

// A group named $operands or $results is that group alone, not every
// operand or result of the op (the type(operands) directive).
func TestFormatGroupsNamedOperandsResults(t *testing.T) {
	src := `func.func @f(%a: i32, %x: f32) {
  %0:3 = nm.call %a(%x, %x) : i32[f32, f32] -> index, i8, i16
  %1 = nm.fcall(%a, %x) : (i32, f32) -> i64
  return
}
`
	f, err := parseNamed(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	out := printer.String(f.Module, printer.Options{})
	for _, want := range []string{
		"%0:3 = nm.call %arg0(%arg1, %arg1) : i32[f32, f32] -> index, i8, i16\n",
		"%1 = nm.fcall(%arg0, %arg1) : (i32, f32) -> i64\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// Types the input spells must match the operands in number, located at the
// operands, as MLIR's resolveOperands reports; only an inferred type stands
// for a whole group.
func TestFormatSpelledTypeCounts(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"%0:2 = nm.call %a(%x, %x) : i32[f32] -> index, i8", "2:21: error: 2 operands present, but expected 1"},
		{"%0:2 = nm.call %a() : i32[f32] -> index, i8", "expected ']'"},
		{"%1 = nm.fcall(%a) : (i32, f32) -> i64", "2:17: error: 1 operands present, but expected 2"},
		{"%1 = nm.fcall() : (i32) -> i64", "2:17: error: 0 operands present, but expected 1"},
		{"return %a, %a : i32", "2:10: error: 2 operands present, but expected 1"},
	} {
		src := "func.func @f(%a: i32, %x: f32) {\n  " + c.src + "\n  return\n}\n"
		_, err := parseNamed(src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
}

// A single-block region without a terminator gets its block when the
// input leaves it empty, as MLIR's generated parsers do (`module {}`).
func TestFormatEmptySingleBlockRegion(t *testing.T) {
	f, err := parseNamed("nm.box {}\nnm.box attributes {foo} {\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ir.WalkOps(f.Module, func(op *ir.Operation) {
		if op.Name() != "nm.box" {
			return
		}
		n++
		if op.NumRegions() != 1 || op.Region(0).Front() == nil {
			t.Errorf("nm.box region has no block")
		}
	})
	if n != 2 {
		t.Fatalf("found %d nm.box ops", n)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	if out := printer.String(f.Module, printer.Options{}); !strings.Contains(out, "nm.box attributes {foo} {\n  }\n") {
		t.Errorf("printed:\n%s", out)
	}
}
