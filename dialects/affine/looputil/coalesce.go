package looputil

import (
	"errors"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// CoalesceLoops collapses the perfectly nested, normalized (lower bound 0,
// step 1) band loops into its outermost loop, as MLIR's coalesceLoops: the
// upper bound becomes the product of the trip counts (computed before the
// nest with affine.apply/affine.min), and each original induction
// variable is recovered by floordiv/mod of the linear one.
func CoalesceLoops(ctx *ir.Context, loops []affine.ForOp) error {
	if len(loops) < 2 {
		return nil
	}
	for _, f := range loops {
		lb, ok := f.ConstantLowerBound()
		if f.Step() != 1 || !ok || lb != 0 {
			return errors.New("only normalized loops (lower bound 0, step 1) can be coalesced")
		}
		if f.NumResults() > 0 {
			return errors.New("loops with iter_args cannot be coalesced")
		}
	}
	if !IsPerfectlyNested(loops) {
		return errors.New("loops are not perfectly nested")
	}
	// The trip counts become symbols of the coalesced loop's bound and of
	// the IV recovery maps: they must be valid symbols there (upstream
	// does not check, and produces invalid IR otherwise).
	topLevel := affine.AffineScope(loops[0].Operation) == loops[0].ParentRegion()
	for _, f := range loops {
		m, ops := f.UpperBound()
		if len(m.Results) != 1 && !topLevel {
			return errors.New("a min upper bound inside a loop cannot be a symbol of the coalesced loop")
		}
		for _, v := range ops {
			if !affine.IsValidSymbol(v) {
				return errors.New("upper bounds must be symbols of the coalesced loop")
			}
		}
	}
	outer, innermost := loops[0], loops[len(loops)-1]
	loc := outer.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(outer.Operation)
	ubMap, ubOps := outer.UpperBound()
	prev := buildMinOrApply(b, loc, affine.MinName, ubMap, ubOps)
	ubSyms := []*ir.Value{prev}
	mul := aff.NewMap(1, 1, []aff.Expr{aff.Mul(aff.Dim(0), aff.Symbol(0))})
	for _, f := range loops[1:] {
		m, ops := f.UpperBound()
		ub := buildMinOrApply(b, loc, affine.MinName, m, ops)
		ubSyms = append(ubSyms, ub)
		prev = buildApply(b, loc, mul, []*ir.Value{prev, ub})
	}
	outer.SetUpperBound(aff.NewMap(0, 1, []aff.Expr{aff.Symbol(0)}), []*ir.Value{prev})

	b.SetInsertionPointToStart(outer.Body())
	div := aff.NewMap(1, 1, []aff.Expr{aff.FloorDiv(aff.Dim(0), aff.Symbol(0))})
	mod := aff.NewMap(1, 1, []aff.Expr{aff.Mod(aff.Dim(0), aff.Symbol(0))})
	previous := outer.InductionVar()
	for idx := len(loops); idx > 0; idx-- {
		if idx != len(loops) {
			previous = buildApply(b, loc, div, []*ir.Value{previous, ubSyms[idx]})
		}
		iv := previous
		if idx != 1 {
			iv = buildApply(b, loc, mod, []*ir.Value{previous, ubSyms[idx-1]})
		}
		replaceAllUsesInRegionWith(loops[idx-1].InductionVar(), iv, innermost.Region(0))
	}
	second := loops[1]
	moveBodyBefore(innermost.Body(), second.Operation)
	second.Erase()
	return nil
}

// CoalescePerfectlyNestedLoops finds, bottom-up in the perfect nest rooted
// at root, bands whose bounds are all defined above the band's first loop
// and coalesces each (MLIR's coalescePerfectlyNestedAffineLoops). It
// reports whether anything was coalesced.
func CoalescePerfectlyNestedLoops(ctx *ir.Context, root affine.ForOp) bool {
	loops := GetPerfectlyNestedLoops(root)
	if len(loops) <= 1 {
		return false
	}
	above := make([]int, len(loops))
	for i := range loops {
		above[i] = i
		for j := 0; j < i; j++ {
			if definedAbove(loops[i].Operands(), loops[j].Region(0)) {
				above[i] = j
				break
			}
		}
	}
	changed := false
	for end := len(loops); end > 0; end-- {
		start := 0
		for ; start < end-1; start++ {
			maxPos := 0
			for _, a := range above[start:end] {
				maxPos = max(maxPos, a)
			}
			if maxPos > start {
				continue
			}
			if CoalesceLoops(ctx, loops[start:end]) == nil {
				changed = true
			}
			break
		}
		if start != end-1 {
			end = start + 1
		}
	}
	return changed
}

// definedAbove reports whether every value is defined outside region r.
func definedAbove(vs []*ir.Value, r *ir.Region) bool {
	for _, v := range vs {
		if d := v.ParentRegion(); d != nil && r.IsAncestor(d) {
			return false
		}
	}
	return true
}
