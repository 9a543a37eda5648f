package analysis

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
)

// AtomicRMWKind values (arith::AtomicRMWKind), as stored in
// affine.parallel's reductions attribute.
const (
	KindAddF     int64 = 0
	KindAddI     int64 = 1
	KindMaximumF int64 = 3
	KindMaxS     int64 = 4
	KindMaxU     int64 = 5
	KindMinimumF int64 = 6
	KindMinS     int64 = 7
	KindMinU     int64 = 8
	KindMulF     int64 = 9
	KindMulI     int64 = 10
	KindOrI      int64 = 11
	KindAndI     int64 = 12
)

var reductionKinds = map[string]int64{
	"arith.addf": KindAddF, "arith.addi": KindAddI, "arith.mulf": KindMulF, "arith.muli": KindMulI,
	"arith.andi": KindAndI, "arith.ori": KindOrI, "arith.minimumf": KindMinimumF,
	"arith.maximumf": KindMaximumF, "arith.minsi": KindMinS, "arith.maxsi": KindMaxS,
	"arith.minui": KindMinU, "arith.maxui": KindMaxU,
}

// LoopReduction is a reduction carried by an iter_arg (MLIR's LoopReduction).
type LoopReduction struct {
	Kind       int64     // arith::AtomicRMWKind
	IterArgPos int       // index among the iter_args
	Value      *ir.Value // the value combined into the accumulator each iteration
	Combiner   *ir.Operation
}

// SupportedReductions returns the iter_args of f that are simple
// reductions: the region argument's only use is a single binary combiner
// op of a supported kind, whose result is yielded at the same position
// and used nowhere else (getSupportedReductions).
func SupportedReductions(f affine.ForOp) []LoopReduction {
	var out []LoopReduction
	y := f.Yield()
	for i, arg := range f.RegionIterArgs() {
		if !arg.HasOneUse() {
			continue
		}
		comb := arg.Uses()[0].Owner()
		kind, ok := reductionKinds[comb.Name()]
		if !ok || comb.NumOperands() != 2 || comb.NumResults() != 1 || comb.Block() != f.Body() {
			continue
		}
		res := comb.Result(0)
		if y == nil || i >= y.NumOperands() || y.Operand(i) != res || !res.HasOneUse() {
			continue
		}
		other := comb.Operand(0)
		if other == arg {
			other = comb.Operand(1)
		}
		if other == arg {
			continue
		}
		out = append(out, LoopReduction{Kind: kind, IterArgPos: i, Value: other, Combiner: comb})
	}
	return out
}

// IsLoopParallel is MLIR's isLoopParallel: f has no loop-carried
// dependence. Loops with iter_args are parallel only when parallelReductions
// is set and every iter_arg is a supported reduction; the reductions are
// returned either way (when requested).
func IsLoopParallel(f affine.ForOp, parallelReductions bool) (bool, []LoopReduction) {
	n := len(f.Inits())
	var reds []LoopReduction
	if n > 0 && !parallelReductions {
		return false, nil
	}
	if parallelReductions {
		reds = SupportedReductions(f)
		if len(reds) != n {
			return false, reds
		}
	}
	return IsLoopMemoryParallel(f), reds
}

// IsLoopMemoryParallel reports whether no memory dependence is carried by
// f: all pairs of affine accesses to memrefs not allocated inside f are
// independent at f's depth, and f contains no other op with memory effects
// (allocations excepted).
func IsLoopMemoryParallel(f affine.ForOp) bool {
	for _, t := range f.ResultTypes() {
		if _, ok := t.(*ir.MemRefType); ok {
			return false
		}
	}
	var accs []*MemRefAccess
	bad := false
	ir.Walk(f.Operation, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op == f.Operation {
			return ir.Advance
		}
		if a, ok := NewMemRefAccess(op); ok {
			if !definedInside(a.MemRef, f.Operation) {
				accs = append(accs, a)
			}
			return ir.Advance
		}
		switch {
		case op.Is(affine.ForName), op.Is(affine.YieldName), op.Is(affine.IfName):
			// Nests the dependence analysis models: look inside.
			return ir.Advance
		case ir.IsMemoryEffectFree(op), op.NumRegions() == 0 && onlyAllocates(op):
			return ir.Skip
		}
		bad = true
		return ir.Interrupt
	})
	if bad {
		return false
	}
	depth := LoopDepth(f.Operation) + 1
	for _, s := range accs {
		for _, d := range accs {
			if CheckDependence(s, d, depth, false).HasDependence {
				return false
			}
		}
	}
	return true
}

// onlyAllocates reports whether op's effects are all allocations: fresh
// memory cannot carry a dependence from an earlier iteration.
func onlyAllocates(op *ir.Operation) bool {
	effects, known := ir.LocalMemoryEffects(op)
	if !known || len(effects) == 0 {
		return false
	}
	for _, e := range effects {
		if e.Kind != ir.Allocate {
			return false
		}
	}
	return true
}

// definedInside reports whether v is defined by an op (or block) nested in op.
func definedInside(v *ir.Value, op *ir.Operation) bool {
	var d *ir.Operation
	if v.IsBlockArgument() {
		d = v.OwnerBlock().ParentOp()
	} else {
		d = v.DefiningOp()
	}
	for ; d != nil; d = d.ParentOp() {
		if d == op {
			return v.IsBlockArgument() || v.DefiningOp() != op
		}
	}
	return false
}

// PerfectlyNestedBand returns root and the loops perfectly nested in it:
// each next loop is the only op (besides the terminator) of the previous
// body (getPerfectlyNestedLoops).
func PerfectlyNestedBand(root affine.ForOp) []affine.ForOp {
	band := []affine.ForOp{root}
	for cur := root; ; {
		body := cur.Body()
		if body.Len() != 2 {
			return band
		}
		next, ok := affine.AsFor(body.First())
		if !ok {
			return band
		}
		band = append(band, next)
		cur = next
	}
}
