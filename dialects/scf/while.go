package scf

import (
	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// whileOps is this file's part of the dialect's op table.
func whileOps() opTable {
	return opTable{
		{
			Name:    "scf.while",
			Summary: "a generic 'while' loop",
			Doc: "Runs the before region, which ends in scf.condition; while the condition holds its values go to " +
				"the after region, whose scf.yield feeds the before region again. Otherwise they are the results.\n\n" +
				"    %r = scf.while (%x = %init) : (i32) -> i32 {\n      %c = arith.cmpi slt, %x, %n : i32\n" +
				"      scf.condition(%c) %x : i32\n    } do {\n    ^bb0(%y: i32):\n      %z = arith.addi %y, %one : i32\n" +
				"      scf.yield %z : i32\n    }",
			Traits:   ir.RecursiveMemoryEffects | ir.LoopLike,
			Operands: []ir.ValueDef{ir.Var("inits", nil)},
			Results:  []ir.ValueDef{ir.Var("results", nil)},
			Regions:  []ir.RegionDef{{Name: "before"}, {Name: "after"}},
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				args, inits, _, err := opsyntax.ParseOptionalAssignmentList(p)
				if err != nil {
					return err
				}
				loc := p.Loc()
				t, err := p.ParseColonType()
				if err != nil {
					return err
				}
				ft, ok := t.(*ir.FunctionType)
				if !ok {
					return ir.Errorf(loc, "invalid kind of type specified: expected builtin.function, but found '%s'", t)
				}
				st.Types = append(st.Types, ft.Results...)
				if len(ft.Inputs) != len(inits) {
					return ir.Errorf(loc, "expected as many input types as operands (expected %d got %d)", len(inits), len(ft.Inputs))
				}
				if len(inits) > 0 {
					vs, err := p.ResolveOperands(inits, ft.Inputs)
					if err != nil {
						return err
					}
					st.Operands = append(st.Operands, vs...)
				}
				for i := range args {
					args[i].Type = ft.Inputs[i]
				}
				before, after := st.AddRegion(), st.AddRegion()
				if err := p.ParseRegion(before, args); err != nil {
					return err
				}
				if err := p.ParseKeyword("do"); err != nil {
					return err
				}
				if err := p.ParseRegion(after, nil); err != nil {
					return err
				}
				return p.ParseOptionalAttrDictWithKeyword(st)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				before := op.Region(0).Front()
				var bargs []*ir.Value
				if before != nil {
					bargs = before.Arguments()
				}
				printInitializationList(p, bargs, op.Operands(), " ")
				p.Print(" : ")
				p.PrintType(ir.Function(op.OperandTypes(), op.ResultTypes()))
				p.Print(" ")
				p.PrintRegion(op.Region(0), false, true)
				p.Print(" do ")
				p.PrintRegion(op.Region(1), true, true)
				p.PrintOptionalAttrDictWithKeyword(op.Attrs())
			},
			Verify: func(op *ir.Operation) error {
				cond, err := verifyAndGetTerminator(op, op.Region(0), "scf.condition", "expects the 'before' region to terminate with 'scf.condition'")
				if err != nil {
					return err
				}
				yield, err := verifyAndGetTerminator(op, op.Region(1), "scf.yield", "expects the 'after' region to terminate with 'scf.yield'")
				if err != nil {
					return err
				}
				beforeArgs := argTypes(op.Region(0).Front().Arguments())
				afterArgs := argTypes(op.Region(1).Front().Arguments())
				if err := regions.VerifyEdge(op, "parent operands", "Region #0", op.Operands(), beforeArgs); err != nil {
					return err
				}
				passed := cond.Operands()[1:]
				if err := regions.VerifyEdge(op, "Region #0", "parent results", passed, op.ResultTypes()); err != nil {
					return err
				}
				if err := regions.VerifyEdge(op, "Region #0", "Region #1", passed, afterArgs); err != nil {
					return err
				}
				return regions.VerifyEdge(op, "Region #1", "Region #0", yield.Operands(), beforeArgs)
			},
		},
		{
			Name:    "scf.condition",
			Summary: "loop continuation condition",
			Doc: "Ends the before region of scf.while: forwards its values to the after region when the condition holds, " +
				"or makes them the loop's results.\n\n    scf.condition(%c) %x, %y : i32, f32",
			Traits:   ir.Terminator | ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("condition", ir.I1Constraint), ir.Var("args", nil)},
			Results:  ir.NoValues,
			Format:   "`(` $condition `)` attr-dict ($args^ `:` type($args))?",
			Verify:   func(op *ir.Operation) error { return opsyntax.VerifyParentIfAttached(op, "scf.while") },
		},
		{
			Name:    "scf.execute_region",
			Summary: "operation that executes its region exactly once",
			Doc: "Runs its (possibly multi-block) region once; scf.yield gives the results.\n\n" +
				"    %r = scf.execute_region -> i32 {\n      scf.yield %a : i32\n    }",
			Traits:   ir.RecursiveMemoryEffects,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Var("results", nil)},
			Regions:  []ir.RegionDef{{Name: "region"}},
			Custom:   customs,
			Format:   "`` custom<ArrowTypes>(type($results)) $region attr-dict",
			Verify: func(op *ir.Operation) error {
				if op.Region(0).Empty() {
					return op.Errorf("region needs to have at least one block")
				}
				if op.Region(0).Front().NumArguments() > 0 {
					return op.Errorf("region cannot have any arguments")
				}
				return regions.VerifyToParent(op, op.Region(0), isYield)
			},
			Canonicalize: []ir.Pattern{ir.PatternFunc{Root: "scf.execute_region", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
				// A single-block region runs straight through: inline it.
				r := op.Region(0)
				if len(r.Blocks()) != 1 {
					return false
				}
				t := r.Front().Last()
				if t == nil || t.Name() != "scf.yield" {
					return false
				}
				replaceOpWithRegion(rw, op, r, nil)
				return true
			}}},
		},
	}
}
