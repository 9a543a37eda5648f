package scfutil

import (
	"math/big"
	"slices"

	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
)

// This file coalesces perfect nests of scf.for loops, as MLIR 19's
// coalescePerfectlyNestedSCFForLoops and coalesceLoops, with the same IR:
//
//  1. every loop of the band that is not normalized (lower bound constant
//     0, step constant 1) gets a trip count built before the band,
//     `ceildivsi(ub - lb, step)` with each part folded when its operands
//     are constants, and new constant 0 and 1 bounds;
//  2. the product of the trip counts (outermost first, arith.muli) is the
//     upper bound of the outermost loop, which takes the whole band;
//  3. its body recovers each induction variable, innermost first, with
//     remsi/divsi by the trip counts, then maps each back to the
//     original range (`iv * step + lb`, innermost first, skipping a
//     unit step or zero lower bound), followed by the innermost body.
//
// Loops with iter_args coalesce when each inner loop's inits are its
// parent's region iter args and its parent yields exactly its results.

// PerfectlyNestedForLoops returns the loops of the perfect nest rooted at
// root: each loop's body is one scf.for and the terminator.
func PerfectlyNestedForLoops(root *ir.Operation) []*ir.Operation {
	var loops []*ir.Operation
	for op := root; op != nil && op.Name() == "scf.for"; {
		loops = append(loops, op)
		body := op.Region(0).Front()
		if body == nil || body.Len() != 2 {
			break
		}
		op = body.First()
	}
	return loops
}

func bounds(f *ir.Operation) (lb, ub, step *ir.Value) {
	return f.Operand(0), f.Operand(1), f.Operand(2)
}

func inits(f *ir.Operation) []*ir.Value { return f.Operands()[3:] }

func body(f *ir.Operation) *ir.Block { return f.Region(0).Front() }

// iterArgs are the loop's region iter args (the body's arguments after the
// induction variable).
func iterArgs(f *ir.Operation) []*ir.Value { return body(f).Arguments()[1:] }

func definedAbove(vs []*ir.Value, r *ir.Region) bool {
	for _, v := range vs {
		if d := v.ParentRegion(); d != nil && r.IsAncestor(d) {
			return false
		}
	}
	return true
}

// CoalescePerfectlyNestedForLoops finds, bottom-up in the perfect nest
// rooted at root, the bands whose bounds are defined above the band and
// whose iter_args chain through, and coalesces each. It reports whether
// anything changed.
func CoalescePerfectlyNestedForLoops(ctx *ir.Context, root *ir.Operation) bool {
	loops := PerfectlyNestedForLoops(root)
	above := make([]int, len(loops))
	for i := range loops {
		above[i] = i
		lb, ub, step := bounds(loops[i])
		for j := 0; j < i; j++ {
			if definedAbove([]*ir.Value{lb, ub, step}, loops[j].Region(0)) {
				above[i] = j
				break
			}
		}
	}
	chainStart := make([]int, len(loops))
	for i := 1; i < len(loops); i++ {
		chainStart[i] = i
		outer, inner := loops[i-1], loops[i]
		if !slices.Equal(iterArgs(outer), inits(inner)) ||
			!slices.Equal(body(outer).Terminator().Operands(), inner.Results()) {
			continue
		}
		chainStart[i] = chainStart[i-1]
	}
	changed := false
	for end := len(loops); end > 0; end-- {
		start := 0
		for ; start < end-1; start++ {
			if slices.Max(above[start:end]) > start || chainStart[end-1] > start {
				continue
			}
			coalesce(ctx, loops[start:end])
			changed = true
			break
		}
		if start != end-1 {
			end = start + 1
		}
	}
	return changed
}

// folder builds arith ops before the band, folding the integer ones whose
// operands are constants into a new arith.constant (createOrFold).
type folder struct {
	b   *ir.Builder
	loc ir.Location
}

func (f folder) constant(v int64) *ir.Value {
	return f.b.CreateOp("arith.constant", f.loc, nil, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "value", Value: ir.IntAttr(ir.Index, v)}).Result(0)
}

func (f folder) op(name string, x, y *ir.Value) *ir.Value {
	return f.b.CreateOp(name, f.loc, []*ir.Value{x, y}, []ir.Type{x.Type()}).Result(0)
}

// orFold creates name(x, y), or its constant value when both are constants
// and eval can compute it.
func (f folder) orFold(name string, x, y *ir.Value, eval func(a, b int64) (int64, bool)) *ir.Value {
	if a, ok := memref.ConstantIndex(x); ok {
		if b, ok := memref.ConstantIndex(y); ok {
			if v, ok := eval(a, b); ok {
				return f.constant(v)
			}
		}
	}
	return f.op(name, x, y)
}

func isConst(v *ir.Value, c int64) bool {
	n, ok := memref.ConstantIndex(v)
	return ok && n == c
}

func ceilDiv(a, b int64) (int64, bool) {
	if b == 0 {
		return 0, false
	}
	q := new(big.Int).Quo(big.NewInt(a), big.NewInt(b))
	if r := a % b; r != 0 && (r > 0) == (b > 0) {
		q.Add(q, big.NewInt(1))
	}
	return q.Int64(), q.IsInt64()
}

// coalesce collapses the band into its outermost loop.
func coalesce(ctx *ir.Context, band []*ir.Operation) {
	outer, innermost := band[0], band[len(band)-1]
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(outer)
	f := folder{b, outer.Loc()}

	// 1. Normalize: trip counts and the new bounds.
	type norm struct {
		tripCount, newLb, newStep *ir.Value
		lb, step                  *ir.Value // nil when 0 (lb) or 1 (step)
	}
	ns := make([]norm, len(band))
	for i, l := range band {
		lb, ub, step := bounds(l)
		if isConst(lb, 0) && isConst(step, 1) {
			ns[i] = norm{tripCount: ub, newLb: lb, newStep: step}
			continue
		}
		diff := ub
		if !isConst(lb, 0) {
			diff = f.orFold("arith.subi", ub, lb, func(a, b int64) (int64, bool) { return a - b, true })
			ns[i].lb = lb
		}
		count := diff
		if !isConst(step, 1) {
			count = f.orFold("arith.ceildivsi", diff, step, ceilDiv)
			ns[i].step = step
		}
		ns[i].tripCount, ns[i].newLb, ns[i].newStep = count, f.constant(0), f.constant(1)
	}

	// 2. The product of the trip counts.
	total := ns[0].tripCount
	for _, n := range ns[1:] {
		total = f.op("arith.muli", total, n.tripCount)
	}

	// 3. The body: delinearize, denormalize, then the innermost body.
	outerBody := body(outer)
	oldIVs := make([]*ir.Value, len(band))
	for i, l := range band {
		oldIVs[i] = body(l).Argument(0)
	}
	iv := outerBody.Argument(0)
	b.SetInsertionPointToStart(outerBody)
	f = folder{b, outer.Loc()}
	firstNew := outerBody.First()
	normIVs := make([]*ir.Value, len(band))
	prev := iv
	for i := len(band) - 1; i > 0; i-- {
		normIVs[i] = f.op("arith.remsi", prev, ns[i].tripCount)
		prev = f.op("arith.divsi", prev, ns[i].tripCount)
	}
	normIVs[0] = prev
	newIVs := make([]*ir.Value, len(band))
	for i := len(band) - 1; i >= 0; i-- {
		v := normIVs[i]
		if ns[i].step != nil {
			v = f.op("arith.muli", v, ns[i].step)
		}
		if ns[i].lb != nil {
			v = f.op("arith.addi", v, ns[i].lb)
		}
		newIVs[i] = v
	}
	// The ops just built read the new induction variable itself.
	created := map[*ir.Operation]bool{}
	for op := outerBody.First(); op != firstNew; op = op.Next() {
		created[op] = true
	}
	for i, old := range oldIVs {
		if i == 0 {
			old.ReplaceUsesWithIf(newIVs[0], func(u *ir.OpOperand) bool { return !created[u.Owner()] })
			continue
		}
		old.ReplaceAllUsesWith(newIVs[i])
	}
	insertAt := outerBody.Terminator()
	{
		// Move the innermost body in front of the outer yield; the outer
		// loop's iter args stand for every inner loop's.
		inner := body(innermost)
		for i, a := range iterArgs(innermost) {
			a.ReplaceAllUsesWith(iterArgs(outer)[i])
		}
		innerYield := inner.Terminator()
		for _, op := range inner.Ops() {
			if op == innerYield {
				break
			}
			op.MoveBefore(insertAt)
		}
		insertAt.SetOperands(innerYield.Operands())
		band[1].Erase()
	}
	outer.SetOperand(0, ns[0].newLb)
	outer.SetOperand(1, total)
	outer.SetOperand(2, ns[0].newStep)
}
