package ir_test

import (
	"testing"

	"github.com/goopt/goopt/ir"
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

// A group named $operands or $results is that group alone, not every
// operand or result of the op (the type(operands) directive).
func TestFormatGroupsNamedOperandsResults(t *testing.T) {
	src := `func.func @f(%a: i32, %x: f32) {
  %0:3 = nm.call %a(%x, %x) : i32[f32, f32] -> index, i8, i16
  %1 = nm.fcall(%a, %x) : (i32, f32) -> i64
  return
}
`
	out, _ := mustRoundTrip(t, formatContext(namedDialect()), src)
	wantOutput(t, out,
		"%0:3 = nm.call %arg0(%arg1, %arg1) : i32[f32, f32] -> index, i8, i16\n",
		"%1 = nm.fcall(%arg0, %arg1) : (i32, f32) -> i64\n",
	)
}

// Types the input spells must match the operands in number, located at the
// operands, as MLIR's resolveOperands reports; only an inferred type stands
// for a whole group.
func TestFormatSpelledTypeCounts(t *testing.T) {
	wantErrors(t, parseOnly(formatContext(namedDialect())), "%a: i32, %x: f32", []errorCase{
		{"%0:2 = nm.call %a(%x, %x) : i32[f32] -> index, i8", "2:21: error: 2 operands present, but expected 1"},
		{"%0:2 = nm.call %a() : i32[f32] -> index, i8", "expected ']'"},
		{"%1 = nm.fcall(%a) : (i32, f32) -> i64", "2:17: error: 1 operands present, but expected 2"},
		{"%1 = nm.fcall() : (i32) -> i64", "2:17: error: 0 operands present, but expected 1"},
		{"return %a, %a : i32", "2:10: error: 2 operands present, but expected 1"},
	})
}

// A single-block region without a terminator gets its block when the
// input leaves it empty, as MLIR's generated parsers do (`module {}`).
func TestFormatEmptySingleBlockRegion(t *testing.T) {
	out, m := mustRoundTrip(t, formatContext(namedDialect()), "nm.box {}\nnm.box attributes {foo} {\n}\n")
	boxes := opsNamed(m, "nm.box")
	if len(boxes) != 2 {
		t.Fatalf("found %d nm.box ops", len(boxes))
	}
	for _, op := range boxes {
		if op.NumRegions() != 1 || op.Region(0).Front() == nil {
			t.Errorf("nm.box region has no block")
		}
	}
	wantOutput(t, out, "nm.box attributes {foo} {\n  }\n")
}
