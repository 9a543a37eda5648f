package scftocf

import (
	"math"
	"slices"

	"github.com/goopt/goopt/dialects/scf"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// Predicate of arith.cmpi used by the loop conditions.
const predSLT = 2

// doWhileBenefit puts the do-while form of scf.while before the general one.
const doWhileBenefit = 2

// IllegalOps are the ops the conversion removes.
var IllegalOps = []string{
	"scf.for", "scf.if", "scf.parallel", "scf.while", "scf.execute_region",
	"scf.index_switch", "scf.forall",
}

// ConfigureTarget makes target reject the ops of IllegalOps and accept
// every other op, as upstream's convert-scf-to-cf does.
func ConfigureTarget(target *convert.Target) {
	target.AddIllegalOp(IllegalOps...)
	target.MarkUnknownOpDynamicallyLegal(func(*ir.Operation) bool { return true })
}

// Populate adds the scf-to-cf patterns to s
// (populateSCFToControlFlowConversionPatterns).
func Populate(s *convert.PatternSet) {
	pat := func(root string, benefit int, fn func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error) convert.Pattern {
		return &convert.OpPattern{Root: root, PatternBenefit: benefit, Rewrite: fn}
	}
	s.Add(
		pat("scf.for", 1, lowerFor),
		pat("scf.if", 1, lowerIf),
		pat("scf.execute_region", 1, lowerExecuteRegion),
		pat("scf.parallel", 1, lowerParallel),
		pat("scf.while", doWhileBenefit, lowerDoWhile),
		pat("scf.while", 1, lowerWhile),
		pat("scf.index_switch", 1, lowerIndexSwitch),
		pat("scf.forall", 1, lowerForall),
	)
}

// Convert lowers the scf ops nested in root to cf blocks and branches
// with a partial conversion (upstream's convert-scf-to-cf). On failure
// every error is returned and root is unchanged.
func Convert(ctx *ir.Context, root *ir.Operation) error {
	target := convert.NewTarget()
	ConfigureTarget(target)
	s := convert.NewPatternSet()
	Populate(s)
	return convert.ApplyPartialConversion(ctx, root, target, s)
}

func br(rw *convert.Rewriter, loc ir.Location, dest *ir.Block, args []*ir.Value) *ir.Operation {
	return rw.Create(&ir.OperationState{Name: "cf.br", Loc: loc, Operands: args, Successors: []*ir.Block{dest}})
}

func condBr(rw *convert.Rewriter, loc ir.Location, cond *ir.Value, t *ir.Block, targs []*ir.Value, f *ir.Block, fargs []*ir.Value) *ir.Operation {
	st := &ir.OperationState{Name: "cf.cond_br", Loc: loc, Successors: []*ir.Block{t, f}}
	st.Operands = append(append([]*ir.Value{cond}, targs...), fargs...)
	st.AddAttr(ir.SegmentSizesAttr, ir.DenseI32Array(1, int32(len(targs)), int32(len(fargs))))
	return rw.Create(st)
}

// splitAt splits op's block before op: op and what follows it move to the
// returned block (rewriter.splitBlock at op).
func splitAt(rw *convert.Rewriter, op *ir.Operation) (before, after *ir.Block) {
	before = op.Block()
	return before, rw.SplitBlock(before, op)
}

// terminator returns the terminator of the last block of r, which must be
// an op named name, as the structured ops' verifiers guarantee for the
// region shapes this conversion handles.
func terminator(op *ir.Operation, r *ir.Region, name string) (*ir.Operation, error) {
	if r.Empty() || r.Blocks()[len(r.Blocks())-1].Last() == nil {
		return nil, op.Errorf("expected a region ending in '%s'", name)
	}
	t := r.Blocks()[len(r.Blocks())-1].Last()
	if !t.Is(name) {
		return nil, t.Errorf("expected '%s' to end the region of '%s'", name, op.Name())
	}
	return t, nil
}

// lowerFor builds the loop's CFG: the entry branches to a condition block
// (the body's first block, whose arguments are the induction variable and
// the loop-carried values) that compares the induction variable with the
// upper bound and branches to the body or past the loop; the body's last
// block steps the induction variable and branches back with the yielded
// values. The results are the condition block's carried arguments.
func lowerFor(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	loc := op.Loc()
	body := op.Region(0)
	yield, err := terminator(op, body, "scf.yield")
	if err != nil {
		return err
	}
	lb, ub, step := operands.Operand(0), operands.Operand(1), operands.Operand(2)
	inits := operands.Operands()[3:]
	initBlock, endBlock := splitAt(rw, op)
	cond := body.Front()
	firstBody := rw.SplitBlock(cond, cond.First())
	lastBody := body.Blocks()[len(body.Blocks())-1]
	rw.InlineRegionBefore(body, endBlock.Parent(), endBlock)
	iv := cond.Argument(0)

	rw.SetInsertionPointToEnd(lastBody)
	stepped := rw.CreateOp("arith.addi", loc, []*ir.Value{iv, step}, []ir.Type{iv.Type()}).Result(0)
	br(rw, loc, cond, append([]*ir.Value{stepped}, yield.Operands()...))
	rw.EraseOp(yield)

	rw.SetInsertionPointToEnd(initBlock)
	br(rw, loc, cond, append([]*ir.Value{lb}, inits...))

	rw.SetInsertionPointToEnd(cond)
	cmp := rw.CreateOp("arith.cmpi", loc, []*ir.Value{iv, ub}, []ir.Type{ir.I1},
		ir.NamedAttribute{Name: "predicate", Value: ir.IntAttr(ir.I64, predSLT)}).Result(0)
	condBr(rw, loc, cmp, firstBody, nil, endBlock, nil)
	rw.ReplaceOp(op, cond.Arguments()[1:])
	return nil
}

// lowerIf branches to the then and else blocks, which branch to the
// continuation; with results they branch to a block of its own whose
// arguments are the results, which then branches to the continuation.
func lowerIf(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	loc := op.Loc()
	thenR, elseR := op.Region(0), op.Region(1)
	thenYield, err := terminator(op, thenR, "scf.yield")
	if err != nil {
		return err
	}
	var elseYield *ir.Operation
	if !elseR.Empty() {
		if elseYield, err = terminator(op, elseR, "scf.yield"); err != nil {
			return err
		}
	}
	condBlock, rest := splitAt(rw, op)
	cont := rest
	if op.NumResults() > 0 {
		cont = rw.CreateBlock(rest.Parent(), rest, op.ResultTypes()...)
		for _, a := range cont.Arguments() {
			a.SetLoc(loc)
		}
		br(rw, loc, rest, nil)
	}
	thenBlock := thenR.Front()
	rw.SetInsertionPointToEnd(thenYield.Block())
	br(rw, loc, cont, thenYield.Operands())
	rw.EraseOp(thenYield)
	rw.InlineRegionBefore(thenR, cont.Parent(), cont)

	elseBlock := cont
	if elseYield != nil {
		elseBlock = elseR.Front()
		rw.SetInsertionPointToEnd(elseYield.Block())
		br(rw, loc, cont, elseYield.Operands())
		rw.EraseOp(elseYield)
		rw.InlineRegionBefore(elseR, cont.Parent(), cont)
	}
	rw.SetInsertionPointToEnd(condBlock)
	condBr(rw, loc, operands.Operand(0), thenBlock, nil, elseBlock, nil)
	rw.ReplaceOp(op, cont.Arguments())
	return nil
}

// lowerExecuteRegion branches into the region, whose scf.yield ops branch
// to the continuation, which takes the results as arguments.
func lowerExecuteRegion(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
	loc := op.Loc()
	r := op.Region(0)
	if r.Empty() {
		return op.Errorf("expected a non-empty region")
	}
	condBlock, rest := splitAt(rw, op)
	rw.SetInsertionPointToEnd(condBlock)
	br(rw, loc, r.Front(), nil)
	for _, b := range r.Blocks() {
		if t := b.Last(); t != nil && t.Is("scf.yield") {
			rw.SetInsertionPointToEnd(b)
			br(rw, loc, rest, t.Operands())
			rw.EraseOp(t)
		}
	}
	rw.InlineRegionBefore(r, rest.Parent(), rest)
	// rest was made by this pattern: a rollback discards it, arguments
	// and all.
	var vals []*ir.Value
	for _, t := range op.ResultTypes() {
		vals = append(vals, rest.AddArgument(t, loc))
	}
	rw.ReplaceOp(op, vals)
	return nil
}

// newFor creates `scf.for` with a body block holding the induction
// variable and the iteration arguments, and an scf.yield when there are
// none (ForOp::build), at the insertion point.
func newFor(rw *convert.Rewriter, loc ir.Location, lb, ub, step *ir.Value, inits []*ir.Value) *ir.Operation {
	var types []ir.Type
	for _, v := range inits {
		types = append(types, v.Type())
	}
	st := &ir.OperationState{Name: "scf.for", Loc: loc, Types: types}
	st.Operands = append([]*ir.Value{lb, ub, step}, inits...)
	body := ir.NewBlock()
	body.AddArgument(lb.Type(), loc)
	// ForOp::build locates each iteration argument at its initial value.
	for _, v := range inits {
		body.AddArgument(v.Type(), v.Loc())
	}
	st.AddRegion().AppendBlock(body)
	f := rw.Create(st)
	if len(inits) == 0 {
		ip := rw.Save()
		rw.SetInsertionPointToEnd(body)
		rw.CreateOp("scf.yield", loc, nil, nil)
		rw.Restore(ip)
	}
	return f
}

// lowerParallel rewrites scf.parallel into a nest of scf.for ops (which
// the conversion lowers in turn), one per dimension, outermost first. The
// reductions become iteration arguments threaded through the nest: each
// reduction region is inlined in the innermost body with the carried
// value and the reduced operand as its arguments, and its result yielded.
func lowerParallel(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	p := scf.ParallelOp{Operation: op}
	loc := op.Loc()
	n := len(p.LowerBound())
	vals := operands.Operands()
	lbs, ubs, steps, inits := vals[:n], vals[n:2*n], vals[2*n:3*n], vals[3*n:]
	body := op.Region(0).Front()
	reduce := body.Last()
	if reduce == nil || !reduce.Is("scf.reduce") || reduce.NumRegions() != op.NumResults() {
		return op.Errorf("expected an 'scf.reduce' with one region per result to end the body")
	}
	rw.SetInsertionPointBefore(op)
	iterArgs := append([]*ir.Value(nil), inits...)
	results := append([]*ir.Value(nil), inits...)
	var ivs []*ir.Value
	for d := 0; d < n; d++ {
		f := newFor(rw, loc, lbs[d], ubs[d], steps[d], iterArgs)
		fb := f.Region(0).Front()
		ivs = append(ivs, fb.Argument(0))
		iterArgs = fb.Arguments()[1:]
		if d == 0 {
			results = f.Results()
		} else if f.NumResults() > 0 {
			rw.SetInsertionPointToEnd(rw.InsertionBlock())
			rw.CreateOp("scf.yield", loc, f.Results(), nil)
		}
		rw.SetInsertionPointToStart(fb)
	}
	var yields []*ir.Value
	for i := 0; i < op.NumResults(); i++ {
		rb := reduce.Region(i).Front()
		ret := rb.Last()
		if ret == nil || !ret.Is("scf.reduce.return") || ret.NumOperands() != 1 || rb.NumArguments() != 2 {
			return reduce.Errorf("expected a reduction region of two arguments ending in 'scf.reduce.return'")
		}
		yields = append(yields, ret.Operand(0))
		rw.EraseOp(ret)
		rw.InlineBlockBefore(rb, body, reduce, []*ir.Value{iterArgs[i], reduce.Operand(i)})
	}
	rw.EraseOp(reduce)
	if n == 0 {
		// No loop: the body runs once, in place.
		rw.InlineBlockBefore(body, op.Block(), op, nil)
		rw.ReplaceOp(op, yields)
		return nil
	}
	inner := rw.InsertionBlock()
	if t := inner.Last(); t == nil {
		rw.InlineBlockBefore(body, inner, nil, ivs)
	} else {
		rw.InlineBlockBefore(body, inner, t, ivs)
	}
	if len(yields) > 0 {
		rw.SetInsertionPointToEnd(inner)
		rw.CreateOp("scf.yield", loc, yields, nil)
	}
	rw.ReplaceOp(op, results)
	return nil
}

// lowerWhile inlines the before and after regions: the entry branches to
// the before region, whose scf.condition branches to the after region
// (with the forwarded values) or to the continuation; the after region's
// scf.yield branches back. The results are the forwarded values, visible
// in the continuation by dominance.
func lowerWhile(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	loc := op.Loc()
	beforeR, afterR := op.Region(0), op.Region(1)
	cond, err := terminator(op, beforeR, "scf.condition")
	if err != nil {
		return err
	}
	yield, err := terminator(op, afterR, "scf.yield")
	if err != nil {
		return err
	}
	current, cont := splitAt(rw, op)
	after, before := afterR.Front(), beforeR.Front()
	rw.InlineRegionBefore(afterR, cont.Parent(), cont)
	rw.InlineRegionBefore(beforeR, cont.Parent(), after)
	rw.SetInsertionPointToEnd(current)
	br(rw, loc, before, operands.Operands())

	args := cond.Operands()[1:]
	rw.SetInsertionPointToEnd(cond.Block())
	condBr(rw, cond.Loc(), cond.Operand(0), after, args, cont, nil)
	rw.EraseOp(cond)
	rw.SetInsertionPointToEnd(yield.Block())
	br(rw, yield.Loc(), before, yield.Operands())
	rw.EraseOp(yield)
	rw.ReplaceOp(op, args)
	return nil
}

// lowerDoWhile handles the scf.while whose after region only forwards its
// arguments back: the before region alone loops on itself.
func lowerDoWhile(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	afterR := op.Region(1)
	if len(afterR.Blocks()) != 1 {
		return rw.NotifyMatchFailure(op, "do-while simplification applicable to single-block 'after' region only")
	}
	ab := afterR.Front()
	if ab.Len() != 1 {
		return rw.NotifyMatchFailure(op, "do-while simplification applicable only if 'after' region has no payload")
	}
	y := ab.First()
	if !y.Is("scf.yield") || !slices.Equal(y.Operands(), ab.Arguments()) {
		return rw.NotifyMatchFailure(op, "do-while simplification applicable only to forwarding 'after' regions")
	}
	beforeR := op.Region(0)
	cond, err := terminator(op, beforeR, "scf.condition")
	if err != nil {
		return err
	}
	current, cont := splitAt(rw, op)
	before := beforeR.Front()
	rw.InlineRegionBefore(beforeR, cont.Parent(), cont)
	rw.SetInsertionPointToEnd(current)
	br(rw, op.Loc(), before, operands.Operands())
	args := cond.Operands()[1:]
	rw.SetInsertionPointToEnd(cond.Block())
	condBr(rw, cond.Loc(), cond.Operand(0), before, args, cont, nil)
	rw.EraseOp(cond)
	rw.ReplaceOp(op, args)
	return nil
}

// lowerIndexSwitch branches with cf.switch on the index to the case
// blocks and the default block, each branching to the continuation with
// its yielded values. As upstream the index is compared as an i32
// (arith.index_cast): only its low 32 bits count. Upstream also truncates
// case values to 32 bits, which would merge distinct cases; when a case
// does not fit in an i32, goopt switches on an i64 instead.
func lowerIndexSwitch(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	loc := op.Loc()
	sw, _ := scf.AsIndexSwitchOp(op)
	cases, ok := sw.Cases().(*ir.DenseArrayAttr)
	if !ok || len(cases.Ints) != op.NumRegions()-1 {
		return op.Errorf("expected one case value per case region")
	}
	yields := make([]*ir.Operation, op.NumRegions())
	for i, r := range op.Regions() {
		if len(r.Blocks()) != 1 {
			return op.Errorf("expected single-block regions")
		}
		y, err := terminator(op, r, "scf.yield")
		if err != nil {
			return err
		}
		yields[i] = y
	}
	condBlock, cont := splitAt(rw, op)
	var results []*ir.Value
	// cont was made by this pattern: a rollback discards it with its
	// arguments.
	for _, t := range op.ResultTypes() {
		results = append(results, cont.AddArgument(t, loc))
	}
	convertRegion := func(i int) *ir.Block {
		r := op.Region(i)
		b := r.Front()
		rw.SetInsertionPointBefore(yields[i])
		br(rw, yields[i].Loc(), cont, yields[i].Operands())
		rw.EraseOp(yields[i])
		rw.InlineRegionBefore(r, cont.Parent(), cont)
		return b
	}
	var succs []*ir.Block
	caseType := ir.Type(ir.I32)
	for i := range cases.Ints {
		succs = append(succs, convertRegion(i+1))
		if c := cases.Ints[i]; c < math.MinInt32 || c > math.MaxInt32 {
			caseType = ir.I64
		}
	}
	def := convertRegion(0)
	rw.SetInsertionPointToEnd(condBlock)
	flag := rw.CreateOp("arith.index_cast", loc, []*ir.Value{operands.Operand(0)}, []ir.Type{caseType}).Result(0)
	st := &ir.OperationState{Name: "cf.switch", Loc: loc, Operands: []*ir.Value{flag}, Successors: append([]*ir.Block{def}, succs...)}
	st.AddAttr(ir.SegmentSizesAttr, ir.DenseI32Array(1, 0, 0))
	st.AddAttr("case_operand_segments", ir.DenseI32Array(make([]int32, len(succs))...))
	if len(succs) > 0 {
		vals := make([]ir.Attribute, len(cases.Ints))
		for i, c := range cases.Ints {
			vals[i] = ir.IntAttr(caseType, c)
		}
		st.AddAttr("case_values", ir.Dense(ir.Vector([]int64{int64(len(vals))}, caseType, nil), vals))
	}
	rw.Create(st)
	rw.ReplaceOp(op, results)
	return nil
}

// lowerForall rewrites a bufferized scf.forall (no shared outputs) into
// an scf.parallel over the same bounds, static ones materialized as
// arith.constant (lower bounds, then upper bounds, then steps), which the
// conversion lowers in turn (scf::forallToParallelLoop).
func lowerForall(op *ir.Operation, operands convert.Adaptor, rw *convert.Rewriter) error {
	f := scf.ForallOp{Operation: op}
	if len(f.Outputs()) > 0 {
		return rw.NotifyMatchFailure(op, "only fully bufferized scf.forall ops can be lowered to scf.parallel")
	}
	loc := op.Loc()
	rw.SetInsertionPointBefore(op)
	vals := operands.Operands()
	mixed := func(static ir.Attribute) ([]*ir.Value, error) {
		d, ok := static.(*ir.DenseArrayAttr)
		if !ok {
			return nil, op.Errorf("expected static bound arrays")
		}
		var out []*ir.Value
		for _, s := range d.Ints {
			if s == ir.Dynamic {
				if len(vals) == 0 {
					return nil, op.Errorf("fewer dynamic bounds than the static arrays say")
				}
				out = append(out, vals[0])
				vals = vals[1:]
				continue
			}
			out = append(out, rw.CreateOp("arith.constant", loc, nil, []ir.Type{ir.Index},
				ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(s)}).Result(0))
		}
		return out, nil
	}
	lbs, err := mixed(f.StaticLowerBound())
	if err != nil {
		return err
	}
	ubs, err := mixed(f.StaticUpperBound())
	if err != nil {
		return err
	}
	steps, err := mixed(f.StaticStep())
	if err != nil {
		return err
	}
	body := op.Region(0)
	term, err := terminator(op, body, "scf.forall.in_parallel")
	if err != nil {
		return err
	}
	st := &ir.OperationState{Name: "scf.parallel", Loc: loc}
	st.Operands = append(append(append(st.Operands, lbs...), ubs...), steps...)
	n := int32(len(lbs))
	st.AddAttr(ir.SegmentSizesAttr, ir.DenseI32Array(n, n, n, 0))
	pr := st.AddRegion()
	p := rw.Create(st)
	rw.InlineRegionBefore(body, pr, nil)
	rw.SetInsertionPointToEnd(term.Block())
	rw.CreateOp("scf.reduce", term.Loc(), nil, nil)
	rw.EraseOp(term)
	rw.ReplaceOp(op, p.Results())
	return nil
}
