package llvmcommon

import (
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// This file holds what the arith, math, cf and func conversions share
// (upstream's LLVMCommon/Pattern.cpp, VectorPattern.cpp and
// ArithCommon/AttrToLLVMConverter.cpp).

// FastMathFromArith translates an `#arith.fastmath` attribute (nil: none)
// into LLVM's flags: the two enums name the same flags with different bit
// values.
func FastMathFromArith(a ir.Attribute) llvm.FastMathFlags {
	fa, ok := a.(*arith.FastMathAttr)
	if !ok {
		return llvm.FastMathNone
	}
	pairs := []struct {
		a arith.FastMathFlags
		l llvm.FastMathFlags
	}{
		{arith.FastMathReassoc, llvm.FastMathReassoc}, {arith.FastMathNNaN, llvm.FastMathNNaN},
		{arith.FastMathNInf, llvm.FastMathNInf}, {arith.FastMathNSZ, llvm.FastMathNSZ},
		{arith.FastMathARCP, llvm.FastMathARCP}, {arith.FastMathContract, llvm.FastMathContract},
		{arith.FastMathAFN, llvm.FastMathAFN},
	}
	var f llvm.FastMathFlags
	for _, p := range pairs {
		if fa.Value&p.a != 0 {
			f |= p.l
		}
	}
	return f
}

// FastMathAttrs returns the `fastmathFlags` attribute of an llvm op for
// flags, or nothing for none (the llvm ops' default, which MLIR elides).
func FastMathAttrs(f llvm.FastMathFlags) []ir.NamedAttribute {
	if f == llvm.FastMathNone {
		return nil
	}
	return []ir.NamedAttribute{{Name: "fastmathFlags", Value: llvm.FastMath(f)}}
}

// ArithFastMathAttrs is FastMathAttrs of the `#arith.fastmath` flags of
// an arith or math op, the attribute its llvm counterpart carries.
func ArithFastMathAttrs(op *ir.Operation) []ir.NamedAttribute {
	return FastMathAttrs(FastMathFromArith(op.Attr(arith.FastMathAttrName)))
}

// OverflowAttrs translates arith's overflow flags into the
// `overflowFlags` attribute of an llvm op (same bits), nothing for none.
func OverflowAttrs(a ir.Attribute) []ir.NamedAttribute {
	oa, ok := a.(*arith.OverflowAttr)
	if !ok || oa.Value == arith.OverflowNone {
		return nil
	}
	return []ir.NamedAttribute{{Name: "overflowFlags", Value: llvm.Overflow(llvm.OverflowFlags(oa.Value))}}
}

// Build1D builds the op of one lane of an elementwise lowering: operands
// are scalars or 1-D vectors, t is the llvm result type.
type Build1D func(b *ir.Builder, t ir.Type, operands []*ir.Value) *ir.Value

// ElementwiseOp lowers op as ElementwiseToLLVM does, to one llvm op named
// to per lane carrying attrs: the one-to-one lowerings of arith and math
// (upstream's VectorConvertToLLVMPattern).
func ElementwiseOp(rw *convert.Rewriter, tc *TypeConverter, op *ir.Operation, operands []*ir.Value, to string, attrs ...ir.NamedAttribute) error {
	return ElementwiseToLLVM(rw, tc, op, operands, func(b *ir.Builder, t ir.Type, vs []*ir.Value) *ir.Value {
		return b.CreateOp(to, op.Loc(), vs, []ir.Type{t}, attrs...).Result(0)
	})
}

// ElementwiseToLLVM lowers an elementwise op of one result: when the
// converted result type is a scalar or a 1-D vector, build makes it
// directly; when it is an n-D vector (nested !llvm.array of 1-D vectors),
// the operands are unrolled over the arrays, build runs on each innermost
// vector and the results are inserted into an `llvm.mlir.undef` array
// (upstream's handleMultidimensionalVectors). It fails, without changing
// anything, when the result type does not convert.
func ElementwiseToLLVM(rw *convert.Rewriter, tc *TypeConverter, op *ir.Operation, operands []*ir.Value, build Build1D) error {
	if op.NumResults() != 1 {
		return rw.NotifyMatchFailure(op, "expected one result")
	}
	rt, ok := tc.Convert(op.Result(0).Type())
	if !ok {
		return rw.NotifyMatchFailure(op, "unable to convert result type '%s'", op.Result(0).Type())
	}
	for _, v := range operands {
		if !llvm.IsCompatibleType(v.Type()) {
			return rw.NotifyMatchFailure(op, "operand type '%s' is not an llvm type", v.Type())
		}
	}
	rw.SetInsertionPointBefore(op)
	arr, isArr := rt.(*llvm.ArrayType)
	if !isArr {
		rw.ReplaceOp(op, []*ir.Value{build(rw.Builder, rt, operands)})
		return nil
	}
	laneTypes := make([]ir.Type, len(operands))
	for i, v := range operands {
		a, ok := v.Type().(*llvm.ArrayType)
		if !ok {
			return rw.NotifyMatchFailure(op, "expected n-D vector operands")
		}
		laneTypes[i], _ = innermost(a)
	}
	loc := op.Loc()
	res := llvm.BuildMlirUndefOp(rw.Builder, loc, arr).Result(0)
	inner, shape := innermost(arr)
	ForEachIndex(shape, func(pos []int64) {
		lanes := make([]*ir.Value, len(operands))
		for i, v := range operands {
			lanes[i] = llvm.BuildExtractvalueOp(rw.Builder, loc, v, laneTypes[i], positionAttr(pos)).Result(0)
		}
		r := build(rw.Builder, inner, lanes)
		res = llvm.BuildInsertvalueOp(rw.Builder, loc, res, r, arr, positionAttr(pos)).Result(0)
	})
	rw.ReplaceOp(op, []*ir.Value{res})
	return nil
}

// innermost returns the 1-D vector type nested in arr and the array
// dimensions around it, outermost first.
func innermost(arr *llvm.ArrayType) (ir.Type, []int64) {
	var shape []int64
	var t ir.Type = arr
	for {
		a, ok := t.(*llvm.ArrayType)
		if !ok {
			return t, shape
		}
		shape = append(shape, a.Len)
		t = a.Elem
	}
}

// ForEachIndex calls fn with every index of shape in row-major order.
func ForEachIndex(shape []int64, fn func(pos []int64)) {
	pos := make([]int64, len(shape))
	for {
		fn(append([]int64(nil), pos...))
		i := len(shape) - 1
		for ; i >= 0; i-- {
			pos[i]++
			if pos[i] < shape[i] {
				break
			}
			pos[i] = 0
		}
		if i < 0 {
			return
		}
	}
}

func positionAttr(pos []int64) ir.NamedAttribute {
	return ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos...)}
}

// BuildReturn ends an llvm.func returning vals: no operand, the one value,
// or, for several, the values inserted in order into a struct of type rt
// (PackFunctionResults of their types), as upstream returns multiple
// results. The func and gpu.func lowerings share it.
func BuildReturn(b *ir.Builder, loc ir.Location, rt ir.Type, vals []*ir.Value) {
	var ret *ir.Value
	switch len(vals) {
	case 0:
	case 1:
		ret = vals[0]
	default:
		ret = llvm.BuildMlirUndefOp(b, loc, rt).Result(0)
		for i, v := range vals {
			ret = llvm.BuildInsertvalueOp(b, loc, ret, v, rt, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(int64(i))}).Result(0)
		}
	}
	llvm.BuildReturnOp(b, loc, ret)
}
