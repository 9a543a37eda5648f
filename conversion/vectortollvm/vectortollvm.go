package vectortollvm

import (
	"slices"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/vector"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are the knobs of convert-vector-to-llvm that goopt models.
type Options struct {
	// ReassociateFPReductions lets LLVM reduce float vectors in any order
	// (`reassociate-fp-reductions`: the reassoc flag on fadd/fmul
	// reductions).
	ReassociateFPReductions bool
	// VectorAlignmentFromIndices (goopt) gives vector loads and stores the
	// alignment of the whole vector, instead of upstream's alignment of
	// one element, where the element offset is provably a multiple of the
	// vector's length (static offset and outer strides, and a last index
	// built from constants, multiplications and additions; see
	// knownDivisor). It assumes that the memref's aligned pointer is
	// aligned to the vector's size, as CUDA allocations (256 bytes) and
	// goopt's workgroup globals (16 bytes) are. It is what turns the
	// paper's vector<8xf16> copies into 128-bit ld.global.v4 /
	// st.shared.v4 accesses in PTX.
	VectorAlignmentFromIndices bool
	// OffsetDivisors, when set, holds each vector access's element offset
	// divisor computed before the conversion (ElementOffsetDivisors): the
	// patterns then need not look through IR the conversion is rewriting
	// (block arguments whose blocks it re-creates). Without it they
	// analyse the IR as they find it.
	OffsetDivisors map[*ir.Operation]int64
}

// ElementOffsetDivisors runs the alignment analysis of
// VectorAlignmentFromIndices on every vector load and store under root,
// before a conversion changes the IR, for Options.OffsetDivisors.
func ElementOffsetDivisors(root *ir.Operation) map[*ir.Operation]int64 {
	m := map[*ir.Operation]int64{}
	ir.WalkOps(root, func(op *ir.Operation) {
		var base *ir.Value
		var indices []*ir.Value
		switch op.Name() {
		case "vector.load", "vector.maskedload":
			base, indices = op.Operand(0), op.Operands()[1:1+memrefRank(op.Operand(0))]
		case "vector.store", "vector.maskedstore":
			base, indices = op.Operand(1), op.Operands()[2:2+memrefRank(op.Operand(1))]
		default:
			return
		}
		if mt, ok := base.Type().(*ir.MemRefType); ok {
			m[op] = elementOffsetDivisor(mt, indices)
		}
	})
	return m
}

func memrefRank(v *ir.Value) int {
	if mt, ok := v.Type().(*ir.MemRefType); ok {
		return len(mt.Dims)
	}
	return 0
}

// Populate adds the vector-to-llvm patterns with the default Options.
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) { Options{}.Populate(tc, ps) }

// Populate adds the vector-to-llvm patterns (upstream's
// populateVectorToLLVMConversionPatterns, for the ops goopt's vector
// dialect has) under opts.
//
// As a method value (opts.Populate) it is what llvmcommon.ApplyPartial
// takes, so a pass binds its options without a closure.
func (opts Options) Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	l := &lowering{tc: tc, opts: opts}
	pat := tc.Pattern
	ps.Add(
		pat("vector.load", l.load),
		pat("vector.store", l.store),
		pat("vector.maskedload", l.maskedLoad),
		pat("vector.maskedstore", l.maskedStore),
		pat("vector.broadcast", l.broadcast),
		pat("vector.splat", l.broadcast),
		pat("vector.extract", l.extract),
		pat("vector.insert", l.insert),
		pat("vector.fma", l.fma),
		pat("vector.reduction", l.reduction),
		pat("vector.bitcast", l.bitcast),
	)
}

type lowering struct {
	tc   *llvmcommon.TypeConverter
	opts Options
}

// ---- memory ----

// elemBytes is the size (and LLVM's preferred alignment) of a scalar
// type in bytes, 0 when unknown.
func (l *lowering) elemBytes(t ir.Type) int64 {
	w := 0
	switch t := t.(type) {
	case *ir.IntegerType:
		w = t.Width
	case *ir.IndexType:
		w = l.tc.IndexBitwidth
	case *ir.FloatType:
		w = t.Width()
	default:
		return 0
	}
	n := int64((w + 7) / 8)
	p := int64(1)
	for p < n {
		p <<= 1
	}
	return p
}

// address computes the element pointer of a vector access and its
// alignment: the element's (upstream's), or more under
// VectorAlignmentFromIndices.
func (l *lowering) address(op *ir.Operation, rw *convert.Rewriter, base *ir.Value, convBase *ir.Value, indices, convIndices []*ir.Value, vt *ir.VectorType) (*ir.Value, int64, error) {
	mt, ok := base.Type().(*ir.MemRefType)
	if !ok {
		return nil, 0, rw.NotifyMatchFailure(op, "expected a ranked memref")
	}
	if _, ok := l.tc.ConvertMemRefType(mt); !ok {
		return nil, 0, rw.NotifyMatchFailure(op, "memref type '%s' cannot be converted (no strided layout or no integer address space)", mt)
	}
	if _, ok := mt.Elem.(*ir.VectorType); ok {
		return nil, 0, rw.NotifyMatchFailure(op, "memrefs of vectors are not supported")
	}
	p, err := l.tc.StridedElementPtr(rw.Builder, op.Loc(), mt, llvmcommon.NewDescriptor(convBase), convIndices)
	if err != nil {
		return nil, 0, err
	}
	align := l.elemBytes(mt.Elem)
	if l.opts.VectorAlignmentFromIndices && len(vt.Dims) == 1 && align > 0 {
		lanes := vt.Dims[0]
		k, known := l.opts.OffsetDivisors[op]
		if !known {
			k = elementOffsetDivisor(mt, indices)
		}
		if k > 0 && k%lanes == 0 {
			align *= lanes
		} else if k > 1 {
			// A partial multiple still helps: the largest power of two
			// dividing both.
			g := gcd(k, lanes)
			for g&(g-1) != 0 {
				g &= g - 1
			}
			align *= g
		}
	}
	return p, align, nil
}

func (l *lowering) loadStoreAttrs(op *ir.Operation, align int64) []ir.NamedAttribute {
	attrs := []ir.NamedAttribute{{Name: "alignment", Value: ir.IntAttr(ir.I64, align)}}
	if nt, ok := op.Attr("nontemporal").(*ir.IntegerAttr); ok && nt.Int() != 0 {
		attrs = append(attrs, ir.NamedAttribute{Name: "nontemporal", Value: ir.Unit})
	}
	return attrs
}

func (l *lowering) vectorResult(op *ir.Operation, rw *convert.Rewriter, t ir.Type) (*ir.VectorType, ir.Type, error) {
	vt, ok := t.(*ir.VectorType)
	if !ok {
		return nil, nil, rw.NotifyMatchFailure(op, "expected a vector type")
	}
	lt, ok := l.tc.Convert(vt)
	if !ok {
		return nil, nil, rw.NotifyMatchFailure(op, "cannot convert '%s'", vt)
	}
	return vt, lt, nil
}

func (l *lowering) load(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	vt, lt, err := l.vectorResult(op, rw, op.Result(0).Type())
	if err != nil {
		return err
	}
	if len(vt.Dims) != 1 {
		return rw.NotifyMatchFailure(op, "only 1-D vector loads are lowered")
	}
	p, align, err := l.address(op, rw, op.Operand(0), a.Operand(0), op.Operands()[1:], a.Operands()[1:], vt)
	if err != nil {
		return err
	}
	v := llvm.BuildLoadOp(rw.Builder, op.Loc(), p, lt, l.loadStoreAttrs(op, align)...).Result(0)
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

func (l *lowering) store(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	vt, _, err := l.vectorResult(op, rw, op.Operand(0).Type())
	if err != nil {
		return err
	}
	if len(vt.Dims) != 1 {
		return rw.NotifyMatchFailure(op, "only 1-D vector stores are lowered")
	}
	p, align, err := l.address(op, rw, op.Operand(1), a.Operand(1), op.Operands()[2:], a.Operands()[2:], vt)
	if err != nil {
		return err
	}
	llvm.BuildStoreOp(rw.Builder, op.Loc(), a.Operand(0), p, l.loadStoreAttrs(op, align)...)
	rw.EraseOp(op)
	return nil
}

// maskedLoad: operands base, indices..., mask, pass_thru.
func (l *lowering) maskedLoad(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	vt, lt, err := l.vectorResult(op, rw, op.Result(0).Type())
	if err != nil {
		return err
	}
	if len(vt.Dims) != 1 {
		return rw.NotifyMatchFailure(op, "only 1-D masked loads are lowered")
	}
	n := op.NumOperands()
	p, align, err := l.address(op, rw, op.Operand(0), a.Operand(0), op.Operands()[1:n-2], a.Operands()[1:n-2], vt)
	if err != nil {
		return err
	}
	v := llvm.BuildIntrMaskedLoadOp(rw.Builder, op.Loc(), p, a.Operand(n-2), []*ir.Value{a.Operand(n - 1)}, lt,
		ir.NamedAttribute{Name: "alignment", Value: ir.IntAttr(ir.I32, align)}).Result(0)
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

// maskedStore: operands base, indices..., mask, value.
func (l *lowering) maskedStore(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	n := op.NumOperands()
	vt, _, err := l.vectorResult(op, rw, op.Operand(n-1).Type())
	if err != nil {
		return err
	}
	if len(vt.Dims) != 1 {
		return rw.NotifyMatchFailure(op, "only 1-D masked stores are lowered")
	}
	p, align, err := l.address(op, rw, op.Operand(0), a.Operand(0), op.Operands()[1:n-2], a.Operands()[1:n-2], vt)
	if err != nil {
		return err
	}
	llvm.BuildIntrMaskedStoreOp(rw.Builder, op.Loc(), a.Operand(n-1), p, a.Operand(n-2),
		ir.NamedAttribute{Name: "alignment", Value: ir.IntAttr(ir.I32, align)})
	rw.EraseOp(op)
	return nil
}

// ---- values ----

func (l *lowering) i32(b *ir.Builder, loc ir.Location, v int64) *ir.Value {
	return llvm.BuildMlirConstantOp(b, loc, ir.I32, ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.I32, v)}).Result(0)
}

func (l *lowering) i64(b *ir.Builder, loc ir.Location, v int64) *ir.Value {
	return llvm.BuildMlirConstantOp(b, loc, ir.I64, ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.I64, v)}).Result(0)
}

// splat1D fills a 1-D vector of type t with x: insertelement into lane 0,
// then a shufflevector of zeros (upstream's splat lowering).
func (l *lowering) splat1D(b *ir.Builder, loc ir.Location, t *ir.VectorType, x *ir.Value) *ir.Value {
	u := llvm.BuildMlirUndefOp(b, loc, t).Result(0)
	first := llvm.BuildInsertelementOp(b, loc, u, x, l.i32(b, loc, 0), t).Result(0)
	zeros := make([]int32, t.Dims[0])
	return llvm.BuildShufflevectorOp(b, loc, first, first, t, ir.NamedAttribute{Name: "mask", Value: ir.DenseI32Array(zeros...)}).Result(0)
}

// fill builds a value of converted type t (nested arrays of 1-D vectors)
// whose every innermost vector is inner.
func fill(b *ir.Builder, loc ir.Location, t ir.Type, inner *ir.Value) *ir.Value {
	at, ok := t.(*llvm.ArrayType)
	if !ok {
		return inner
	}
	elem := fill(b, loc, at.Elem, inner)
	v := llvm.BuildMlirUndefOp(b, loc, at).Result(0)
	for i := int64(0); i < at.Len; i++ {
		v = llvm.BuildInsertvalueOp(b, loc, v, elem, at, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(i)}).Result(0)
	}
	return v
}

// innermost is the 1-D vector type at the bottom of a converted type.
func innermost(t ir.Type) *ir.VectorType {
	for {
		switch x := t.(type) {
		case *llvm.ArrayType:
			t = x.Elem
		case *ir.VectorType:
			return x
		default:
			return nil
		}
	}
}

// broadcast lowers vector.broadcast and vector.splat from a scalar, and
// vector.broadcast of a vector into the trailing dimensions of its
// result (copies of it in every outer position).
func (l *lowering) broadcast(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	vt, lt, err := l.vectorResult(op, rw, op.Result(0).Type())
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	src := a.Operand(0)
	srcT, isVec := op.Operand(0).Type().(*ir.VectorType)
	if !isVec {
		inner := l.splat1D(b, loc, innermost(lt), src)
		rw.ReplaceOp(op, []*ir.Value{fill(b, loc, lt, inner)})
		return nil
	}
	// The source must be the trailing dimensions exactly (no stretching of
	// unit dimensions).
	k := len(vt.Dims) - len(srcT.Dims)
	if k < 0 || !slices.Equal(vt.Dims[k:], srcT.Dims) {
		return rw.NotifyMatchFailure(op, "only broadcasts of a scalar or into leading dimensions are lowered")
	}
	t := lt
	for i := 0; i < k; i++ {
		t = t.(*llvm.ArrayType).Elem
	}
	if t != src.Type() {
		return rw.NotifyMatchFailure(op, "unexpected converted source type")
	}
	rw.ReplaceOp(op, []*ir.Value{fillN(b, loc, lt, src, k)})
	return nil
}

// fillN is fill to depth k.
func fillN(b *ir.Builder, loc ir.Location, t ir.Type, inner *ir.Value, k int) *ir.Value {
	if k == 0 {
		return inner
	}
	at := t.(*llvm.ArrayType)
	elem := fillN(b, loc, at.Elem, inner, k-1)
	v := llvm.BuildMlirUndefOp(b, loc, at).Result(0)
	for i := int64(0); i < at.Len; i++ {
		v = llvm.BuildInsertvalueOp(b, loc, v, elem, at, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(i)}).Result(0)
	}
	return v
}

// positions returns an extract/insert's static positions, false when one
// is dynamic (the dynamic ones are the trailing operands).
func positions(op *ir.Operation) ([]int64, bool) {
	a, _ := op.Attr("static_position").(*ir.DenseArrayAttr)
	if a == nil {
		return nil, true
	}
	for _, p := range a.Ints {
		if p == ir.Dynamic {
			return a.Ints, false
		}
	}
	return a.Ints, true
}

// extract: positions into the outer dimensions are extractvalue, a
// position into the innermost dimension an extractelement; a dynamic
// position is supported in a 1-D vector only.
func (l *lowering) extract(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	srcT, _ := op.Operand(0).Type().(*ir.VectorType)
	b, loc := rw.Builder, op.Loc()
	pos, static := positions(op)
	src := a.Operand(0)
	if len(pos) == 0 {
		rw.ReplaceOp(op, []*ir.Value{src})
		return nil
	}
	if !static {
		if len(srcT.Dims) != 1 || len(pos) != 1 {
			return rw.NotifyMatchFailure(op, "dynamic positions are lowered in 1-D vectors only")
		}
		v := llvm.BuildExtractelementOp(b, loc, src, a.Operand(1), l.convert(op.Result(0).Type())).Result(0)
		rw.ReplaceOp(op, []*ir.Value{v})
		return nil
	}
	outer := pos
	if len(pos) == len(srcT.Dims) {
		outer = pos[:len(pos)-1]
	}
	v := src
	if len(outer) > 0 {
		t := src.Type()
		for range outer {
			t = t.(*llvm.ArrayType).Elem
		}
		v = llvm.BuildExtractvalueOp(b, loc, src, t, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(outer...)}).Result(0)
	}
	if len(pos) == len(srcT.Dims) {
		v = llvm.BuildExtractelementOp(b, loc, v, l.i64(b, loc, pos[len(pos)-1]), l.convert(op.Result(0).Type())).Result(0)
	}
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

func (l *lowering) convert(t ir.Type) ir.Type {
	r, _ := l.tc.Convert(t)
	return r
}

// insert mirrors extract: insertelement into the innermost vector, then
// insertvalue of that vector back into the outer arrays.
func (l *lowering) insert(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	dstT, _ := op.Result(0).Type().(*ir.VectorType)
	b, loc := rw.Builder, op.Loc()
	pos, static := positions(op)
	src, dst := a.Operand(0), a.Operand(1)
	if len(pos) == 0 {
		rw.ReplaceOp(op, []*ir.Value{src})
		return nil
	}
	if !static {
		if len(dstT.Dims) != 1 || len(pos) != 1 {
			return rw.NotifyMatchFailure(op, "dynamic positions are lowered in 1-D vectors only")
		}
		v := llvm.BuildInsertelementOp(b, loc, dst, src, a.Operand(2), dst.Type()).Result(0)
		rw.ReplaceOp(op, []*ir.Value{v})
		return nil
	}
	if len(pos) < len(dstT.Dims) {
		v := llvm.BuildInsertvalueOp(b, loc, dst, src, dst.Type(), ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(pos...)}).Result(0)
		rw.ReplaceOp(op, []*ir.Value{v})
		return nil
	}
	outer := pos[:len(pos)-1]
	vec := dst
	if len(outer) > 0 {
		t := dst.Type()
		for range outer {
			t = t.(*llvm.ArrayType).Elem
		}
		vec = llvm.BuildExtractvalueOp(b, loc, dst, t, ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(outer...)}).Result(0)
	}
	vec = llvm.BuildInsertelementOp(b, loc, vec, src, l.i64(b, loc, pos[len(pos)-1]), vec.Type()).Result(0)
	if len(outer) > 0 {
		vec = llvm.BuildInsertvalueOp(b, loc, dst, vec, dst.Type(), ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(outer...)}).Result(0)
	}
	rw.ReplaceOp(op, []*ir.Value{vec})
	return nil
}

// elementwise applies fn to the innermost 1-D vectors of operands of
// converted type t (nested arrays), rebuilding the arrays around the
// results.
func elementwise(b *ir.Builder, loc ir.Location, t ir.Type, operands []*ir.Value, fn func([]*ir.Value) *ir.Value) *ir.Value {
	at, ok := t.(*llvm.ArrayType)
	if !ok {
		return fn(operands)
	}
	res := llvm.BuildMlirUndefOp(b, loc, at).Result(0)
	for i := int64(0); i < at.Len; i++ {
		pos := ir.NamedAttribute{Name: "position", Value: ir.DenseI64Array(i)}
		parts := make([]*ir.Value, len(operands))
		for j, o := range operands {
			parts[j] = llvm.BuildExtractvalueOp(b, loc, o, at.Elem, pos).Result(0)
		}
		r := elementwise(b, loc, at.Elem, parts, fn)
		res = llvm.BuildInsertvalueOp(b, loc, res, r, at, pos).Result(0)
	}
	return res
}

func (l *lowering) fma(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	_, lt, err := l.vectorResult(op, rw, op.Result(0).Type())
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	v := elementwise(b, loc, lt, a.Operands(), func(vs []*ir.Value) *ir.Value {
		return llvm.BuildIntrFmuladdOp(b, loc, vs[0], vs[1], vs[2], vs[0].Type()).Result(0)
	})
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

func (l *lowering) bitcast(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	_, lt, err := l.vectorResult(op, rw, op.Result(0).Type())
	if err != nil {
		return err
	}
	b, loc := rw.Builder, op.Loc()
	inner := innermost(lt)
	v := elementwise(b, loc, lt, a.Operands(), func(vs []*ir.Value) *ir.Value {
		return llvm.BuildBitcastOp(b, loc, vs[0], inner).Result(0)
	})
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

// ---- reductions ----

// reduction lowers vector.reduction of a 1-D vector to llvm's
// vector.reduce intrinsics; an accumulator is folded in with the
// matching scalar op (or is the start value of fadd/fmul).
func (l *lowering) reduction(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
	vt, ok := op.Operand(0).Type().(*ir.VectorType)
	if !ok || len(vt.Dims) != 1 {
		return rw.NotifyMatchFailure(op, "only 1-D reductions are lowered")
	}
	ka, _ := op.Attr("kind").(*vector.CombiningKindAttr)
	if ka == nil {
		return rw.NotifyMatchFailure(op, "expected a combining kind")
	}
	b, loc := rw.Builder, op.Loc()
	src := a.Operand(0)
	res := l.convert(op.Result(0).Type())
	var acc *ir.Value
	if a.Len() > 1 && len(a.OperandRange(1)) > 0 {
		acc = a.Operand(1)
	}
	_, isFloat := vt.Elem.(*ir.FloatType)
	combine := func(r *ir.Value, name string) *ir.Value {
		if acc == nil {
			return r
		}
		return b.CreateOp(name, loc, []*ir.Value{r, acc}, []ir.Type{res}).Result(0)
	}
	intr := func(name string) *ir.Value {
		return b.CreateOp("llvm.intr.vector.reduce."+name, loc, []*ir.Value{src}, []ir.Type{res}).Result(0)
	}
	if isFloat {
		switch ka.Value {
		case vector.KindAdd, vector.KindMul:
			name, neutral := "fadd", 0.0
			if ka.Value == vector.KindMul {
				name, neutral = "fmul", 1.0
			}
			start := acc
			if start == nil {
				start = llvm.BuildMlirConstantOp(b, loc, res, ir.NamedAttribute{Name: "value", Value: ir.FloatAttrOf(res.(*ir.FloatType), neutral)}).Result(0)
			}
			flags := llvm.FastMathNone
			if l.opts.ReassociateFPReductions {
				flags = llvm.FastMathReassoc
			}
			v := b.CreateOp("llvm.intr.vector.reduce."+name, loc, []*ir.Value{start, src}, []ir.Type{res},
				ir.NamedAttribute{Name: "fastmathFlags", Value: llvm.FastMath(flags)}).Result(0)
			rw.ReplaceOp(op, []*ir.Value{v})
		case vector.KindMaxNumF:
			rw.ReplaceOp(op, []*ir.Value{combine(intr("fmax"), "llvm.intr.maxnum")})
		case vector.KindMinNumF:
			rw.ReplaceOp(op, []*ir.Value{combine(intr("fmin"), "llvm.intr.minnum")})
		case vector.KindMaximumF:
			rw.ReplaceOp(op, []*ir.Value{combine(intr("fmaximum"), "llvm.intr.maximum")})
		case vector.KindMinimumF:
			rw.ReplaceOp(op, []*ir.Value{combine(intr("fminimum"), "llvm.intr.minimum")})
		default:
			return rw.NotifyMatchFailure(op, "combining kind '%s' does not apply to floats", ka.Value)
		}
		return nil
	}
	ints := map[vector.CombiningKind][2]string{
		vector.KindAdd: {"add", "llvm.add"}, vector.KindMul: {"mul", "llvm.mul"},
		vector.KindMinUI: {"umin", "llvm.intr.umin"}, vector.KindMinSI: {"smin", "llvm.intr.smin"},
		vector.KindMaxUI: {"umax", "llvm.intr.umax"}, vector.KindMaxSI: {"smax", "llvm.intr.smax"},
		vector.KindAnd: {"and", "llvm.and"}, vector.KindOr: {"or", "llvm.or"}, vector.KindXor: {"xor", "llvm.xor"},
	}
	k, ok := ints[ka.Value]
	if !ok {
		return rw.NotifyMatchFailure(op, "combining kind '%s' does not apply to integers", ka.Value)
	}
	rw.ReplaceOp(op, []*ir.Value{combine(intr(k[0]), k[1])})
	return nil
}

// ---- alignment analysis ----

// elementOffsetDivisor returns a positive number known to divide the
// element offset offset + sum(index[i] * stride[i]) of an access to t, 0
// when that offset is known to be 0 (every term divisible by anything),
// or 1 when nothing is known.
func elementOffsetDivisor(t *ir.MemRefType, indices []*ir.Value) int64 {
	strides, offset, ok := memref.StridesAndOffset(t)
	if !ok || offset == ir.Dynamic {
		return 1
	}
	g := abs(offset)
	for i, idx := range indices {
		if strides[i] == ir.Dynamic {
			return 1
		}
		g = gcd(g, knownDivisor(idx, 12)*abs(strides[i]))
	}
	if g == 0 {
		return 0
	}
	return g
}

// knownDivisor returns a positive number that divides v (0 when v is
// known to be 0), from constants, multiplications, additions, left
// shifts by constants, scf.for induction variables (lower bound and
// step) and the block arguments of loops in a CFG (after
// convert-scf-to-cf), looking depth ops deep.
func knownDivisor(v *ir.Value, depth int) int64 {
	return divisor(v, depth, map[*ir.Value]bool{})
}

// divisor is knownDivisor; assumed holds the block arguments being
// analysed, which count as 0 (divisible by anything) in the values that
// flow back into them: if every incoming value is a multiple of d
// whenever the argument is, the argument always is, by induction over
// the executions (the operations followed are sums, products and
// shifts, which keep multiples of d multiples of d).
func divisor(v *ir.Value, depth int, assumed map[*ir.Value]bool) int64 {
	if c, ok := ir.ConstantInt(v); ok {
		return abs(c)
	}
	if assumed[v] {
		return 0
	}
	if depth == 0 {
		return 1
	}
	def := v.DefiningOp()
	if def == nil {
		blk := v.OwnerBlock()
		if blk == nil {
			return 1
		}
		if p := blk.ParentOp(); p != nil && p.Name() == "scf.for" && v == blk.Argument(0) {
			return gcd(divisor(p.Operand(0), depth-1, assumed), divisor(p.Operand(2), depth-1, assumed))
		}
		return blockArgDivisor(v, blk, depth, assumed)
	}
	switch def.Name() {
	case "arith.muli", "llvm.mul":
		return divisor(def.Operand(0), depth-1, assumed) * divisor(def.Operand(1), depth-1, assumed)
	case "arith.addi", "llvm.add":
		return gcd(divisor(def.Operand(0), depth-1, assumed), divisor(def.Operand(1), depth-1, assumed))
	case "arith.shli", "llvm.shl":
		if s, ok := ir.ConstantInt(def.Operand(1)); ok && s >= 0 && s < 62 {
			return divisor(def.Operand(0), depth-1, assumed) << s
		}
	case "builtin.unrealized_conversion_cast", "arith.index_cast", "arith.index_castui":
		if def.NumOperands() == 1 {
			return divisor(def.Operand(0), depth-1, assumed)
		}
	}
	return 1
}

// blockArgDivisor is the gcd of the values every predecessor passes for
// the argument v of a non-entry block whose predecessors are all branch
// ops (1 when that is not known).
func blockArgDivisor(v *ir.Value, blk *ir.Block, depth int, assumed map[*ir.Value]bool) int64 {
	if blk.IsEntry() || blk.Parent() == nil {
		return 1
	}
	assumed[v] = true
	defer delete(assumed, v)
	g := int64(0)
	seen := false
	for _, p := range blk.Parent().Blocks() {
		t := p.Terminator()
		if t == nil {
			continue
		}
		for i, s := range t.Successors() {
			if s != blk {
				continue
			}
			ops := ir.SuccessorOperands(t, i)
			if _, ok := ir.SuccessorOperandGroup(t, i); !ok || v.Index() >= len(ops) {
				return 1
			}
			g = gcd(g, divisor(ops[v.Index()], depth-1, assumed))
			seen = true
		}
	}
	if !seen || g == 0 {
		// No predecessor, or only the argument itself flows in: nothing
		// is known of its value.
		return 1
	}
	return g
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// gcd is the greatest common divisor, gcd(0, x) = x.
func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
