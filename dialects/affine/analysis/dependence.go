package analysis

import (
	"math"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
)

// Unbounded marks a missing bound of a DependenceComponent.
const (
	NoLowerBound int64 = math.MinInt64
	NoUpperBound int64 = math.MaxInt64
)

// DependenceComponent is the range of dst_iv - src_iv for one common loop
// (MLIR's DependenceComponent); missing bounds are NoLowerBound /
// NoUpperBound.
type DependenceComponent struct {
	Op     affine.ForOp
	Lb, Ub int64
}

// DependenceResult is the answer of CheckDependence.
type DependenceResult struct {
	HasDependence bool
	// Components has one entry per loop common to both accesses
	// (outermost first), when requested and a dependence exists.
	Components []DependenceComponent
}

// CheckDependence is MLIR's checkMemrefAccessDependence: is there an
// instance of src and a later instance of dst touching the same element,
// at least one of them a write, with the dependence carried at loopDepth?
// loopDepth is 1-based: for d <= the number of common loops, the first d-1
// common IVs are equal and the d-th is strictly larger at dst;
// d = common+1 asks for a loop-independent dependence (all common IVs
// equal, src before dst in program order). The emptiness test is exact;
// when it cannot conclude, a dependence is reported.
func CheckDependence(src, dst *MemRefAccess, loopDepth int, withComponents bool) DependenceResult {
	if src.MemRef != dst.MemRef || (!src.IsStore && !dst.IsStore) {
		return DependenceResult{}
	}
	nCommon := NumCommonLoops(src.Op, dst.Op)
	if loopDepth > nCommon+1 {
		loopDepth = nCommon + 1
	}
	if loopDepth > nCommon && !appearsBefore(src.Op, dst.Op) {
		return DependenceResult{}
	}
	b := newBuilder()
	ss, ds := newSide(), newSide()
	srcLoops := b.addDomain(src.Op, ss)
	dstLoops := b.addDomain(dst.Op, ds)
	if !b.equateAccesses(src, dst, ss, ds) {
		return DependenceResult{HasDependence: true}
	}
	ivCols := func(i int) (int, int) {
		return ss.vals[srcLoops[i].InductionVar()], ds.vals[dstLoops[i].InductionVar()]
	}
	for i := 0; i < min(nCommon, loopDepth); i++ {
		sc, dc := ivCols(i)
		row := b.c.NewRow()
		row[dc], row[sc] = 1, -1
		if i == loopDepth-1 {
			row[len(row)-1] = -1
			b.c.AddIneq(row)
		} else {
			b.c.AddEq(row)
		}
	}
	if b.c.IsEmpty() {
		return DependenceResult{}
	}
	res := DependenceResult{HasDependence: true}
	if withComponents {
		for i := 0; i < nCommon; i++ {
			sc, dc := ivCols(i)
			t := b.c.Clone()
			delta := t.AppendVar(LocalVar, nil)
			row := t.NewRow()
			row[delta], row[dc], row[sc] = -1, 1, -1
			t.AddEq(row)
			lb, ub := t.ConstantBounds(delta)
			res.Components = append(res.Components, DependenceComponent{Op: srcLoops[i], Lb: lb, Ub: ub})
		}
	}
	return res
}

// appearsBefore reports whether a's ancestor precedes b's ancestor in the
// innermost block containing both (srcAppearsBeforeDstInAncestralBlock).
func appearsBefore(a, b *ir.Operation) bool {
	anc := map[*ir.Block]*ir.Operation{}
	for op := a; op != nil; op = op.ParentOp() {
		if op.Block() != nil {
			anc[op.Block()] = op
		}
	}
	for op := b; op != nil; op = op.ParentOp() {
		if blk := op.Block(); blk != nil {
			if x, ok := anc[blk]; ok {
				return x != op && x.IsBeforeInBlock(op)
			}
		}
	}
	return false
}

// Dependence is one dependence found by LoopNestDependences.
type Dependence struct {
	Src, Dst   *MemRefAccess
	LoopDepth  int
	Components []DependenceComponent
}

// LoopNestDependences returns every dependence between the affine
// accesses nested in root, at every depth from 1 to the number of
// common loops + 1 (relative to the affine scope), with direction
// components.
func LoopNestDependences(root *ir.Operation) []Dependence {
	var accs []*MemRefAccess
	ir.WalkOps(root, func(op *ir.Operation) {
		if a, ok := NewMemRefAccess(op); ok {
			accs = append(accs, a)
		}
	})
	var out []Dependence
	for _, s := range accs {
		for _, d := range accs {
			n := NumCommonLoops(s.Op, d.Op)
			for depth := 1; depth <= n+1; depth++ {
				r := CheckDependence(s, d, depth, true)
				if r.HasDependence {
					out = append(out, Dependence{Src: s, Dst: d, LoopDepth: depth, Components: r.Components})
				}
			}
		}
	}
	return out
}

// ReorderViolatesDependence reports whether interleaving two loop nests
// iteration by iteration (fusion) could break a dependence between src and
// dst, where src's nest originally runs entirely before dst's. srcBand and
// dstBand are the loops to be fused, outermost first, matched by position;
// after fusion src's instance at iteration x runs before dst's instance at
// y exactly when x <= y lexicographically. The result is true when some
// pair of instances touching the same element (one a write) has x > y.
// The test is exact (Omega test) up to its budget, beyond which it
// answers true.
func ReorderViolatesDependence(src, dst *MemRefAccess, srcBand, dstBand []affine.ForOp) bool {
	if src.MemRef != dst.MemRef || (!src.IsStore && !dst.IsStore) {
		return false
	}
	n := min(len(srcBand), len(dstBand))
	b := newBuilder()
	ss, ds := newSide(), newSide()
	b.addDomain(src.Op, ss)
	b.addDomain(dst.Op, ds)
	if !b.equateAccesses(src, dst, ss, ds) {
		return true
	}
	for l := 0; l < n; l++ {
		t := b.c.Clone()
		for k := 0; k <= l; k++ {
			sc, ok1 := ss.vals[srcBand[k].InductionVar()]
			dc, ok2 := ds.vals[dstBand[k].InductionVar()]
			if !ok1 || !ok2 {
				return true
			}
			row := t.NewRow()
			row[sc], row[dc] = 1, -1
			if k == l {
				row[len(row)-1] = -1 // x_l - y_l - 1 >= 0
				t.AddIneq(row)
			} else {
				t.AddEq(row)
			}
		}
		if !t.IsEmpty() {
			return true
		}
	}
	return false
}
