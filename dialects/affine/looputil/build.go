package looputil

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// BuildFor creates an affine.for at b's insertion point with the given
// bounds, step and iter_args inits. Its body holds the induction variable,
// one argument per init, and a terminator yielding the iter_args unchanged
// (an empty affine.yield when there are none).
func BuildFor(b *ir.Builder, loc ir.Location, lbMap *aff.Map, lbOps []*ir.Value, ubMap *aff.Map, ubOps []*ir.Value, step int64, inits []*ir.Value) affine.ForOp {
	st := &ir.OperationState{Name: affine.ForName, Loc: loc}
	st.Operands = append(append(append(st.Operands, lbOps...), ubOps...), inits...)
	st.AddAttr("lowerBoundMap", ir.AffineMapOf(lbMap))
	st.AddAttr("upperBoundMap", ir.AffineMapOf(ubMap))
	st.AddAttr("step", ir.IndexAttr(step))
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(int32(len(lbOps)), int32(len(ubOps)), int32(len(inits))))
	body := st.AddRegion()
	argTypes := []ir.Type{ir.Index}
	for _, v := range inits {
		argTypes = append(argTypes, v.Type())
		st.Types = append(st.Types, v.Type())
	}
	blk := ir.NewBlock()
	for _, t := range argTypes {
		blk.AddArgument(t, loc)
	}
	body.AppendBlock(blk)
	blk.Append(b.Ctx.NewOperation(&ir.OperationState{Name: affine.YieldName, Loc: loc, Operands: blk.Arguments()[1:]}))
	return affine.ForOp{Operation: b.Create(st)}
}

// buildApply creates `affine.apply map(operands)`.
func buildApply(b *ir.Builder, loc ir.Location, m *aff.Map, operands []*ir.Value) *ir.Value {
	return b.CreateOp(affine.ApplyName, loc, operands, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)}).Result(0)
}

// buildMinOrApply creates an affine.apply (one result) or the named affine.min/max.
func buildMinOrApply(b *ir.Builder, loc ir.Location, name string, m *aff.Map, operands []*ir.Value) *ir.Value {
	if len(m.Results) == 1 {
		return buildApply(b, loc, m, operands)
	}
	return b.CreateOp(name, loc, operands, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)}).Result(0)
}

// buildConstantIndex creates `arith.constant c : index`.
func buildConstantIndex(b *ir.Builder, loc ir.Location, c int64) *ir.Value {
	return b.CreateOp("arith.constant", loc, nil, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(c)}).Result(0)
}

// shiftMap returns (d0) -> (d0 + shift) (MLIR's getSingleDimShiftAffineMap).
func shiftMap(shift int64) *aff.Map {
	return aff.NewMap(1, 0, []aff.Expr{aff.AddConst(aff.Dim(0), shift)})
}

// dimIdentityMap returns (d0) -> (d0).
func dimIdentityMap() *aff.Map { return aff.NewMap(1, 0, []aff.Expr{aff.Dim(0)}) }

// moveBodyBefore moves the ops of src (its terminator excluded) before pos.
func moveBodyBefore(src *ir.Block, pos *ir.Operation) {
	for _, op := range src.Ops() {
		if op == src.Last() && op.HasTrait(ir.Terminator) {
			break
		}
		op.MoveBefore(pos)
	}
}

// functionLike reports whether op is a function (func.func, gpu.func, llvm.func).
func functionLike(op *ir.Operation) bool {
	switch op.Name() {
	case "func.func", "gpu.func", "llvm.func":
		return true
	}
	return false
}

// enclosingFunction returns the closest enclosing function-like op, or nil.
func enclosingFunction(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if functionLike(p) {
			return p
		}
	}
	return nil
}

// replaceAllUsesInRegionWith replaces the uses of from nested in r.
func replaceAllUsesInRegionWith(from, to *ir.Value, r *ir.Region) {
	from.ReplaceUsesWithIf(to, func(u *ir.OpOperand) bool {
		return r.IsAncestor(u.Owner().ParentRegion())
	})
}

// replaceAllUsesExcept replaces the uses of from, except by op, with to.
func replaceAllUsesExcept(from, to *ir.Value, op *ir.Operation) {
	from.ReplaceUsesWithIf(to, func(u *ir.OpOperand) bool { return u.Owner() != op })
}

// replaceUsesOfWith replaces from by to among op's own operands.
func replaceUsesOfWith(op *ir.Operation, from, to *ir.Value) {
	for i := 0; i < op.NumOperands(); i++ {
		if op.Operand(i) == from {
			op.SetOperand(i, to)
		}
	}
}
