package mathtollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// intrinsics maps the math ops that are one LLVM intrinsic; the float ones
// carry their fast-math flags. math.absi, ctlz, cttz and fpowi lower to
// llvm.intr.abs, ctlz, cttz and powi upstream, which goopt's llvm dialect
// does not have yet: they are left alone.
var intrinsics = []struct {
	from, to string
	float    bool
}{
	{"math.absf", "llvm.intr.fabs", true}, {"math.ceil", "llvm.intr.ceil", true},
	{"math.copysign", "llvm.intr.copysign", true}, {"math.cos", "llvm.intr.cos", true},
	{"math.exp", "llvm.intr.exp", true}, {"math.exp2", "llvm.intr.exp2", true},
	{"math.floor", "llvm.intr.floor", true}, {"math.fma", "llvm.intr.fma", true},
	{"math.log", "llvm.intr.log", true}, {"math.log10", "llvm.intr.log10", true},
	{"math.log2", "llvm.intr.log2", true}, {"math.powf", "llvm.intr.pow", true},
	{"math.round", "llvm.intr.round", true}, {"math.roundeven", "llvm.intr.roundeven", true},
	{"math.sin", "llvm.intr.sin", true}, {"math.sqrt", "llvm.intr.sqrt", true},
	{"math.trunc", "llvm.intr.trunc", true},
	{"math.ctpop", "llvm.intr.ctpop", false},
}

// Options are the knobs of the math lowering.
type Options struct {
	// ApproximateLog1p lowers math.log1p to log(1 + x) (upstream's
	// `approximate-log1p`, on by default there); otherwise it stays.
	ApproximateLog1p bool
}

// Ops lists the math ops Populate lowers under opts.
func Ops(opts Options) []string {
	ops := []string{"math.rsqrt", "math.expm1"}
	if opts.ApproximateLog1p {
		ops = append(ops, "math.log1p")
	}
	for _, in := range intrinsics {
		ops = append(ops, in.from)
	}
	return ops
}

// Populate adds the math-to-llvm patterns (upstream's
// populateMathToLLVMConversionPatterns).
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet, opts Options) {
	pat := func(root string, fn func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error) {
		ps.Add(&convert.OpPattern{Root: root, Converter: tc.TypeConverter, Rewrite: fn})
	}
	for _, in := range intrinsics {
		pat(in.from, func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
			var attrs []ir.NamedAttribute
			if in.float {
				attrs = llvmcommon.ArithFastMathAttrs(op)
			}
			return llvmcommon.ElementwiseOp(rw, tc, op, a.Operands(), in.to, attrs...)
		})
	}
	// rsqrt(x) = 1 / sqrt(x).
	pat("math.rsqrt", withOne(tc, func(b *ir.Builder, loc ir.Location, t ir.Type, one, x *ir.Value, fm []ir.NamedAttribute) *ir.Value {
		s := llvm.BuildIntrSqrtOp(b, loc, x, t, fm...).Result(0)
		return llvm.BuildFdivOp(b, loc, one, s, t, fm...).Result(0)
	}))
	// expm1(x) = exp(x) - 1.
	pat("math.expm1", withOne(tc, func(b *ir.Builder, loc ir.Location, t ir.Type, one, x *ir.Value, fm []ir.NamedAttribute) *ir.Value {
		e := llvm.BuildIntrExpOp(b, loc, x, t, fm...).Result(0)
		return llvm.BuildFsubOp(b, loc, e, one, t, fm...).Result(0)
	}))
	if opts.ApproximateLog1p {
		// log1p(x) ≈ log(1 + x), as upstream's approximation.
		pat("math.log1p", withOne(tc, func(b *ir.Builder, loc ir.Location, t ir.Type, one, x *ir.Value, fm []ir.NamedAttribute) *ir.Value {
			s := llvm.BuildFaddOp(b, loc, one, x, t, fm...).Result(0)
			return llvm.BuildIntrLogOp(b, loc, s, t, fm...).Result(0)
		}))
	}
}

// withOne is the shape of the unary float lowerings that need the
// constant 1.0 of the operand's type (a splat for a vector): the constant
// comes first, then fn's ops, per innermost 1-D vector for an n-D one.
func withOne(tc *llvmcommon.TypeConverter, fn func(b *ir.Builder, loc ir.Location, t ir.Type, one, x *ir.Value, fm []ir.NamedAttribute) *ir.Value) func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error {
	return func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		ft, ok := ir.ElementTypeOrSelf(op.Operand(0).Type()).(*ir.FloatType)
		if !ok {
			return rw.NotifyMatchFailure(op, "expected a float operand")
		}
		fm := llvmcommon.ArithFastMathAttrs(op)
		return llvmcommon.ElementwiseToLLVM(rw, tc, op, a.Operands(), func(b *ir.Builder, t ir.Type, vs []*ir.Value) *ir.Value {
			var v ir.Attribute = ir.FloatAttrOf(ft, 1)
			if st, ok := t.(ir.ShapedType); ok {
				v = ir.DenseSplat(st, v)
			}
			one := llvm.BuildMlirConstantOp(b, op.Loc(), t, ir.NamedAttribute{Name: "value", Value: v}).Result(0)
			return fn(b, op.Loc(), t, one, vs[0], fm)
		})
	}
}
