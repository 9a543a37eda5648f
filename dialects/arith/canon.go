package arith

import (
	"math/big"

	"github.com/goopt/goopt/ir"
)

// Canonicalization patterns, after MLIR's ArithCanonicalization.td.

// constIntOperand returns the scalar integer constant defining v, or nil.
func constIntOperand(v *ir.Value) *ir.IntegerAttr {
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return nil
	}
	ia, _ := d.Attr("value").(*ir.IntegerAttr)
	return ia
}

// intConstant creates an arith.constant of v (wrapped to t) before op.
func intConstant(rw *ir.Rewriter, op *ir.Operation, t ir.Type, v *big.Int) *ir.Value {
	return rw.CreateOp("arith.constant", op.Loc(), nil, []ir.Type{t},
		ir.NamedAttribute{Name: "value", Value: ir.BigIntAttr(t, v)}).Result(0)
}

// replaceWith creates name(operands) with op's result type and attrs, and replaces op.
func replaceWith(rw *ir.Rewriter, op *ir.Operation, name string, operands []*ir.Value, attrs ...ir.NamedAttribute) {
	n := rw.CreateOp(name, op.Loc(), operands, []ir.Type{op.Result(0).Type()}, attrs...)
	rw.ReplaceOp(op, n.Results())
}

func mergedOverflow(a, b *ir.Operation) ir.NamedAttribute {
	return ir.NamedAttribute{Name: OverflowAttrName, Value: Overflow(OverflowOf(a) & OverflowOf(b))}
}

// reassocConst matches root(inner(x, c0), c1) where inner is named innerName
// with a constant at position constPos (0: c0 is lhs, 1: c0 is rhs), and
// rewrites it through build, which gets x, c0 and c1.
func reassocConst(root, innerName string, constPos int, build func(rw *ir.Rewriter, op, inner *ir.Operation, x *ir.Value, c0, c1 *big.Int)) ir.Pattern {
	return ir.PatternFunc{Root: root, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return false
		}
		c1 := constIntOperand(op.Operand(1))
		inner := definingOp(op.Operand(0), innerName)
		if c1 == nil || inner == nil || inner.NumOperands() != 2 {
			return false
		}
		c0 := constIntOperand(inner.Operand(constPos))
		if c0 == nil {
			return false
		}
		rw.SetInsertionPointBefore(op)
		build(rw, op, inner, inner.Operand(1-constPos), c0.Big(), c1.Big())
		return true
	}}
}

var canonAddI = []ir.Pattern{
	// addi(addi(x, c0), c1) -> addi(x, c0 + c1)
	reassocInt("arith.addi", "arith.addi", 1, "arith.addi", false, sum),
	// addi(subi(x, c0), c1) -> addi(x, c1 - c0)
	reassocInt("arith.addi", "arith.subi", 1, "arith.addi", false, reverseDiff),
	// addi(subi(c0, x), c1) -> subi(c0 + c1, x)
	reassocInt("arith.addi", "arith.subi", 0, "arith.subi", true, sum),
}

var canonSubI = []ir.Pattern{
	// subi(addi(x, c0), c1) -> addi(x, c0 - c1)
	reassocInt("arith.subi", "arith.addi", 1, "arith.addi", false, diff),
	// subi(subi(x, c0), c1) -> subi(x, c0 + c1)
	reassocInt("arith.subi", "arith.subi", 1, "arith.subi", false, sum),
	// subi(subi(c0, x), c1) -> subi(c0 - c1, x)
	reassocInt("arith.subi", "arith.subi", 0, "arith.subi", true, diff),
}

var canonMulI = []ir.Pattern{
	// muli(muli(x, c0), c1) -> muli(x, c0 * c1)
	reassocInt("arith.muli", "arith.muli", 1, "arith.muli", false, product),
}

// Constant combiners for reassocInt, named after what they compute from c0 and c1.
func sum(c0, c1 *big.Int) *big.Int         { return new(big.Int).Add(c0, c1) }
func diff(c0, c1 *big.Int) *big.Int        { return new(big.Int).Sub(c0, c1) }
func reverseDiff(c0, c1 *big.Int) *big.Int { return new(big.Int).Sub(c1, c0) }
func product(c0, c1 *big.Int) *big.Int     { return new(big.Int).Mul(c0, c1) }

// reassocInt is the reassocConst rewrite every integer add/sub/mul rule uses:
// it replaces the root with result(x, c) — or result(c, x) when constFirst —
// where c = combine(c0, c1), keeping only the overflow flags both ops carry.
func reassocInt(root, innerName string, constPos int, result string, constFirst bool, combine func(c0, c1 *big.Int) *big.Int) ir.Pattern {
	return reassocConst(root, innerName, constPos, func(rw *ir.Rewriter, op, inner *ir.Operation, x *ir.Value, c0, c1 *big.Int) {
		c := intConstant(rw, op, op.Result(0).Type(), combine(c0, c1))
		operands := []*ir.Value{x, c}
		if constFirst {
			operands = []*ir.Value{c, x}
		}
		replaceWith(rw, op, result, operands, mergedOverflow(op, inner))
	})
}

var canonXOrI = []ir.Pattern{
	// xori(cmpi(pred, a, b), true) -> cmpi(!pred, a, b)
	ir.PatternFunc{Root: "arith.xori", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		c := constIntOperand(op.Operand(1))
		cmp := definingOp(op.Operand(0), "arith.cmpi")
		if c == nil || c.Type() != ir.Type(ir.I1) || c.Int() == 0 || cmp == nil {
			return false
		}
		pred, ok := predicateOf(cmp)
		if !ok || pred < 0 || pred >= int64(len(invertedCmpI)) {
			return false
		}
		rw.SetInsertionPointBefore(op)
		replaceWith(rw, op, "arith.cmpi", cmp.Operands(),
			ir.NamedAttribute{Name: PredicateAttr, Value: ir.IntAttr(ir.I64, invertedCmpI[pred])})
		return true
	}},
}

// castOfCast folds outer(inner(x)): to x when the types round-trip, else to outer(x)
// when only inner is dropped (index_cast(extsi(x)) -> index_cast(x)).
func castOfCast(outer, sameInner, extInner string) ir.Pattern {
	return ir.PatternFunc{Root: outer, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		in := op.Operand(0)
		if inner := definingOp(in, sameInner); inner != nil && inner.Operand(0).Type() == op.Result(0).Type() {
			rw.ReplaceOp(op, []*ir.Value{inner.Operand(0)})
			return true
		}
		if inner := definingOp(in, extInner); inner != nil {
			rw.SetInsertionPointBefore(op)
			replaceWith(rw, op, outer, []*ir.Value{inner.Operand(0)})
			return true
		}
		return false
	}}
}

var canonIndexCast = []ir.Pattern{castOfCast("arith.index_cast", "arith.index_cast", "arith.extsi")}

var canonIndexCastUI = []ir.Pattern{castOfCast("arith.index_castui", "arith.index_castui", "arith.extui")}

func canonSelect() []ir.Pattern {
	return []ir.Pattern{
		ir.PatternFunc{Root: "arith.select", Fn: selectToExtUI},
		ir.PatternFunc{Root: "arith.select", Fn: selectI1ToNot},
		ir.PatternFunc{Root: "arith.select", Fn: redundantSelect},
		ir.PatternFunc{Root: "arith.select", Fn: selectNotCondToSwap},
	}
}

// trueConst creates `arith.constant true` shaped like t.
func trueConst(rw *ir.Rewriter, op *ir.Operation, t ir.Type) *ir.Value {
	a := intConstOfType(t, 1)
	return rw.CreateOp("arith.constant", op.Loc(), nil, []ir.Type{t}, ir.NamedAttribute{Name: "value", Value: a}).Result(0)
}

// selectToExtUI: select(pred, 1, 0) -> extui(pred); select(pred, 0, 1) -> extui(xori(pred, true)),
// for scalar integers wider than i1.
func selectToExtUI(op *ir.Operation, rw *ir.Rewriter) bool {
	it, ok := op.Result(0).Type().(*ir.IntegerType)
	if !ok || it.Width == 1 || op.Operand(0).Type() != ir.Type(ir.I1) {
		return false
	}
	tv, fv := constIntOperand(op.Operand(1)), constIntOperand(op.Operand(2))
	if tv == nil || fv == nil {
		return false
	}
	rw.SetInsertionPointBefore(op)
	switch {
	case tv.Int() == 1 && fv.Int() == 0:
		replaceWith(rw, op, "arith.extui", []*ir.Value{op.Operand(0)})
	case tv.Int() == 0 && fv.Int() == 1:
		not := rw.CreateOp("arith.xori", op.Loc(), []*ir.Value{op.Operand(0), trueConst(rw, op, ir.I1)}, []ir.Type{ir.I1})
		replaceWith(rw, op, "arith.extui", []*ir.Value{not.Result(0)})
	default:
		return false
	}
	return true
}

// selectI1ToNot: select(pred, false, true) -> xori(pred, true) on i1.
func selectI1ToNot(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.Result(0).Type() != ir.Type(ir.I1) || op.Operand(0).Type() != ir.Type(ir.I1) {
		return false
	}
	tv, fv := constIntOperand(op.Operand(1)), constIntOperand(op.Operand(2))
	if tv == nil || fv == nil || tv.Int() != 0 || fv.Int() != 1 {
		return false
	}
	rw.SetInsertionPointBefore(op)
	replaceWith(rw, op, "arith.xori", []*ir.Value{op.Operand(0), trueConst(rw, op, ir.I1)})
	return true
}

// redundantSelect: select(p, select(p, a, b), c) -> select(p, a, c) and
// select(p, a, select(p, b, c)) -> select(p, a, c).
func redundantSelect(op *ir.Operation, rw *ir.Rewriter) bool {
	p := op.Operand(0)
	if in := definingOp(op.Operand(1), "arith.select"); in != nil && in.Operand(0) == p {
		rw.ModifyInPlace(op, func() { op.SetOperand(1, in.Operand(1)) })
		return true
	}
	if in := definingOp(op.Operand(2), "arith.select"); in != nil && in.Operand(0) == p {
		rw.ModifyInPlace(op, func() { op.SetOperand(2, in.Operand(2)) })
		return true
	}
	return false
}

// selectNotCondToSwap: select(xori(p, true), a, b) -> select(p, b, a).
func selectNotCondToSwap(op *ir.Operation, rw *ir.Rewriter) bool {
	x := definingOp(op.Operand(0), "arith.xori")
	if x == nil {
		return false
	}
	if !isAllOnesValue(x.Operand(1)) {
		return false
	}
	a, b := op.Operand(1), op.Operand(2)
	rw.ModifyInPlace(op, func() {
		op.SetOperand(0, x.Operand(0))
		op.SetOperand(1, b)
		op.SetOperand(2, a)
	})
	return true
}

func isAllOnesValue(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.HasTrait(ir.ConstantLike) && isAllOnes(d.Attr("value"))
}
