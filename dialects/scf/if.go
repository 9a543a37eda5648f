package scf

import (
	"github.com/goopt/goopt/dialects/internal/regions"
	"github.com/goopt/goopt/ir"
)

// ifOps is this file's part of the dialect's op table.
func ifOps() opTable {
	return opTable{
		{
			Name:    "scf.if",
			Summary: "if-then-else operation",
			Doc: "Runs the then region when the i1 condition holds and the else region otherwise; " +
				"with results, both regions must yield them.\n\n" +
				"    %r = scf.if %c -> (i32) {\n      scf.yield %a : i32\n    } else {\n      scf.yield %b : i32\n    }",
			Traits:             ir.SingleBlock | ir.RecursiveMemoryEffects,
			Operands:           []ir.ValueDef{ir.Operand("condition", ir.I1Constraint)},
			Results:            []ir.ValueDef{ir.Var("results", nil)},
			Regions:            []ir.RegionDef{{Name: "thenRegion"}, {Name: "elseRegion"}},
			ImplicitTerminator: "scf.yield",
			Custom:             customs,
			Format:             "$condition `` custom<ParenArrowTypes>(type($results)) $thenRegion (`else` $elseRegion^)? attr-dict",
			Verify: func(op *ir.Operation) error {
				if op.NumResults() != 0 && op.Region(1).Empty() {
					return op.Errorf("must have an else block if defining values")
				}
				for _, r := range op.Regions() {
					if err := regions.VerifyToParent(op, r, isYield); err != nil {
						return err
					}
				}
				return nil
			},
			Canonicalize: []ir.Pattern{
				ir.PatternFunc{Root: "scf.if", Fn: removeStaticCondition},
				ir.PatternFunc{Root: "scf.if", Fn: removeUnusedIfResults},
				ir.PatternFunc{Root: "scf.if", Fn: removeEmptyElse},
			},
		},
	}
}

// removeStaticCondition inlines the region selected by a constant condition.
func removeStaticCondition(op *ir.Operation, rw *ir.Rewriter) bool {
	c, ok := constantInt(op.Operand(0))
	if !ok {
		return false
	}
	switch {
	case c != 0:
		replaceOpWithRegion(rw, op, op.Region(0), nil)
	case !op.Region(1).Empty():
		replaceOpWithRegion(rw, op, op.Region(1), nil)
	default:
		rw.EraseOp(op)
	}
	return true
}

// removeUnusedIfResults rebuilds an scf.if without its unused results.
func removeUnusedIfResults(op *ir.Operation, rw *ir.Rewriter) bool {
	var used []int
	for i, r := range op.Results() {
		if r.HasUses() {
			used = append(used, i)
		}
	}
	if len(used) == op.NumResults() {
		return false
	}
	var types []ir.Type
	for _, i := range used {
		types = append(types, op.Result(i).Type())
	}
	rw.SetInsertionPointBefore(op)
	st := &ir.OperationState{Name: "scf.if", Loc: op.Loc(), Operands: op.Operands(), Types: types}
	for _, a := range op.DiscardableAttrs() {
		st.AddAttr(a.Name, a.Value)
	}
	then, els := st.AddRegion(), st.AddRegion()
	then.TakeBody(op.Region(0))
	els.TakeBody(op.Region(1))
	nif := rw.Create(st)
	for _, r := range nif.Regions() {
		for _, b := range r.Blocks() {
			y := b.Last()
			if y == nil || y.Name() != "scf.yield" || y.NumOperands() != op.NumResults() {
				continue
			}
			var keep []*ir.Value
			for _, i := range used {
				keep = append(keep, y.Operand(i))
			}
			rw.ModifyInPlace(y, func() { y.SetOperands(keep) })
		}
	}
	for k, i := range used {
		rw.ReplaceAllUsesWith(op.Result(i), nif.Result(k))
	}
	rw.EraseOp(op)
	return true
}

// removeEmptyElse drops an else region that only holds an empty scf.yield.
func removeEmptyElse(op *ir.Operation, rw *ir.Rewriter) bool {
	els := op.Region(1)
	if op.NumResults() != 0 || els.Empty() {
		return false
	}
	b := els.Front()
	if len(els.Blocks()) != 1 || b.Len() != 1 || b.Last().Name() != "scf.yield" || b.Last().NumOperands() != 0 {
		return false
	}
	rw.ModifyInPlace(op, func() { b.Erase() })
	return true
}
