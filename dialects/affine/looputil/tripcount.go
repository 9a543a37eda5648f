package looputil

import (
	"math"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// ValueMapDifference returns the map computing a - b result by result
// over the union of both operand lists, fully composed, canonicalized and
// simplified (MLIR's AffineValueMap::difference). a and b must have the
// same number of results.
func ValueMapDifference(a *aff.Map, aOps []*ir.Value, b *aff.Map, bOps []*ir.Value) (*aff.Map, []*ir.Value) {
	var all []*ir.Value
	all = append(all, aOps[:a.NumDims]...)
	all = append(all, bOps[:b.NumDims]...)
	all = append(all, aOps[a.NumDims:]...)
	all = append(all, bOps[b.NumDims:]...)
	bm := b.ShiftDims(a.NumDims, 0).ShiftSymbols(a.NumSymbols, 0)
	diff := make([]aff.Expr, len(b.Results))
	for i := range bm.Results {
		diff[i] = aff.Sub(a.Results[i], bm.Results[i])
	}
	m := aff.NewMap(bm.NumDims, bm.NumSymbols, diff)
	m, all = affine.FullyComposeMapAndOperands(m, all)
	m, all = affine.CanonicalizeMapAndOperands(m, all)
	return aff.SimplifyMap(m), all
}

// TripCountMapAndOperands returns a map whose results are the possible trip
// counts of f (the real one is their minimum), and its operands, as MLIR's
// getTripCountMapAndOperands. It returns a nil map when the trip count
// cannot be expressed (a max lower bound).
func TripCountMapAndOperands(f affine.ForOp) (*aff.Map, []*ir.Value) {
	step := f.Step()
	if lb, ok := f.ConstantLowerBound(); ok {
		if ub, ok := f.ConstantUpperBound(); ok {
			return aff.ConstantMap(ceilDivSigned(max(ub-lb, 0), step)), nil
		}
	}
	lbMap, lbOps := f.LowerBound()
	ubMap, ubOps := f.UpperBound()
	if lbMap == nil || ubMap == nil || len(lbMap.Results) != 1 {
		return nil, nil
	}
	splat := make([]aff.Expr, len(ubMap.Results))
	for i := range splat {
		splat[i] = lbMap.Results[0]
	}
	lbSplat := aff.NewMap(lbMap.NumDims, lbMap.NumSymbols, splat)
	m, ops := ValueMapDifference(ubMap, ubOps, lbSplat, lbOps)
	res := make([]aff.Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = aff.CeilDiv(r, aff.Const(step))
	}
	return aff.NewMap(m.NumDims, m.NumSymbols, res), ops
}

func ceilDivSigned(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

// ConstantTripCount returns f's trip count when it is a known constant
// (the minimum over the trip count map's results, all constant), as MLIR's
// getConstantTripCount. Negative spans count as zero iterations.
func ConstantTripCount(f affine.ForOp) (int64, bool) {
	m, _ := TripCountMapAndOperands(f)
	if m == nil || len(m.Results) == 0 {
		return 0, false
	}
	tc := int64(math.MaxInt64)
	for _, r := range m.Results {
		c, ok := aff.ConstantValue(r)
		if !ok {
			return 0, false
		}
		tc = min(tc, max(c, 0))
	}
	return tc, true
}

// LargestDivisorOfTripCount returns the largest known divisor of f's trip
// count (MLIR's getLargestDivisorOfTripCount): the trip count itself when
// constant, math.MaxInt64 for zero-trip loops, 1 when unknown.
func LargestDivisorOfTripCount(f affine.ForOp) int64 {
	m, _ := TripCountMapAndOperands(f)
	if m == nil {
		return 1
	}
	var g int64
	for _, r := range m.Results {
		var this int64
		if c, ok := aff.ConstantValue(r); ok {
			if c <= 0 {
				this = math.MaxInt64
			} else {
				this = c
			}
		} else {
			this = aff.LargestKnownDivisor(r)
		}
		if g == 0 {
			g = this
		} else {
			g = gcd(g, this)
		}
	}
	if g <= 0 {
		return 1
	}
	return g
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}
