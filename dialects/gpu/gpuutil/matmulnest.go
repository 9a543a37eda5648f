package gpuutil

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
)

// MatmulNest is a recognised matmul band: three perfectly nested unit-step
// loops with constant bounds around a MatchMatmulBody body, the loops
// identified by the accesses C[i, j], A[i, k] and B[k, j]. It is what the
// GPU matmul pipelines (gpu-matmul-wmma's tiling, gpu-matmul-hopper) share.
type MatmulNest struct {
	Band []affine.ForOp // the loops as nested, outermost first
	Body *MatmulBody
	// Loop, Lower and Upper are indexed by dimension (M, N, K): the loop
	// of i, j and k and its constant bounds.
	Loop         [3]affine.ForOp
	Lower, Upper [3]int64
	// A is the memref indexed [i, k], B the one indexed [k, j] (whichever
	// side of the multiplication they are on), C the accumulator.
	A, B, C *ir.Value
}

// Size is the extent of the matmul along dimension d (0: M, 1: N, 2: K).
func (m *MatmulNest) Size(d int) int64 { return m.Upper[d] - m.Lower[d] }

// MatchMatmulNest recognises band as a matmul nest in any loop order, or
// says why it is not one. It changes nothing.
func MatchMatmulNest(band []affine.ForOp) (*MatmulNest, error) {
	if len(band) != 3 {
		return nil, fmt.Errorf("expected a perfect nest of 3 loops, found %d", len(band))
	}
	if !looputil.IsPerfectlyNested(band) {
		return nil, errors.New("loops are not perfectly nested")
	}
	var lbs, ubs [3]int64
	for i, f := range band {
		if f.NumResults() > 0 {
			return nil, errors.New("loops with iter_args cannot be tiled")
		}
		lb, okl := f.ConstantLowerBound()
		ub, oku := f.ConstantUpperBound()
		if !okl || !oku || f.Step() != 1 {
			return nil, errors.New("loop bounds are not constant with unit step")
		}
		if ub <= lb {
			return nil, errors.New("loop has no iteration")
		}
		lbs[i], ubs[i] = lb, ub
	}
	body, err := MatchMatmulBody(band[2].Body())
	if err != nil {
		return nil, err
	}
	// role[d] is the position in band of the loop of dimension d.
	pos := map[*ir.Value]int{}
	for i, f := range band {
		pos[f.InductionVar()] = i
	}
	notIndexed := errors.New("C is not indexed by two loop induction variables")
	cIdx, ok := accessIVs(body.Store)
	if !ok || len(cIdx) != 2 {
		return nil, notIndexed
	}
	var role [3]int
	var found bool
	if role[dimM], found = pos[cIdx[0]]; !found {
		return nil, notIndexed
	}
	if role[dimN], found = pos[cIdx[1]]; !found || role[dimN] == role[dimM] {
		return nil, notIndexed
	}
	role[dimK] = 3 - role[dimM] - role[dimN]
	iv := func(d int) *ir.Value { return band[role[d]].InductionVar() }
	indexedAs := func(op *ir.Operation, d0, d1 int) bool {
		idx, ok := accessIVs(op)
		return ok && len(idx) == 2 && idx[0] == iv(d0) && idx[1] == iv(d1)
	}
	loadA, loadB := body.LoadA, body.LoadB
	if !indexedAs(loadA, dimM, dimK) || !indexedAs(loadB, dimK, dimN) {
		if !indexedAs(loadB, dimM, dimK) || !indexedAs(loadA, dimK, dimN) {
			return nil, errors.New("operands are not indexed as A[i, k] and B[k, j]")
		}
		loadA, loadB = loadB, loadA
	}
	mm := &MatmulNest{Band: band, Body: body, A: loadA.Operand(0), B: loadB.Operand(0), C: body.Store.Operand(1)}
	for d := 0; d < 3; d++ {
		mm.Loop[d] = band[role[d]]
		mm.Lower[d], mm.Upper[d] = lbs[role[d]], ubs[role[d]]
	}
	return mm, nil
}
