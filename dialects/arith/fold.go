package arith

import (
	"math"
	"math/big"

	"github.com/goopt/goopt/ir"
)

// foldFn folds a single-result op given its constant operands (nil where
// not constant). It returns false when it cannot fold.
type foldFn func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool)

func (f foldFn) hook() func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	if f == nil {
		return nil
	}
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		if len(c) != op.NumOperands() || op.NumResults() != 1 {
			return nil
		}
		if r, ok := f(op, c); ok && (r.Attr != nil || r.Value != nil) {
			return []ir.FoldResult{r}
		}
		return nil
	}
}

func value(v *ir.Value) (ir.FoldResult, bool)       { return ir.FoldResult{Value: v}, true }
func constant(a ir.Attribute) (ir.FoldResult, bool) { return ir.FoldResult{Attr: a}, a != nil }

var noFold = ir.FoldResult{}

// ---- element access ----

// elementsOf returns the n flattened elements of a scalar or dense
// attribute, or false when a is neither (or holds raw hex data).
func elementsOf(a ir.Attribute, n int64) ([]ir.Attribute, bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr:
		return []ir.Attribute{a}, n == 1
	case *ir.DenseElementsAttr:
		if a.Hex != "" || len(a.Elements) == 0 {
			return nil, false
		}
		if a.Splat {
			out := make([]ir.Attribute, n)
			for i := range out {
				out[i] = a.Elements[0]
			}
			return out, true
		}
		return a.Elements, int64(len(a.Elements)) == n
	}
	return nil, false
}

// splatOf returns the single element of a scalar or splat attribute.
func splatOf(a ir.Attribute) ir.Attribute {
	switch a := a.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr:
		return a
	case *ir.DenseElementsAttr:
		if a.Splat && a.Hex == "" && len(a.Elements) == 1 {
			return a.Elements[0]
		}
	}
	return nil
}

// maxFoldElements bounds the non-splat constants folding will build.
const maxFoldElements = 1 << 16

// mapElements applies f elementwise to constant operands producing a
// constant of type resT (scalar, vector or static tensor). It fails when an
// operand is not constant or f fails on any element.
func mapElements(resT ir.Type, args []ir.Attribute, f func(xs []ir.Attribute) ir.Attribute) ir.Attribute {
	for _, a := range args {
		if a == nil {
			return nil
		}
	}
	st, shaped := resT.(ir.ShapedType)
	if !shaped {
		for _, a := range args {
			if splatOf(a) == nil {
				return nil
			}
			if _, ok := a.(*ir.DenseElementsAttr); ok {
				return nil
			}
		}
		return f(args)
	}
	switch resT.(type) {
	case *ir.VectorType, *ir.RankedTensorType:
	default:
		return nil
	}
	n := ir.NumElements(st.Shape())
	if n < 0 {
		return nil
	}
	allSplat := true
	for _, a := range args {
		if _, ok := a.(*ir.DenseElementsAttr); !ok {
			return nil
		}
		if splatOf(a) == nil {
			allSplat = false
		}
	}
	if allSplat {
		xs := make([]ir.Attribute, len(args))
		for i, a := range args {
			xs[i] = splatOf(a)
		}
		r := f(xs)
		if r == nil {
			return nil
		}
		return ir.DenseSplat(st, r)
	}
	if n > maxFoldElements {
		return nil
	}
	cols := make([][]ir.Attribute, len(args))
	for i, a := range args {
		es, ok := elementsOf(a, n)
		if !ok {
			return nil
		}
		cols[i] = es
	}
	out := make([]ir.Attribute, n)
	xs := make([]ir.Attribute, len(args))
	for j := range out {
		for i := range args {
			xs[i] = cols[i][j]
		}
		if out[j] = f(xs); out[j] == nil {
			return nil
		}
	}
	return ir.Dense(st, out)
}

// ---- integer helpers ----

func bigOf(a ir.Attribute) *big.Int {
	if ia, ok := a.(*ir.IntegerAttr); ok {
		return ia.Big()
	}
	return nil
}

func pow2(w int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(w)) }

// unsigned returns x as an unsigned w-bit value.
func unsigned(x *big.Int, w int) *big.Int { return new(big.Int).Mod(x, pow2(w)) }

// signed returns x as a signed w-bit value.
func signed(x *big.Int, w int) *big.Int {
	u := unsigned(x, w)
	if u.Cmp(pow2(w-1)) >= 0 {
		u.Sub(u, pow2(w))
	}
	return u
}

func fitsSigned(x *big.Int, w int) bool {
	return x.Cmp(new(big.Int).Neg(pow2(w-1))) >= 0 && x.Cmp(pow2(w-1)) < 0
}

// intBinFn computes on w-bit integers; it reports false when the result is
// undefined (division by zero, signed overflow of a division).
type intBinFn func(a, b *big.Int, w int) (*big.Int, bool)

// foldIntBinary constant-folds op elementwise with f.
func foldIntBinary(op *ir.Operation, c []ir.Attribute, f intBinFn) ir.Attribute {
	resT := op.Result(0).Type()
	elem := ir.ElementTypeOrSelf(resT)
	w := ir.BitWidth(elem)
	if w == 0 {
		return nil
	}
	return mapElements(resT, c, func(xs []ir.Attribute) ir.Attribute {
		a, b := bigOf(xs[0]), bigOf(xs[1])
		if a == nil || b == nil {
			return nil
		}
		r, ok := f(a, b, w)
		if !ok {
			return nil
		}
		return ir.BigIntAttr(elem, r)
	})
}

// intMatch reports whether a is a scalar or splat integer constant for which pred holds.
func intMatch(a ir.Attribute, pred func(v *big.Int, w int) bool) bool {
	ia, ok := splatOf(a).(*ir.IntegerAttr)
	if !ok {
		return false
	}
	w := ir.BitWidth(ia.Type())
	return w > 0 && pred(ia.Big(), w)
}

func isZero(a ir.Attribute) bool {
	return intMatch(a, func(v *big.Int, _ int) bool { return v.Sign() == 0 })
}

func isOne(a ir.Attribute) bool {
	return intMatch(a, func(v *big.Int, w int) bool { return unsigned(v, w).Cmp(big.NewInt(1)) == 0 })
}

func isAllOnes(a ir.Attribute) bool {
	return intMatch(a, func(v *big.Int, w int) bool {
		return unsigned(v, w).Cmp(new(big.Int).Sub(pow2(w), big.NewInt(1))) == 0
	})
}

func isSignedMax(a ir.Attribute) bool {
	return intMatch(a, func(v *big.Int, w int) bool {
		return signed(v, w).Cmp(new(big.Int).Sub(pow2(w-1), big.NewInt(1))) == 0
	})
}

func isSignedMin(a ir.Attribute) bool {
	return intMatch(a, func(v *big.Int, w int) bool { return signed(v, w).Cmp(new(big.Int).Neg(pow2(w-1))) == 0 })
}

// intConstOfType returns the constant v of type t (a splat for vectors and static tensors).
func intConstOfType(t ir.Type, v int64) ir.Attribute {
	elem := ir.ElementTypeOrSelf(t)
	if !ir.IsIntOrIndex(elem) {
		return nil
	}
	e := ir.IntAttr(elem, v)
	switch st := t.(type) {
	case *ir.VectorType:
		return ir.DenseSplat(st, e)
	case *ir.RankedTensorType:
		if ir.NumElements(st.Dims) >= 0 {
			return ir.DenseSplat(st, e)
		}
		return nil
	case *ir.UnrankedTensorType:
		return nil
	}
	return e
}

// definingOp returns v's defining op when it is named name.
func definingOp(v *ir.Value, name string) *ir.Operation {
	if d := v.DefiningOp(); d != nil && d.Is(name) {
		return d
	}
	return nil
}

// cancelled returns the other operand of v's defining op named name when
// one of its two operands is x: the value left when an op undoes that one
// (subi(addi(a, b), b) is a, xori(xori(a, b), a) is b).
func cancelled(v *ir.Value, name string, x *ir.Value) (*ir.Value, bool) {
	d := definingOp(v, name)
	switch {
	case d == nil:
		return nil, false
	case d.Operand(1) == x:
		return d.Operand(0), true
	case d.Operand(0) == x:
		return d.Operand(1), true
	}
	return nil, false
}

// ---- integer folders ----

func foldAddI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZero(c[1]) {
		return value(lhs)
	}
	// addi(subi(a, b), b) -> a and addi(b, subi(a, b)) -> a
	if sub := definingOp(lhs, "arith.subi"); sub != nil && sub.Operand(1) == rhs {
		return value(sub.Operand(0))
	}
	if sub := definingOp(rhs, "arith.subi"); sub != nil && sub.Operand(1) == lhs {
		return value(sub.Operand(0))
	}
	return constant(foldIntBinary(op, c, func(a, b *big.Int, _ int) (*big.Int, bool) {
		return new(big.Int).Add(a, b), true
	}))
}

func foldSubI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if lhs == rhs {
		return constant(intConstOfType(op.Result(0).Type(), 0))
	}
	if isZero(c[1]) {
		return value(lhs)
	}
	// subi(addi(a, b), b) -> a and subi(addi(a, b), a) -> b
	if v, ok := cancelled(lhs, "arith.addi", rhs); ok {
		return value(v)
	}
	return constant(foldIntBinary(op, c, func(a, b *big.Int, _ int) (*big.Int, bool) {
		return new(big.Int).Sub(a, b), true
	}))
}

func foldMulI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if isZero(c[1]) {
		return value(op.Operand(1))
	}
	if isOne(c[1]) {
		return value(op.Operand(0))
	}
	return constant(foldIntBinary(op, c, func(a, b *big.Int, _ int) (*big.Int, bool) {
		return new(big.Int).Mul(a, b), true
	}))
}

// foldDiv returns the folder of an integer division: x / 1 is x, and two
// constants fold by div.
func foldDiv(div intBinFn) foldFn {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isOne(c[1]) {
			return value(op.Operand(0))
		}
		return constant(foldIntBinary(op, c, div))
	}
}

// signedDiv divides signed w-bit values, truncating and then rounding by
// adjust (nil: truncation, divsi).
func signedDiv(adjust func(q, r, b *big.Int)) intBinFn {
	return func(a, b *big.Int, w int) (*big.Int, bool) {
		sa, sb := signed(a, w), signed(b, w)
		if sb.Sign() == 0 {
			return nil, false
		}
		q, r := new(big.Int).QuoRem(sa, sb, new(big.Int))
		if adjust != nil {
			adjust(q, r, sb)
		}
		return q, fitsSigned(q, w)
	}
}

// roundUp and roundDown turn a truncated quotient q (remainder r of
// divisor b) into ceildivsi's and floordivsi's.
func roundUp(q, r, b *big.Int) {
	if r.Sign() != 0 && r.Sign() == b.Sign() {
		q.Add(q, big.NewInt(1))
	}
}

func roundDown(q, r, b *big.Int) {
	if r.Sign() != 0 && r.Sign() != b.Sign() {
		q.Sub(q, big.NewInt(1))
	}
}

// unsignedDiv divides unsigned w-bit values, rounding up when ceil
// (ceildivui) and truncating otherwise (divui).
func unsignedDiv(ceil bool) intBinFn {
	return func(a, b *big.Int, w int) (*big.Int, bool) {
		ua, ub := unsigned(a, w), unsigned(b, w)
		if ub.Sign() == 0 {
			return nil, false
		}
		q, r := new(big.Int).QuoRem(ua, ub, new(big.Int))
		if ceil && r.Sign() != 0 {
			q.Add(q, big.NewInt(1))
		}
		return q, true
	}
}

// foldRem returns the folder of remsi (interp = signed) and remui
// (unsigned): x % 1 is 0, and two constants fold unless the divisor is 0.
func foldRem(interp func(*big.Int, int) *big.Int) func(*ir.Operation, []ir.Attribute) (ir.FoldResult, bool) {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isOne(c[1]) {
			return constant(intConstOfType(op.Result(0).Type(), 0))
		}
		return constant(foldIntBinary(op, c, func(a, b *big.Int, w int) (*big.Int, bool) {
			d := interp(b, w)
			if d.Sign() == 0 {
				return nil, false
			}
			return new(big.Int).Rem(interp(a, w), d), true
		}))
	}
}

func foldAndI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	switch {
	case isZero(c[1]):
		return value(op.Operand(1))
	case isAllOnes(c[1]), op.Operand(0) == op.Operand(1):
		return value(op.Operand(0))
	}
	return constant(foldIntBinary(op, c, func(a, b *big.Int, w int) (*big.Int, bool) {
		return new(big.Int).And(unsigned(a, w), unsigned(b, w)), true
	}))
}

func foldOrI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	switch {
	case isZero(c[1]), op.Operand(0) == op.Operand(1):
		return value(op.Operand(0))
	case isAllOnes(c[1]):
		return value(op.Operand(1))
	}
	return constant(foldIntBinary(op, c, func(a, b *big.Int, w int) (*big.Int, bool) {
		return new(big.Int).Or(unsigned(a, w), unsigned(b, w)), true
	}))
}

func foldXOrI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZero(c[1]) {
		return value(lhs)
	}
	if lhs == rhs {
		return constant(intConstOfType(op.Result(0).Type(), 0))
	}
	// xori(xori(x, a), a) -> x and xori(xori(a, x), a) -> x
	if v, ok := cancelled(lhs, "arith.xori", rhs); ok {
		return value(v)
	}
	return constant(foldIntBinary(op, c, func(a, b *big.Int, w int) (*big.Int, bool) {
		return new(big.Int).Xor(unsigned(a, w), unsigned(b, w)), true
	}))
}

// shiftAmount returns b as a shift amount below w.
func shiftAmount(b *big.Int, w int) (uint, bool) {
	ub := unsigned(b, w)
	if !ub.IsUint64() || ub.Uint64() >= uint64(w) {
		return 0, false
	}
	return uint(ub.Uint64()), true
}

// The shifts fold alike: a shift by zero is its lhs, and constants fold
// when the amount is below the width; they differ in how they read the
// lhs (signed or unsigned) and in the direction.
var (
	foldShLI  = foldShift(unsigned, (*big.Int).Lsh)
	foldShRSI = foldShift(signed, (*big.Int).Rsh)
	foldShRUI = foldShift(unsigned, (*big.Int).Rsh)
)

// foldShift builds a shift's folder from how it reads the lhs at width w
// and the shift itself.
func foldShift(read func(a *big.Int, w int) *big.Int, shift func(z, x *big.Int, n uint) *big.Int) func(*ir.Operation, []ir.Attribute) (ir.FoldResult, bool) {
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		if isZero(c[1]) {
			return value(op.Operand(0))
		}
		return constant(foldIntBinary(op, c, func(a, b *big.Int, w int) (*big.Int, bool) {
			s, ok := shiftAmount(b, w)
			return shift(new(big.Int), read(a, w), s), ok
		}))
	}
}

// foldMinMax folds a min/max op: equal operands, the absorbing bound
// (returned as the constant operand), the identity bound, then constants.
func foldMinMax(op *ir.Operation, c []ir.Attribute, absorbing, identity func(ir.Attribute) bool, pick func(a, b *big.Int, w int) *big.Int) (ir.FoldResult, bool) {
	if op.Operand(0) == op.Operand(1) {
		return value(op.Operand(0))
	}
	if absorbing(c[1]) {
		return value(op.Operand(1))
	}
	if identity(c[1]) {
		return value(op.Operand(0))
	}
	return constant(foldIntBinary(op, c, func(a, b *big.Int, w int) (*big.Int, bool) { return pick(a, b, w), true }))
}

func pickBy(less func(x, y *big.Int, w int) bool, wantMax bool) func(a, b *big.Int, w int) *big.Int {
	return func(a, b *big.Int, w int) *big.Int {
		if less(a, b, w) == wantMax {
			return b
		}
		return a
	}
}

func lessS(x, y *big.Int, w int) bool { return signed(x, w).Cmp(signed(y, w)) < 0 }
func lessU(x, y *big.Int, w int) bool { return unsigned(x, w).Cmp(unsigned(y, w)) < 0 }

func foldMaxSI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return foldMinMax(op, c, isSignedMax, isSignedMin, pickBy(lessS, true))
}
func foldMaxUI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return foldMinMax(op, c, isAllOnes, isZero, pickBy(lessU, true))
}
func foldMinSI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return foldMinMax(op, c, isSignedMin, isSignedMax, pickBy(lessS, false))
}
func foldMinUI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return foldMinMax(op, c, isZero, isAllOnes, pickBy(lessU, false))
}

// ---- extended arithmetic ----

func foldAddUIExtended(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if len(c) != 2 || op.NumResults() != 2 {
		return nil
	}
	t := op.Result(0).Type()
	elem := ir.ElementTypeOrSelf(t)
	w := ir.BitWidth(elem)
	sum := mapElements(t, c, func(xs []ir.Attribute) ir.Attribute {
		a, b := bigOf(xs[0]), bigOf(xs[1])
		if a == nil || b == nil {
			return nil
		}
		return ir.BigIntAttr(elem, new(big.Int).Add(a, b))
	})
	ovf := mapElements(op.Result(1).Type(), c, func(xs []ir.Attribute) ir.Attribute {
		a, b := bigOf(xs[0]), bigOf(xs[1])
		if a == nil || b == nil {
			return nil
		}
		s := new(big.Int).Add(unsigned(a, w), unsigned(b, w))
		return ir.BoolAttr(s.Cmp(pow2(w)) >= 0)
	})
	if sum == nil || ovf == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: sum}, {Attr: ovf}}
}

func foldMulExtended(op *ir.Operation, c []ir.Attribute, conv func(*big.Int, int) *big.Int) []ir.FoldResult {
	if len(c) != 2 || op.NumResults() != 2 {
		return nil
	}
	t := op.Result(0).Type()
	elem := ir.ElementTypeOrSelf(t)
	w := ir.BitWidth(elem)
	if isZero(c[1]) {
		z := intConstOfType(t, 0)
		if z == nil {
			return nil
		}
		return []ir.FoldResult{{Attr: z}, {Attr: z}}
	}
	half := func(high bool) ir.Attribute {
		return mapElements(t, c, func(xs []ir.Attribute) ir.Attribute {
			a, b := bigOf(xs[0]), bigOf(xs[1])
			if a == nil || b == nil {
				return nil
			}
			p := new(big.Int).Mul(conv(a, w), conv(b, w))
			if high {
				p.Rsh(p, uint(w))
			}
			return ir.BigIntAttr(elem, p)
		})
	}
	lo, hi := half(false), half(true)
	if lo == nil || hi == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: lo}, {Attr: hi}}
}

func foldMulUIExtended(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return foldMulExtended(op, c, unsigned)
}

func foldMulSIExtended(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return foldMulExtended(op, c, signed)
}

// ---- comparisons ----

// evalCmpI applies a cmpi predicate to w-bit integers.
func evalCmpI(pred int64, a, b *big.Int, w int) bool {
	s := signed(a, w).Cmp(signed(b, w))
	u := unsigned(a, w).Cmp(unsigned(b, w))
	switch pred {
	case 0:
		return u == 0
	case 1:
		return u != 0
	case 2:
		return s < 0
	case 3:
		return s <= 0
	case 4:
		return s > 0
	case 5:
		return s >= 0
	case 6:
		return u < 0
	case 7:
		return u <= 0
	case 8:
		return u > 0
	}
	return u >= 0
}

// swappedCmpI maps a predicate to the one that holds with operands swapped.
var swappedCmpI = [...]int64{0, 1, 4, 5, 2, 3, 8, 9, 6, 7}

// invertedCmpI maps a predicate to its negation.
var invertedCmpI = [...]int64{1, 0, 5, 4, 3, 2, 9, 8, 7, 6}

func predicateOf(op *ir.Operation) (int64, bool) {
	if pa, ok := op.Attr(PredicateAttr).(*ir.IntegerAttr); ok {
		return pa.Int(), true
	}
	return 0, false
}

func foldCmpI(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	pa, ok := op.Attr(PredicateAttr).(*ir.IntegerAttr)
	if !ok || pa.Int() < 0 || pa.Int() >= int64(len(CmpIPredicates)) {
		return noFold, false
	}
	pred := pa.Int()
	lhs, rhs := op.Operand(0), op.Operand(1)
	resT := op.Result(0).Type()
	if lhs == rhs {
		// eq, sle, sge, ule, uge hold for equal operands.
		holds := pred == 0 || pred == 3 || pred == 5 || pred == 7 || pred == 9
		return constant(intConstOfType(resT, map[bool]int64{true: 1, false: 0}[holds]))
	}
	isI1 := ir.ElementTypeOrSelf(lhs.Type()) == ir.Type(ir.I1)
	if isZero(c[1]) {
		for _, ext := range []string{"arith.extsi", "arith.extui"} {
			// ext(%x : i1) != 0  ->  %x
			if e := definingOp(lhs, ext); e != nil && pred == 1 && ir.ElementTypeOrSelf(e.Operand(0).Type()) == ir.Type(ir.I1) {
				return value(e.Operand(0))
			}
		}
		if isI1 && pred == 1 {
			return value(lhs)
		}
	}
	if isOne(c[1]) && isI1 && pred == 0 {
		return value(lhs)
	}
	if c[0] != nil && c[1] == nil {
		// Move the constant to the right, in place.
		op.SetAttr(PredicateAttr, ir.IntAttr(ir.I64, swappedCmpI[pred]))
		op.SetOperand(0, rhs)
		op.SetOperand(1, lhs)
		return value(op.Result(0))
	}
	w := ir.BitWidth(ir.ElementTypeOrSelf(lhs.Type()))
	if w == 0 {
		return noFold, false
	}
	return constant(mapElements(resT, c, func(xs []ir.Attribute) ir.Attribute {
		a, b := bigOf(xs[0]), bigOf(xs[1])
		if a == nil || b == nil {
			return nil
		}
		return ir.BoolAttr(evalCmpI(pred, a, b, w))
	}))
}

// EvalCmpF applies a cmpf predicate (by value) to two floats.
func EvalCmpF(pred int64, a, b float64) bool {
	unordered := math.IsNaN(a) || math.IsNaN(b)
	if unordered {
		// ueq..uno (8..14) and true (15) hold on unordered operands.
		return pred >= 8
	}
	lt, eq, gt := a < b, a == b, a > b
	switch pred {
	case 0:
		return false
	case 1, 8:
		return eq
	case 2, 9:
		return gt
	case 3, 10:
		return gt || eq
	case 4, 11:
		return lt
	case 5, 12:
		return lt || eq
	case 6, 13:
		return !eq
	case 7:
		return true
	case 14:
		return false
	}
	return true
}

func foldCmpF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	pa, ok := op.Attr(PredicateAttr).(*ir.IntegerAttr)
	if !ok || pa.Int() < 0 || pa.Int() >= int64(len(CmpFPredicates)) {
		return noFold, false
	}
	lhs, _ := c[0].(*ir.FloatAttr)
	rhs, _ := c[1].(*ir.FloatAttr)
	// One NaN operand decides the comparison on its own.
	if lhs != nil && math.IsNaN(lhs.Value()) {
		rhs = lhs
	}
	if rhs != nil && math.IsNaN(rhs.Value()) {
		lhs = rhs
	}
	if lhs == nil || rhs == nil || op.Result(0).Type() != ir.Type(ir.I1) {
		return noFold, false
	}
	return constant(ir.BoolAttr(EvalCmpF(pa.Int(), lhs.Value(), rhs.Value())))
}

// ---- select ----

func foldSelect(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 3 || len(c) != 3 || op.NumResults() != 1 {
		return nil
	}
	cond, tv, fv := op.Operand(0), op.Operand(1), op.Operand(2)
	one := func(v *ir.Value) []ir.FoldResult { return []ir.FoldResult{{Value: v}} }
	if tv == fv {
		return one(tv)
	}
	if isOne(c[0]) {
		return one(tv)
	}
	if isZero(c[0]) {
		return one(fv)
	}
	if op.Result(0).Type() == ir.Type(ir.I1) && isOne(c[1]) && isZero(c[2]) {
		return one(cond)
	}
	if cmp := definingOp(cond, "arith.cmpi"); cmp != nil {
		if pred, ok := predicateOf(cmp); ok && (pred == 0 || pred == 1) {
			l, r := cmp.Operand(0), cmp.Operand(1)
			if l == tv && r == fv || r == tv && l == fv {
				if pred == 1 {
					return one(tv)
				}
				return one(fv)
			}
		}
	}
	if _, ok := c[0].(*ir.DenseElementsAttr); ok {
		if r := mapElements(op.Result(0).Type(), c, func(xs []ir.Attribute) ir.Attribute {
			if bigOf(xs[0]) == nil {
				return nil
			}
			if bigOf(xs[0]).Sign() != 0 {
				return xs[1]
			}
			return xs[2]
		}); r != nil {
			return []ir.FoldResult{{Attr: r}}
		}
	}
	return nil
}

// ---- floats ----

// FoldableFloat reports whether constants of t fold exactly with float64
// arithmetic (formats wider than f64 and the 8-bit and smaller formats do
// not); the math dialect's folders share it.
func FoldableFloat(t ir.Type) (*ir.FloatType, bool) {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return nil, false
	}
	switch ft.Kind {
	case ir.KindF16, ir.KindBF16, ir.KindF32, ir.KindF64:
		return ft, true
	}
	return nil, false
}

var mantissaBits = map[ir.FloatKind]uint{ir.KindF16: 10, ir.KindBF16: 7, ir.KindF32: 23, ir.KindF64: 52}

// quieted returns a NaN attribute with its quiet bit set.
func quieted(a *ir.FloatAttr) *ir.FloatAttr {
	t := a.Type().(*ir.FloatType)
	q := uint64(1) << (mantissaBits[t.Kind] - 1)
	if a.Bits()&q != 0 {
		return a
	}
	return ir.FloatAttrFromBits(t, a.Bits()|q)
}

// defaultNaN returns the positive quiet NaN APFloat produces for invalid operations.
func defaultNaN(t *ir.FloatType) *ir.FloatAttr {
	m := mantissaBits[t.Kind]
	w := uint(t.Width())
	exp := (uint64(1)<<(w-1-m) - 1) << m
	return ir.FloatAttrFromBits(t, exp|uint64(1)<<(m-1))
}

// floatResult rounds v to t; a NaN result propagates the first NaN input
// (quieted) or is the default NaN, as APFloat does.
func floatResult(t *ir.FloatType, v float64, ins ...*ir.FloatAttr) *ir.FloatAttr {
	if !math.IsNaN(v) {
		return ir.FloatAttrOf(t, v)
	}
	for _, in := range ins {
		if math.IsNaN(in.Value()) {
			return quieted(in)
		}
	}
	return defaultNaN(t)
}

// foldFloatBinary constant-folds op elementwise with f on float64 values;
// f16, bf16 and f32 results are exact because float64 holds their exact
// sums, products and quotients to within one rounding.
func foldFloatBinary(op *ir.Operation, c []ir.Attribute, f func(a, b float64) float64) ir.Attribute {
	resT := op.Result(0).Type()
	ft, ok := FoldableFloat(ir.ElementTypeOrSelf(resT))
	if !ok {
		return nil
	}
	return mapElements(resT, c, func(xs []ir.Attribute) ir.Attribute {
		a, aok := xs[0].(*ir.FloatAttr)
		b, bok := xs[1].(*ir.FloatAttr)
		if !aok || !bok {
			return nil
		}
		return floatResult(ft, f(a.Value(), b.Value()), a, b)
	})
}

func floatMatch(a ir.Attribute, pred func(float64) bool) bool {
	fa, ok := splatOf(a).(*ir.FloatAttr)
	return ok && pred(fa.Value())
}

func isNegZero(v float64) bool { return v == 0 && math.Signbit(v) }
func isPosZero(v float64) bool { return v == 0 && !math.Signbit(v) }
func isOneF(v float64) bool    { return v == 1 }

func foldAddF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if floatMatch(c[1], isNegZero) {
		return value(op.Operand(0))
	}
	return constant(foldFloatBinary(op, c, func(a, b float64) float64 { return a + b }))
}

func foldSubF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if floatMatch(c[1], isPosZero) {
		return value(op.Operand(0))
	}
	return constant(foldFloatBinary(op, c, func(a, b float64) float64 { return a - b }))
}

func foldMulF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if floatMatch(c[1], isOneF) {
		return value(op.Operand(0))
	}
	return constant(foldFloatBinary(op, c, func(a, b float64) float64 { return a * b }))
}

func foldDivF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	if floatMatch(c[1], isOneF) {
		return value(op.Operand(0))
	}
	return constant(foldFloatBinary(op, c, func(a, b float64) float64 { return a / b }))
}

func foldRemF(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	return constant(foldFloatBinary(op, c, math.Mod))
}

// foldFloatPick folds a min/max op whose result is one of its operands.
func foldFloatPick(op *ir.Operation, c []ir.Attribute, identity func(float64) bool, pick func(a, b *ir.FloatAttr) *ir.FloatAttr) (ir.FoldResult, bool) {
	if op.Operand(0) == op.Operand(1) {
		return value(op.Operand(0))
	}
	if floatMatch(c[1], identity) {
		return value(op.Operand(0))
	}
	resT := op.Result(0).Type()
	if _, ok := FoldableFloat(ir.ElementTypeOrSelf(resT)); !ok {
		return noFold, false
	}
	return constant(mapElements(resT, c, func(xs []ir.Attribute) ir.Attribute {
		a, aok := xs[0].(*ir.FloatAttr)
		b, bok := xs[1].(*ir.FloatAttr)
		if !aok || !bok {
			return nil
		}
		return pick(a, b)
	}))
}

func isNegInf(v float64) bool { return math.IsInf(v, -1) }
func isPosInf(v float64) bool { return math.IsInf(v, 1) }

// floatPicker folds maximumf/minimumf (propagateNaN: a NaN operand wins,
// -0 < +0) and maxnumf/minnumf (a NaN operand loses, as IEEE maxNum/minNum).
func floatPicker(wantMax, propagateNaN bool) func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
	identity := isPosInf // x min +inf = x
	if wantMax {
		identity = isNegInf
	}
	return func(op *ir.Operation, c []ir.Attribute) (ir.FoldResult, bool) {
		return foldFloatPick(op, c, identity, func(a, b *ir.FloatAttr) *ir.FloatAttr {
			x, y := a.Value(), b.Value()
			switch {
			case math.IsNaN(x):
				if propagateNaN {
					return a
				}
				return b
			case math.IsNaN(y):
				if propagateNaN {
					return b
				}
				return a
			case propagateNaN && x == 0 && y == 0 && math.Signbit(x) != math.Signbit(y):
				// The negative zero is the smaller one.
				if math.Signbit(x) == wantMax {
					return b
				}
				return a
			case wantMax && x < y, !wantMax && y < x:
				return b
			}
			return a
		})
	}
}

func foldNegF(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if len(c) != 1 || op.NumResults() != 1 {
		return nil
	}
	// negf(negf(x)) -> x
	if n := definingOp(op.Operand(0), "arith.negf"); n != nil {
		return []ir.FoldResult{{Value: n.Operand(0)}}
	}
	resT := op.Result(0).Type()
	ft, ok := FoldableFloat(ir.ElementTypeOrSelf(resT))
	if !ok {
		return nil
	}
	signBit := uint64(1) << (ft.Width() - 1)
	r := mapElements(resT, c, func(xs []ir.Attribute) ir.Attribute {
		a, ok := xs[0].(*ir.FloatAttr)
		if !ok {
			return nil
		}
		return ir.FloatAttrFromBits(ft, a.Bits()^signBit)
	})
	if r == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: r}}
}
