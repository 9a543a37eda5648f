package nvgputonvvm

import (
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// ldmatrix lowers nvgpu.ldmatrix to nvvm.ldmatrix at the element's
// address: its i32 registers (one, or a struct of numTiles) are bitcast
// to the rows of the vector<numTiles x n x T> result, each 32 bits wide.
func (l *lowering) ldmatrix(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(vt.Dims) != 2 {
		return rw.NotifyMatchFailure(op, "expected a 2-D vector result")
	}
	rt, ok := l.tc.Convert(vt)
	if !ok {
		return rw.NotifyMatchFailure(op, "result type does not convert")
	}
	idx := operands(op, a, "indices")
	if !converted(idx...) {
		return rw.NotifyMatchFailure(op, "indices do not convert")
	}
	b, loc := rw.Builder, op.Loc()
	rw.SetInsertionPointBefore(op)
	p, err := l.elementPtr(op, rw, operandType(op, "srcMemref"), operand(op, a, "srcMemref"), idx)
	if err != nil {
		return err
	}
	regs := vt.Dims[0]
	var lt ir.Type = ir.I32
	if regs > 1 {
		fields := make([]ir.Type, regs)
		for i := range fields {
			fields[i] = ir.I32
		}
		lt = llvm.Struct(false, fields...)
	}
	layout := "row"
	if t, ok := op.Attr("transpose").(*ir.IntegerAttr); ok && t.Int() != 0 {
		layout = "col"
	}
	num := int64(0)
	if n, ok := op.Attr("numTiles").(*ir.IntegerAttr); ok {
		num = n.Int()
	}
	ld := rw.CreateOp("nvvm.ldmatrix", loc, []*ir.Value{p}, []ir.Type{lt},
		ir.NamedAttribute{Name: "num", Value: ir.IntAttr(ir.I32, num)},
		ir.NamedAttribute{Name: "layout", Value: nvvm.Enum(nvvm.MMALayoutKind, layout)}).Result(0)
	row := ir.Vector(vt.Dims[1:], vt.Elem, nil)
	res := llvm.BuildMlirUndefOp(b, loc, rt).Result(0)
	for i := int64(0); i < regs; i++ {
		r := ld
		if regs > 1 {
			r = extract(b, loc, ld, i)
		}
		res = insert(b, loc, res, llvm.BuildBitcastOp(b, loc, r, row).Result(0), i)
	}
	rw.ReplaceOp(op, []*ir.Value{res})
	return nil
}

// mmaPtxType is upstream's getNvvmMmaType: the PTX type of an mma.sync
// multiplicand's elements.
func mmaPtxType(t ir.Type) (string, bool) {
	switch t := t.(type) {
	case *ir.IntegerType:
		switch t.Width {
		case 8:
			return "s8", true
		case 4:
			return "s4", true
		}
	case *ir.FloatType:
		switch t.Kind {
		case ir.KindF16:
			return "f16", true
		case ir.KindBF16:
			// Beyond upstream 19, which cannot deduce a PTX type for bf16.
			return "bf16", true
		case ir.KindF64:
			return "f64", true
		case ir.KindF32:
			return "tf32", true
		}
	}
	return "", false
}

// mmaAccumulatorType is NVVM's MmaOp::inferOperandMMAType for an
// accumulator element type.
func mmaAccumulatorType(t ir.Type) (string, bool) {
	switch t {
	case ir.F64:
		return "f64", true
	case ir.F16:
		return "f16", true
	case ir.F32:
		return "f32", true
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 32 {
		return "s32", true
	}
	return "", false
}

// unpackFragment flattens an mma.sync operand (!llvm.array of 32- or
// 64-bit rows) into the scalar registers nvvm.mma.sync takes: rows of
// 4 x i8, 8 x i4 and tf32's 1 x f32 are bitcast to i32, rows of i32, f32
// and f64 split into elements, vector<2xf16> rows kept.
func unpackFragment(b *ir.Builder, loc ir.Location, v *ir.Value, ptx string) []*ir.Value {
	arr := v.Type().(*llvm.ArrayType)
	row, _ := arr.Elem.(*ir.VectorType)
	var out []*ir.Value
	for i := int64(0); i < arr.Len; i++ {
		r := extract(b, loc, v, i)
		switch {
		case row != nil && (row.Elem == ir.I8 && row.Dims[0] == 4 || row.Elem == ir.Integer(4) && row.Dims[0] == 8 ||
			row.Elem == ir.F32 && row.Dims[0] == 1 && ptx == "tf32"):
			out = append(out, llvm.BuildBitcastOp(b, loc, r, ir.I32).Result(0))
		case row != nil && row.Elem == ir.BF16 && row.Dims[0] == 2:
			// nvvm.mma.sync (MLIR 19) takes bf16 pairs as vector<2xf16>.
			out = append(out, llvm.BuildBitcastOp(b, loc, r, ir.Vector([]int64{2}, ir.F16, nil)).Result(0))
		case row != nil && (row.Elem == ir.I32 || row.Elem == ir.F32 || row.Elem == ir.F64):
			for j := int64(0); j < row.Dims[0]; j++ {
				out = append(out, llvm.BuildExtractelementOp(b, loc, r, constant(b, loc, ir.I64, ir.I64, j), row.Elem).Result(0))
			}
		default:
			out = append(out, r)
		}
	}
	return out
}

// mmaResultStruct is upstream's inferIntrinsicResultType: the struct
// nvvm.mma.sync returns for a result fragment of array type t.
func mmaResultStruct(t *llvm.ArrayType) ir.Type {
	row, _ := t.Elem.(*ir.VectorType)
	if row == nil {
		return t
	}
	repeat := func(e ir.Type, n int64) ir.Type {
		fs := make([]ir.Type, n)
		for i := range fs {
			fs[i] = e
		}
		return llvm.Struct(false, fs...)
	}
	switch {
	case row.Elem == ir.F16 && row.Dims[0] == 2:
		return repeat(row, t.Len)
	case row.Elem == ir.I32 && row.Dims[0] == 2:
		return repeat(ir.I32, 2*t.Len)
	case row.Elem == ir.F64 && row.Dims[0] == 2:
		return repeat(ir.F64, 2)
	case row.Elem == ir.F32 && row.Dims[0] == 2:
		return repeat(ir.F32, 2*t.Len)
	case row.Elem == ir.F32 && row.Dims[0] == 1:
		return repeat(ir.F32, t.Len)
	}
	return t
}

// packFragment is upstream's convertIntrinsicResult: the registers of
// nvvm.mma.sync's struct back into the rows of the result array.
func packFragment(b *ir.Builder, loc ir.Location, st ir.Type, res *ir.Value, t *llvm.ArrayType) *ir.Value {
	s, ok := st.(*llvm.StructType)
	row, _ := t.Elem.(*ir.VectorType)
	if !ok || row == nil {
		return res
	}
	var rows []*ir.Value
	switch {
	case row.Dims[0] == 2 && row.Elem == ir.F16, row.Dims[0] == 1 && row.Elem == ir.F32:
		for i := range s.Body {
			el := extract(b, loc, res, int64(i))
			if el.Type() != ir.Type(row) {
				el = llvm.BuildBitcastOp(b, loc, el, row).Result(0)
			}
			rows = append(rows, el)
		}
	case row.Dims[0] == 2 && (row.Elem == ir.I32 || row.Elem == ir.F64 || row.Elem == ir.F32):
		for i := 0; i < len(s.Body)/2; i++ {
			vec := llvm.BuildMlirUndefOp(b, loc, row).Result(0)
			x1 := extract(b, loc, res, int64(2*i))
			x2 := extract(b, loc, res, int64(2*i+1))
			vec = llvm.BuildInsertelementOp(b, loc, vec, x1, constant(b, loc, ir.I32, ir.I32, 0), row).Result(0)
			vec = llvm.BuildInsertelementOp(b, loc, vec, x2, constant(b, loc, ir.I32, ir.I32, 1), row).Result(0)
			rows = append(rows, vec)
		}
	}
	out := llvm.BuildMlirUndefOp(b, loc, t).Result(0)
	for i, r := range rows {
		out = insert(b, loc, out, r, int64(i))
	}
	return out
}

// mmaSync lowers nvgpu.mma.sync to nvvm.mma.sync (row-major A,
// column-major B) on the unpacked registers, packing the result back
// into its rows. f32 inputs need tf32Enabled (tensor cores take f32 only
// as tf32); integer inputs saturate (satfinite), as upstream.
func (l *lowering) mmaSync(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	at, okA := operandType(op, "matrixA").(*ir.VectorType)
	ct, okC := operandType(op, "matrixC").(*ir.VectorType)
	if !okA || !okC {
		return rw.NotifyMatchFailure(op, "expected vector operands")
	}
	if at.Elem == ir.F32 && op.Attr("tf32Enabled") == nil {
		return rw.NotifyMatchFailure(op, "f32 multiplicands need tf32Enabled")
	}
	ptxA, ok := mmaPtxType(at.Elem)
	if !ok {
		return ir.Errorf(op.Loc(), "'nvgpu.mma.sync' op failed to deduce operand PTX types")
	}
	// Upstream takes B's PTX type from A's element type too; the
	// verifier makes them agree.
	ptxB := ptxA
	ptxC, ok := mmaAccumulatorType(ct.Elem)
	if !ok {
		return ir.Errorf(op.Loc(), "could not infer the PTX type for the accumulator/result")
	}
	shape, ok := op.Attr("mmaShape").(*ir.ArrayAttr)
	if !ok || len(shape.Elems) != 3 {
		return rw.NotifyMatchFailure(op, "expected an mmaShape of three integers")
	}
	var mnk [3]int64
	for i, e := range shape.Elems {
		ia, ok := e.(*ir.IntegerAttr)
		if !ok {
			return rw.NotifyMatchFailure(op, "expected an mmaShape of three integers")
		}
		mnk[i] = ia.Int()
	}
	ma, mb, mc := operand(op, a, "matrixA"), operand(op, a, "matrixB"), operand(op, a, "matrixC")
	if !converted(ma, mb, mc) {
		return rw.NotifyMatchFailure(op, "operands do not convert")
	}
	rt, ok := l.tc.Convert(op.Result(0).Type())
	arr, aok := rt.(*llvm.ArrayType)
	_, aA := ma.Type().(*llvm.ArrayType)
	_, aB := mb.Type().(*llvm.ArrayType)
	_, aC := mc.Type().(*llvm.ArrayType)
	if !ok || !aok || !aA || !aB || !aC {
		return rw.NotifyMatchFailure(op, "fragments do not convert to arrays")
	}
	b, loc := rw.Builder, op.Loc()
	rw.SetInsertionPointBefore(op)
	regsA := unpackFragment(b, loc, ma, ptxA)
	regsB := unpackFragment(b, loc, mb, ptxB)
	regsC := unpackFragment(b, loc, mc, ptxC)
	st := mmaResultStruct(arr)
	attrs := []ir.NamedAttribute{
		{Name: "shape", Value: nvvm.Shape(mnk[0], mnk[1], mnk[2])},
		{Name: "layoutA", Value: nvvm.Enum(nvvm.MMALayoutKind, "row")},
		{Name: "layoutB", Value: nvvm.Enum(nvvm.MMALayoutKind, "col")},
		{Name: "multiplicandAPtxType", Value: nvvm.Enum(nvvm.MMATypeKind, ptxA)},
		{Name: "multiplicandBPtxType", Value: nvvm.Enum(nvvm.MMATypeKind, ptxB)},
	}
	if _, isInt := at.Elem.(*ir.IntegerType); isInt {
		attrs = append(attrs, ir.NamedAttribute{Name: "intOverflowBehavior", Value: nvvm.Enum(nvvm.MMAIntOverflowKind, "satfinite")})
	}
	r := b.CreateGroups("nvvm.mma.sync", loc, [][]*ir.Value{regsA, regsB, regsC}, []ir.Type{st}, attrs...).Result(0)
	rw.ReplaceOp(op, []*ir.Value{packFragment(b, loc, st, r, arr)})
	return nil
}

// cpAsyncFullSize is the only cp.async size that may bypass L1 (.cg).
const cpAsyncFullSize = 16

// asyncCopy lowers nvgpu.device_async_copy to nvvm.cp.async.shared.global
// from the source element (cast to the global space the instruction
// reads) to the destination element, dstElements elements long; with
// srcElements, only that many are read and the rest zero-filled. The
// token becomes a dummy i32 zero.
func (l *lowering) asyncCopy(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	dt, ok := operandType(op, "dst").(*ir.MemRefType)
	st, sok := operandType(op, "src").(*ir.MemRefType)
	if !ok || !sok {
		return rw.NotifyMatchFailure(op, "expected ranked memrefs")
	}
	di, si := operands(op, a, "dstIndices"), operands(op, a, "srcIndices")
	if !converted(di...) || !converted(si...) {
		return rw.NotifyMatchFailure(op, "indices do not convert")
	}
	b, loc := rw.Builder, op.Loc()
	rw.SetInsertionPointBefore(op)
	dst, err := l.elementPtr(op, rw, dt, operand(op, a, "dst"), di)
	if err != nil {
		return err
	}
	src, err := l.elementPtr(op, rw, st, operand(op, a, "src"), si)
	if err != nil {
		return err
	}
	src = llvm.BuildAddrspacecastOp(b, loc, src, llvm.Ptr(globalSpace)).Result(0)
	n, _ := op.Attr("dstElements").(*ir.IntegerAttr)
	if n == nil {
		return rw.NotifyMatchFailure(op, "expected dstElements")
	}
	size := int64(widthOf(dt.Elem)) * n.Int() / 8
	var cpSize []*ir.Value
	if se := operand(op, a, "srcElements"); se != nil {
		c3 := constant(b, loc, ir.I32, ir.I32, 3)
		bits := constant(b, loc, ir.I32, ir.I32, int64(widthOf(st.Elem)))
		se32 := llvm.BuildTruncOp(b, loc, se, ir.I32).Result(0)
		cpSize = []*ir.Value{llvm.BuildLshrOp(b, loc, llvm.BuildMulOp(b, loc, bits, se32, ir.I32).Result(0), c3, ir.I32).Result(0)}
	}
	cache := "ca"
	if op.Attr("bypassL1") != nil && size == cpAsyncFullSize {
		cache = "cg"
	}
	b.CreateGroups("nvvm.cp.async.shared.global", loc, [][]*ir.Value{{dst}, {src}, cpSize}, nil,
		ir.NamedAttribute{Name: "size", Value: ir.IntAttr(ir.I32, size)},
		ir.NamedAttribute{Name: "modifier", Value: nvvm.Enum(nvvm.LoadCacheKind, cache)})
	rw.ReplaceOp(op, []*ir.Value{constant(b, loc, ir.I32, ir.I32, 0)})
	return nil
}

// globalSpace is NVVM's global memory address space, which cp.async reads.
const globalSpace = 1

// asyncCreateGroup lowers nvgpu.device_async_create_group to
// nvvm.cp.async.commit.group; the group token is a dummy i32 zero.
func (l *lowering) asyncCreateGroup(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	rw.SetInsertionPointBefore(op)
	rw.CreateOp("nvvm.cp.async.commit.group", op.Loc(), nil, nil)
	rw.ReplaceOp(op, []*ir.Value{constant(rw.Builder, op.Loc(), ir.I32, ir.I32, 0)})
	return nil
}

// asyncWait lowers nvgpu.device_async_wait to nvvm.cp.async.wait.group
// numGroups, 0 (wait for all, always correct) when absent.
func (l *lowering) asyncWait(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	n := int64(0)
	if g, ok := op.Attr("numGroups").(*ir.IntegerAttr); ok {
		n = g.Int()
	}
	rw.SetInsertionPointBefore(op)
	rw.CreateOp("nvvm.cp.async.wait.group", op.Loc(), nil, nil, ir.NamedAttribute{Name: "n", Value: ir.IntAttr(ir.I32, n)})
	rw.EraseOp(op)
	return nil
}
