package interp

import (
	"math"
	"math/bits"

	"github.com/goopt/goopt/ir"
)

// mathHandlers lists the math dialect's ops. Transcendental functions are
// computed in float64 and rounded to the operand type.
func mathHandlers() []Handler {
	u := func(name string, f func(float64) float64) Handler { return Handler{name, floatUnary(f, nil)} }
	hs := []Handler{
		{"math.absf", floatUnary(math.Abs, func(x float32) float32 { return float32(math.Abs(float64(x))) })},
		{"math.sqrt", floatUnary(math.Sqrt, func(x float32) float32 { return float32(math.Sqrt(float64(x))) })},
		u("math.rsqrt", func(x float64) float64 { return 1 / math.Sqrt(x) }),
		u("math.exp", math.Exp), u("math.exp2", math.Exp2), u("math.expm1", math.Expm1),
		u("math.log", math.Log), u("math.log2", math.Log2), u("math.log10", math.Log10), u("math.log1p", math.Log1p),
		u("math.tanh", math.Tanh), u("math.sinh", math.Sinh), u("math.cosh", math.Cosh),
		u("math.sin", math.Sin), u("math.cos", math.Cos), u("math.tan", math.Tan),
		u("math.asin", math.Asin), u("math.acos", math.Acos), u("math.atan", math.Atan),
		u("math.asinh", math.Asinh), u("math.acosh", math.Acosh), u("math.atanh", math.Atanh),
		u("math.erf", math.Erf), u("math.erfc", math.Erfc), u("math.cbrt", math.Cbrt),
		u("math.ceil", math.Ceil), u("math.floor", math.Floor), u("math.trunc", math.Trunc),
		u("math.round", math.Round), u("math.roundeven", math.RoundToEven),
		{"math.powf", floatBinary(floatKernel{f64: math.Pow})},
		{"math.atan2", floatBinary(floatKernel{f64: math.Atan2})},
		{"math.copysign", floatBinary(floatKernel{f64: math.Copysign})},
		{"math.fma", compileFMA},
		{"math.fpowi", compileFPowI},
		{"math.absi", compileIntUnary(func(a uint64, w int) uint64 {
			if v := signExtend(a, w); v < 0 {
				return uint64(-v) & widthMask(w)
			}
			return a
		})},
		{"math.ctlz", compileIntUnary(func(a uint64, w int) uint64 { return uint64(bits.LeadingZeros64(a) - (64 - w)) })},
		{"math.cttz", compileIntUnary(func(a uint64, w int) uint64 {
			if a == 0 {
				return uint64(w)
			}
			return uint64(bits.TrailingZeros64(a))
		})},
		{"math.ctpop", compileIntUnary(func(a uint64, _ int) uint64 { return uint64(bits.OnesCount64(a)) })},
		{"math.ipowi", compileIPowI},
	}
	// A slice, not a map, so that DefaultHandlers has a stable order.
	hs = append(hs,
		Handler{"math.isnan", compileFloatPredicate(math.IsNaN)},
		Handler{"math.isinf", compileFloatPredicate(func(x float64) bool { return math.IsInf(x, 0) })},
		Handler{"math.isfinite", compileFloatPredicate(func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) })},
		Handler{"math.isnormal", compileIsNormal})
	return hs
}

// compileFMA compiles a fused multiply-add on scalars or vectors
// (math.fma, vector.fma, llvm.intr.fma and fmuladd). math.FMA is exact
// for f64; narrower formats round once more from f64, which a product of
// two of them cannot make inexact.
func compileFMA(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, err := resultFloat(op)
	if err != nil {
		return Compiled{}, err
	}
	fma := func(x, y, z uint64) uint64 {
		return encodeFloat(t, math.FMA(decodeFloat(t, x), decodeFloat(t, y), decodeFloat(t, z)))
	}
	a, b, cc, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2)), c.Slot(op.Result(0))
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		return Compiled{Exec: func(fr *Frame) error {
			fr.S[r] = fma(fr.S[a], fr.S[b], fr.S[cc])
			return nil
		}}, nil
	}
	return Compiled{Exec: func(fr *Frame) error {
		xyz, err := vecs(fr, op, a, b, cc)
		if err != nil {
			return err
		}
		x, y, z := xyz[0], xyz[1], xyz[2]
		return mapElements(fr, op, r, vt, len(x.Elems), func(i int) (uint64, string) { return fma(x.Elems[i], y.Elems[i], z.Elems[i]), "" })
	}}, nil
}

func compileFPowI(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, err := resultFloat(op)
	if err != nil {
		return Compiled{}, err
	}
	w, err := intWidth(op, elemType(op.Operand(1)))
	if err != nil {
		return Compiled{}, err
	}
	return elementwise2(c, op, func(a, b uint64) (uint64, string) {
		return encodeFloat(t, math.Pow(decodeFloat(t, a), float64(signExtend(b, w)))), ""
	}, nil)
}

func compileIPowI(c *Compiler, op *ir.Operation) (Compiled, error) {
	w, err := resultWidth(op)
	if err != nil {
		return Compiled{}, err
	}
	m := widthMask(w)
	return elementwise2(c, op, func(a, b uint64) (uint64, string) {
		e := signExtend(b, w)
		if e < 0 {
			switch signExtend(a, w) {
			case 1:
				return 1, ""
			case -1:
				if e%2 == 0 {
					return 1, ""
				}
				return m, ""
			case 0:
				return 0, "ipowi of zero to a negative power"
			}
			return 0, ""
		}
		r := uint64(1)
		for ; e > 0; e-- {
			r = r * a & m
		}
		return r, ""
	}, nil)
}

func compileIntUnary(f func(a uint64, w int) uint64) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		w, err := resultWidth(op)
		if err != nil {
			return Compiled{}, err
		}
		return elementwise1(c, op, func(a uint64) (uint64, string) { return f(a, w), "" })
	}
}

func compileFloatPredicate(f func(float64) bool) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		t, err := floatOf(op, elemType(op.Operand(0)))
		if err != nil {
			return Compiled{}, err
		}
		return elementwise1(c, op, func(a uint64) (uint64, string) { return boolBits(f(decodeFloat(t, a))), "" })
	}
}

func compileIsNormal(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, err := floatOf(op, elemType(op.Operand(0)))
	if err != nil {
		return Compiled{}, err
	}
	// The smallest normal of t is 2^(1-bias); encode it once to find it.
	smallest := math.SmallestNonzeroFloat64
	switch t.Kind {
	case ir.KindF16:
		smallest = math.Ldexp(1, -14)
	case ir.KindBF16, ir.KindF32, ir.KindTF32:
		smallest = math.Ldexp(1, -126)
	case ir.KindF64:
		smallest = math.Ldexp(1, -1022)
	}
	return elementwise1(c, op, func(a uint64) (uint64, string) {
		x := math.Abs(decodeFloat(t, a))
		return boolBits(x >= smallest && !math.IsInf(x, 0) && !math.IsNaN(x)), ""
	})
}
