package scf

import (
	"strconv"

	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/ir"
)

// indexSwitchOp declares scf.index_switch. Region 0 is the default region;
// regions 1.. are the cases in the order of the `cases` property.
func indexSwitchOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "scf.index_switch",
		Summary: "switch-case operation on an index argument",
		Doc: "Runs the region of the case equal to the index argument, or the default region.\n\n" +
			"    %r = scf.index_switch %i -> i32\n    case 2 {\n      scf.yield %a : i32\n    }\n" +
			"    default {\n      scf.yield %b : i32\n    }",
		Traits:   ir.SingleBlock | ir.RecursiveMemoryEffects,
		Inherent: []string{"cases"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(u, ir.Index)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			if p.ParseOptional("->") {
				ts, err := p.ParseTypeList()
				if err != nil {
					return err
				}
				st.Types = append(st.Types, ts...)
			}
			def := st.AddRegion()
			var cases []int64
			var caseRegions []*ir.Region
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
				caseRegions = append(caseRegions, r)
			}
			if err := p.ParseKeyword("default"); err != nil {
				return err
			}
			if err := p.ParseRegion(def, nil); err != nil {
				return err
			}
			st.Regions = append(st.Regions, caseRegions...)
			for _, r := range st.Regions {
				regions.EnsureTerminator(p.Context(), r, "scf.yield", st.Loc)
			}
			st.AddAttr("cases", ir.DenseI64Array(cases...))
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.PrintOptionalAttrDict(op.Attrs(), "cases")
			if op.NumResults() > 0 {
				p.Print(" -> ")
				p.PrintTypes(op.ResultTypes())
			}
			p.Print(" ")
			for i, c := range denseI64(op, "cases") {
				if i+1 >= op.NumRegions() {
					break
				}
				p.PrintNewline()
				p.Print("case " + strconv.FormatInt(c, 10) + " ")
				p.PrintRegion(op.Region(i+1), false, true)
			}
			p.PrintNewline()
			p.Print("default ")
			p.PrintRegion(op.Region(0), false, true)
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || op.Operand(0).Type() != ir.Index {
				return op.Errorf("operand #0 must be index")
			}
			cases := denseI64(op, "cases")
			if op.NumRegions() < 1 {
				return op.Errorf("requires a default region")
			}
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
	}
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
