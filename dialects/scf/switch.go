package scf

import (
	"strconv"

	"github.com/goopt/goopt/ir"
)

// switchOps is this file's part of the dialect's op table.
func switchOps() opTable {
	return opTable{
		// indexSwitchOp declares scf.index_switch. Region 0 is the default region;
		// regions 1.. are the cases in the order of the `cases` property.
		{
			Name:    "scf.index_switch",
			Summary: "switch-case operation on an index argument",
			Doc: "Runs the region of the case equal to the index argument, or the default region.\n\n" +
				"    %r = scf.index_switch %i -> i32\n    case 2 {\n      scf.yield %a : i32\n    }\n" +
				"    default {\n      scf.yield %b : i32\n    }",
			Traits:             ir.SingleBlock | ir.RecursiveMemoryEffects,
			Operands:           []ir.ValueDef{ir.Operand("arg", ir.IndexConstraint)},
			Attrs:              []ir.AttrDef{ir.Attr("cases", ir.DenseI64ArrayKind)},
			Results:            []ir.ValueDef{ir.Var("results", nil)},
			Regions:            []ir.RegionDef{{Name: "defaultRegion"}, {Name: "caseRegions", Arity: ir.Variadic}},
			ImplicitTerminator: "scf.yield",
			Custom:             customs,
			Format:             "$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `` `default` $defaultRegion",
			Verify: func(op *ir.Operation) error {
				cases := denseI64(op, "cases")
				if len(cases) != op.NumRegions()-1 {
					return op.Errorf("has %d case regions but %d case values", op.NumRegions()-1, len(cases))
				}
				seen := map[int64]bool{}
				for _, c := range cases {
					if seen[c] {
						return op.Errorf("has duplicate case value: %d", c)
					}
					seen[c] = true
				}
				for i, r := range op.Regions() {
					name := "default region"
					if i > 0 {
						name = "case region #" + strconv.Itoa(i-1)
					}
					y := terminatorOf(r)
					if y == nil || y.Name() != "scf.yield" {
						got := "nothing"
						if y != nil {
							got = y.Name()
						}
						return op.Errorf("expected region to end with scf.yield, but got %s", got)
					}
					if y.NumOperands() != op.NumResults() {
						return op.Errorf("expected each region to return %d values, but %s returns %d", op.NumResults(), name, y.NumOperands()).
							AttachNote(y.Loc(), "see yield operation here")
					}
					for k, t := range op.ResultTypes() {
						if y.Operand(k).Type() != t {
							return op.Errorf("expected result #%d of each region to be %s", k, quoted(t)).
								AttachNote(y.Loc(), "%s returns %s here", name, quoted(y.Operand(k).Type()))
						}
					}
				}
				return nil
			},
			Canonicalize: []ir.Pattern{ir.PatternFunc{Root: "scf.index_switch", Fn: foldConstantCase}},
		},
	}
}

// switchCases is custom<SwitchCases>($cases, $caseRegions): one
// `case N {...}` per case, each on its own line, and a line break before
// the default region.
var switchCases = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		var cases []int64
		for p.ParseOptionalKeyword("case") {
			c, err := p.ParseInteger()
			if err != nil {
				return err
			}
			r := ir.NewRegion()
			if err := p.ParseRegion(r, nil); err != nil {
				return err
			}
			cases = append(cases, c)
			args[1].Regions = append(args[1].Regions, r)
		}
		args[0].Attr = ir.DenseI64Array(cases...)
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		var cases []int64
		if a, ok := args[0].Attr.(*ir.DenseArrayAttr); ok {
			cases = a.Ints
		}
		for i, r := range args[1].Regions {
			if i >= len(cases) {
				break
			}
			p.PrintNewline()
			p.Print("case " + strconv.FormatInt(cases[i], 10) + " ")
			p.PrintRegion(r, false, true)
		}
		p.PrintNewline()
	},
}

// foldConstantCase inlines the region selected by a constant switch argument.
func foldConstantCase(op *ir.Operation, rw *ir.Rewriter) bool {
	c, ok := constantInt(op.Operand(0))
	if !ok {
		return false
	}
	r := op.Region(0)
	for i, v := range denseI64(op, "cases") {
		if v == c && i+1 < op.NumRegions() {
			r = op.Region(i + 1)
			break
		}
	}
	if len(r.Blocks()) != 1 {
		return false
	}
	replaceOpWithRegion(rw, op, r, nil)
	return true
}
