package math

import (
	stdmath "math"
	"math/big"
	"math/bits"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/ir"
)

// unaryFloatFn is a unary float folder hook.
type unaryFloatFn = func(*ir.Operation, []ir.Attribute) []ir.FoldResult

// mapConst applies f to a scalar constant or to each element of a dense
// constant of the op's result type.
func mapConst(op *ir.Operation, c []ir.Attribute, f func(xs []ir.Attribute) ir.Attribute) []ir.FoldResult {
	if op.NumResults() != 1 || len(c) != op.NumOperands() {
		return nil
	}
	resT := op.Result(0).Type()
	st, shaped := resT.(ir.ShapedType)
	var n int64 = 1
	if shaped {
		if _, ok := resT.(*ir.VectorType); !ok {
			if _, ok := resT.(*ir.RankedTensorType); !ok {
				return nil
			}
		}
		if n = ir.NumElements(st.Shape()); n < 0 || n > 1<<16 {
			return nil
		}
	}
	cols := make([][]ir.Attribute, len(c))
	allSplat := true
	for i, a := range c {
		switch a := a.(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
			if shaped {
				return nil
			}
			cols[i] = []ir.Attribute{a}
		case *ir.DenseElementsAttr:
			if !shaped || a.Hex != "" || len(a.Elements) == 0 {
				return nil
			}
			cols[i] = a.Elements
			allSplat = allSplat && a.Splat
		default:
			return nil
		}
	}
	count := n
	if allSplat {
		count = 1
	}
	out := make([]ir.Attribute, count)
	xs := make([]ir.Attribute, len(c))
	for j := range out {
		for i := range c {
			col := cols[i]
			if len(col) == 1 {
				xs[i] = col[0]
			} else if j < len(col) {
				xs[i] = col[j]
			} else {
				return nil
			}
		}
		if out[j] = f(xs); out[j] == nil {
			return nil
		}
	}
	if !shaped {
		return []ir.FoldResult{{Attr: out[0]}}
	}
	if allSplat {
		return []ir.FoldResult{{Attr: ir.DenseSplat(st, out[0])}}
	}
	return []ir.FoldResult{{Attr: ir.Dense(st, out)}}
}

// foldExact folds a function whose result is exactly representable in the
// operand's type (no rounding), so computing on float64 is exact. NaNs do not fold.
func foldExact(f func(float64) float64) unaryFloatFn {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		return mapConst(op, c, func(xs []ir.Attribute) ir.Attribute {
			a, ok := xs[0].(*ir.FloatAttr)
			if !ok || stdmath.IsNaN(a.Value()) {
				return nil
			}
			ft, ok := arith.FoldableFloat(a.Type())
			if !ok {
				return nil
			}
			return ir.FloatAttrOf(ft, f(a.Value()))
		})
	}
}

func absF(x float64) float64  { return stdmath.Abs(x) }
func ceilF(x float64) float64 { return stdmath.Ceil(x) }
func floorF(x float64) float64 {
	return stdmath.Floor(x)
}
func truncF(x float64) float64     { return stdmath.Trunc(x) }
func roundF(x float64) float64     { return stdmath.Round(x) }
func roundEvenF(x float64) float64 { return stdmath.RoundToEven(x) }

// foldSqrt folds f32 and f64 square roots, as upstream does: both are
// correctly rounded when computed in float64 and rounded once more to f32.
func foldSqrt(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return mapConst(op, c, func(xs []ir.Attribute) ir.Attribute {
		a, ok := xs[0].(*ir.FloatAttr)
		if !ok || a.Value() < 0 || stdmath.IsNaN(a.Value()) {
			return nil
		}
		ft := a.Type().(*ir.FloatType)
		if ft.Kind != ir.KindF32 && ft.Kind != ir.KindF64 {
			return nil
		}
		return ir.FloatAttrOf(ft, stdmath.Sqrt(a.Value()))
	})
}

func foldCopySign(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return mapConst(op, c, func(xs []ir.Attribute) ir.Attribute {
		a, aok := xs[0].(*ir.FloatAttr)
		b, bok := xs[1].(*ir.FloatAttr)
		if !aok || !bok || stdmath.IsNaN(a.Value()) {
			return nil
		}
		ft, ok := arith.FoldableFloat(a.Type())
		if !ok {
			return nil
		}
		return ir.FloatAttrOf(ft, stdmath.Copysign(a.Value(), b.Value()))
	})
}

// intElem returns an integer constant as a w-bit unsigned value.
func intElem(a ir.Attribute) (uint64, int, *ir.IntegerAttr, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, 0, nil, false
	}
	w := ir.BitWidth(ia.Type())
	if w == 0 || w > 64 {
		return 0, 0, nil, false
	}
	u := new(big.Int).Mod(ia.Big(), new(big.Int).Lsh(big.NewInt(1), uint(w)))
	return u.Uint64(), w, ia, true
}

func intUnary(f func(u uint64, w int) int64) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		return mapConst(op, c, func(xs []ir.Attribute) ir.Attribute {
			u, w, ia, ok := intElem(xs[0])
			if !ok {
				return nil
			}
			return ir.IntAttr(ia.Type(), f(u, w))
		})
	}
}

var (
	foldCtlz  = intUnary(func(u uint64, w int) int64 { return int64(bits.LeadingZeros64(u) - (64 - w)) })
	foldCttz  = intUnary(func(u uint64, w int) int64 { return int64(min(bits.TrailingZeros64(u), w)) })
	foldCtpop = intUnary(func(u uint64, _ int) int64 { return int64(bits.OnesCount64(u)) })
	foldAbsI  = intUnary(func(u uint64, w int) int64 {
		// Sign-extend, negate when negative; INT_MIN stays INT_MIN after wrapping.
		s := int64(u<<(64-w)) >> (64 - w)
		if s < 0 {
			return -s
		}
		return s
	})
)

// foldIPowI folds signed integer powers with non-negative exponents
// (wrapping at the type's width); negative exponents are left alone.
func foldIPowI(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return mapConst(op, c, func(xs []ir.Attribute) ir.Attribute {
		b, ok1 := xs[0].(*ir.IntegerAttr)
		e, ok2 := xs[1].(*ir.IntegerAttr)
		if !ok1 || !ok2 || e.Big().Sign() < 0 {
			return nil
		}
		w := ir.BitWidth(b.Type())
		if w == 0 {
			return nil
		}
		mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
		r := new(big.Int).Exp(b.Big(), e.Big(), mod)
		return ir.BigIntAttr(b.Type(), r)
	})
}
