package loweraffine

import (
	"math"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite"
)

// Pass is the lower-affine pass.
type Pass struct{ pass.Base }

// New returns the lower-affine pass.
func New() pass.Pass {
	return &Pass{pass.Base{
		Arg:     "lower-affine",
		Desc:    "Lower Affine operations to a combination of Standard and SCF operations",
		Display: "LowerAffinePass",
	}}
}

// Run lowers every affine op nested in op.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	return Lower(am.Context(), op)
}

// Lower rewrites the affine ops nested in root into scf, arith, memref and
// vector ops. It stops at the first op that cannot be lowered (a division
// or modulo by a non-positive constant) and returns its diagnostic.
func Lower(ctx *ir.Context, root *ir.Operation) error {
	var work []*ir.Operation
	ir.Walk(root, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o != root && o.Dialect() == "affine" && !o.Is(affine.YieldName) {
			work = append(work, o)
		}
		return ir.Advance
	})
	l := &lowerer{ctx: ctx, b: ir.NewBuilder(ctx)}
	var errs ir.DiagList
	for _, o := range work {
		if err := l.lower(o); err != nil {
			errs = append(errs, ir.Diagnostics(err)...)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

type lowerer struct {
	ctx *ir.Context
	b   *ir.Builder
	// applied records, for each lowered affine.apply, the value that
	// replaced it and the apply's map and operands: upstream's conversion
	// driver erases replaced ops only at the end, so later patterns that
	// compose affine maps (delinearize_index) still see the apply.
	applied map[*ir.Value]appliedMap
}

type appliedMap struct {
	m   *aff.Map
	ops []*ir.Value
}

func (l *lowerer) expander(op *ir.Operation) *Expander {
	l.b.SetInsertionPointBefore(op)
	return &Expander{B: l.b, Loc: op.Loc()}
}

func (l *lowerer) lower(op *ir.Operation) error {
	// As the conversion driver does, try folding first: an in-place fold
	// (simplified loop bounds) is then lowered, a folded value replaces op.
	if done, err := l.fold(op); done || err != nil {
		return err
	}
	switch op.Name() {
	case affine.ForName:
		return l.lowerFor(affine.ForOp{Operation: op})
	case affine.IfName:
		return l.lowerIf(affine.IfOp{Operation: op})
	case affine.ParallelName:
		return l.lowerParallel(affine.ParallelOp{Operation: op})
	case affine.ApplyName, affine.MinName, affine.MaxName:
		return l.lowerMapOp(op)
	case affine.LoadName, affine.StoreName, affine.VectorLoadName, affine.VectorStoreName, affine.PrefetchName:
		return l.lowerAccess(op)
	case affine.DelinearizeIndexName:
		return l.lowerDelinearize(op)
	case affine.DmaStartName, affine.DmaWaitName:
		return l.lowerDma(op)
	}
	return nil
}

// fold folds op with its definition's folder. It reports true when op was
// replaced by the folded values (materialized as constants where needed).
func (l *lowerer) fold(op *ir.Operation) (bool, error) {
	def := op.Def()
	if def == nil || def.Fold == nil {
		return false, nil
	}
	res := def.Fold(op, rewrite.ConstantOperands(op))
	if len(res) == 0 || len(res) != op.NumResults() {
		return false, nil
	}
	rw := ir.NewRewriter(l.ctx)
	rw.SetInsertionPointBefore(op)
	repl := make([]*ir.Value, len(res))
	for i, r := range res {
		switch {
		case r.Value == op.Result(i):
			return false, nil // folded in place
		case r.Value != nil:
			repl[i] = r.Value
		case r.Attr != nil:
			c := rewrite.Materialize(rw, op.Dialect(), r.Attr, op.Result(i).Type(), op.Loc())
			if c == nil {
				return false, nil
			}
			repl[i] = c.Result(0)
		default:
			return false, nil
		}
	}
	rw.ReplaceOp(op, repl)
	return true, nil
}

// bound expands a bound map and folds its results with max (lower) or min.
func (l *lowerer) bound(e *Expander, m *aff.Map, ops []*ir.Value, chain string) (*ir.Value, error) {
	vs, err := e.ExpandMap(m, ops)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, ir.Errorf(e.Loc, "empty bound map")
	}
	return e.minMaxChain(chain, vs), nil
}

func (l *lowerer) lowerFor(f affine.ForOp) error {
	e := l.expander(f.Operation)
	lbm, lbo := f.LowerBound()
	lb, err := l.bound(e, lbm, lbo, "arith.maxsi")
	if err != nil {
		return err
	}
	ubm, ubo := f.UpperBound()
	ub, err := l.bound(e, ubm, ubo, "arith.minsi")
	if err != nil {
		return err
	}
	step := e.constant(f.Step())
	st := &ir.OperationState{Name: "scf.for", Loc: f.Loc(), Types: f.ResultTypes()}
	st.Operands = append([]*ir.Value{lb, ub, step}, f.Inits()...)
	r := st.AddRegion()
	r.TakeBody(f.Region(0))
	replaceTerminator(l.ctx, r.Front(), "scf.yield")
	nf := l.b.Create(st)
	f.ReplaceAllUsesWith(nf.Results())
	f.Erase()
	return nil
}

// replaceTerminator swaps the affine.yield ending blk for name with the same operands.
func replaceTerminator(ctx *ir.Context, blk *ir.Block, name string) {
	if blk == nil {
		return
	}
	y := blk.Last()
	if y == nil || !y.Is(affine.YieldName) {
		return
	}
	blk.Append(ctx.NewOperation(&ir.OperationState{Name: name, Loc: y.Loc(), Operands: y.Operands()}))
	y.Erase()
}

func (l *lowerer) lowerIf(o affine.IfOp) error {
	e := l.expander(o.Operation)
	set, ops := o.Condition()
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
		cond = l.b.CreateOp("arith.constant", o.Loc(), nil, []ir.Type{ir.I1},
			ir.NamedAttribute{Name: "value", Value: ir.BoolAttr(true)}).Result(0)
	}
	st := &ir.OperationState{Name: "scf.if", Loc: o.Loc(), Types: o.ResultTypes(), Operands: []*ir.Value{cond}}
	thenR, elseR := st.AddRegion(), st.AddRegion()
	thenR.TakeBody(o.Region(0))
	replaceTerminator(l.ctx, thenR.Front(), "scf.yield")
	if o.HasElse() {
		elseR.TakeBody(o.Region(1))
		replaceTerminator(l.ctx, elseR.Front(), "scf.yield")
	}
	n := l.b.Create(st)
	o.ReplaceAllUsesWith(n.Results())
	o.Erase()
	return nil
}

// atomicRMWKind values (arith::AtomicRMWKind) used by affine.parallel reductions.
const (
	rmwAddF     = 0
	rmwAddI     = 1
	rmwMaximumF = 3
	rmwMaxS     = 4
	rmwMaxU     = 5
	rmwMinimumF = 6
	rmwMinS     = 7
	rmwMinU     = 8
	rmwMulF     = 9
	rmwMulI     = 10
	rmwOrI      = 11
	rmwAndI     = 12
	rmwMaxNumF  = 13
	rmwMinNumF  = 14
)

var reductionOps = map[int64]string{
	rmwAddF: "arith.addf", rmwAddI: "arith.addi", rmwMaximumF: "arith.maximumf",
	rmwMaxS: "arith.maxsi", rmwMaxU: "arith.maxui", rmwMinimumF: "arith.minimumf",
	rmwMinS: "arith.minsi", rmwMinU: "arith.minui", rmwMulF: "arith.mulf",
	rmwMulI: "arith.muli", rmwOrI: "arith.ori", rmwAndI: "arith.andi",
	rmwMaxNumF: "arith.maxnumf", rmwMinNumF: "arith.minnumf",
}

// identity returns the identity attribute of reduction kind k for t
// (arith::getIdentityValueAttr), or nil.
func identity(k int64, t ir.Type) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		switch k {
		case rmwAddF:
			return ir.FloatAttrOf(ft, 0)
		case rmwMulF:
			return ir.FloatAttrOf(ft, 1)
		case rmwMaximumF:
			return ir.FloatAttrOf(ft, math.Inf(-1))
		case rmwMinimumF:
			return ir.FloatAttrOf(ft, math.Inf(1))
		case rmwMaxNumF:
			return ir.FloatAttrOf(ft, math.Copysign(math.NaN(), -1))
		case rmwMinNumF:
			return ir.FloatAttrOf(ft, math.NaN())
		}
		return nil
	}
	w := ir.BitWidth(t)
	if w <= 0 || w > 64 {
		return nil
	}
	switch k {
	case rmwAddI, rmwMaxU, rmwOrI:
		return ir.IntAttr(t, 0)
	case rmwMulI:
		return ir.IntAttr(t, 1)
	case rmwAndI, rmwMinU:
		return ir.IntAttr(t, -1)
	case rmwMaxS:
		return ir.IntAttr(t, math.MinInt64>>(64-w))
	case rmwMinS:
		return ir.IntAttr(t, math.MaxInt64>>(64-w))
	}
	return nil
}

func (l *lowerer) lowerParallel(p affine.ParallelOp) error {
	e := l.expander(p.Operation)
	n := p.NumDims()
	var lbs, ubs, steps []*ir.Value
	for i := 0; i < n; i++ {
		lb, err := l.bound(e, p.LowerBoundMap(i), p.LowerBoundsOperands(), "arith.maxsi")
		if err != nil {
			return err
		}
		ub, err := l.bound(e, p.UpperBoundMap(i), p.UpperBoundsOperands(), "arith.minsi")
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
		a := identity(kinds[i], t)
		if a == nil {
			return p.Errorf("unsupported reduction %d for type '%s'", kinds[i], t)
		}
		inits = append(inits, l.b.CreateOp("arith.constant", p.Loc(), nil, []ir.Type{t},
			ir.NamedAttribute{Name: "value", Value: a}).Result(0))
	}
	st := &ir.OperationState{Name: "scf.parallel", Loc: p.Loc(), Types: p.ResultTypes()}
	st.Operands = append(append(append(append(st.Operands, lbs...), ubs...), steps...), inits...)
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(int32(n), int32(n), int32(n), int32(len(inits))))
	r := st.AddRegion()
	r.TakeBody(p.Region(0))
	body := r.Front()
	y := body.Last()
	red := &ir.OperationState{Name: "scf.reduce", Loc: y.Loc(), Operands: y.Operands()}
	for i, v := range y.Operands() {
		rr := red.AddRegion()
		blk := ir.NewBlock()
		a := blk.AddArgument(v.Type(), y.Loc())
		c := blk.AddArgument(v.Type(), y.Loc())
		rr.AppendBlock(blk)
		op := l.ctx.NewOperation(&ir.OperationState{Name: reductionOps[kinds[i]], Loc: p.Loc(), Operands: []*ir.Value{a, c}, Types: []ir.Type{v.Type()}})
		blk.Append(op)
		blk.Append(l.ctx.NewOperation(&ir.OperationState{Name: "scf.reduce.return", Loc: p.Loc(), Operands: op.Results()}))
	}
	body.Append(l.ctx.NewOperation(red))
	y.Erase()
	np := l.b.Create(st)
	p.ReplaceAllUsesWith(np.Results())
	p.Erase()
	return nil
}

func (l *lowerer) lowerMapOp(op *ir.Operation) error {
	m, ops, ok := affine.AccessMap(op)
	if !ok {
		return op.Errorf("malformed affine map operation")
	}
	e := l.expander(op)
	vs, err := e.ExpandMap(m, ops)
	if err != nil {
		return err
	}
	var v *ir.Value
	switch op.Name() {
	case affine.ApplyName:
		v = vs[0]
		if l.applied == nil {
			l.applied = map[*ir.Value]appliedMap{}
		}
		l.applied[v] = appliedMap{m, ops}
	case affine.MinName:
		v = e.minMaxChain("arith.minsi", vs)
	default:
		v = e.minMaxChain("arith.maxsi", vs)
	}
	op.ReplaceAllUsesWith([]*ir.Value{v})
	op.Erase()
	return nil
}

func (l *lowerer) lowerAccess(op *ir.Operation) error {
	m, ops, ok := affine.AccessMap(op)
	if !ok {
		return op.Errorf("malformed affine access")
	}
	e := l.expander(op)
	idx, err := e.ExpandMap(m, ops)
	if err != nil {
		return err
	}
	start := affine.MapOperandsStart(op)
	lead := op.Operands()[:start]
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
	n := l.b.Create(st)
	if !n.IsRegistered() {
		// Until the vector dialect is registered, keep upstream's
		// properties in the generic form: "vector.load"(...) <{nontemporal = false}>.
		for _, a := range n.DiscardableAttrs() {
			n.RemoveAttr(a.Name)
			n.SetProp(a.Name, a.Value)
		}
	}
	op.ReplaceAllUsesWith(n.Results())
	op.Erase()
	return nil
}

// lowerDelinearize follows upstream's affine-expand-index-ops: divisors
// are suffix products of the basis, each result a composed affine.apply
// (floordiv, then mod for the residual) that is expanded in turn.
func (l *lowerer) lowerDelinearize(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return op.Errorf("malformed delinearize")
	}
	l.b.SetInsertionPointBefore(op)
	linear := op.Operand(0)
	basis := op.Operands()[1:]
	var divisors []*ir.Value
	for i := 1; i < len(basis); i++ {
		divisors = append(divisors, l.indexProduct(op.Loc(), basis[i:]))
	}
	d0d1 := func(e aff.Expr) *aff.Map { return aff.NewMap(2, 0, []aff.Expr{e}) }
	var applies []*ir.Operation
	residual := linear
	var results []*ir.Value
	for _, d := range divisors {
		q := l.composedApply(op.Loc(), d0d1(aff.FloorDiv(aff.Dim(0), aff.Dim(1))), []*ir.Value{residual, d})
		r := l.composedApply(op.Loc(), d0d1(aff.Mod(aff.Dim(0), aff.Dim(1))), []*ir.Value{residual, d})
		applies = append(applies, q.DefiningOp(), r.DefiningOp())
		results = append(results, q)
		residual = r
	}
	results = append(results, residual)
	op.ReplaceAllUsesWith(results)
	op.Erase()
	for _, a := range applies {
		if err := l.lowerMapOp(a); err != nil {
			return err
		}
	}
	return nil
}

// indexProduct returns the product of vs: a constant when all are
// constant (materialized), vs[0] alone, or a composed affine.apply.
func (l *lowerer) indexProduct(loc ir.Location, vs []*ir.Value) *ir.Value {
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
		return l.b.CreateOp("arith.constant", loc, nil, []ir.Type{ir.Index},
			ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(prod)}).Result(0)
	}
	m := aff.NewMap(len(vs), 0, []aff.Expr{productExpr(len(vs))})
	return l.composedApply(loc, m, vs)
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
func (l *lowerer) composedApply(loc ir.Location, m *aff.Map, ops []*ir.Value) *ir.Value {
	// Operands that replaced lowered affine.apply ops compose through the
	// apply, as upstream sees it: stand-in detached applies are used.
	var temps []*ir.Operation
	ops = append([]*ir.Value(nil), ops...)
	for i, v := range ops {
		if a, ok := l.applied[v]; ok {
			t := l.ctx.NewOperation(&ir.OperationState{Name: affine.ApplyName, Loc: loc, Operands: a.ops,
				Types: []ir.Type{ir.Index}, Attrs: []ir.NamedAttribute{{Name: "map", Value: ir.AffineMapOf(a.m)}}})
			temps = append(temps, t)
			ops[i] = t.Result(0)
		}
	}
	defer func() {
		for _, t := range temps {
			t.DropAllReferences()
		}
	}()
	m, ops = affine.FullyComposeMapAndOperands(m, ops)
	m, ops = affine.CanonicalizeMapAndOperands(m, ops)
	return l.b.CreateOp(affine.ApplyName, loc, ops, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)}).Result(0)
}

func (l *lowerer) lowerDma(op *ir.Operation) error {
	e := l.expander(op)
	if op.Is(affine.DmaWaitName) {
		m, ok := op.Attr("tag_map").(*ir.AffineMapAttr)
		if !ok || op.NumOperands() < 1+m.Map.NumInputs()+1 {
			return op.Errorf("malformed affine.dma_wait")
		}
		idx, err := e.ExpandMap(m.Map, op.Operands()[1:1+m.Map.NumInputs()])
		if err != nil {
			return err
		}
		ops := append(append([]*ir.Value{op.Operand(0)}, idx...), op.Operand(1+m.Map.NumInputs()))
		l.b.CreateOp("memref.dma_wait", op.Loc(), ops, nil)
		op.Erase()
		return nil
	}
	var operands []*ir.Value
	pos := 0
	for _, name := range []string{"src_map", "dst_map", "tag_map"} {
		m, ok := op.Attr(name).(*ir.AffineMapAttr)
		if !ok || pos+1+m.Map.NumInputs() > op.NumOperands() {
			return op.Errorf("malformed affine.dma_start")
		}
		mem := op.Operand(pos)
		idx, err := e.ExpandMap(m.Map, op.Operands()[pos+1:pos+1+m.Map.NumInputs()])
		if err != nil {
			return err
		}
		pos += 1 + m.Map.NumInputs()
		if name == "tag_map" {
			// memref.dma_start orders: src, idx, dst, idx, num, tag, idx, [stride, n].
			operands = append(operands, op.Operand(pos))
		}
		operands = append(append(operands, mem), idx...)
	}
	operands = append(operands, op.Operands()[pos+1:]...)
	l.b.CreateOp("memref.dma_start", op.Loc(), operands, nil)
	op.Erase()
	return nil
}
