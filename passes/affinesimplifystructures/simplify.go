package affinesimplifystructures

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite"
)

// New returns the affine-simplify-structures pass.
var New = pass.DefineFunc(pass.Base{Arg: "affine-simplify-structures", Desc: "Simplify affine expressions in maps/sets and normalize memrefs", On: "func.func", Display: "SimplifyAffineStructures"}, run)

// run simplifies every affine map and integer set attribute of the ops in
// the function, then folds and canonicalizes the affine.for, affine.if and
// affine.apply ops (and the ops those rewrites create).
func run(fn *ir.Operation, am *pass.AnalysisManager) error {
	var work []*ir.Operation
	ir.WalkOps(fn, func(op *ir.Operation) {
		SimplifyAttributes(op)
		if op.Is(affine.ForName) || op.Is(affine.IfName) || op.Is(affine.ApplyName) {
			work = append(work, op)
		}
	})
	ctx := am.Context()
	var patterns []ir.Pattern
	for _, n := range []string{affine.ApplyName, affine.ForName, affine.IfName} {
		if d := ctx.OpDef(n); d != nil {
			patterns = append(patterns, d.Canonicalize...)
		}
	}
	applyOpPatterns(ctx, work, rewrite.NewPatternSet(patterns...))
	return nil
}

// SimplifyAttributes replaces op's affine map attributes by their
// simplified form (aff.SimplifyMap) and its integer sets by aff.SimplifySet.
func SimplifyAttributes(op *ir.Operation) {
	for _, a := range op.Attrs() {
		switch v := a.Value.(type) {
		case *ir.AffineMapAttr:
			if s := aff.SimplifyMap(v.Map); s != v.Map {
				op.SetAttr(a.Name, ir.AffineMapOf(s))
			}
		case *ir.IntegerSetAttr:
			if s := aff.SimplifySet(v.Set); s != v.Set {
				op.SetAttr(a.Name, ir.IntegerSetOf(s))
			}
		}
	}
}

// applyOpPatterns folds and rewrites the given ops, and the ops created or
// modified by the rewrites, to a fixed point (upstream's
// applyOpPatternsAndFold in ExistingAndNewOps strict mode).
func applyOpPatterns(ctx *ir.Context, ops []*ir.Operation, patterns *rewrite.PatternSet) {
	allowed := map[*ir.Operation]bool{}
	queued := map[*ir.Operation]bool{}
	var work []*ir.Operation
	push := func(op *ir.Operation) {
		if allowed[op] && !queued[op] {
			queued[op] = true
			work = append(work, op)
		}
	}
	for _, op := range ops {
		allowed[op] = true
		push(op)
	}
	rw := ir.NewRewriter(ctx)
	rw.Listener = func(op *ir.Operation) { allowed[op] = true; push(op) }
	rw.OnModify = push
	rw.OnErase = func(op *ir.Operation) { delete(allowed, op); queued[op] = false }
	const maxSteps = 1 << 16
	for steps := 0; len(work) > 0 && steps < maxSteps; steps++ {
		op := work[0]
		work = work[1:]
		if !allowed[op] {
			continue
		}
		queued[op] = false
		if ir.IsTriviallyDead(op) {
			rw.EraseOp(op)
			continue
		}
		if fold(rw, op) {
			continue
		}
		for _, p := range patterns.For(op) {
			rw.SetInsertionPointBefore(op)
			if p.MatchAndRewrite(op, rw) {
				break
			}
		}
	}
}

// fold folds op, replacing it by existing values or materialized constants.
func fold(rw *ir.Rewriter, op *ir.Operation) bool {
	if op.HasTrait(ir.ConstantLike) {
		return false
	}
	res, inPlace := rewrite.TryFold(op)
	if res == nil {
		return false
	}
	if inPlace {
		if rw.OnModify != nil {
			rw.OnModify(op)
		}
		return true
	}
	return rewrite.ReplaceByFold(rw, op, res)
}
