package arithtollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// attrKind says which arith attribute an elementwise lowering carries over.
type attrKind uint8

const (
	noAttrs attrKind = iota
	fastMath
	overflow
)

// elementwise maps the arith ops that lower to one llvm op per element.
var elementwise = []struct {
	from, to string
	attrs    attrKind
}{
	{"arith.addi", "llvm.add", overflow}, {"arith.subi", "llvm.sub", overflow},
	{"arith.muli", "llvm.mul", overflow}, {"arith.shli", "llvm.shl", overflow},
	{"arith.andi", "llvm.and", noAttrs}, {"arith.ori", "llvm.or", noAttrs}, {"arith.xori", "llvm.xor", noAttrs},
	{"arith.divsi", "llvm.sdiv", noAttrs}, {"arith.divui", "llvm.udiv", noAttrs},
	{"arith.remsi", "llvm.srem", noAttrs}, {"arith.remui", "llvm.urem", noAttrs},
	{"arith.shrsi", "llvm.ashr", noAttrs}, {"arith.shrui", "llvm.lshr", noAttrs},
	{"arith.maxsi", "llvm.intr.smax", noAttrs}, {"arith.maxui", "llvm.intr.umax", noAttrs},
	{"arith.minsi", "llvm.intr.smin", noAttrs}, {"arith.minui", "llvm.intr.umin", noAttrs},
	{"arith.addf", "llvm.fadd", fastMath}, {"arith.subf", "llvm.fsub", fastMath},
	{"arith.mulf", "llvm.fmul", fastMath}, {"arith.divf", "llvm.fdiv", fastMath},
	{"arith.remf", "llvm.frem", fastMath}, {"arith.negf", "llvm.fneg", fastMath},
	{"arith.maximumf", "llvm.intr.maximum", fastMath}, {"arith.minimumf", "llvm.intr.minimum", fastMath},
	{"arith.maxnumf", "llvm.intr.maxnum", fastMath}, {"arith.minnumf", "llvm.intr.minnum", fastMath},
	{"arith.select", "llvm.select", noAttrs},
	{"arith.extf", "llvm.fpext", noAttrs}, {"arith.extsi", "llvm.sext", noAttrs}, {"arith.extui", "llvm.zext", noAttrs},
	{"arith.trunci", "llvm.trunc", noAttrs},
	{"arith.fptosi", "llvm.fptosi", noAttrs}, {"arith.fptoui", "llvm.fptoui", noAttrs},
	{"arith.sitofp", "llvm.sitofp", noAttrs}, {"arith.uitofp", "llvm.uitofp", noAttrs},
	{"arith.bitcast", "llvm.bitcast", noAttrs},
}

// Ops lists the arith ops Populate lowers (the ops convert-arith-to-llvm
// makes illegal). MLIR 19's pass leaves arith.ceildivsi, ceildivui,
// floordivsi (arith-expand's business) and addui_extended (an intrinsic
// goopt's llvm dialect lacks) alone.
func Ops() []string {
	ops := []string{"arith.constant", "arith.cmpi", "arith.cmpf", "arith.truncf",
		"arith.index_cast", "arith.index_castui", "arith.mulsi_extended", "arith.mului_extended"}
	for _, e := range elementwise {
		ops = append(ops, e.from)
	}
	return ops
}

// Populate adds the arith-to-llvm patterns (upstream's
// populateArithToLLVMConversionPatterns).
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	pat := func(root string, benefit int, fn func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error) {
		ps.Add(&convert.OpPattern{Root: root, PatternBenefit: benefit, Converter: tc.TypeConverter, Rewrite: fn})
	}
	for _, e := range elementwise {
		pat(e.from, 1, func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
			var attrs []ir.NamedAttribute
			switch e.attrs {
			case fastMath:
				attrs = llvmcommon.ArithFastMathAttrs(op)
			case overflow:
				attrs = llvmcommon.OverflowAttrs(op.Attr(arith.OverflowAttrName))
			}
			return llvmcommon.ElementwiseOp(rw, tc, op, a.Operands(), e.to, attrs...)
		})
	}
	// A bitcast between types that convert to the same llvm type is no op
	// (upstream's IdentityBitcastLowering, tried first).
	pat("arith.bitcast", 10, func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		rt, ok := tc.Convert(op.Result(0).Type())
		if !ok || a.Operand(0) == nil || a.Operand(0).Type() != rt {
			return rw.NotifyMatchFailure(op, "types are different")
		}
		rw.ReplaceOp(op, []*ir.Value{a.Operand(0)})
		return nil
	})
	pat("arith.constant", 1, lowerConstant(tc))
	pat("arith.cmpi", 1, lowerCmp(tc, "llvm.icmp"))
	pat("arith.cmpf", 1, lowerCmp(tc, "llvm.fcmp"))
	pat("arith.truncf", 1, func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		if op.Attr(arith.RoundingAttrName) != nil {
			// Upstream lowers it to llvm.intr.experimental.constrained.fptrunc,
			// which goopt's llvm dialect does not have.
			return rw.NotifyMatchFailure(op, "a rounding mode needs llvm.intr.experimental.constrained.fptrunc, which is not supported")
		}
		return llvmcommon.ElementwiseToLLVM(rw, tc, op, a.Operands(), func(b *ir.Builder, t ir.Type, vs []*ir.Value) *ir.Value {
			return llvm.BuildFptruncOp(b, op.Loc(), vs[0], t).Result(0)
		})
	})
	pat("arith.index_cast", 1, lowerIndexCast(tc, "llvm.sext"))
	pat("arith.index_castui", 1, lowerIndexCast(tc, "llvm.zext"))
	pat("arith.mulsi_extended", 1, lowerMulExtended(tc, "llvm.sext"))
	pat("arith.mului_extended", 1, lowerMulExtended(tc, "llvm.zext"))
}

// lowerConstant makes arith.constant an llvm.mlir.constant of the
// converted type that keeps the value attribute as it is (an index
// constant stays `5 : index` on an i64, as upstream prints it).
func lowerConstant(tc *llvmcommon.TypeConverter) func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error {
	return func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		rt, ok := tc.Convert(op.Result(0).Type())
		if !ok {
			return rw.NotifyMatchFailure(op, "unable to convert result type '%s'", op.Result(0).Type())
		}
		rw.SetInsertionPointBefore(op)
		c := llvm.BuildMlirConstantOp(rw.Builder, op.Loc(), rt, ir.NamedAttribute{Name: "value", Value: op.Attr("value")})
		rw.ReplaceOp(op, c.Results())
		return nil
	}
}

// lowerCmp keeps the predicate: arith's and LLVM's predicate enums share
// their values. cmpf's fast-math flags carry over.
func lowerCmp(tc *llvmcommon.TypeConverter, to string) func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error {
	return func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		attrs := []ir.NamedAttribute{{Name: "predicate", Value: ir.IntAttr(ir.I64, op.Attr(arith.PredicateAttr).(*ir.IntegerAttr).Int())}}
		if to == "llvm.fcmp" {
			attrs = append(attrs, llvmcommon.ArithFastMathAttrs(op)...)
		}
		return llvmcommon.ElementwiseOp(rw, tc, op, a.Operands(), to, attrs...)
	}
}

// lowerIndexCast: index is an integer of the index bitwidth after
// conversion, so the cast is a no op between equal widths, a trunc to a
// narrower type and an extension (ext: sext or zext) to a wider one.
func lowerIndexCast(tc *llvmcommon.TypeConverter, ext string) func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error {
	return func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		src, ok1 := tc.Convert(ir.ElementTypeOrSelf(op.Operand(0).Type()))
		dst, ok2 := tc.Convert(ir.ElementTypeOrSelf(op.Result(0).Type()))
		if !ok1 || !ok2 || a.Operand(0) == nil {
			return rw.NotifyMatchFailure(op, "unable to convert the types")
		}
		sb, db := ir.BitWidth(src), ir.BitWidth(dst)
		if sb == db {
			rw.ReplaceOp(op, []*ir.Value{a.Operand(0)})
			return nil
		}
		name := ext
		if db < sb {
			name = "llvm.trunc"
		}
		return llvmcommon.ElementwiseOp(rw, tc, op, a.Operands(), name)
	}
}

// lowerMulExtended computes the full product in twice the width (LLVM has
// no widening multiply): extend both operands, multiply, and split the
// product into its low half and its high half shifted down (scalars and
// 1-D vectors, as upstream).
func lowerMulExtended(tc *llvmcommon.TypeConverter, ext string) func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error {
	return func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		lhs, rhs := a.Operand(0), a.Operand(1)
		if lhs == nil || rhs == nil || !llvm.IsCompatibleType(lhs.Type()) {
			return rw.NotifyMatchFailure(op, "unable to convert the operands")
		}
		t := lhs.Type()
		if _, ok := t.(*llvm.ArrayType); ok {
			return rw.NotifyMatchFailure(op, "ND vector types are not supported yet")
		}
		width := ir.BitWidth(ir.ElementTypeOrSelf(t))
		wideElem := ir.Integer(2 * width)
		var wide ir.Type = wideElem
		var shift ir.Attribute = ir.IntAttr(wideElem, int64(width))
		if vt, ok := t.(*ir.VectorType); ok {
			wide = ir.Vector(vt.Dims, wideElem, vt.Scalable)
			shift = ir.DenseSplat(wide.(ir.ShapedType), shift)
		}
		loc := op.Loc()
		rw.SetInsertionPointBefore(op)
		b := rw.Builder
		l := b.CreateOp(ext, loc, []*ir.Value{lhs}, []ir.Type{wide}).Result(0)
		r := b.CreateOp(ext, loc, []*ir.Value{rhs}, []ir.Type{wide}).Result(0)
		m := llvm.BuildMulOp(b, loc, l, r, wide).Result(0)
		low := llvm.BuildTruncOp(b, loc, m, t).Result(0)
		sh := llvm.BuildMlirConstantOp(b, loc, wide, ir.NamedAttribute{Name: "value", Value: shift}).Result(0)
		hi := llvm.BuildTruncOp(b, loc, llvm.BuildLshrOp(b, loc, m, sh, wide).Result(0), t).Result(0)
		rw.ReplaceOp(op, []*ir.Value{low, hi})
		return nil
	}
}
