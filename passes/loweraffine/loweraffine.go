package loweraffine

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
	"github.com/goopt/goopt/rewrite/convert"
)

// New returns the lower-affine pass.
var New = passutil.DefineLowering(pass.Base{Arg: "lower-affine", Desc: "Lower Affine operations to a combination of Standard and SCF operations", Display: "LowerAffinePass"}, Lower)

// Lower rewrites the affine ops nested in root into scf, arith, memref and
// vector ops with a partial dialect conversion, as upstream: the affine
// dialect is illegal, arith, memref, scf and vector are legal, other ops
// are left alone. On failure (a division or modulo by a non-positive
// constant, an unsupported reduction) every error is returned and root is
// unchanged.
func Lower(ctx *ir.Context, root *ir.Operation) error {
	target := convert.NewTarget()
	target.AddLegalDialect("arith", "memref", "scf", "vector")
	target.AddIllegalDialect("affine")
	return convert.ApplyPartialConversion(ctx, root, target, Patterns())
}

// Patterns returns the affine-to-scf/arith/memref/vector conversion
// patterns (upstream's populateAffineToStdConversionPatterns,
// populateAffineToVectorConversionPatterns and
// populateAffineExpandIndexOpsPatterns).
func Patterns() *convert.PatternSet {
	pat := func(root string, fn func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error) convert.Pattern {
		return &convert.OpPattern{Root: root, Rewrite: fn}
	}
	s := convert.NewPatternSet(
		pat(affine.ForName, lowerFor),
		pat(affine.IfName, lowerIf),
		pat(affine.ParallelName, lowerParallel),
		pat(affine.YieldName, lowerYield),
		pat(affine.DelinearizeIndexName, lowerDelinearize),
		pat(affine.DmaStartName, lowerDmaStart),
		pat(affine.DmaWaitName, lowerDmaWait),
	)
	for _, n := range []string{affine.ApplyName, affine.MinName, affine.MaxName} {
		s.Add(pat(n, lowerMapOp))
	}
	for _, n := range []string{affine.LoadName, affine.StoreName, affine.VectorLoadName, affine.VectorStoreName, affine.PrefetchName} {
		s.Add(pat(n, lowerAccess))
	}
	return s
}

// adapt returns the converted values of vs, which are operands of op.
func adapt(op *ir.Operation, operands convert.Adaptor, vs []*ir.Value) []*ir.Value {
	conv := make(map[*ir.Value]*ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		conv[v] = operands.Operand(i)
	}
	out := make([]*ir.Value, len(vs))
	for i, v := range vs {
		out[i] = conv[v]
	}
	return out
}

func expander(op *ir.Operation, rw *convert.Rewriter) *Expander {
	rw.SetInsertionPointBefore(op)
	return &Expander{B: rw.Builder, Loc: op.Loc()}
}

// bound expands a bound map and folds its results with max (lower) or min.
func bound(e *Expander, m *aff.Map, ops []*ir.Value, chain string) (*ir.Value, error) {
	vs, err := e.ExpandMap(m, ops)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, ir.Errorf(e.Loc, "empty bound map")
	}
	return e.minMaxChain(chain, vs), nil
}

func lowerFor(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	f := affine.ForOp{Operation: op}
	e := expander(op, rw)
	lbm, lbo := f.LowerBound()
	lb, err := bound(e, lbm, adapt(op, operands, lbo), "arith.maxsi")
	if err != nil {
		return err
	}
	ubm, ubo := f.UpperBound()
	ub, err := bound(e, ubm, adapt(op, operands, ubo), "arith.minsi")
	if err != nil {
		return err
	}
	step := e.constant(f.Step())
	st := &ir.OperationState{Name: "scf.for", Loc: op.Loc(), Types: op.ResultTypes()}
	st.Operands = append([]*ir.Value{lb, ub, step}, adapt(op, operands, f.Inits())...)
	st.AddRegion()
	nf := rw.Create(st)
	rw.InlineRegionBefore(op.Region(0), nf.Region(0), nil)
	rw.ReplaceOp(op, nf.Results())
	return nil
}

// lowerYield turns affine.yield into scf.yield once its parent is an
// scf.for or scf.if; in scf.parallel the parallel's lowering has already
// replaced it by scf.reduce.
func lowerYield(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	if p := op.ParentOp(); p == nil || !p.Is("scf.for") && !p.Is("scf.if") {
		return rw.NotifyMatchFailure(op, "terminator is lowered with its parent")
	}
	rw.CreateOp("scf.yield", op.Loc(), operands.Operands(), nil)
	rw.EraseOp(op)
	return nil
}

func lowerIf(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	o := affine.IfOp{Operation: op}
	e := expander(op, rw)
	set, ops := o.Condition()
	ops = adapt(op, operands, ops)
	zero := e.constant(0)
	var cond *ir.Value
	for i, c := range set.Constraints {
		v, err := e.ExpandExpr(c, ops[:set.NumDims], ops[set.NumDims:])
		if err != nil {
			return err
		}
		pred := int64(predSGE)
		if set.EqFlags[i] {
			pred = predEQ
		}
		cmp := e.cmp(pred, v, zero)
		if cond == nil {
			cond = cmp
		} else {
			cond = e.binary("arith.andi", cond, cmp)
		}
	}
	if cond == nil {
		cond = rw.CreateOp("arith.constant", op.Loc(), nil, []ir.Type{ir.I1},
			ir.NamedAttribute{Name: "value", Value: ir.BoolAttr(true)}).Result(0)
	}
	st := &ir.OperationState{Name: "scf.if", Loc: op.Loc(), Types: op.ResultTypes(), Operands: []*ir.Value{cond}}
	st.AddRegion()
	st.AddRegion()
	n := rw.Create(st)
	rw.InlineRegionBefore(op.Region(0), n.Region(0), nil)
	if o.HasElse() {
		rw.InlineRegionBefore(op.Region(1), n.Region(1), nil)
	}
	rw.ReplaceOp(op, n.Results())
	return nil
}

func lowerParallel(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	p := affine.ParallelOp{Operation: op}
	e := expander(op, rw)
	n := p.NumDims()
	lbOps, ubOps := adapt(op, operands, p.LowerBoundsOperands()), adapt(op, operands, p.UpperBoundsOperands())
	var lbs, ubs, steps []*ir.Value
	for i := 0; i < n; i++ {
		lb, err := bound(e, p.LowerBoundMap(i), lbOps, "arith.maxsi")
		if err != nil {
			return err
		}
		ub, err := bound(e, p.UpperBoundMap(i), ubOps, "arith.minsi")
		if err != nil {
			return err
		}
		lbs, ubs = append(lbs, lb), append(ubs, ub)
	}
	for _, s := range p.Steps() {
		steps = append(steps, e.constant(s))
	}
	kinds := p.Reductions()
	var inits []*ir.Value
	for i, t := range p.ResultTypes() {
		if i >= len(kinds) {
			return p.Errorf("expected a reduction for each result")
		}
		a := arith.IdentityValueAttr(arith.AtomicRMWKind(kinds[i]), t)
		if a == nil {
			return rw.NotifyMatchFailure(op, "unsupported reduction '%s' for type '%s'", arith.AtomicRMWKind(kinds[i]), t)
		}
		inits = append(inits, rw.CreateOp("arith.constant", p.Loc(), nil, []ir.Type{t},
			ir.NamedAttribute{Name: "value", Value: a}).Result(0))
	}
	st := &ir.OperationState{Name: "scf.parallel", Loc: p.Loc(), Types: p.ResultTypes()}
	st.Operands = append(append(append(append(st.Operands, lbs...), ubs...), steps...), inits...)
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(int32(n), int32(n), int32(n), int32(len(inits))))
	st.AddRegion()
	np := rw.Create(st)
	rw.InlineRegionBefore(op.Region(0), np.Region(0), nil)
	body := np.Region(0).Front()
	y := body.Last()
	// The reduction regions are built detached, then scf.reduce is
	// inserted before the affine.yield it replaces.
	red := &ir.OperationState{Name: "scf.reduce", Loc: y.Loc(), Operands: y.Operands()}
	for i, v := range y.Operands() {
		blk := ir.NewBlock()
		a := blk.AddArgument(v.Type(), y.Loc())
		c := blk.AddArgument(v.Type(), y.Loc())
		red.AddRegion().AppendBlock(blk)
		rw.SetInsertionPointToEnd(blk)
		r := rw.CreateOp(arith.AtomicRMWKind(kinds[i]).Combiner(), p.Loc(), []*ir.Value{a, c}, []ir.Type{v.Type()})
		rw.CreateOp("scf.reduce.return", p.Loc(), r.Results(), nil)
	}
	rw.SetInsertionPointBefore(y)
	rw.Create(red)
	rw.EraseOp(y)
	rw.ReplaceOp(op, np.Results())
	return nil
}

// expandOpMap expands the affine map of op (an affine.apply/min/max or
// a memory access; what names it in the error for a malformed one) into
// arith ops before op, one value per result.
func expandOpMap(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter, what string) (*Expander, []*ir.Value, error) {
	m, ops, ok := affine.AccessMap(op)
	if !ok {
		return nil, nil, op.Errorf("malformed affine %s", what)
	}
	e := expander(op, rw)
	vs, err := e.ExpandMap(m, adapt(op, operands, ops))
	return e, vs, err
}

func lowerMapOp(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	e, vs, err := expandOpMap(op, operands, rw, "map operation")
	if err != nil {
		return err
	}
	var v *ir.Value
	switch op.Name() {
	case affine.ApplyName:
		v = vs[0]
	case affine.MinName:
		v = e.minMaxChain("arith.minsi", vs)
	default:
		v = e.minMaxChain("arith.maxsi", vs)
	}
	rw.ReplaceOp(op, []*ir.Value{v})
	return nil
}

func lowerAccess(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	_, idx, err := expandOpMap(op, operands, rw, "access")
	if err != nil {
		return err
	}
	start := affine.MapOperandsStart(op)
	lead := operands.Operands()[:start]
	st := &ir.OperationState{Loc: op.Loc(), Types: op.ResultTypes()}
	st.Operands = append(append(st.Operands, lead...), idx...)
	switch op.Name() {
	case affine.LoadName:
		st.Name = "memref.load"
	case affine.StoreName:
		st.Name = "memref.store"
	case affine.VectorLoadName:
		st.Name = "vector.load"
	case affine.VectorStoreName:
		st.Name = "vector.store"
	case affine.PrefetchName:
		st.Name = "memref.prefetch"
		for _, n := range []string{"isDataCache", "isWrite", "localityHint"} {
			if a := op.Attr(n); a != nil {
				st.AddAttr(n, a)
			}
		}
	}
	if st.Name != "memref.prefetch" {
		st.AddAttr("nontemporal", ir.BoolAttr(false))
	}
	n := rw.Create(st)
	if !n.IsRegistered() {
		// Until the vector dialect is registered, keep upstream's
		// properties in the generic form: "vector.load"(...) <{nontemporal = false}>.
		for _, a := range n.DiscardableAttrs() {
			n.RemoveAttr(a.Name)
			n.SetProp(a.Name, a.Value)
		}
	}
	rw.ReplaceOp(op, n.Results())
	return nil
}

// lowerDelinearize follows upstream's affine-expand-index-ops: divisors
// are suffix products of the basis, each result a composed affine.apply
// (floordiv, then mod for the residual), which the conversion then
// lowers in turn. Like upstream it reads op's original operands: replaced
// affine.apply ops stay in place until the conversion commits, so their
// maps compose into the new applies.
func lowerDelinearize(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	if op.NumOperands() < 1 {
		return op.Errorf("malformed delinearize")
	}
	rw.SetInsertionPointBefore(op)
	linear := op.Operand(0)
	basis := op.Operands()[1:]
	var divisors []*ir.Value
	for i := 1; i < len(basis); i++ {
		divisors = append(divisors, indexProduct(rw, op.Loc(), basis[i:]))
	}
	d0d1 := func(e aff.Expr) *aff.Map { return aff.NewMap(2, 0, []aff.Expr{e}) }
	residual := linear
	var results []*ir.Value
	for _, d := range divisors {
		q := composedApply(rw, op.Loc(), d0d1(aff.FloorDiv(aff.Dim(0), aff.Dim(1))), []*ir.Value{residual, d})
		r := composedApply(rw, op.Loc(), d0d1(aff.Mod(aff.Dim(0), aff.Dim(1))), []*ir.Value{residual, d})
		results = append(results, q)
		residual = r
	}
	results = append(results, residual)
	rw.ReplaceOp(op, results)
	return nil
}

// indexProduct returns the product of vs: a constant when all are
// constant (materialized), vs[0] alone, or a composed affine.apply.
func indexProduct(rw *convert.Rewriter, loc ir.Location, vs []*ir.Value) *ir.Value {
	if len(vs) == 1 {
		return vs[0]
	}
	prod := int64(1)
	allConst := true
	for _, v := range vs {
		c, ok := affine.ConstantIntValue(v)
		allConst = allConst && ok
		prod *= c
	}
	if allConst {
		return rw.CreateOp("arith.constant", loc, nil, []ir.Type{ir.Index},
			ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(prod)}).Result(0)
	}
	m := aff.NewMap(len(vs), 0, []aff.Expr{productExpr(len(vs))})
	return composedApply(rw, loc, m, vs)
}

func productExpr(n int) aff.Expr {
	e := aff.Dim(0)
	for i := 1; i < n; i++ {
		e = aff.Mul(e, aff.Dim(i))
	}
	return e
}

// composedApply creates an affine.apply of m composed with the affine.apply
// ops producing its operands and canonicalized (makeComposedAffineApply).
func composedApply(rw *convert.Rewriter, loc ir.Location, m *aff.Map, ops []*ir.Value) *ir.Value {
	m, ops = affine.FullyComposeMapAndOperands(m, ops)
	m, ops = affine.CanonicalizeMapAndOperands(m, ops)
	return rw.CreateOp(affine.ApplyName, loc, ops, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)}).Result(0)
}

func lowerDmaWait(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	e := expander(op, rw)
	m, ok := op.Attr("tag_map").(*ir.AffineMapAttr)
	if !ok || op.NumOperands() < 1+m.Map.NumInputs()+1 {
		return op.Errorf("malformed affine.dma_wait")
	}
	vals := operands.Operands()
	idx, err := e.ExpandMap(m.Map, vals[1:1+m.Map.NumInputs()])
	if err != nil {
		return err
	}
	ops := append(append([]*ir.Value{vals[0]}, idx...), vals[1+m.Map.NumInputs()])
	rw.CreateOp("memref.dma_wait", op.Loc(), ops, nil)
	rw.EraseOp(op)
	return nil
}

func lowerDmaStart(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	e := expander(op, rw)
	vals := operands.Operands()
	var out []*ir.Value
	pos := 0
	for _, name := range []string{"src_map", "dst_map", "tag_map"} {
		m, ok := op.Attr(name).(*ir.AffineMapAttr)
		if !ok || pos+1+m.Map.NumInputs() > len(vals) {
			return op.Errorf("malformed affine.dma_start")
		}
		mem := vals[pos]
		idx, err := e.ExpandMap(m.Map, vals[pos+1:pos+1+m.Map.NumInputs()])
		if err != nil {
			return err
		}
		pos += 1 + m.Map.NumInputs()
		if name == "tag_map" {
			// memref.dma_start orders: src, idx, dst, idx, num, tag, idx, [stride, n].
			out = append(out, vals[pos])
		}
		out = append(append(out, mem), idx...)
	}
	out = append(out, vals[pos+1:]...)
	rw.CreateOp("memref.dma_start", op.Loc(), out, nil)
	rw.EraseOp(op)
	return nil
}
