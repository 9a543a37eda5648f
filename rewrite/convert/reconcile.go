package convert

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// ReconcileUnrealizedCasts removes the builtin.unrealized_conversion_cast
// ops nested in root that cancel out, as upstream's
// reconcileUnrealizedCasts: a dead cast is erased, and a cast whose chain
// of input casts reaches values of its own result types is replaced by
// those values (A -> B -> A folds to the original A). Casts are visited
// from the last to the first so that chains are folded from their ends.
// A cast that is still used afterwards is kept, as MLIR 19 keeps it;
// CheckNoUnrealizedCasts reports such casts.
func ReconcileUnrealizedCasts(root *ir.Operation) error {
	var worklist []*ir.Operation
	queued := map[*ir.Operation]bool{}
	push := func(op *ir.Operation) {
		if !queued[op] {
			queued[op] = true
			worklist = append(worklist, op)
		}
	}
	ir.Walk(root, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Is(CastName) {
			push(o)
		}
		return ir.Advance
	})
	enqueueInputs := func(op *ir.Operation) {
		for _, v := range op.Operands() {
			if d := v.DefiningOp(); d != nil && d.Is(CastName) {
				push(d)
			}
		}
	}
	for len(worklist) > 0 {
		op := worklist[len(worklist)-1]
		worklist = worklist[:len(worklist)-1]
		delete(queued, op)
		if op.UseEmpty() {
			enqueueInputs(op)
			op.Erase()
			continue
		}
		for next := op; next != nil; next = inputCast(next) {
			if slices.Equal(next.OperandTypes(), op.ResultTypes()) {
				enqueueInputs(op)
				op.ReplaceAllUsesWith(next.Operands())
				op.Erase()
				break
			}
		}
	}
	return nil
}

// CheckNoUnrealizedCasts reports every unrealized_conversion_cast left under
// root: a pipeline that must end in one dialect (the LLVM dialect before
// translation) calls it after ReconcileUnrealizedCasts, which, as upstream's
// pass, keeps the casts it cannot fold.
func CheckNoUnrealizedCasts(root *ir.Operation) error {
	var errs ir.DiagList
	ir.Walk(root, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Is(CastName) {
			errs = append(errs, o.Errorf("failed to legalize operation '%s' that was explicitly marked illegal", CastName).
				AttachNote(o.Loc(), "unresolved conversion from (%s) to (%s)", typeList(o.OperandTypes()), typeList(o.ResultTypes())))
		}
		return ir.Advance
	})
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// inputCast returns the cast defining all of op's inputs, in order, or nil.
func inputCast(op *ir.Operation) *ir.Operation {
	if op.NumOperands() == 0 {
		return nil
	}
	d := op.Operand(0).DefiningOp()
	if d == nil || !d.Is(CastName) || !slices.Equal(d.Results(), op.Operands()) {
		return nil
	}
	return d
}

func typeList(ts []ir.Type) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += "'" + t.String() + "'"
	}
	return s
}
