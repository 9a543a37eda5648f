package scf

import (
	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// forOps is this file's part of the dialect's op table.
func forOps() opTable {
	return opTable{
		{
			Name:    "scf.for",
			Summary: "for operation",
			Doc: "A counted loop from a lower bound (inclusive) to an upper bound (exclusive) by a positive step, " +
				"optionally carrying values through iter_args. Bounds are index by default, or a signless integer type.\n\n" +
				"    %sum = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %init) -> (f32) {\n" +
				"      %x = arith.addf %acc, %v : f32\n      scf.yield %x : f32\n    }\n" +
				"    scf.for %i = %a to %b step %s : i32 {\n    }",
			Traits: ir.SingleBlock | ir.RecursiveMemoryEffects | ir.LoopLike | ir.AutomaticAllocationScope,
			Operands: []ir.ValueDef{
				ir.Operand("lowerBound", ir.AnySignlessIntOrIndex),
				ir.Operand("upperBound", ir.AnySignlessIntOrIndex),
				ir.Operand("step", ir.AnySignlessIntOrIndex),
				ir.Var("initArgs", nil),
			},
			Results: []ir.ValueDef{ir.Var("results", nil)},
			Regions: []ir.RegionDef{{Name: "region"}},
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				iv, err := p.ParseArgument(false)
				if err != nil {
					return err
				}
				var lbUbStep [3]ir.UnresolvedOperand
				for i, tok := range []string{"=", "to", "step"} {
					if lbUbStep[i], err = opsyntax.ParseOperandAfter(p, tok); err != nil {
						return err
					}
				}
				var iterArgs []ir.Argument
				var inits []ir.UnresolvedOperand
				if p.ParseOptionalKeyword("iter_args") {
					if iterArgs, inits, err = opsyntax.ParseAssignmentList(p); err != nil {
						return err
					}
					ts, err := p.ParseArrowTypeList()
					if err != nil {
						return err
					}
					st.Types = append(st.Types, ts...)
				}
				if len(iterArgs) != len(st.Types) {
					return p.Errorf("mismatch in number of loop-carried values and defined values")
				}
				var ivType ir.Type = ir.Index
				if p.ParseOptional(":") {
					if ivType, err = p.ParseType(); err != nil {
						return err
					}
				}
				iv.Type = ivType
				for i := range iterArgs {
					iterArgs[i].Type = st.Types[i]
				}
				bounds, err := p.ResolveOperands(lbUbStep[:], []ir.Type{ivType})
				if err != nil {
					return err
				}
				st.Operands = append(st.Operands, bounds...)
				if len(inits) > 0 {
					vs, err := p.ResolveOperands(inits, st.Types)
					if err != nil {
						return err
					}
					st.Operands = append(st.Operands, vs...)
				}
				body := st.AddRegion()
				if err := p.ParseRegion(body, append([]ir.Argument{iv}, iterArgs...)); err != nil {
					return err
				}
				regions.EnsureTerminator(p.Context(), body, "scf.yield", st.Loc, append([]ir.Type{ivType}, st.Types...)...)
				return p.ParseOptionalAttrDict(st)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				body := op.Region(0).Front()
				p.Print(" ")
				p.PrintOperand(body.Argument(0))
				p.Print(" = ")
				p.PrintOperand(op.Operand(0))
				p.Print(" to ")
				p.PrintOperand(op.Operand(1))
				p.Print(" step ")
				p.PrintOperand(op.Operand(2))
				inits := op.Operands()[3:]
				printInitializationList(p, body.Arguments()[1:], inits, " iter_args")
				if len(inits) > 0 {
					p.Print(" -> (")
					p.PrintTypes(argTypes(inits))
					p.Print(")")
				}
				p.Print(" ")
				if t := body.Argument(0).Type(); t != ir.Index {
					p.Print(" : ")
					p.PrintType(t)
					p.Print(" ")
				}
				p.PrintRegion(op.Region(0), false, len(inits) > 0)
				p.PrintOptionalAttrDict(op.Attrs())
			},
			Verify: verifyFor,
			Canonicalize: []ir.Pattern{
				ir.PatternFunc{Root: "scf.for", Fn: simplifyTrivialLoops},
				ir.PatternFunc{Root: "scf.for", Fn: foldForIterArgs},
			},
		},
	}
}

// verifyFor is LoopLikeOpInterface's verifier followed by scf.for's own.
func verifyFor(op *ir.Operation) error {
	if op.Region(0).Front() == nil {
		return op.Errorf("requires one region with a block")
	}
	body := op.Region(0).Front()
	inits := op.Operands()[3:]
	if body.NumArguments() < 1 {
		return op.Errorf("expected body to have a single block argument for the induction variable")
	}
	iterArgs := body.Arguments()[1:]
	if len(inits) != len(iterArgs) {
		return op.Errorf("different number of inits and region iter_args: %d != %d", len(inits), len(iterArgs))
	}
	yield := body.Last()
	var yielded []*ir.Value
	if yield != nil && yield.Name() == "scf.yield" {
		yielded = yield.Operands()
	}
	if len(yielded) > 0 && len(iterArgs) != len(yielded) {
		return op.Errorf("different number of region iter_args and yielded values: %d != %d", len(iterArgs), len(yielded))
	}
	if op.NumResults() != len(iterArgs) {
		return op.Errorf("different number of loop results and region iter_args: %d != %d", op.NumResults(), len(iterArgs))
	}
	for i, v := range inits {
		if v.Type() != iterArgs[i].Type() {
			return op.Errorf("%d-th init and %d-th region iter_arg have different type: %s != %s", i, i, quoted(v.Type()), quoted(iterArgs[i].Type()))
		}
	}
	for i, v := range yielded {
		if iterArgs[i].Type() != v.Type() {
			return op.Errorf("%d-th region iter_arg and %d-th yielded value have different type: %s != %s", i, i, quoted(iterArgs[i].Type()), quoted(v.Type()))
		}
	}
	for i, r := range op.Results() {
		if iterArgs[i].Type() != r.Type() {
			return op.Errorf("%d-th region iter_arg and %d-th loop result have different type: %s != %s", i, i, quoted(iterArgs[i].Type()), quoted(r.Type()))
		}
	}
	lbT := op.Operand(0).Type()
	if op.Operand(1).Type() != lbT || op.Operand(2).Type() != lbT {
		return op.Errorf("failed to verify that all of {lowerBound, upperBound, step} have same type")
	}
	if body.Argument(0).Type() != lbT {
		return op.Errorf("expected induction variable to be same type as bounds and step")
	}
	return nil
}

// forBody returns the loop's block, induction variable, iter_args, inits and yield.
func forParts(op *ir.Operation) (body *ir.Block, iterArgs, inits []*ir.Value, yield *ir.Operation) {
	body = op.Region(0).Front()
	return body, body.Arguments()[1:], op.Operands()[3:], body.Last()
}

// constantDiff returns ub - lb when both are constants, or when ub is
// `arith.addi lb, c` (MLIR's computeConstDiff).
func constantDiff(lb, ub *ir.Value) (int64, bool) {
	if l, ok := constantInt(lb); ok {
		if u, ok := constantInt(ub); ok {
			return u - l, true
		}
	}
	if d := ub.DefiningOp(); d != nil && d.Name() == "arith.addi" && d.NumOperands() == 2 && d.Operand(0) == lb {
		return constantInt(d.Operand(1))
	}
	return 0, false
}

// simplifyTrivialLoops removes loops that run zero times, inlines loops that
// run once, and replaces empty multi-iteration loops by the values they
// yield from outside (MLIR's SimplifyTrivialLoops).
func simplifyTrivialLoops(op *ir.Operation, rw *ir.Rewriter) bool {
	body, _, inits, yield := forParts(op)
	if op.Operand(0) == op.Operand(1) {
		rw.ReplaceOp(op, inits)
		return true
	}
	diff, ok := constantDiff(op.Operand(0), op.Operand(1))
	if !ok {
		return false
	}
	if diff <= 0 {
		rw.ReplaceOp(op, inits)
		return true
	}
	step, ok := constantInt(op.Operand(2))
	if !ok {
		return false
	}
	if step >= diff {
		args := append([]*ir.Value{op.Operand(0)}, inits...)
		replaceOpWithRegion(rw, op, op.Region(0), args)
		return true
	}
	if body.Len() != 1 || yield == nil {
		return false
	}
	for _, v := range yield.Operands() {
		if op.Region(0).IsAncestor(v.ParentRegion()) {
			return false
		}
	}
	rw.ReplaceOp(op, yield.Operands())
	return true
}

// foldForIterArgs drops iter_args that are yielded unchanged, whose init is
// yielded, or that are unused along with their result (MLIR's ForOpIterArgsFolder).
func foldForIterArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	body, iterArgs, inits, yield := forParts(op)
	if yield == nil || yield.NumOperands() != len(iterArgs) {
		return false
	}
	yielded := yield.Operands()
	var keep []int
	for i, a := range iterArgs {
		forwarded := yielded[i] == a || yielded[i] == inits[i]
		dead := !a.HasUses() && !op.Result(i).HasUses()
		if forwarded || dead {
			continue
		}
		keep = append(keep, i)
	}
	if len(keep) == len(iterArgs) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	var newInits []*ir.Value
	var types []ir.Type
	for _, i := range keep {
		newInits = append(newInits, inits[i])
		types = append(types, op.Result(i).Type())
	}
	st := &ir.OperationState{
		Name:     "scf.for",
		Loc:      op.Loc(),
		Operands: append([]*ir.Value{op.Operand(0), op.Operand(1), op.Operand(2)}, newInits...),
		Types:    types,
	}
	for _, a := range op.DiscardableAttrs() {
		st.AddAttr(a.Name, a.Value)
	}
	nb := ir.NewBlock(body.Argument(0).Type())
	for _, t := range types {
		nb.AddArgument(t, ir.Unknown)
	}
	st.AddRegion().AppendBlock(nb)
	nf := rw.Create(st)
	// Old block arguments map to the new ones or, when dropped, to their init.
	args := []*ir.Value{nb.Argument(0)}
	k := 0
	for i := range iterArgs {
		if k < len(keep) && keep[k] == i {
			args = append(args, nb.Argument(1+k))
			k++
		} else {
			args = append(args, inits[i])
		}
	}
	rw.MergeBlockAtEnd(body, nb, args)
	newYield := nb.Last()
	var ys []*ir.Value
	for _, i := range keep {
		ys = append(ys, newYield.Operand(i))
	}
	rw.ModifyInPlace(newYield, func() { newYield.SetOperands(ys) })
	repl := make([]*ir.Value, op.NumResults())
	k = 0
	for i := range repl {
		if k < len(keep) && keep[k] == i {
			repl[i] = nf.Result(k)
			k++
		} else if yielded[i] == iterArgs[i] || yielded[i] == inits[i] {
			repl[i] = inits[i]
		} else {
			repl[i] = inits[i] // dead: result unused
		}
	}
	rw.ReplaceOp(op, repl)
	return true
}

func yieldOp() *ir.OpDef {
	return opsyntax.ReturnLikeOp("scf.yield", "results", "loop yield and termination operation",
		"Terminates the regions of scf ops, passing values to the parent or the next iteration.\n\n    scf.yield %a, %b : i32, f32",
		func(op *ir.Operation) error {
			p := op.ParentOp()
			if p == nil {
				return nil
			}
			switch p.Name() {
			case "scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while":
				return nil
			}
			return op.Errorf("expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'")
		})
}
