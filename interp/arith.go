package interp

import (
	"math"
	"math/bits"

	"github.com/goopt/goopt/ir"
)

// arithHandlers lists the arith dialect's ops.
func arithHandlers() []Handler {
	var hs []Handler
	for name, k := range intBinaryKernels() {
		hs = append(hs, Handler{name, intBinary(k)})
	}
	for name, k := range floatBinaryKernels() {
		hs = append(hs, Handler{name, floatBinary(k)})
	}
	hs = append(hs, Handler{"arith.negf", floatUnary(func(x float64) float64 { return -x }, func(x float32) float32 { return -x })})
	for _, name := range []string{"arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui",
		"arith.bitcast", "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.extf", "arith.truncf"} {
		hs = append(hs, Handler{name, compileCast})
	}
	return hs
}

// ---- elementwise plumbing ----

// scalarFn computes one element; ok false reports undefined behaviour (with msg).
type unaryKernel func(a uint64) (uint64, string)
type binaryKernel func(a, b uint64) (uint64, string)

// elementwise1 compiles a unary op applied to a scalar or, elementwise, to a vector.
func elementwise1(c *Compiler, op *ir.Operation, k unaryKernel) (Compiled, error) {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("expected one operand and one result")
	}
	a, r := c.Slot(op.Operand(0)), c.Slot(op.Result(0))
	if vt, ok := op.Result(0).Type().(*ir.VectorType); ok {
		return Compiled{Exec: func(fr *Frame) error {
			x, ok := fr.O[a].(*Vector)
			if !ok {
				return runtimeError(op, "operand is not a vector")
			}
			return mapElements(fr, op, r, vt, len(x.Elems), func(i int) (uint64, string) { return k(x.Elems[i]) })
		}}, nil
	}
	return Compiled{Exec: func(fr *Frame) error {
		v, msg := k(fr.S[a])
		return storeScalar(fr, op, r, v, msg)
	}}, nil
}

// elementwise2 compiles a binary op on scalars or vectors. fast, when not
// nil, is used for scalars that cannot fail.
func elementwise2(c *Compiler, op *ir.Operation, k binaryKernel, fast func(a, b uint64) uint64) (Compiled, error) {
	if op.NumOperands() != 2 || op.NumResults() < 1 {
		return Compiled{}, op.Errorf("expected two operands")
	}
	a, b, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	if vt, ok := op.Result(0).Type().(*ir.VectorType); ok {
		return Compiled{Exec: func(fr *Frame) error {
			x, ok1 := fr.O[a].(*Vector)
			y, ok2 := fr.O[b].(*Vector)
			if !ok1 || !ok2 || len(x.Elems) != len(y.Elems) {
				return runtimeError(op, "operands are not vectors of one shape")
			}
			return mapElements(fr, op, r, vt, len(x.Elems), func(i int) (uint64, string) { return k(x.Elems[i], y.Elems[i]) })
		}}, nil
	}
	if fast != nil {
		return Compiled{Exec: func(fr *Frame) error {
			fr.S[r] = fast(fr.S[a], fr.S[b])
			return nil
		}}, nil
	}
	return Compiled{Exec: func(fr *Frame) error {
		v, msg := k(fr.S[a], fr.S[b])
		return storeScalar(fr, op, r, v, msg)
	}}, nil
}

// mapElements sets slot r to the vector of type vt whose n elements f
// computes, or reports the first element's undefined behaviour.
func mapElements(fr *Frame, op *ir.Operation, r int, vt *ir.VectorType, n int, f func(i int) (uint64, string)) error {
	out := &Vector{Type: vt, Elems: make([]uint64, n)}
	for i := range out.Elems {
		v, msg := f(i)
		if msg != "" {
			return runtimeError(op, "%s", msg)
		}
		out.Elems[i] = v
	}
	fr.O[r] = out
	return nil
}

// storeScalar stores a kernel's result v in slot r, or reports its
// undefined behaviour (msg).
func storeScalar(fr *Frame, op *ir.Operation, r int, v uint64, msg string) error {
	if msg != "" {
		return runtimeError(op, "%s", msg)
	}
	fr.S[r] = v
	return nil
}

func elemType(v *ir.Value) ir.Type { return ir.ElementTypeOrSelf(v.Type()) }

func intWidth(op *ir.Operation, t ir.Type) (int, error) {
	w := 0
	switch t := t.(type) {
	case *ir.IntegerType:
		w = t.Width
	case *ir.IndexType:
		w = 64
	default:
		return 0, op.Errorf("expected an integer or index type, got %s", t)
	}
	if w > 64 {
		return 0, unsupported(op, "integers wider than 64 bits (%s)", t)
	}
	return w, nil
}

// resultWidth is the width of op's one integer or index result (or of
// its elements), and resultFloat the type of its one float result: the
// first check of every elementwise kernel.
func resultWidth(op *ir.Operation) (int, error) {
	if op.NumResults() != 1 {
		return 0, op.Errorf("expected one result")
	}
	return intWidth(op, elemType(op.Result(0)))
}

func resultFloat(op *ir.Operation) (*ir.FloatType, error) {
	if op.NumResults() != 1 {
		return nil, op.Errorf("expected one result")
	}
	return floatOf(op, elemType(op.Result(0)))
}

func floatOf(op *ir.Operation, t ir.Type) (*ir.FloatType, error) {
	ft, ok := t.(*ir.FloatType)
	if !ok || !isSupportedFloat(ft) {
		return nil, unsupported(op, "element type %s", t)
	}
	return ft, nil
}

// ---- integers ----

// intKernel builds the kernel for width w; fast is an optional infallible version.
type intKernel func(w int) (k binaryKernel, fast func(a, b uint64) uint64)

func wrap(w int, f func(a, b uint64) uint64) (binaryKernel, func(a, b uint64) uint64) {
	m := widthMask(w)
	fast := func(a, b uint64) uint64 { return f(a, b) & m }
	return func(a, b uint64) (uint64, string) { return fast(a, b), "" }, fast
}

// wrapping is the kernel of an op whose result is f's, wrapped to the
// width; wrappingAt builds f for the width first.
func wrapping(f func(a, b uint64) uint64) intKernel {
	return wrappingAt(func(int) func(a, b uint64) uint64 { return f })
}

func wrappingAt(f func(w int) func(a, b uint64) uint64) intKernel {
	return func(w int) (binaryKernel, func(a, b uint64) uint64) { return wrap(w, f(w)) }
}

// unsignedDiv is the kernel of an unsigned division-like op: division by
// zero is undefined behaviour.
func unsignedDiv(f func(a, b uint64) uint64) intKernel {
	return func(int) (binaryKernel, func(a, b uint64) uint64) {
		return func(a, b uint64) (uint64, string) {
			if b == 0 {
				return 0, "integer division by zero"
			}
			return f(a, b), ""
		}, nil
	}
}

// signedDiv is the kernel of a signed division-like op; round gets the
// truncated quotient, the remainder and the divisor. Division by zero and
// MIN / -1 are undefined behaviour.
func signedDiv(round func(q, r, b int64) int64) intKernel {
	return func(w int) (binaryKernel, func(a, b uint64) uint64) {
		m := widthMask(w)
		minV := int64(-1) << uint(w-1)
		return func(a, b uint64) (uint64, string) {
			x, y := signExtend(a, w), signExtend(b, w)
			if y == 0 {
				return 0, "integer division by zero"
			}
			if x == minV && y == -1 {
				return 0, "signed integer division overflow"
			}
			return uint64(round(x/y, x%y, y)) & m, ""
		}, nil
	}
}

func intBinaryKernels() map[string]intKernel {
	return map[string]intKernel{
		"arith.addi":  wrapping(func(a, b uint64) uint64 { return a + b }),
		"arith.subi":  wrapping(func(a, b uint64) uint64 { return a - b }),
		"arith.muli":  wrapping(func(a, b uint64) uint64 { return a * b }),
		"arith.andi":  wrapping(func(a, b uint64) uint64 { return a & b }),
		"arith.ori":   wrapping(func(a, b uint64) uint64 { return a | b }),
		"arith.xori":  wrapping(func(a, b uint64) uint64 { return a ^ b }),
		"arith.maxui": wrapping(func(a, b uint64) uint64 { return max(a, b) }),
		"arith.minui": wrapping(func(a, b uint64) uint64 { return min(a, b) }),
		"arith.maxsi": wrappingAt(func(w int) func(a, b uint64) uint64 {
			return func(a, b uint64) uint64 {
				if signExtend(a, w) >= signExtend(b, w) {
					return a
				}
				return b
			}
		}),
		"arith.minsi": wrappingAt(func(w int) func(a, b uint64) uint64 {
			return func(a, b uint64) uint64 {
				if signExtend(a, w) <= signExtend(b, w) {
					return a
				}
				return b
			}
		}),
		"arith.divsi": signedDiv(func(q, _, _ int64) int64 { return q }),
		"arith.remsi": signedDiv(func(_, r, _ int64) int64 { return r }),
		"arith.floordivsi": signedDiv(func(q, r, b int64) int64 {
			if r != 0 && (r < 0) != (b < 0) {
				return q - 1
			}
			return q
		}),
		"arith.ceildivsi": signedDiv(func(q, r, b int64) int64 {
			if r != 0 && (r < 0) == (b < 0) {
				return q + 1
			}
			return q
		}),
		"arith.divui": unsignedDiv(func(a, b uint64) uint64 { return a / b }),
		"arith.remui": unsignedDiv(func(a, b uint64) uint64 { return a % b }),
		"arith.ceildivui": unsignedDiv(func(a, b uint64) uint64 {
			if a == 0 {
				return 0
			}
			return (a-1)/b + 1
		}),
		"arith.shli":  shift(func(a, b uint64, w int) uint64 { return a << b & widthMask(w) }),
		"arith.shrui": shift(func(a, b uint64, w int) uint64 { return a >> b }),
		"arith.shrsi": shift(func(a, b uint64, w int) uint64 { return uint64(signExtend(a, w)>>b) & widthMask(w) }),
	}
}

func shift(f func(a, b uint64, w int) uint64) intKernel {
	return func(w int) (binaryKernel, func(a, b uint64) uint64) {
		return func(a, b uint64) (uint64, string) {
			if b >= uint64(w) {
				return 0, "shift amount " + utoa(b) + " is not less than the bit width " + utoa(uint64(w))
			}
			return f(a, b, w), ""
		}, nil
	}
}

func utoa(v uint64) string {
	if v == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	for v > 0 {
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
	}
	return string(buf[i:])
}

func intBinary(k intKernel) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		w, err := resultWidth(op)
		if err != nil {
			return Compiled{}, err
		}
		kern, fast := k(w)
		return elementwise2(c, op, kern, fast)
	}
}

// extended compiles a two-result extended-arithmetic op on scalars: k
// maps the operands, for the width w, to the two results (unmasked; the
// results are masked to w bits here).
func extended(k func(w int, x, y uint64) (uint64, uint64)) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		if op.NumOperands() != 2 || op.NumResults() != 2 || kindOf(op.Result(0).Type()) != kindScalar {
			return Compiled{}, unsupported(op, "only scalar operands")
		}
		w, err := intWidth(op, op.Result(0).Type())
		if err != nil {
			return Compiled{}, err
		}
		a, b, r0, r1 := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0)), c.Slot(op.Result(1))
		m := widthMask(w)
		return Compiled{Exec: func(fr *Frame) error {
			v0, v1 := k(w, fr.S[a], fr.S[b])
			fr.S[r0], fr.S[r1] = v0&m, v1&m
			return nil
		}}, nil
	}
}

// addUIExtended is arith.addui_extended: the sum and its carry.
func addUIExtended(w int, x, y uint64) (uint64, uint64) {
	s := (x + y) & widthMask(w)
	return s, boolBits(s < x)
}

// mulExtended is arith.mulsi_extended/mului_extended: the low and high
// halves of the 2w-bit product.
func mulExtended(signed bool) func(w int, x, y uint64) (uint64, uint64) {
	return func(w int, x, y uint64) (uint64, uint64) {
		var h, l uint64
		if signed {
			sx, sy := signExtend(x, w), signExtend(y, w)
			h, l = bits.Mul64(uint64(sx), uint64(sy))
			// Signed correction of the unsigned 128-bit product.
			if sx < 0 {
				h -= uint64(sy)
			}
			if sy < 0 {
				h -= uint64(sx)
			}
		} else {
			h, l = bits.Mul64(x, y)
		}
		if w == 64 {
			return l, h
		}
		return l, l>>uint(w) | h<<uint(64-w)
	}
}

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Comparison predicates, in MLIR's enum order.
const (
	cmpEq = iota
	cmpNe
	cmpSlt
	cmpSle
	cmpSgt
	cmpSge
	cmpUlt
	cmpUle
	cmpUgt
	cmpUge
)

func predicate(op *ir.Operation) (int64, error) {
	a, ok := op.Attr("predicate").(*ir.IntegerAttr)
	if !ok {
		return 0, op.Errorf("requires a 'predicate' attribute")
	}
	return a.Int(), nil
}

// comparison reads a comparison's predicate and, through operand (intWidth
// or floatOf), what its operands' element type means to the kernel.
func comparison[T any](op *ir.Operation, operand func(*ir.Operation, ir.Type) (T, error)) (int64, T, error) {
	var t T
	p, err := predicate(op)
	if err != nil {
		return 0, t, err
	}
	t, err = operand(op, elemType(op.Operand(0)))
	return p, t, err
}

func compileCmpI(c *Compiler, op *ir.Operation) (Compiled, error) {
	p, w, err := comparison(op, intWidth)
	if err != nil {
		return Compiled{}, err
	}
	var f func(a, b uint64) bool
	switch p {
	case cmpEq:
		f = func(a, b uint64) bool { return a == b }
	case cmpNe:
		f = func(a, b uint64) bool { return a != b }
	case cmpSlt:
		f = func(a, b uint64) bool { return signExtend(a, w) < signExtend(b, w) }
	case cmpSle:
		f = func(a, b uint64) bool { return signExtend(a, w) <= signExtend(b, w) }
	case cmpSgt:
		f = func(a, b uint64) bool { return signExtend(a, w) > signExtend(b, w) }
	case cmpSge:
		f = func(a, b uint64) bool { return signExtend(a, w) >= signExtend(b, w) }
	case cmpUlt:
		f = func(a, b uint64) bool { return a < b }
	case cmpUle:
		f = func(a, b uint64) bool { return a <= b }
	case cmpUgt:
		f = func(a, b uint64) bool { return a > b }
	case cmpUge:
		f = func(a, b uint64) bool { return a >= b }
	default:
		return Compiled{}, op.Errorf("has unknown predicate %d", p)
	}
	if w == 64 && p == cmpSlt { // the loop-bound comparison after lowering
		return elementwise2(c, op, nil, func(a, b uint64) uint64 { return boolBits(int64(a) < int64(b)) })
	}
	return elementwise2(c, op, func(a, b uint64) (uint64, string) { return boolBits(f(a, b)), "" },
		func(a, b uint64) uint64 { return boolBits(f(a, b)) })
}

func compileCmpF(c *Compiler, op *ir.Operation) (Compiled, error) {
	p, ft, err := comparison(op, floatOf)
	if err != nil {
		return Compiled{}, err
	}
	if p < 0 || p > 15 {
		return Compiled{}, op.Errorf("has unknown predicate %d", p)
	}
	f := func(a, b uint64) uint64 {
		x, y := decodeFloat(ft, a), decodeFloat(ft, b)
		unordered := math.IsNaN(x) || math.IsNaN(y)
		var r bool
		switch p {
		case 0:
			r = false
		case 1, 8:
			r = x == y
		case 2, 9:
			r = x > y
		case 3, 10:
			r = x >= y
		case 4, 11:
			r = x < y
		case 5, 12:
			r = x <= y
		case 6, 13:
			r = x != y
		case 7, 14:
			r = false
		case 15:
			r = true
		}
		switch {
		case p == 0 || p == 15:
		case p == 7:
			r = !unordered
		case p == 14:
			r = unordered
		case p <= 6:
			r = r && !unordered
		default:
			r = r || unordered
		}
		return boolBits(r)
	}
	return elementwise2(c, op, func(a, b uint64) (uint64, string) { return f(a, b), "" }, f)
}

func compileSelect(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() != 3 || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("expected three operands")
	}
	cond, t, f, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2)), c.Slot(op.Result(0))
	if vt, ok := op.Operand(0).Type().(*ir.VectorType); ok {
		rt, _ := op.Result(0).Type().(*ir.VectorType)
		return Compiled{Exec: func(fr *Frame) error {
			cv, _ := fr.O[cond].(*Vector)
			tv, _ := fr.O[t].(*Vector)
			fv, _ := fr.O[f].(*Vector)
			if cv == nil || tv == nil || fv == nil || len(cv.Elems) != len(tv.Elems) || len(fv.Elems) != len(tv.Elems) {
				return runtimeError(op, "operands of %s are not vectors of one shape", vt)
			}
			out := &Vector{Type: rt, Elems: make([]uint64, len(tv.Elems))}
			for i := range out.Elems {
				if cv.Elems[i] != 0 {
					out.Elems[i] = tv.Elems[i]
				} else {
					out.Elems[i] = fv.Elems[i]
				}
			}
			fr.O[r] = out
			return nil
		}}, nil
	}
	return Compiled{Exec: func(fr *Frame) error {
		if fr.S[cond] != 0 {
			fr.copy(r, t)
		} else {
			fr.copy(r, f)
		}
		return nil
	}}, nil
}

// ---- floats ----

type floatKernel struct {
	f64 func(a, b float64) float64
	f32 func(a, b float32) float32 // nil: compute in float64 and round
}

func floatBinaryKernels() map[string]floatKernel {
	return map[string]floatKernel{
		"arith.addf": {func(a, b float64) float64 { return a + b }, func(a, b float32) float32 { return a + b }},
		"arith.subf": {func(a, b float64) float64 { return a - b }, func(a, b float32) float32 { return a - b }},
		"arith.mulf": {func(a, b float64) float64 { return a * b }, func(a, b float32) float32 { return a * b }},
		"arith.divf": {func(a, b float64) float64 { return a / b }, func(a, b float32) float32 { return a / b }},
		"arith.remf": {math.Mod, nil},
		// IEEE 754-2019 maximum and minimum: NaN if either operand is
		// NaN (Go's Max(+Inf, NaN) is +Inf), and -0 < +0 as in Go.
		"arith.maximumf": {propagatingNaN(math.Max), nil},
		"arith.minimumf": {propagatingNaN(math.Min), nil},
		// maxNum and minNum return the other operand of a NaN.
		"arith.maxnumf": {ignoringNaN(math.Max), nil},
		"arith.minnumf": {ignoringNaN(math.Min), nil},
	}
}

// propagatingNaN returns f where neither operand is NaN, NaN where one is.
func propagatingNaN(f func(a, b float64) float64) func(a, b float64) float64 {
	return func(a, b float64) float64 {
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		return f(a, b)
	}
}

// ignoringNaN returns f where neither operand is NaN, the other operand
// where one is.
func ignoringNaN(f func(a, b float64) float64) func(a, b float64) float64 {
	return func(a, b float64) float64 {
		if math.IsNaN(a) {
			return b
		}
		if math.IsNaN(b) {
			return a
		}
		return f(a, b)
	}
}

// floatBin specialises k to format t: f32 in float32 arithmetic, f64 in
// float64, smaller formats in float64 rounded back (exact for +, -, ×, ÷
// and sqrt since float64 has more than twice their precision plus two bits).
func floatBin(t *ir.FloatType, k floatKernel) func(a, b uint64) uint64 {
	switch {
	case t.Kind == ir.KindF32 && k.f32 != nil:
		f := k.f32
		return func(a, b uint64) uint64 {
			return uint64(math.Float32bits(f(math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b)))))
		}
	case t.Kind == ir.KindF64:
		f := k.f64
		return func(a, b uint64) uint64 {
			return math.Float64bits(f(math.Float64frombits(a), math.Float64frombits(b)))
		}
	}
	f := k.f64
	return func(a, b uint64) uint64 { return encodeFloat(t, f(decodeFloat(t, a), decodeFloat(t, b))) }
}

func floatBinary(k floatKernel) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		t, err := resultFloat(op)
		if err != nil {
			return Compiled{}, err
		}
		fast := floatBin(t, k)
		if kindOf(op.Result(0).Type()) == kindScalar && t.Kind == ir.KindF32 && k.f32 != nil {
			return fastF32(c, op, k.f32)
		}
		return elementwise2(c, op, func(a, b uint64) (uint64, string) { return fast(a, b), "" }, fast)
	}
}

// fastF32 inlines the common f32 arithmetic ops into their closures.
func fastF32(c *Compiler, op *ir.Operation, f func(a, b float32) float32) (Compiled, error) {
	a, b, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	var e Exec
	switch op.Name() {
	case "arith.addf":
		e = func(fr *Frame) error {
			fr.S[r] = uint64(math.Float32bits(math.Float32frombits(uint32(fr.S[a])) + math.Float32frombits(uint32(fr.S[b]))))
			return nil
		}
	case "arith.mulf":
		e = func(fr *Frame) error {
			fr.S[r] = uint64(math.Float32bits(math.Float32frombits(uint32(fr.S[a])) * math.Float32frombits(uint32(fr.S[b]))))
			return nil
		}
	default:
		e = func(fr *Frame) error {
			fr.S[r] = uint64(math.Float32bits(f(math.Float32frombits(uint32(fr.S[a])), math.Float32frombits(uint32(fr.S[b])))))
			return nil
		}
	}
	return Compiled{Exec: e}, nil
}

// floatUnary compiles a unary float op from its float64 kernel (and an
// optional float32 one, used for f32 when given).
func floatUnary(f64 func(float64) float64, f32 func(float32) float32) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		t, err := resultFloat(op)
		if err != nil {
			return Compiled{}, err
		}
		var k unaryKernel
		switch {
		case t.Kind == ir.KindF32 && f32 != nil:
			k = func(a uint64) (uint64, string) {
				return uint64(math.Float32bits(f32(math.Float32frombits(uint32(a))))), ""
			}
		default:
			k = func(a uint64) (uint64, string) { return encodeFloat(t, f64(decodeFloat(t, a))), "" }
		}
		return elementwise1(c, op, k)
	}
}

// ---- casts ----

func compileCast(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("expected one operand and one result")
	}
	k, err := castKernel(op, op.Name(), elemType(op.Operand(0)), elemType(op.Result(0)))
	if err != nil {
		return Compiled{}, err
	}
	return elementwise1(c, op, k)
}

// castEnd is what a cast needs of its source or result element type: the
// width of an integer (or index), or the float type.
type castEnd struct {
	w int
	f *ir.FloatType
}

// castOperandKinds says, per cast, whether its source and result element
// types must be integers ('i') or floats ('f'); bitcast takes any.
var castOperandKinds = map[string][2]byte{
	"arith.extsi": {'i', 'i'}, "arith.index_cast": {'i', 'i'}, "arith.extui": {'i', 'i'},
	"arith.trunci": {'i', 'i'}, "arith.index_castui": {'i', 'i'},
	"arith.sitofp": {'i', 'f'}, "arith.uitofp": {'i', 'f'},
	"arith.fptosi": {'f', 'i'}, "arith.fptoui": {'f', 'i'},
	"arith.extf": {'f', 'f'}, "arith.truncf": {'f', 'f'},
}

func castEndOf(op *ir.Operation, t ir.Type, kind byte) (castEnd, error) {
	if kind == 'f' {
		f, err := floatOf(op, t)
		return castEnd{f: f}, err
	}
	w, err := intWidth(op, t)
	return castEnd{w: w}, err
}

// castKernel returns the kernel of the arith cast kind (an arith op name)
// from src to dst element types; the llvm dialect's casts share them.
func castKernel(op *ir.Operation, kind string, src, dst ir.Type) (unaryKernel, error) {
	var s, d castEnd
	if kinds, ok := castOperandKinds[kind]; ok {
		var err error
		if s, err = castEndOf(op, src, kinds[0]); err != nil {
			return nil, err
		}
		if d, err = castEndOf(op, dst, kinds[1]); err != nil {
			return nil, err
		}
	}
	switch kind {
	case "arith.extsi", "arith.index_cast":
		m := widthMask(d.w)
		return func(a uint64) (uint64, string) { return uint64(signExtend(a, s.w)) & m, "" }, nil
	case "arith.extui", "arith.trunci", "arith.index_castui":
		m := widthMask(d.w)
		return func(a uint64) (uint64, string) { return a & m, "" }, nil
	case "arith.bitcast":
		if ir.BitWidth(src) != ir.BitWidth(dst) || ir.BitWidth(src) == 0 {
			return nil, unsupported(op, "bitcast from %s to %s", src, dst)
		}
		return func(a uint64) (uint64, string) { return a, "" }, nil
	case "arith.sitofp", "arith.uitofp":
		return intToFloat(s.w, d.f, kind == "arith.sitofp"), nil
	case "arith.fptosi", "arith.fptoui":
		return floatToInt(s.f, d.w, dst, kind == "arith.fptosi"), nil
	case "arith.extf", "arith.truncf":
		if rm, ok := op.Attr("roundingmode").(*ir.IntegerAttr); ok && rm.Int() != 0 {
			return nil, unsupported(op, "rounding modes other than to_nearest_even")
		}
		return func(a uint64) (uint64, string) { return encodeFloat(d.f, decodeFloat(s.f, a)), "" }, nil
	}
	return nil, op.Errorf("unknown cast %s", kind)
}

// intToFloat converts sw-bit integers, signed or not, to ft, rounding
// once from the integer (f32 directly: through float64, an integer of
// more than 53 bits would be rounded twice).
func intToFloat(sw int, ft *ir.FloatType, signed bool) unaryKernel {
	return func(a uint64) (uint64, string) {
		switch {
		case ft.Kind == ir.KindF32 && signed:
			return uint64(math.Float32bits(float32(signExtend(a, sw)))), ""
		case ft.Kind == ir.KindF32:
			return uint64(math.Float32bits(float32(a))), ""
		case signed:
			return encodeFloat(ft, float64(signExtend(a, sw))), ""
		}
		return encodeFloat(ft, float64(a)), ""
	}
}

// floatToInt converts ft values to dw-bit integers (of type dst), signed
// or not, rounding toward zero; out-of-range values are undefined.
func floatToInt(ft *ir.FloatType, dw int, dst ir.Type, signed bool) unaryKernel {
	return func(a uint64) (uint64, string) {
		v := math.Trunc(decodeFloat(ft, a))
		if signed {
			lo, hi := -math.Ldexp(1, dw-1), math.Ldexp(1, dw-1)
			if !(v >= lo && v < hi) {
				return 0, "fptosi of out-of-range value " + formatScalar(ft, a) + " to " + dst.String()
			}
			return uint64(int64(v)) & widthMask(dw), ""
		}
		if !(v >= 0 && v < math.Ldexp(1, dw)) {
			return 0, "fptoui of out-of-range value " + formatScalar(ft, a) + " to " + dst.String()
		}
		if v >= math.Ldexp(1, 63) {
			return uint64(v-math.Ldexp(1, 63)) | 1<<63, ""
		}
		return uint64(v), ""
	}
}

// ---- constants ----

func compileConstant(c *Compiler, op *ir.Operation) (Compiled, error) {
	if op.NumResults() != 1 {
		return Compiled{}, op.Errorf("expected one result")
	}
	r := c.Slot(op.Result(0))
	attr := op.Attr("value")
	switch a := attr.(type) {
	case *ir.IntegerAttr:
		w, err := intWidth(op, a.Type())
		if err != nil {
			return Compiled{}, err
		}
		v := uint64(a.Int()) & widthMask(w)
		return Compiled{Exec: func(fr *Frame) error { fr.S[r] = v; return nil }}, nil
	case *ir.FloatAttr:
		ft, ok := a.Type().(*ir.FloatType)
		if !ok {
			return Compiled{}, op.Errorf("float constant without float type")
		}
		if _, err := floatOf(op, ft); err != nil {
			return Compiled{}, err
		}
		v := a.Bits()
		return Compiled{Exec: func(fr *Frame) error { fr.S[r] = v; return nil }}, nil
	case *ir.DenseElementsAttr:
		vt, ok := a.Type().(*ir.VectorType)
		if !ok {
			return Compiled{}, unsupported(op, "constant of type %s", a.Type())
		}
		elems, err := denseBits(op, a, vt.NumElements())
		if err != nil {
			return Compiled{}, err
		}
		return Compiled{Exec: func(fr *Frame) error {
			fr.O[r] = &Vector{Type: vt, Elems: append([]uint64(nil), elems...)}
			return nil
		}}, nil
	}
	return Compiled{}, unsupported(op, "constant value %v", attr)
}

// denseBits flattens a dense elements attribute into register form.
func denseBits(op *ir.Operation, a *ir.DenseElementsAttr, n int64) ([]uint64, error) {
	if a.Hex != "" {
		return nil, unsupported(op, "hex dense literals")
	}
	if n < 0 {
		return nil, unsupported(op, "dynamic shapes")
	}
	out := make([]uint64, n)
	for i := range out {
		var e ir.Attribute
		if a.Splat {
			e = a.Elements[0]
		} else if i < len(a.Elements) {
			e = a.Elements[i]
		} else {
			return nil, op.Errorf("dense literal has %d elements, expected %d", len(a.Elements), n)
		}
		switch e := e.(type) {
		case *ir.IntegerAttr:
			out[i] = uint64(e.Int()) & widthMask(ir.BitWidth(e.Type()))
		case *ir.FloatAttr:
			out[i] = e.Bits()
		default:
			return nil, unsupported(op, "dense element %v", e)
		}
	}
	return out, nil
}
