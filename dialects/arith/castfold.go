package arith

import (
	"math"
	"math/big"

	"github.com/goopt/goopt/ir"
)

// foldCast constant-folds a cast elementwise with f, which maps one source
// element to one result element (nil: not foldable).
func foldCast(op *ir.Operation, c []ir.Attribute, f func(x ir.Attribute, dst ir.Type) ir.Attribute) ir.Attribute {
	resT := op.Result(0).Type()
	dst := ir.ElementTypeOrSelf(resT)
	return mapElements(resT, c, func(xs []ir.Attribute) ir.Attribute { return f(xs[0], dst) })
}

// intCast maps integer constants through conv(value, srcWidth) into dst.
func intCast(conv func(v *big.Int, w int) *big.Int) func(x ir.Attribute, dst ir.Type) ir.Attribute {
	return func(x ir.Attribute, dst ir.Type) ir.Attribute {
		ia, ok := x.(*ir.IntegerAttr)
		if !ok {
			return nil
		}
		return ir.BigIntAttr(dst, conv(ia.Big(), ir.BitWidth(ia.Type())))
	}
}

// sameOpChain folds ext(ext(x)) into ext(x) in place.
func sameOpChain(op *ir.Operation) (ir.FoldResult, bool) {
	if inner := definingOp(op.Operand(0), op.Name()); inner != nil {
		op.SetOperand(0, inner.Operand(0))
		return value(op.Result(0))
	}
	return noFold, false
}

func foldExtSI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if r, ok := sameOpChain(op); ok {
		return r, ok
	}
	return constant(foldCast(op, c, intCast(signed)))
}

func foldExtUI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if r, ok := sameOpChain(op); ok {
		return r, ok
	}
	return constant(foldCast(op, c, intCast(unsigned)))
}

// foldTruncOfExt folds a truncation op of the extension ext: trunc(ext(a))
// is trunc(a) when a is still wider than the result, and a itself when it
// has the result's type.
func foldTruncOfExt(op, ext *ir.Operation) (ir.FoldResult, bool) {
	src := ext.Operand(0)
	sw := ir.BitWidth(ir.ElementTypeOrSelf(src.Type()))
	dw := ir.BitWidth(ir.ElementTypeOrSelf(op.Result(0).Type()))
	if sw > dw {
		op.SetOperand(0, src)
		return value(op.Result(0))
	}
	if src.Type() == op.Result(0).Type() {
		return value(src)
	}
	return noFold, false
}

func foldTruncI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	in := op.Operand(0)
	if ext := in.DefiningOp(); ext != nil && (ext.Is("arith.extsi") || ext.Is("arith.extui")) {
		if r, ok := foldTruncOfExt(op, ext); ok {
			return r, ok
		}
	}
	if inner := definingOp(in, "arith.trunci"); inner != nil {
		op.SetOperand(0, inner.Operand(0))
		return value(op.Result(0))
	}
	return constant(foldCast(op, c, intCast(signed)))
}

func foldIndexCast(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return constant(foldCast(op, c, intCast(signed)))
}

func foldIndexCastUI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return constant(foldCast(op, c, intCast(unsigned)))
}

// roundIntToFloat rounds an integer to t with round-to-nearest-even, exactly
// (converting through float64 first could round twice).
func roundIntToFloat(v *big.Int, t *ir.FloatType) *ir.FloatAttr {
	prec := mantissaBits[t.Kind] + 1
	f := new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven).SetInt(v)
	x, _ := f.Float64()
	return ir.FloatAttrOf(t, x)
}

func intToFloat(conv func(*big.Int, int) *big.Int) func(x ir.Attribute, dst ir.Type) ir.Attribute {
	return func(x ir.Attribute, dst ir.Type) ir.Attribute {
		ia, ok := x.(*ir.IntegerAttr)
		ft, fok := FoldableFloat(dst)
		if !ok || !fok {
			return nil
		}
		return roundIntToFloat(conv(ia.Big(), ir.BitWidth(ia.Type())), ft)
	}
}

func foldSIToFP(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return constant(foldCast(op, c, intToFloat(signed)))
}

func foldUIToFP(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return constant(foldCast(op, c, intToFloat(unsigned)))
}

// floatToInt truncates toward zero; NaN, infinities and out-of-range values
// do not fold (APFloat reports them invalid).
func floatToInt(isSigned bool) func(x ir.Attribute, dst ir.Type) ir.Attribute {
	return func(x ir.Attribute, dst ir.Type) ir.Attribute {
		fa, ok := x.(*ir.FloatAttr)
		w := ir.BitWidth(dst)
		if !ok || w == 0 || math.IsNaN(fa.Value()) || math.IsInf(fa.Value(), 0) {
			return nil
		}
		v, _ := big.NewFloat(math.Trunc(fa.Value())).Int(nil)
		if isSigned {
			if !fitsSigned(v, w) {
				return nil
			}
		} else if v.Sign() < 0 || v.Cmp(pow2(w)) >= 0 {
			return nil
		}
		return ir.BigIntAttr(dst, v)
	}
}

func foldFPToSI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return constant(foldCast(op, c, floatToInt(true)))
}

func foldFPToUI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return constant(foldCast(op, c, floatToInt(false)))
}

// exactFloatCast converts x to dst when no information is lost (NaNs do not fold).
func exactFloatCast(x ir.Attribute, dst ir.Type) ir.Attribute {
	fa, ok := x.(*ir.FloatAttr)
	if !ok || math.IsNaN(fa.Value()) {
		return nil
	}
	_, sok := FoldableFloat(fa.Type())
	ft, dok := FoldableFloat(dst)
	if !sok || !dok {
		return nil
	}
	r := ir.FloatAttrOf(ft, fa.Value())
	if r.Value() != fa.Value() {
		return nil
	}
	return r
}

func foldExtF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	// extf(truncf(x)) -> x when both carry the contract flag.
	if tr := definingOp(op.Operand(0), "arith.truncf"); tr != nil && tr.Operand(0).Type() == op.Result(0).Type() &&
		FastMathOf(tr)&FastMathContract != 0 && FastMathOf(op)&FastMathContract != 0 {
		return value(tr.Operand(0))
	}
	return constant(foldCast(op, c, exactFloatCast))
}

func foldTruncF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if ext := definingOp(op.Operand(0), "arith.extf"); ext != nil {
		if r, ok := foldTruncOfExt(op, ext); ok {
			return r, ok
		}
	}
	return constant(foldCast(op, c, exactFloatCast))
}

func foldBitcast(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if inner := definingOp(op.Operand(0), "arith.bitcast"); inner != nil {
		if inner.Operand(0).Type() == op.Result(0).Type() {
			return value(inner.Operand(0))
		}
		op.SetOperand(0, inner.Operand(0))
		return value(op.Result(0))
	}
	return constant(foldCast(op, c, func(x ir.Attribute, dst ir.Type) ir.Attribute {
		var bits *big.Int
		switch a := x.(type) {
		case *ir.IntegerAttr:
			bits = unsigned(a.Big(), ir.BitWidth(a.Type()))
		case *ir.FloatAttr:
			if _, ok := FoldableFloat(a.Type()); !ok {
				return nil
			}
			bits = new(big.Int).SetUint64(a.Bits())
		default:
			return nil
		}
		if ft, ok := dst.(*ir.FloatType); ok {
			if _, ok := FoldableFloat(ft); !ok || !bits.IsUint64() {
				return nil
			}
			return ir.FloatAttrFromBits(ft, bits.Uint64())
		}
		return ir.BigIntAttr(dst, bits)
	}))
}
