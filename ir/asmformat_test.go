package ir_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/printer"
)

// formatDialect declares toy ops that exercise each format element.
func formatDialect() *ir.Dialect {
	i32 := ir.TypeIs(ir.I32, "32-bit signless integer")
	mode := ir.EnumAttrKind("allowed cases: 0, 1", ir.I64, []string{"fast", "slow"})
	return &ir.Dialect{Name: "fmt", Ops: []*ir.OpDef{
		{
			Name:          "fmt.add",
			Operands:      []ir.ValueDef{ir.Operand("lhs", nil), ir.Operand("rhs", nil)},
			Results:       []ir.ValueDef{ir.Operand("result", nil)},
			AllTypesMatch: [][]string{{"lhs", "rhs", "result"}},
			Attrs:         []ir.AttrDef{ir.DefaultAttr("mode", mode, ir.IntAttr(ir.I64, 0))},
			Format:        "$lhs `,` $rhs (`mode` $mode^)? attr-dict `:` type($result)",
		},
		{
			// Fixed operand types need no type directive; the result is inferred.
			Name:     "fmt.pair",
			Operands: []ir.ValueDef{ir.Operand("a", i32), ir.Var("rest", nil)},
			Results:  []ir.ValueDef{ir.Operand("out", nil)},
			Attrs:    []ir.AttrDef{ir.OptAttr("tag", ir.UnitAttrKind), ir.Attr("n", ir.I64AttrKind)},
			Format:   "(`tagged` $tag^)? $a `[` $n `]` (`(` $rest^ `:` type($rest) `)`)? attr-dict",
			InferResultTypes: func(_ ir.OpParser, st *ir.OperationState) ([]ir.Type, error) {
				return []ir.Type{ir.Index}, nil
			},
		},
		{
			// Two variadic groups: the operand segment sizes are written for us.
			Name:     "fmt.seg",
			Operands: []ir.ValueDef{ir.Var("xs", nil), ir.Opt("y", nil)},
			Results:  ir.NoValues,
			Format:   "`(` $xs `)` (`y` $y^)? attr-dict `:` functional-type(operands, results)",
		},
		{
			Name:     "fmt.wrap",
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Var("res", nil)},
			Regions:  []ir.RegionDef{{Name: "body"}},
			Custom: map[string]ir.CustomDirective{"Arrow": {
				Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
					ts, err := p.ParseOptionalArrowTypeList()
					args[0].Types = ts
					return err
				},
				Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
					p.Print("-> ")
					p.PrintTypes(args[0].Types)
				},
			}},
			Format: "custom<Arrow>(type($res)) $body attr-dict",
		},
		{Name: "fmt.yield", Traits: ir.Terminator, Operands: []ir.ValueDef{ir.Var("vs", nil)}, Results: ir.NoValues,
			Format: "attr-dict ($vs^ `:` type($vs))?"},
	}}
}

func formatCtx() *ir.Context {
	return formatContext(formatDialect())
}

func TestFormatRoundTrip(t *testing.T) {
	src := `func.func @f(%a: i32, %b: i32, %x: f32) {
  %0 = fmt.add %a, %b : i32
  %1 = fmt.add %a, %b mode slow {foo} : i32
  %2 = fmt.pair tagged %a[4]
  %3 = fmt.pair %a[5] (%x, %b : f32, i32) {bar = 1 : i64}
  fmt.seg(%a, %b) y %x : (i32, i32, f32) -> ()
  fmt.seg() : () -> ()
  %4 = fmt.wrap -> i32 {
    fmt.yield %a : i32
  }
  return
}
`
	out, m := mustRoundTrip(t, formatCtx(), src)
	wantOutput(t, out,
		"%0 = fmt.add %arg0, %arg1 : i32\n",
		"%1 = fmt.add %arg0, %arg1 mode slow {foo} : i32\n",
		"%2 = fmt.pair tagged %arg0[4]\n",
		"%3 = fmt.pair %arg0[5] (%arg2, %arg1 : f32, i32) {bar = 1 : i64}\n",
		"fmt.seg(%arg0, %arg1) y %arg2 : (i32, i32, f32) -> ()\n",
		"fmt.seg() : () -> ()\n",
		"%4 = fmt.wrap -> i32 {\n",
		"fmt.yield %arg0 : i32\n",
	)
	// The default mode is stored, and not printed.
	add, seg := opsNamed(m, "fmt.add")[0], opsNamed(m, "fmt.seg")[0]
	if a, ok := add.Attr("mode").(*ir.IntegerAttr); !ok || a.Int() != 0 {
		t.Errorf("default mode not stored: %v", add.Attr("mode"))
	}
	if got := seg.Attr(ir.SegmentSizesAttr); got == nil || got.String() != "array<i32: 2, 1>" {
		t.Errorf("segment sizes = %v", got)
	}
	if len(seg.NamedOperands("xs")) != 2 || seg.NamedOperand("y") == nil {
		t.Errorf("named accessors: xs=%d y=%v", len(seg.NamedOperands("xs")), seg.NamedOperand("y"))
	}
	if out2, _ := mustRoundTrip(t, formatCtx(), out); out2 != out {
		t.Errorf("second round trip differs:\n%s\nvs\n%s", out, out2)
	}
}

func TestFormatErrors(t *testing.T) {
	wantErrors(t, parseOnly(formatCtx()), "%a: i32, %b: i32", []errorCase{
		{"%0 = fmt.add %a, %b mode quick : i32", "invalid keyword 'quick'"},
		{"%0 = fmt.add %a, %b i32", "expected ':'"},
		{"%0 = fmt.pair %a[%b]", "expected attribute value"},
		{"%0 = fmt.pair %a[1](%b : i32, i32)", "1 operands present, but expected 2"},
		{"fmt.seg(%a) y %b : (i32) -> ()", "2 operands present, but expected 1"},
	})
}

func TestSchemaVerifier(t *testing.T) {
	wantErrors(t, verified(formatCtx()), "%a: i32, %x: f32", []errorCase{
		{`%0 = "fmt.add"(%a) : (i32) -> i32`, "expected 2 operands, but found 1"},
		{`"fmt.add"(%a, %a) : (i32, i32) -> ()`, "requires one result"},
		{`%0 = "fmt.add"(%a, %a) {mode = 7 : i64} : (i32, i32) -> i32`, "attribute 'mode' failed to satisfy constraint: allowed cases: 0, 1"},
		{`%0 = "fmt.pair"(%a) : (i32) -> index`, "requires attribute 'n'"},
		{`%0 = "fmt.pair"(%x) {n = 1 : i64} : (f32) -> index`, "operand #0 must be 32-bit signless integer, but got 'f32'"},
		{`%0 = "fmt.pair"() {n = 1 : i64} : () -> index`, "expected 1 or more operands, but found 0"},
		{`"fmt.seg"(%a) : (i32) -> ()`, "requires attribute 'operandSegmentSizes'"},
		{`"fmt.seg"(%a) <{operandSegmentSizes = array<i32: 1, 1>}> : (i32) -> ()`, "operand count (1) does not match with the total size (2)"},
		{`"fmt.seg"(%a, %a) <{operandSegmentSizes = array<i32: 0, 2>}> : (i32, i32) -> ()`, "operand group starting at #0 requires 0 or 1 element, but found 2"},
		{`%0 = "fmt.wrap"() : () -> i32`, "requires one region"},
	})
}

func TestCreateGroups(t *testing.T) {
	ctx := formatCtx()
	f, err := parse(ctx, "func.func @f(%a: i32, %x: f32) {\n  return\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	entry := opsNamed(f.Module, "func.func")[0].Region(0).Front()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(entry.Terminator())
	a, x := entry.Argument(0), entry.Argument(1)
	op := b.CreateGroups("fmt.seg", ir.Unknown, [][]*ir.Value{{a, a, a}, {x}}, nil)
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	if got := op.Attr(ir.SegmentSizesAttr).String(); got != "array<i32: 3, 1>" {
		t.Errorf("segment sizes = %s", got)
	}
	if !strings.Contains(printer.String(f.Module, printer.Options{}), "fmt.seg(%arg0, %arg0, %arg0) y %arg1 : (i32, i32, i32, f32) -> ()") {
		t.Errorf("printed:\n%s", printer.String(f.Module, printer.Options{}))
	}
}
