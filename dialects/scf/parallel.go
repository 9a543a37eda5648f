package scf

import (
	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// parallelOps is this file's part of the dialect's op table.
func parallelOps() opTable {
	return opTable{
		{
			Name:    "scf.parallel",
			Summary: "parallel for operation",
			Doc: "A multi-dimensional loop whose iterations may run in parallel; values are combined by the scf.reduce terminator.\n\n" +
				"    %s = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%zero) -> f32 {\n" +
				"      %v = memref.load %A[%i, %j] : memref<?x?xf32>\n      scf.reduce(%v : f32) {\n" +
				"      ^bb0(%a: f32, %b: f32):\n        %r = arith.addf %a, %b : f32\n        scf.reduce.return %r : f32\n      }\n    }",
			Traits:   ir.AutomaticAllocationScope | ir.RecursiveMemoryEffects | ir.SingleBlock | ir.LoopLike | ir.HasParallelRegion,
			Operands: []ir.ValueDef{ir.Var("lowerBound", ir.IndexConstraint), ir.Var("upperBound", ir.IndexConstraint), ir.Var("step", ir.IndexConstraint), ir.Var("initVals", nil)},
			Results:  []ir.ValueDef{ir.Var("results", nil)},
			Regions:  []ir.RegionDef{{Name: "region"}},
			Parse:    parseParallel,
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" (")
				p.PrintOperands(op.Region(0).Front().Arguments())
				for i, kw := range []string{") = (", ") to (", ") step ("} {
					p.Print(kw)
					p.PrintOperands(op.OperandGroup(i))
				}
				p.Print(")")
				if inits := op.OperandGroup(3); len(inits) > 0 {
					p.Print(" init (")
					p.PrintOperands(inits)
					p.Print(")")
				}
				p.PrintArrowTypeList(op.ResultTypes())
				p.Print(" ")
				p.PrintRegion(op.Region(0), false, true)
				p.PrintOptionalAttrDict(op.Attrs(), ir.SegmentSizesAttr)
			},
			Verify: verifyParallel,
		},
		{
			Name:    "scf.reduce",
			Summary: "reduce operation for scf.parallel",
			Doc: "Terminates scf.parallel: each operand is combined into the matching loop result by its reduction region.\n\n" +
				"    scf.reduce(%v : f32) {\n    ^bb0(%a: f32, %b: f32):\n      %r = arith.addf %a, %b : f32\n      scf.reduce.return %r : f32\n    }",
			Traits:   ir.Terminator | ir.RecursiveMemoryEffects,
			Operands: []ir.ValueDef{ir.Var("operands", nil)},
			Results:  ir.NoValues,
			Regions:  []ir.RegionDef{{Name: "reductions", Arity: ir.Variadic}},
			Format:   "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict",
			Verify: func(op *ir.Operation) error {
				if err := opsyntax.VerifyParentIfAttached(op, "scf.parallel"); err != nil {
					return err
				}
				if op.NumRegions() != op.NumOperands() {
					return op.Errorf("expects %d reduction regions, but has %d", op.NumOperands(), op.NumRegions())
				}
				for i, r := range op.Regions() {
					t := op.Operand(i).Type()
					b := r.Front()
					if b == nil || b.Empty() {
						return op.Errorf("%d-th reduction has an empty body", i)
					}
					if b.NumArguments() != 2 || b.Argument(0).Type() != t || b.Argument(1).Type() != t {
						return op.Errorf("expected two block arguments with type %s in the %d-th reduction region", quoted(t), i)
					}
					if b.Last().Name() != "scf.reduce.return" {
						return op.Errorf("reduction bodies must be terminated with an 'scf.reduce.return' op")
					}
				}
				return nil
			},
		},
		{
			Name:     "scf.reduce.return",
			Summary:  "terminator for reduce operation",
			Doc:      "Returns the combined value from a reduction region of scf.reduce.\n\n    scf.reduce.return %r : f32",
			Traits:   ir.Terminator | ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("result", nil)},
			Results:  ir.NoValues,
			Format:   "$result attr-dict `:` type($result)",
			Verify: func(op *ir.Operation) error {
				b := op.Block()
				if b == nil || b.ParentOp() == nil {
					return nil
				}
				if b.ParentOp().Name() != "scf.reduce" {
					return op.Errorf("expects parent op 'scf.reduce'")
				}
				if b.NumArguments() == 0 {
					return nil // scf.reduce reports the malformed region
				}
				if want := b.Argument(0).Type(); want != op.Operand(0).Type() {
					return op.Errorf("must have type %s (the type of the reduction inputs)", quoted(want))
				}
				return nil
			},
		},
	}
}

func parseParallel(p ir.OpParser, st *ir.OperationState) error {
	ivs, err := p.ParseArgumentList(ir.DelimParen, false)
	if err != nil {
		return err
	}
	groups := make([][]*ir.Value, 4)
	for i, kw := range []string{"=", "to", "step"} {
		if i == 0 {
			err = p.Parse(kw)
		} else {
			err = p.ParseKeyword(kw)
		}
		if err != nil {
			return err
		}
		loc := p.Loc()
		us, err := p.ParseOperandList(ir.DelimParen)
		if err != nil {
			return err
		}
		if len(us) != len(ivs) {
			return ir.Errorf(loc, "expected %d operands", len(ivs))
		}
		if groups[i], err = p.ResolveOperands(us, []ir.Type{ir.Index}); err != nil && len(us) > 0 {
			return err
		}
	}
	var inits []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("init") {
		if inits, err = p.ParseOperandList(ir.DelimParen); err != nil {
			return err
		}
	}
	ts, err := p.ParseOptionalArrowTypeList()
	if err != nil {
		return err
	}
	st.Types = append(st.Types, ts...)
	ivTypes := make([]ir.Type, len(ivs))
	for i := range ivs {
		ivs[i].Type, ivTypes[i] = ir.Index, ir.Index
	}
	body := st.AddRegion()
	if err := p.ParseRegion(body, ivs); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if len(inits) != len(ts) {
		return p.Errorf("%d operands present, but expected %d", len(inits), len(ts))
	}
	if len(inits) > 0 {
		if groups[3], err = p.ResolveOperands(inits, ts); err != nil {
			return err
		}
	}
	st.SetOperandGroups(p.Context().OpDef("scf.parallel"), groups...)
	regions.EnsureTerminator(p.Context(), body, "scf.reduce", st.Loc, ivTypes...)
	return nil
}

func verifyParallel(op *ir.Operation) error {
	lbs, ubs, steps := op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
	if len(lbs) != len(steps) || len(ubs) != len(steps) {
		return op.Errorf("expects the same number of lower bounds, upper bounds and steps")
	}
	if len(steps) == 0 {
		return op.Errorf("needs at least one tuple element for lowerBound, upperBound and step")
	}
	for _, s := range steps {
		if c, ok := constantInt(s); ok && c <= 0 {
			return op.Errorf("constant step operand must be positive")
		}
	}
	body := op.Region(0).Front()
	if body == nil {
		return op.Errorf("requires a body block")
	}
	if body.NumArguments() != len(steps) {
		return op.Errorf("expects the same number of induction variables: %d as bound and step values: %d", body.NumArguments(), len(steps))
	}
	for _, a := range body.Arguments() {
		if a.Type() != ir.Index {
			return op.Errorf("expects arguments for the induction variable to be of index type")
		}
	}
	reduce, err := verifyAndGetTerminator(op, op.Region(0), "scf.reduce", "expects body to terminate with 'scf.reduce'")
	if err != nil {
		return err
	}
	nres, nred, ninit := op.NumResults(), reduce.NumOperands(), len(op.OperandGroup(3))
	if nres != nred {
		return op.Errorf("expects number of results: %d to be the same as number of reductions: %d", nres, nred)
	}
	if nres != ninit {
		return op.Errorf("expects number of results: %d to be the same as number of initial values: %d", nres, ninit)
	}
	for i := 0; i < nred; i++ {
		rt, ot := op.Result(i).Type(), reduce.Operand(i).Type()
		if rt != ot {
			return reduce.Errorf("expects type of %d-th reduction operand: %s to be the same as the %d-th result type: %s", i, quoted(ot), i, quoted(rt))
		}
	}
	return nil
}
