package affine

import (
	"slices"

	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// mapPattern is a pattern on the name ops whose access map and operands
// agree; fn rewrites op given both (AccessMap's map and operands).
func mapPattern(name string, fn func(op *ir.Operation, rw *ir.Rewriter, m *aff.Map, ops []*ir.Value) bool) ir.Pattern {
	return ir.PatternFunc{Root: name, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
		m, ops, ok := AccessMap(op)
		if !ok || m.NumInputs() != len(ops) {
			return false
		}
		return fn(op, rw, m, ops)
	}}
}

// simplifyAffineOp composes affine.apply producers into an op's map and
// canonicalizes map and operands (upstream's SimplifyAffineOp).
func simplifyAffineOp(name string) ir.Pattern {
	return mapPattern(name, func(op *ir.Operation, rw *ir.Rewriter, m *aff.Map, ops []*ir.Value) bool {
		nm, nops := ComposeMapAndOperands(m, ops)
		nm, nops = CanonicalizeMapAndOperands(nm, nops)
		if nm == m && slices.Equal(nops, ops) {
			return false
		}
		rw.ModifyInPlace(op, func() { SetAccessMap(op, nm, nops) })
		return true
	})
}

// ---- affine.min / affine.max ----

// minMaxPartialFold replaces fully constant results in place (the in-place
// half of upstream's foldMinMaxOp).
func minMaxPartialFold(name string) ir.Pattern {
	return mapPattern(name, func(op *ir.Operation, rw *ir.Rewriter, m *aff.Map, ops []*ir.Value) bool {
		folded, consts := PartialConstantFoldMap(m, constantOperandAttrs(ops))
		if consts != nil || folded == m {
			return false // fully constant: the folder handles it
		}
		rw.ModifyInPlace(op, func() { op.SetAttr("map", ir.AffineMapOf(folded)) })
		return true
	})
}

// singleResultMinMaxToApply turns a one-result min/max into affine.apply.
func singleResultMinMaxToApply(name string) ir.Pattern {
	return mapPattern(name, func(op *ir.Operation, rw *ir.Rewriter, m *aff.Map, ops []*ir.Value) bool {
		if len(m.Results) != 1 {
			return false
		}
		rw.SetInsertionPointBefore(op)
		apply := rw.CreateOp(ApplyName, op.Loc(), ops, []ir.Type{ir.Index}, ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)})
		rw.ReplaceOp(op, apply.Results())
		return true
	})
}

// dedupeMinMax removes repeated result expressions.
func dedupeMinMax(name string) ir.Pattern {
	return mapPattern(name, func(op *ir.Operation, rw *ir.Rewriter, m *aff.Map, _ []*ir.Value) bool {
		nm := removeDuplicateExprs(m)
		if nm == m {
			return false
		}
		rw.ModifyInPlace(op, func() { op.SetAttr("map", ir.AffineMapOf(nm)) })
		return true
	})
}

// mergeMinMax merges a producer min (max) feeding a bare dim/symbol result
// of a consumer min (max) into the consumer.
func mergeMinMax(name string) ir.Pattern {
	return mapPattern(name, func(op *ir.Operation, rw *ir.Rewriter, m *aff.Map, ops []*ir.Value) bool {
		dimOps := append([]*ir.Value(nil), ops[:m.NumDims]...)
		symOps := append([]*ir.Value(nil), ops[m.NumDims:]...)
		var exprs []aff.Expr
		var producers []*ir.Operation
		for _, e := range m.Results {
			var v *ir.Value
			switch x := e.(type) {
			case *aff.SymbolExpr:
				v = symOps[x.Pos]
			case *aff.DimExpr:
				v = dimOps[x.Pos]
			}
			if v != nil {
				if d := v.DefiningOp(); d != nil && d.Is(name) && d != op {
					if pm, pops, ok := AccessMap(d); ok && pm.NumInputs() == len(pops) {
						producers = append(producers, d)
						continue
					}
				}
			}
			exprs = append(exprs, e)
		}
		if len(producers) == 0 {
			return false
		}
		nd, ns := m.NumDims, m.NumSymbols
		for _, pr := range producers {
			pm, pops, _ := AccessMap(pr)
			dimOps = append(dimOps, pops[:pm.NumDims]...)
			symOps = append(symOps, pops[pm.NumDims:]...)
			for _, e := range pm.Results {
				exprs = append(exprs, aff.ShiftSymbols(aff.ShiftDims(e, pm.NumDims, nd, 0), pm.NumSymbols, ns, 0))
			}
			nd += pm.NumDims
			ns += pm.NumSymbols
		}
		nm := aff.NewMap(nd, ns, exprs)
		rw.ModifyInPlace(op, func() { SetAccessMap(op, nm, append(dimOps, symOps...)) })
		return true
	})
}

// orderMinMaxTerms sorts results by their flattened coefficients
// (canonicalizeMapExprAndTermOrder).
func orderMinMaxTerms(name string) ir.Pattern {
	return mapPattern(name, func(op *ir.Operation, rw *ir.Rewriter, m *aff.Map, _ []*ir.Value) bool {
		flat := make([][]int64, len(m.Results))
		for i, e := range m.Results {
			if !aff.IsPureAffine(e) {
				return false
			}
			row, locals, err := aff.Flatten(e, m.NumDims, m.NumSymbols)
			if err != nil || len(locals) != 0 {
				return false
			}
			flat[i] = row
		}
		perm := make([]int, len(flat))
		for i := range perm {
			perm[i] = i
		}
		if slices.IsSortedFunc(perm, func(a, b int) int { return slices.Compare(flat[a], flat[b]) }) {
			return false
		}
		slices.SortStableFunc(perm, func(a, b int) int { return slices.Compare(flat[a], flat[b]) })
		res := make([]aff.Expr, len(perm))
		for i, p := range perm {
			res[i] = m.Results[p]
		}
		nm := aff.NewMap(m.NumDims, m.NumSymbols, res)
		rw.ModifyInPlace(op, func() { op.SetAttr("map", ir.AffineMapOf(nm)) })
		return true
	})
}

func minMaxPatterns(name string) []ir.Pattern {
	return []ir.Pattern{
		minMaxPartialFold(name),
		singleResultMinMaxToApply(name),
		dedupeMinMax(name),
		mergeMinMax(name),
		simplifyAffineOp(name),
		orderMinMaxTerms(name),
	}
}

// ---- affine.for ----

// forBounds folds constant bounds and composes/canonicalizes the bound maps
// (upstream's AffineForOp::fold: foldLoopBounds + canonicalizeLoopBounds).
var forBounds = ir.PatternFunc{Root: ForName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	f := ForOp{op}
	lbm, lbo := f.LowerBound()
	ubm, ubo := f.UpperBound()
	if lbm == nil || ubm == nil || lbm.NumInputs() != len(lbo) || ubm.NumInputs() != len(ubo) {
		return false
	}
	foldBound := func(m *aff.Map, ops []*ir.Value, lower bool) (*aff.Map, []*ir.Value) {
		if _, ok := m.IsSingleConstant(); ok {
			return m, ops
		}
		vals, ok := ConstantFoldMap(m, constantOperandAttrs(ops))
		if !ok || len(vals) == 0 {
			return m, ops
		}
		best := vals[0]
		for _, v := range vals[1:] {
			if (lower && v > best) || (!lower && v < best) {
				best = v
			}
		}
		return aff.ConstantMap(best), nil
	}
	nlbm, nlbo := foldBound(lbm, lbo, true)
	nubm, nubo := foldBound(ubm, ubo, false)
	nlbm, nlbo = ComposeMapAndOperands(nlbm, nlbo)
	nlbm, nlbo = CanonicalizeMapAndOperands(nlbm, nlbo)
	nlbm = removeDuplicateExprs(nlbm)
	nubm, nubo = ComposeMapAndOperands(nubm, nubo)
	nubm, nubo = CanonicalizeMapAndOperands(nubm, nubo)
	nubm = removeDuplicateExprs(nubm)
	if nlbm == lbm && nubm == ubm && slices.Equal(nlbo, lbo) && slices.Equal(nubo, ubo) {
		return false
	}
	rw.ModifyInPlace(op, func() { f.setOperandsAndMaps(nlbm, nlbo, nubm, nubo) })
	return true
}}

// forEmptyLoop folds a loop whose body is only its yield
// (AffineForEmptyLoopFolder): results become the inits (zero trips) or the
// yielded values when they are loop-invariant or the iter_args in order.
var forEmptyLoop = ir.PatternFunc{Root: ForName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	f := ForOp{op}
	if op.NumResults() == 0 || f.Body().Len() != 1 {
		return false
	}
	tc, known := f.ConstantTripCount()
	if !f.HasConstantBounds() {
		known = false
	}
	inits := f.Inits()
	if known && tc == 0 {
		rw.ReplaceOp(op, inits)
		return true
	}
	y := f.Yield()
	iterArgs := f.RegionIterArgs()
	var repl []*ir.Value
	outside, outOfOrder := false, false
	for i, v := range y.Operands() {
		pos := slices.Index(iterArgs, v)
		if pos < 0 {
			if v.ParentRegion() != nil && op.Region(0).IsAncestor(v.ParentRegion()) {
				return false
			}
			outside = true
			repl = append(repl, v)
			continue
		}
		if pos != i {
			outOfOrder = true
		}
		repl = append(repl, inits[pos])
	}
	if !known && (outside || outOfOrder) {
		return false
	}
	if known && tc >= 2 && outOfOrder {
		return false
	}
	rw.ReplaceOp(op, repl)
	return true
}}

// ---- affine.if ----

// ifCondition composes and canonicalizes the condition (AffineIfOp::fold).
var ifCondition = ir.PatternFunc{Root: IfName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	o := IfOp{op}
	s, ops := o.Condition()
	if s == nil || s.NumInputs() != len(ops) {
		return false
	}
	ns, nops := ComposeSetAndOperands(s, ops)
	ns, nops = CanonicalizeSetAndOperands(ns, nops)
	if ns == s && slices.Equal(nops, ops) {
		return false
	}
	rw.ModifyInPlace(op, func() { o.SetConditional(ns, nops) })
	return true
}}

// ifDeadElse removes an else block holding only its yield (SimplifyDeadElse).
var ifDeadElse = ir.PatternFunc{Root: IfName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	o := IfOp{op}
	if !o.HasElse() || o.ElseBlock().Len() != 1 || op.NumResults() != 0 {
		return false
	}
	rw.ModifyInPlace(op, func() { o.ElseBlock().Erase() })
	return true
}}

// ifAlwaysTrueOrFalse inlines the taken branch of a trivially true or false
// condition (AlwaysTrueOrFalseIf).
var ifAlwaysTrueOrFalse = ir.PatternFunc{Root: IfName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	o := IfOp{op}
	s, _ := o.Condition()
	if s == nil {
		return false
	}
	var blk *ir.Block
	switch {
	case s.IsEmptyIntegerSet():
		if op.NumResults() == 0 && !o.HasElse() {
			rw.EraseOp(op)
			return true
		}
		blk = o.ElseBlock()
	case s.NumEqualities() == 1 && s.NumInequalities() == 0 && s.Constraints[0] == aff.Const(0):
		blk = o.ThenBlock()
	default:
		return false
	}
	if blk == nil {
		return false
	}
	term := blk.Last()
	if term == nil || !term.Is(YieldName) {
		return false
	}
	vals := term.Operands()
	rw.InlineBlockBefore(blk, op, nil)
	rw.ReplaceOp(op, vals)
	rw.EraseOp(term)
	return true
}}

// ---- affine.parallel ----

// parallelBounds composes affine.apply producers into the bounds maps.
var parallelBounds = ir.PatternFunc{Root: ParallelName, Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
	po := ParallelOp{op}
	lbm, ubm := po.LowerBoundsMap(), po.UpperBoundsMap()
	lbo, ubo := po.LowerBoundsOperands(), po.UpperBoundsOperands()
	if lbm == nil || ubm == nil || lbm.NumInputs() != len(lbo) || ubm.NumInputs() != len(ubo) {
		return false
	}
	nlbm, nlbo := ComposeMapAndOperands(lbm, lbo)
	nubm, nubo := ComposeMapAndOperands(ubm, ubo)
	lbChanged := nlbm != lbm || !slices.Equal(nlbo, lbo)
	ubChanged := nubm != ubm || !slices.Equal(nubo, ubo)
	if !lbChanged && !ubChanged {
		return false
	}
	rw.ModifyInPlace(op, func() {
		if lbChanged {
			po.SetLowerBounds(nlbm, nlbo)
		}
		if ubChanged {
			po.SetUpperBounds(nubm, nubo)
		}
	})
	return true
}}
