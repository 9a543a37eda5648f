package ir_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

// regionDialect declares toy ops with variadic regions, an implicit
// terminator and an operand group named like the `results` pseudo-variable.
func regionDialect() *ir.Dialect {
	return &ir.Dialect{Name: "rg", Ops: []*ir.OpDef{
		{
			// scf.reduce's shape: optional operands, then any number of regions.
			Name:     "rg.multi",
			Operands: []ir.ValueDef{ir.Var("operands", nil)},
			Results:  ir.NoValues,
			Regions:  []ir.RegionDef{{Name: "bodies", Arity: ir.Variadic}},
			Format:   "(`(` $operands^ `:` type($operands) `)`)? $bodies attr-dict",
		},
		{
			// scf.if's shape: the terminator is implicit and printed only when it carries values.
			Name:               "rg.if",
			Operands:           []ir.ValueDef{ir.Operand("cond", ir.I1Constraint)},
			Results:            []ir.ValueDef{ir.Var("results", nil)},
			Regions:            []ir.RegionDef{{Name: "thenRegion"}, {Name: "elseRegion"}},
			ImplicitTerminator: "rg.yield",
			Format:             "$cond (`->` type($results)^)? $thenRegion (`else` $elseRegion^)? attr-dict",
		},
		{
			// A custom directive that fills a variadic region group.
			Name:     "rg.cases",
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Regions:  []ir.RegionDef{{Name: "first"}, {Name: "rest", Arity: ir.Variadic}},
			Custom: map[string]ir.CustomDirective{"Cases": {
				Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
					for p.ParseOptionalKeyword("case") {
						r := ir.NewRegion()
						if err := p.ParseRegion(r, nil); err != nil {
							return err
						}
						args[0].Regions = append(args[0].Regions, r)
					}
					return nil
				},
				Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
					for i, r := range args[0].Regions {
						if i > 0 {
							p.Print(" ")
						}
						p.Print("case ")
						p.PrintRegion(r, false, true)
					}
				},
			}},
			Format: "custom<Cases>($rest) `default` $first attr-dict",
		},
		{Name: "rg.yield", Traits: ir.Terminator, Operands: []ir.ValueDef{ir.Var("results", nil)}, Results: ir.NoValues,
			Format: "attr-dict ($results^ `:` type($results))?"},
	}}
}

func TestFormatVariadicRegions(t *testing.T) {
	out, m := mustRoundTrip(t, formatContext(regionDialect()), `func.func @f(%a: i32) {
  rg.multi(%a : i32) {
    rg.yield
  }, {
    rg.yield %a : i32
  }
  rg.multi
  rg.cases case {
    rg.yield
  } case {
    rg.yield
  } default {
    rg.yield
  }
  return
}
`)
	wantOutput(t, out,
		"rg.multi(%arg0 : i32) {\n      rg.yield\n    }, {\n      rg.yield %arg0 : i32\n    }\n",
		"rg.multi \n", // MLIR's printer also spaces before an empty region list
		"rg.cases case {\n",
		"} case {\n",
		"} default {\n",
	)
	var n []int
	ir.WalkOps(m, func(op *ir.Operation) {
		if strings.HasPrefix(op.Name(), "rg.multi") || op.Name() == "rg.cases" {
			n = append(n, op.NumRegions())
		}
	})
	if len(n) != 3 || n[0] != 2 || n[1] != 0 || n[2] != 3 {
		t.Errorf("region counts = %v, want [2 0 3]", n)
	}
}

func TestFormatImplicitTerminator(t *testing.T) {
	out, m := mustRoundTrip(t, formatContext(regionDialect()), `func.func @f(%c: i1, %a: i32) {
  rg.if %c {
  }
  rg.if %c {
  } else {
  }
  %0 = rg.if %c -> i32 {
    rg.yield %a : i32
  } else {
    rg.yield %a : i32
  }
  return
}
`)
	wantOutput(t, out,
		"rg.if %arg0 {\n    }\n",
		"rg.if %arg0 {\n    } else {\n    }\n",
		"%0 = rg.if %arg0 -> i32 {\n      rg.yield %arg1 : i32\n    } else {\n",
	)
	// The parser added the yields the text left out, but not an else block.
	ifs := opsNamed(m, "rg.if")
	if len(ifs) != 3 {
		t.Fatalf("found %d rg.if ops", len(ifs))
	}
	if b := ifs[0].Region(0).Front(); b == nil || b.Last() == nil || b.Last().Name() != "rg.yield" {
		t.Errorf("then region of the first rg.if lacks its implicit rg.yield")
	}
	if !ifs[0].Region(1).Empty() {
		t.Errorf("absent else region was given a block")
	}
	if b := ifs[1].Region(1).Front(); b == nil || b.Last() == nil || b.Last().Name() != "rg.yield" {
		t.Errorf("else region of the second rg.if lacks its implicit rg.yield")
	}
}
