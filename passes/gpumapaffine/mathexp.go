package gpumapaffine

import (
	"math"

	"github.com/goopt/goopt/ir"
)

// arith.cmpf predicates (arith::CmpFPredicate).
const (
	cmpfOGT = 2
	cmpfOLT = 4
	cmpfUNO = 14
)

// expandExp rewrites every f32 math.exp under root (scalar or vector) into
// arith ops: goopt's GPU lowering, unlike upstream's, links no libdevice,
// and NVPTX has no instruction for llvm.exp, so a kernel with math.exp
// would not compile. The expansion is Cephes' expf (within 2 ulp on
// f32): n = round(x log2 e), r = x - n ln 2 in two parts, a degree-5
// polynomial for e^r, and 2^n applied as two powers of two of half the
// exponent each, so that both are normal floats over the whole range and
// results that are subnormal still come out right.
func expandExp(ctx *ir.Context, root *ir.Operation) {
	var exps []*ir.Operation
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Is("math.exp") && elemType(op.Result(0).Type()) == ir.F32 {
			exps = append(exps, op)
		}
		return ir.Advance
	})
	for _, op := range exps {
		k := &kb{ctx: ctx, b: ir.NewBuilder(ctx), loc: op.Loc()}
		k.b.SetInsertionPointBefore(op)
		op.Result(0).ReplaceAllUsesWith(k.exp(op.Operand(0)))
		op.Erase()
	}
}

func elemType(t ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Elem
	}
	return t
}

// like returns t's shape with element type e (t itself when scalar).
func like(t ir.Type, e ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return ir.Vector(v.Dims, e, nil)
	}
	return e
}

func (k *kb) splat(t ir.Type, a ir.Attribute) *ir.Value {
	if v, ok := t.(*ir.VectorType); ok {
		a = ir.DenseSplat(v, a)
	}
	return k.op("arith.constant", nil, t, ir.NamedAttribute{Name: "value", Value: a})
}

func (k *kb) exp(x *ir.Value) *ir.Value {
	const (
		maxLog = 88.72283905206835 // ln(FLT_MAX)
		minLog = -103.97207708     // below it e^x rounds to 0 in f32
		log2e  = 1.44269504088896341
		c1     = 0.693359375 // ln 2 = c1 - c2, c1 exact in a few bits
		c2     = -2.12194440e-4
	)
	poly := []float64{1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1}
	ft := x.Type()
	it := like(ft, ir.I32)
	bt := like(ft, ir.I1)
	f := func(v float64) *ir.Value { return k.splat(ft, ir.FloatAttrOf(ir.F32, v)) }
	i := func(v int64) *ir.Value { return k.splat(it, ir.IntAttr(ir.I32, v)) }
	cmpf := func(pred int64, a, b *ir.Value) *ir.Value {
		return k.op("arith.cmpf", []*ir.Value{a, b}, bt, ir.NamedAttribute{Name: "predicate", Value: ir.IntAttr(ir.I64, pred)})
	}
	sel := func(c, a, b *ir.Value) *ir.Value { return k.op("arith.select", []*ir.Value{c, a, b}, a.Type()) }
	nan := cmpf(cmpfUNO, x, x)
	// NaN is handled at the end; it must not reach the float-to-int cast.
	xc := sel(nan, f(0), x)
	xc = k.bin("arith.minimumf", k.bin("arith.maximumf", xc, f(minLog)), f(maxLog))
	// n = floor(x log2 e + 0.5), with fptosi truncating towards zero.
	y := k.bin("arith.addf", k.bin("arith.mulf", xc, f(log2e)), f(0.5))
	n := k.op("arith.fptosi", []*ir.Value{y}, it)
	nf := k.op("arith.sitofp", []*ir.Value{n}, ft)
	n = sel(cmpf(cmpfOLT, y, nf), k.bin("arith.subi", n, i(1)), n)
	nf = k.op("arith.sitofp", []*ir.Value{n}, ft)
	r := k.bin("arith.subf", k.bin("arith.subf", xc, k.bin("arith.mulf", nf, f(c1))), k.bin("arith.mulf", nf, f(c2)))
	p := f(poly[0])
	for _, c := range poly[1:] {
		p = k.bin("arith.addf", k.bin("arith.mulf", p, r), f(c))
	}
	z := k.bin("arith.mulf", r, r)
	p = k.bin("arith.addf", k.bin("arith.addf", k.bin("arith.mulf", p, z), r), f(1))
	// 2^n = 2^h * 2^(n-h), h = n/2: both halves lie in [-75, 64].
	pow2 := func(e *ir.Value) *ir.Value {
		bits := k.bin("arith.shli", k.bin("arith.addi", e, i(127)), i(23))
		return k.op("arith.bitcast", []*ir.Value{bits}, ft)
	}
	h := k.bin("arith.shrsi", n, i(1))
	res := k.bin("arith.mulf", k.bin("arith.mulf", p, pow2(h)), pow2(k.bin("arith.subi", n, h)))
	res = sel(cmpf(cmpfOGT, x, f(maxLog)), f(math.Inf(1)), res)
	return sel(nan, x, res)
}
