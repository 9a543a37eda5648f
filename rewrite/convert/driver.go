package convert

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite"
)

// MaxDepth bounds how deeply the ops created by patterns are legalized in
// turn (a pattern converting an op into ops converted by a pattern, ...),
// so that patterns feeding each other cannot recurse forever.
const MaxDepth = 32

type mode uint8

const (
	full mode = iota
	partial
)

// ApplyFullConversion converts root and every op nested in it so that all
// are legal for target: an op that is not legal (illegal, or without a
// rule) and that no pattern converts fails the conversion with
// `'name' op failed to legalize operation 'name'`. On failure the IR is
// unchanged and every error found is returned as an ir.DiagList.
func ApplyFullConversion(ctx *ir.Context, root *ir.Operation, target *Target, patterns *PatternSet) error {
	return apply(ctx, root, target, patterns, full)
}

// ApplyPartialConversion converts the ops under root that patterns can
// convert; ops without a legality rule that no pattern converts are left
// alone, but an illegal op left fails the conversion (`failed to legalize
// operation 'name' that was explicitly marked illegal`), leaving the IR
// unchanged.
func ApplyPartialConversion(ctx *ir.Context, root *ir.Operation, target *Target, patterns *PatternSet) error {
	return apply(ctx, root, target, patterns, partial)
}

type converter struct {
	st       *state
	rw       *Rewriter
	target   *Target
	patterns *PatternSet
	mode     mode
	// mats holds the materializations built, which block-argument
	// materializations are placed after.
	mats map[*ir.Operation]bool
}

// apply legalizes root and the ops nested in it in pre-order, the ops a
// pattern creates right after it, then commits the deferred replacements;
// any failure rolls everything back.
func apply(ctx *ir.Context, root *ir.Operation, target *Target, patterns *PatternSet, m mode) error {
	st := newState()
	c := &converter{st: st, rw: newRewriter(ctx, st), target: target, patterns: patterns, mode: m, mats: map[*ir.Operation]bool{}}
	var errs ir.DiagList
	failed := map[*ir.Operation]bool{}
	for _, op := range c.conversionSet(root) {
		if st.ignored(op) {
			continue
		}
		if f := c.legalize(op, 0); f != nil {
			// Inside an op that failed, only the errors patterns report
			// are news: that nested ops are left unconverted follows.
			if len(f.errs) == 0 && insideFailed(op, failed) {
				continue
			}
			if ds := c.report(op, f); len(ds) > 0 {
				failed[op] = true
				errs = append(errs, ds...)
			}
		}
	}
	if len(errs) == 0 {
		errs = c.checkLiveValues()
	}
	if len(errs) > 0 {
		st.rollback(0)
		return errs
	}
	c.commit()
	return nil
}

func insideFailed(op *ir.Operation, failed map[*ir.Operation]bool) bool {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if failed[p] {
			return true
		}
	}
	return false
}

// conversionSet lists root and its nested ops in pre-order, not looking
// inside recursively legal ops.
func (c *converter) conversionSet(root *ir.Operation) []*ir.Operation {
	var ops []*ir.Operation
	ir.Walk(root, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		ops = append(ops, o)
		if c.target.IsRecursivelyLegal(o) {
			return ir.Skip
		}
		return ir.Advance
	})
	return ops
}

// failure is why an op could not be legalized: errors patterns reported,
// which are the op's diagnostics, and reasons patterns did not apply,
// which become notes.
type failure struct {
	errs    []*ir.Diagnostic
	reasons []*MatchFailure
}

func (f *failure) add(err error) {
	var mf *MatchFailure
	var nested *failure
	switch {
	case errors.As(err, &nested):
		f.errs = append(f.errs, nested.errs...)
		f.reasons = append(f.reasons, nested.reasons...)
	case errors.As(err, &mf):
		f.reasons = append(f.reasons, mf)
	default:
		f.errs = append(f.errs, ir.Diagnostics(err)...)
	}
}

func (f *failure) Error() string { return "failed to legalize" }

// report turns a failure to legalize op into diagnostics: the errors
// patterns reported, or else MLIR's message when the mode requires op to
// be converted.
func (c *converter) report(op *ir.Operation, f *failure) []*ir.Diagnostic {
	if len(f.errs) > 0 {
		return f.errs
	}
	var d *ir.Diagnostic
	switch {
	case c.mode == full:
		d = op.Errorf("failed to legalize operation '%s'", op.Name())
	case c.target.Legality(op) == Illegal:
		d = op.Errorf("failed to legalize operation '%s' that was explicitly marked illegal", op.Name())
	default:
		return nil
	}
	for _, r := range f.reasons {
		d.AttachNote(r.Loc, "%s", r.Reason)
	}
	return []*ir.Diagnostic{d}
}

// legalize makes op legal: it is already, or it folds, or a pattern
// converts it and everything the pattern created or updated legalizes in
// turn. It returns nil on success.
func (c *converter) legalize(op *ir.Operation, depth int) *failure {
	if c.target.IsLegal(op) || c.st.ignored(op) {
		return nil
	}
	f := &failure{}
	if depth > MaxDepth {
		f.add(matchFailuref(op.Loc(), "maximum conversion depth %d exceeded; patterns may be recursing", MaxDepth))
		return f
	}
	if c.fold(op, depth) {
		return nil
	}
	for _, p := range c.patterns.For(op) {
		mark, nc, nm := c.st.mark(), len(c.st.created), len(c.st.modified)
		err := c.applyPattern(p, op)
		if err == nil {
			err = c.legalizeResults(nc, nm, depth)
		}
		if err == nil {
			return nil
		}
		c.st.rollback(mark)
		f.add(err)
		if len(f.errs) > 0 {
			// The op cannot be converted: stop at the pattern's diagnostic.
			break
		}
	}
	return f
}

// applyPattern runs p on op with op's converted operands.
func (c *converter) applyPattern(p Pattern, op *ir.Operation) error {
	tc := p.TypeConverter()
	c.rw.converter = tc
	operands, err := c.remap(op, tc)
	if err != nil {
		return err
	}
	nm := len(c.st.modified)
	c.rw.SetInsertionPointBefore(op)
	if err := p.MatchAndRewrite(op, operands, c.rw); err != nil {
		return err
	}
	if !c.st.gone[op] && !slices.Contains(c.st.modified[nm:], op) {
		return op.Errorf("conversion pattern succeeded without replacing, erasing or updating the op")
	}
	return nil
}

// legalizeResults legalizes the ops created and updated since the given
// positions in the created and modified lists.
func (c *converter) legalizeResults(nc, nm, depth int) error {
	for i := nc; i < len(c.st.created); i++ {
		op := c.st.created[i]
		if f := c.legalize(op, depth+1); f != nil {
			f.add(matchFailuref(op.Loc(), "failed to legalize operation '%s' created by a pattern", op.Name()))
			return f
		}
	}
	for i := nm; i < len(c.st.modified); i++ {
		if f := c.legalize(c.st.modified[i], depth+1); f != nil {
			return f
		}
	}
	return nil
}

// fold folds op with its definition's folder, as the upstream driver tries
// before patterns: an in-place fold is recorded and op legalized again; a
// fold to values replaces op, its materialized constants legalized in turn.
func (c *converter) fold(op *ir.Operation, depth int) bool {
	def := op.Def()
	if def == nil || def.Fold == nil {
		return false
	}
	mark, nc := c.st.mark(), len(c.st.created)
	snap := op.Snapshot()
	res := def.Fold(op, rewrite.ConstantOperands(op))
	if len(res) == 0 || len(res) != op.NumResults() {
		return false
	}
	inPlace := true
	for i, r := range res {
		inPlace = inPlace && r.Value == op.Result(i)
	}
	if inPlace {
		c.rw.recordModified(op, snap)
		if c.legalize(op, depth+1) == nil {
			return true
		}
		c.st.rollback(mark)
		return false
	}
	c.rw.converter = nil
	c.rw.SetInsertionPointBefore(op)
	repl := make([]*ir.Value, len(res))
	for i, r := range res {
		switch {
		case r.Value != nil:
			repl[i] = r.Value
		case r.Attr != nil:
			k := rewrite.Materialize(&ir.Rewriter{Builder: c.rw.Builder}, op.Dialect(), r.Attr, op.Result(i).Type(), op.Loc())
			if k == nil {
				c.st.rollback(mark)
				return false
			}
			repl[i] = k.Result(0)
		default:
			c.st.rollback(mark)
			return false
		}
	}
	c.rw.ReplaceOp(op, repl)
	if c.legalizeResults(nc, len(c.st.modified), depth) != nil {
		c.st.rollback(mark)
		return false
	}
	return true
}

// remap returns op's operands as a pattern with converter tc sees them:
// their replacement values, materialized to tc's types where they differ,
// or, without tc, to the original type where a value was replaced 1:N.
func (c *converter) remap(op *ir.Operation, tc *TypeConverter) (Adaptor, error) {
	vals := make([][]*ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		repl, dropped := c.st.resolve(v)
		if tc == nil {
			switch {
			case dropped:
				return Adaptor{}, matchFailuref(op.Loc(), "operand #%d was erased", i)
			case len(repl) == 1:
				vals[i] = repl
			default:
				vals[i] = []*ir.Value{c.materialize(repl, []ir.Type{v.Type()}, op.Loc(), func(b *ir.Builder) []*ir.Value {
					return []*ir.Value{(*TypeConverter)(nil).MaterializeSource(b, v.Type(), repl, op.Loc())}
				})[0]}
			}
			continue
		}
		want, ok := tc.ConvertType(v.Type())
		if !ok {
			return Adaptor{}, matchFailuref(op.Loc(), "unable to convert type for operand #%d, type was '%s'", i, v.Type())
		}
		switch {
		case len(want) == 0:
			vals[i] = []*ir.Value{}
		case dropped:
			return Adaptor{}, matchFailuref(op.Loc(), "operand #%d was erased", i)
		case slices.Equal(valueTypes(repl), want):
			vals[i] = repl
		default:
			vals[i] = c.materialize(repl, want, op.Loc(), func(b *ir.Builder) []*ir.Value {
				return tc.MaterializeTarget(b, want, repl, op.Loc())
			})
		}
	}
	return Adaptor{vals: vals}, nil
}

// materialize builds a conversion of inputs to types right after the
// inputs are defined (so it dominates every use), reusing an earlier one.
// Materializations are not legalized: they are the bridges a later
// conversion or reconcile-unrealized-casts removes.
func (c *converter) materialize(inputs []*ir.Value, types []ir.Type, loc ir.Location, build func(*ir.Builder) []*ir.Value) []*ir.Value {
	var key strings.Builder
	for _, v := range inputs {
		fmt.Fprintf(&key, "%p,", v)
	}
	for _, t := range types {
		fmt.Fprintf(&key, "%s;", t)
	}
	k := key.String()
	if vs, ok := c.st.casts[k]; ok {
		return vs
	}
	b := c.rw.Builder
	saved := b.Save()
	c.setInsertionAfterValues(b, inputs)
	c.st.materializing = true
	vs := build(b)
	c.st.materializing = false
	b.Restore(saved)
	for _, v := range vs {
		if d := v.DefiningOp(); d != nil {
			c.mats[d] = true
		}
	}
	c.st.casts[k] = vs
	c.st.log(func() { delete(c.st.casts, k) })
	return vs
}

// setInsertionAfterValues moves b after the definition of the last of vs:
// values replaced together are defined together (results of one op,
// arguments of one block, ops created in order). For block arguments that
// is after the materializations already at the start of the block, which
// keeps them in argument order.
func (c *converter) setInsertionAfterValues(b *ir.Builder, vs []*ir.Value) {
	if len(vs) == 0 {
		return
	}
	v := vs[len(vs)-1]
	if !v.IsBlockArgument() {
		b.SetInsertionPointAfter(v.DefiningOp())
		return
	}
	blk := v.OwnerBlock()
	pos := blk.First()
	for pos != nil && c.mats[pos] {
		pos = pos.Next()
	}
	if pos == nil {
		b.SetInsertionPointToEnd(blk)
	} else {
		b.SetInsertionPointBefore(pos)
	}
}

// checkLiveValues reports the erased results and dropped block arguments
// that ops remaining after the conversion still use.
func (c *converter) checkLiveValues() ir.DiagList {
	var errs ir.DiagList
	live := func(v *ir.Value) *ir.Operation {
		for _, u := range v.Uses() {
			if !c.st.ignored(u.Owner()) {
				return u.Owner()
			}
		}
		return nil
	}
	for _, op := range c.st.replaced {
		for i, r := range op.Results() {
			if _, dropped := c.st.resolve(r); !dropped {
				continue
			}
			if u := live(r); u != nil {
				errs = append(errs, ir.Errorf(op.Loc(), "failed to materialize conversion for result #%d of operation '%s' that remained live after conversion", i, op.Name()).
					AttachNote(u.Loc(), "see existing live user here: '%s'", u.Name()))
			}
		}
	}
	for _, a := range c.st.args {
		if _, dropped := c.st.resolve(a); !dropped {
			continue
		}
		if u := live(a); u != nil {
			errs = append(errs, ir.Errorf(a.Loc(), "failed to materialize conversion for block argument #%d that remained live after conversion", a.Index()).
				AttachNote(u.Loc(), "see existing live user here: '%s'", u.Name()))
		}
	}
	return errs
}

// commit makes the deferred changes: remaining uses of replaced values
// move to their replacements (through a source or argument
// materialization where the types differ), then replaced and erased ops
// go. It cannot fail: checkLiveValues ran first.
func (c *converter) commit() {
	b := c.rw.Builder
	b.Listener = nil
	redirect := func(v *ir.Value, isArg bool) {
		if !slices.ContainsFunc(v.Uses(), func(u *ir.OpOperand) bool { return !c.st.ignored(u.Owner()) }) {
			return // unused, or used only by ops about to go
		}
		repl, dropped := c.st.resolve(v)
		if dropped {
			return // only ignored ops use it
		}
		if len(repl) == 1 && repl[0].Type() == v.Type() {
			v.ReplaceAllUsesWith(repl[0])
			return
		}
		tc := c.st.mapping[v].tc
		c.setInsertionAfterValues(b, repl)
		if len(repl) == 0 {
			if isArg {
				b.SetInsertionPointToStart(v.OwnerBlock())
			} else {
				b.SetInsertionPointBefore(v.DefiningOp())
			}
		}
		var w *ir.Value
		if isArg {
			w = tc.MaterializeArgument(b, v.Type(), repl, v.Loc())
		} else {
			w = tc.MaterializeSource(b, v.Type(), repl, v.Loc())
		}
		v.ReplaceAllUsesWith(w)
	}
	for _, a := range c.st.args {
		redirect(a, true)
	}
	for _, op := range c.st.replaced {
		for _, r := range op.Results() {
			redirect(r, false)
		}
	}
	for _, op := range c.st.replaced {
		op.DropAllReferences()
	}
	for _, op := range c.st.replaced {
		op.Remove()
	}
}
