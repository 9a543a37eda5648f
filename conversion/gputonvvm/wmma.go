package gputonvvm

import (
	"fmt"
	"math"
	"slices"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// The WMMA lowering (upstream's WmmaOpsToNvvm.cpp): a `!gpu.mma_matrix`
// value becomes the struct of registers one lane holds of the fragment,
// and the subgroup_mma ops become nvvm.wmma.load / mma / store, or
// llvm ops on the registers for constant_matrix and elementwise.

// wmmaK is the k of the f16 and integer WMMA geometries.
const wmmaK = 16

// mmaElementType returns the PTX type of a fragment's elements: f16, f32
// (tf32 for A and B), s8, u8, or s32 for a signless i32 accumulator.
func mmaElementType(t *gpu.MMAMatrixType) (string, error) {
	switch e := t.Elem.(type) {
	case *ir.FloatType:
		switch e {
		case ir.F16:
			return "f16", nil
		case ir.F32:
			if t.Operand == gpu.OperandC {
				return "f32", nil
			}
			return "tf32", nil
		}
	case *ir.IntegerType:
		switch {
		case e.Width == 8 && e.Signedness == ir.Signed:
			return "s8", nil
		case e.Width == 8 && e.Signedness == ir.Unsigned:
			return "u8", nil
		case e.Width == 32 && e.IsSignless():
			return "s32", nil
		}
	}
	return "", fmt.Errorf("unsupported element type %s of %s", t.Elem, t)
}

// mmaFrag returns nvvm's fragment name of a matrix operand.
func mmaFrag(t *gpu.MMAMatrixType) string {
	switch t.Operand {
	case gpu.OperandA:
		return "a"
	case gpu.OperandB:
		return "b"
	}
	return "c"
}

// wmmaGeometries are the m x n x k shapes of the f16 and integer WMMA
// intrinsics; tf32 has m16n16k8 only.
var wmmaGeometries = [][3]int64{{16, 16, 16}, {32, 8, 16}, {8, 32, 16}}

// mmaShape returns the m, n and k of the WMMA intrinsic for a fragment:
// its two dimensions and the third one inferred from the geometries
// (upstream's inferNDimension, inferMDimension, inferKDimension); ok is
// false when no geometry fits.
func mmaShape(t *gpu.MMAMatrixType, eltype string) (m, n, k int64, ok bool) {
	geoms := wmmaGeometries
	if eltype == "tf32" {
		geoms = [][3]int64{{16, 16, 8}}
	}
	for _, g := range geoms {
		switch t.Operand {
		case gpu.OperandA:
			if g[0] == t.Rows && g[2] == t.Cols {
				return g[0], g[1], g[2], true
			}
		case gpu.OperandB:
			if g[2] == t.Rows && g[1] == t.Cols {
				return g[0], g[1], g[2], true
			}
		default:
			if g[0] == t.Rows && g[1] == t.Cols {
				return g[0], g[1], g[2], true
			}
		}
	}
	return 0, 0, 0, false
}

// loadStoreSupported reports whether NVVM has a wmma.load (frag a, b, c)
// or wmma.store (frag c) for the combination.
func loadStoreSupported(m, n, k int64, eltype, frag string) bool {
	if [3]int64{m, n, k} == [3]int64{16, 16, 8} {
		return eltype == "tf32" && frag != "c" || eltype == "f32" && frag == "c"
	}
	if !slices.Contains(wmmaGeometries, [3]int64{m, n, k}) {
		return false
	}
	if frag == "c" {
		return eltype == "f16" || eltype == "f32" || eltype == "s32"
	}
	return eltype == "f16" || eltype == "s8" || eltype == "u8"
}

// ConvertMMAType returns the struct of registers one lane holds of a
// fragment of type t (upstream's convertMMAToLLVMType): 8 x vector<2xf16>
// for f16 A and B, 4 x vector<2xf16> for an f16 accumulator, 8 x f32 for
// an f32 one, as nvvm.FragmentType gives.
func ConvertMMAType(t *gpu.MMAMatrixType) (*llvm.StructType, error) {
	eltype, err := mmaElementType(t)
	if err != nil {
		return nil, err
	}
	frag := mmaFrag(t)
	m, n, k, _ := mmaShape(t, eltype)
	if m == 0 {
		// The register count does not depend on the geometry but for
		// s8/u8, whose count depends on the fragment's parallel size.
		m, n, k = t.Rows, t.Cols, wmmaK
	}
	reg, count, ok := nvvm.FragmentType(eltype, frag, m, n, k)
	if !ok {
		return nil, fmt.Errorf("no WMMA registers hold a %s fragment of %s", frag, t)
	}
	fields := make([]ir.Type, count)
	for i := range fields {
		fields[i] = reg
	}
	return llvm.Struct(false, fields...), nil
}

// unsupportedVariant is the reason a WMMA op does not lower.
func unsupportedVariant(rw *convert.Rewriter, op *ir.Operation, what string, args ...any) error {
	return rw.NotifyMatchFailure(op, "unsupported WMMA variant: "+what, args...)
}

// allLLVM reports whether the converted operands are all of llvm types.
func allLLVM(vals []*ir.Value) bool {
	for _, v := range vals {
		if !llvm.IsCompatibleType(v.Type()) {
			return false
		}
	}
	return true
}

func enumAttr(name string, kind nvvm.EnumKind, v string) ir.NamedAttribute {
	return ir.NamedAttribute{Name: name, Value: nvvm.Enum(kind, v)}
}

func i32Attr(name string, v int64) ir.NamedAttribute {
	return ir.NamedAttribute{Name: name, Value: ir.IntAttr(ir.I32, v)}
}

func layoutOf(transposed bool) string {
	if transposed {
		return "col"
	}
	return "row"
}

// access is what a WMMA load or store needs: the fragment's geometry and
// the address and stride of its top-left element.
type access struct {
	m, n, k       int64
	eltype, frag  string
	ptr, stride   *ir.Value
	layout        string
	fragmentType  *gpu.MMAMatrixType
	registersType *llvm.StructType
}

// lowerAccess computes the address (the memref's strided element pointer
// at the indices) and the stride (leadDimension as an i32 constant) of a
// subgroup_mma load or store of fragment t from the memref operand mem.
//
// first, when not nil, builds what comes before the address (a store's
// registers, which upstream extracts first).
func lowerAccess(tc *llvmcommon.TypeConverter, op *ir.Operation, rw *convert.Rewriter, t *gpu.MMAMatrixType, memOperand int, a convert.Adaptor, first func()) (*access, error) {
	if !allLLVM(a.Operands()) {
		return nil, rw.NotifyMatchFailure(op, "cannot convert if operands aren't of LLVM type")
	}
	eltype, err := mmaElementType(t)
	if err != nil {
		return nil, unsupportedVariant(rw, op, "%v", err)
	}
	frag := mmaFrag(t)
	m, n, k, ok := mmaShape(t, eltype)
	if !ok || !loadStoreSupported(m, n, k, eltype, frag) {
		return nil, unsupportedVariant(rw, op, "no %s fragment of %s in the m16n16k16, m32n8k16, m8n32k16 geometries", frag, t)
	}
	regs, err := ConvertMMAType(t)
	if err != nil {
		return nil, unsupportedVariant(rw, op, "%v", err)
	}
	mt, _ := op.Operand(memOperand).Type().(*ir.MemRefType)
	desc := a.Operand(memOperand)
	ld, _ := op.Attr("leadDimension").(*ir.IntegerAttr)
	if mt == nil || desc == nil || ld == nil {
		return nil, rw.NotifyMatchFailure(op, "malformed matrix access")
	}
	if _, ok := desc.Type().(*llvm.StructType); !ok {
		return nil, rw.NotifyMatchFailure(op, "the memref does not convert to a descriptor")
	}
	if ld.Int() < 0 || ld.Int() > math.MaxInt32 {
		return nil, ir.Errorf(op.Loc(), "leadDimension %d does not fit the i32 stride of nvvm.wmma", ld.Int())
	}
	rw.SetInsertionPointBefore(op)
	if first != nil {
		first()
	}
	var indices []*ir.Value
	for i := memOperand + 1; i < a.Len(); i++ {
		indices = append(indices, a.Operand(i))
	}
	ptr, err := tc.StridedElementPtr(rw.Builder, op.Loc(), numericSpace(mt), llvmcommon.NewDescriptor(desc), indices)
	if err != nil {
		return nil, ir.Errorf(op.Loc(), "%v", err)
	}
	stride := llvm.BuildMlirConstantOp(rw.Builder, op.Loc(), ir.I32, ir.NamedAttribute{Name: "value", Value: ld}).Result(0)
	return &access{m: m, n: n, k: k, eltype: eltype, frag: frag, ptr: ptr, stride: stride,
		layout: layoutOf(op.HasAttr("transpose")), fragmentType: t, registersType: regs}, nil
}

func (acc *access) attrs() []ir.NamedAttribute {
	return []ir.NamedAttribute{
		enumAttr("eltype", nvvm.MMATypeKind, acc.eltype),
		i32Attr("k", acc.k),
		enumAttr("layout", nvvm.MMALayoutKind, acc.layout),
		i32Attr("m", acc.m),
		i32Attr("n", acc.n),
	}
}

func populateWMMA(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	ps.Add(
		tc.Pattern("gpu.subgroup_mma_load_matrix", func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
			t, ok := op.Result(0).Type().(*gpu.MMAMatrixType)
			if !ok {
				return rw.NotifyMatchFailure(op, "result is not an mma_matrix")
			}
			acc, err := lowerAccess(tc, op, rw, t, 0, a, nil)
			if err != nil {
				return err
			}
			attrs := append(acc.attrs(), enumAttr("frag", nvvm.MMAFragKind, acc.frag))
			v := nvvm.BuildWmmaLoadOp(rw.Builder, op.Loc(), acc.ptr, acc.stride, acc.registersType, attrs...).Result(0)
			rw.ReplaceOp(op, []*ir.Value{v})
			return nil
		}),
		tc.Pattern("gpu.subgroup_mma_store_matrix", func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
			t, ok := op.Operand(0).Type().(*gpu.MMAMatrixType)
			src := a.Operand(0)
			if !ok || src == nil {
				return rw.NotifyMatchFailure(op, "source is not an mma_matrix")
			}
			var regs []*ir.Value
			acc, err := lowerAccess(tc, op, rw, t, 1, a, func() { regs = unpack(rw.Builder, op.Loc(), src) })
			if err != nil {
				return err
			}
			nvvm.BuildWmmaStoreOp(rw.Builder, op.Loc(), acc.ptr, regs, acc.stride, acc.attrs()...)
			rw.EraseOp(op)
			return nil
		}),
		tc.Pattern("gpu.subgroup_mma_compute", lowerCompute),
		tc.Pattern("gpu.subgroup_mma_constant_matrix", lowerConstant),
		tc.Pattern("gpu.subgroup_mma_elementwise", lowerElementwise),
	)
}

// unpack extracts every field of a register struct.
func unpack(b *ir.Builder, loc ir.Location, v *ir.Value) []*ir.Value {
	st := v.Type().(*llvm.StructType)
	out := make([]*ir.Value, len(st.Body))
	for i, t := range st.Body {
		out[i] = extract(b, loc, v, t, int64(i))
	}
	return out
}

// mmaSupported reports whether NVVM has a wmma.mma of A/B of ab
// accumulating into C/D of cd at m x n x k.
func mmaSupported(m, n, k int64, ab, cd string) bool {
	if [3]int64{m, n, k} == [3]int64{16, 16, 8} {
		return ab == "tf32" && cd == "f32"
	}
	if !slices.Contains(wmmaGeometries, [3]int64{m, n, k}) {
		return false
	}
	switch ab {
	case "f16":
		return cd == "f16" || cd == "f32"
	case "s8", "u8":
		return cd == "s32"
	}
	return false
}

// lowerCompute lowers gpu.subgroup_mma_compute to nvvm.wmma.mma over the
// registers of A, B and C; a_transpose / b_transpose select the col
// layout of A / B.
func lowerCompute(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	if !allLLVM(a.Operands()) || a.Len() != 3 {
		return rw.NotifyMatchFailure(op, "cannot convert if operands aren't of LLVM type")
	}
	at, _ := op.Operand(0).Type().(*gpu.MMAMatrixType)
	ct, _ := op.Operand(2).Type().(*gpu.MMAMatrixType)
	if at == nil || ct == nil {
		return rw.NotifyMatchFailure(op, "operands are not mma_matrix values")
	}
	ab, err := mmaElementType(at)
	if err != nil {
		return unsupportedVariant(rw, op, "%v", err)
	}
	cd, err := mmaElementType(ct)
	if err != nil {
		return unsupportedVariant(rw, op, "%v", err)
	}
	m, n := ct.Rows, ct.Cols
	k := at.Cols
	if op.HasAttr("a_transpose") {
		k = at.Rows
	}
	if !mmaSupported(m, n, k, ab, cd) {
		return unsupportedVariant(rw, op, "no wmma.mma m%dn%dk%d of %s into %s", m, n, k, ab, cd)
	}
	rw.SetInsertionPointBefore(op)
	loc := op.Loc()
	var regs []*ir.Value
	for i := 0; i < 3; i++ {
		regs = append(regs, unpack(rw.Builder, loc, a.Operand(i))...)
	}
	d := nvvm.BuildWmmaMmaOp(rw.Builder, loc, regs, a.Operand(2).Type(),
		enumAttr("eltypeA", nvvm.MMATypeKind, ab),
		enumAttr("eltypeB", nvvm.MMATypeKind, cd),
		i32Attr("k", k),
		enumAttr("layoutA", nvvm.MMALayoutKind, layoutOf(op.HasAttr("a_transpose"))),
		enumAttr("layoutB", nvvm.MMALayoutKind, layoutOf(op.HasAttr("b_transpose"))),
		i32Attr("m", m),
		i32Attr("n", n),
	).Result(0)
	rw.ReplaceOp(op, []*ir.Value{d})
	return nil
}

// lowerConstant lowers gpu.subgroup_mma_constant_matrix to a struct whose
// every register holds the value (a vector register, every lane of it).
func lowerConstant(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	if !allLLVM(a.Operands()) || a.Operand(0) == nil {
		return rw.NotifyMatchFailure(op, "cannot convert if operands aren't of LLVM type")
	}
	t, _ := op.Result(0).Type().(*gpu.MMAMatrixType)
	if t == nil {
		return rw.NotifyMatchFailure(op, "result is not an mma_matrix")
	}
	st, err := ConvertMMAType(t)
	if err != nil {
		return unsupportedVariant(rw, op, "%v", err)
	}
	rw.SetInsertionPointBefore(op)
	b, loc := rw.Builder, op.Loc()
	cst := a.Operand(0)
	if vt, ok := st.Body[0].(*ir.VectorType); ok {
		vec := llvm.BuildMlirUndefOp(b, loc, vt).Result(0)
		for i := int64(0); i < ir.NumElements(vt.Dims); i++ {
			vec = llvm.BuildInsertelementOp(b, loc, vec, cst, i32Constant(b, loc, i), vt).Result(0)
		}
		cst = vec
	}
	if cst.Type() != st.Body[0] {
		return unsupportedVariant(rw, op, "a %s value for registers of %s", cst.Type(), st.Body[0])
	}
	v := llvm.BuildMlirUndefOp(b, loc, st).Result(0)
	for i := range st.Body {
		v = insert(b, loc, v, cst, int64(i))
	}
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

// lowerElementwise lowers gpu.subgroup_mma_elementwise register by
// register (extract, op, insert) for the float operations upstream
// lowers: addf, mulf, divf, maxf and minf (NaN-propagating).
func lowerElementwise(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	if !allLLVM(a.Operands()) {
		return rw.NotifyMatchFailure(op, "cannot convert if operands aren't of LLVM type")
	}
	kind := gpu.EnumValue(op, "opType")
	switch kind {
	case "addf", "mulf", "divf", "maxf", "minf":
	default:
		return unsupportedVariant(rw, op, "elementwise '%s' (addf, mulf, divf, maxf and minf lower)", kind)
	}
	t, _ := op.Result(0).Type().(*gpu.MMAMatrixType)
	if t == nil || a.Len() != 2 {
		return rw.NotifyMatchFailure(op, "expected two mma_matrix operands")
	}
	st, err := ConvertMMAType(t)
	if err != nil {
		return unsupportedVariant(rw, op, "%v", err)
	}
	for i := 0; i < 2; i++ {
		if a.Operand(i) == nil || a.Operand(i).Type() != ir.Type(st) {
			return unsupportedVariant(rw, op, "operands of different fragment types")
		}
	}
	rw.SetInsertionPointBefore(op)
	b, loc := rw.Builder, op.Loc()
	v := llvm.BuildMlirUndefOp(b, loc, st).Result(0)
	for i, ft := range st.Body {
		x := extract(b, loc, a.Operand(0), ft, int64(i))
		y := extract(b, loc, a.Operand(1), ft, int64(i))
		var r *ir.Value
		switch kind {
		case "addf":
			r = llvm.BuildFaddOp(b, loc, x, y, ft).Result(0)
		case "mulf":
			r = llvm.BuildFmulOp(b, loc, x, y, ft).Result(0)
		case "divf":
			r = llvm.BuildFdivOp(b, loc, x, y, ft).Result(0)
		default:
			r = minMaxF(b, loc, x, y, kind == "minf")
		}
		v = insert(b, loc, v, r, int64(i))
	}
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

// fcmp predicates (LLVM's FCmpPredicate numbering).
const (
	fcmpOGT = 2
	fcmpOLT = 4
	fcmpUNO = 14
)

// minMaxF is upstream's createMinMaxF: the smaller (or larger) operand,
// NaN when either is NaN.
func minMaxF(b *ir.Builder, loc ir.Location, x, y *ir.Value, isMin bool) *ir.Value {
	i1 := ir.Type(ir.I1)
	var ft *ir.FloatType
	switch t := x.Type().(type) {
	case *ir.VectorType:
		i1 = ir.Vector(t.Dims, ir.I1, nil)
		ft = t.Elem.(*ir.FloatType)
	case *ir.FloatType:
		ft = t
	}
	pred := int64(fcmpOGT)
	if isMin {
		pred = fcmpOLT
	}
	fcmp := func(p int64) *ir.Value {
		return llvm.BuildFcmpOp(b, loc, x, y, i1, ir.NamedAttribute{Name: "predicate", Value: ir.IntAttr(ir.I64, p)}).Result(0)
	}
	sel := llvm.BuildSelectOp(b, loc, fcmp(pred), x, y, x.Type()).Result(0)
	isNaN := fcmp(fcmpUNO)
	nan := llvm.BuildMlirConstantOp(b, loc, x.Type(), ir.NamedAttribute{Name: "value", Value: quietNaN(ft)}).Result(0)
	return llvm.BuildSelectOp(b, loc, isNaN, nan, sel, x.Type()).Result(0)
}

// quietNaN is the canonical quiet NaN of ft (APFloat::getQNaN).
func quietNaN(ft *ir.FloatType) *ir.FloatAttr {
	switch ft {
	case ir.F16:
		return ir.FloatAttrFromBits(ft, 0x7E00)
	case ir.F32:
		return ir.FloatAttrFromBits(ft, 0x7FC00000)
	}
	return ir.FloatAttrFromBits(ft, 0x7FF8000000000000)
}
