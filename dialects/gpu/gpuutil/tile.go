package gpuutil

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// The WMMA fragment shape of the tensor-core operations the pipeline
// targets (m16n16k16), the innermost tiling level by default.
const (
	wmmaM = 16
	wmmaN = 16
	wmmaK = 16
)

// Tile dimensions, in the order of TileSizes' arrays.
const (
	dimM = iota
	dimN
	dimK
)

var dimNames = [3]string{"M", "N", "K"}

// TileSizes are the three tiling levels of the GPU matmul, each as
// (M, N, K) extents: a thread block computes a Block[0]×Block[1] tile of C
// stepping through K by Block[2], each warp a Warp[0]×Warp[1] part of it
// stepping by Warp[2], and each WMMA operation an MMA tile.
type TileSizes struct {
	Block, Warp, MMA [3]int64
}

// DefaultTileSizes returns the paper's sizes: thread block 128×128×64,
// warp 64×32×32, WMMA 16×16×16.
func DefaultTileSizes() TileSizes {
	return TileSizes{
		Block: [3]int64{128, 128, 64},
		Warp:  [3]int64{64, 32, 32},
		MMA:   [3]int64{wmmaM, wmmaN, wmmaK},
	}
}

// Validate checks that every size is positive and that each level divides
// the one above it, so that every intra-tile loop has a constant trip
// count.
func (t TileSizes) Validate() error {
	for d := 0; d < 3; d++ {
		for _, l := range []struct {
			name string
			v    int64
		}{{"thread-block", t.Block[d]}, {"warp", t.Warp[d]}, {"mma", t.MMA[d]}} {
			if l.v <= 0 {
				return fmt.Errorf("%s tile size %d along %s is not positive", l.name, l.v, dimNames[d])
			}
		}
		if t.Block[d]%t.Warp[d] != 0 {
			return fmt.Errorf("warp tile %d does not divide the thread-block tile %d along %s", t.Warp[d], t.Block[d], dimNames[d])
		}
		if t.Warp[d]%t.MMA[d] != 0 {
			return fmt.Errorf("mma tile %d does not divide the warp tile %d along %s", t.MMA[d], t.Warp[d], dimNames[d])
		}
	}
	return nil
}

// MatmulBody is the body of a matmul loop nest,
//
//	%a = affine.load %A[...]; %b = affine.load %B[...]; %c = affine.load %C[...]
//	%p = arith.mulf (extf %a), (extf %b); %s = arith.addf %c, %p
//	affine.store %s, %C[...]
//
// (the extf are optional, the operands of mulf and addf may come in
// either order). LoadA is the load feeding mulf's left operand.
type MatmulBody struct {
	LoadA, LoadB, LoadC, Store *ir.Operation
}

// MatchMatmulBody recognises blk (its terminator aside) as exactly a
// matmul body, or says why not. Access maps are not inspected beyond the
// C load and store touching the same element.
func MatchMatmulBody(blk *ir.Block) (*MatmulBody, error) {
	notMatmul := errors.New("loop body is not a matmul update C += A * B")
	var ops []*ir.Operation
	for _, op := range blk.Ops() {
		if !op.HasTrait(ir.Terminator) {
			ops = append(ops, op)
		}
	}
	if len(ops) == 0 {
		return nil, notMatmul
	}
	store := ops[len(ops)-1]
	if !store.Is(affine.StoreName) {
		return nil, notMatmul
	}
	def := func(v *ir.Value, name string) *ir.Operation {
		if d := v.DefiningOp(); d != nil && d.Is(name) && d.Block() == blk {
			return d
		}
		return nil
	}
	add := def(store.Operand(0), "arith.addf")
	if add == nil {
		return nil, notMatmul
	}
	var loadC, mul *ir.Operation
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		c, m := def(add.Operand(order[0]), affine.LoadName), def(add.Operand(order[1]), "arith.mulf")
		if c != nil && m != nil {
			loadC, mul = c, m
			break
		}
	}
	if loadC == nil {
		return nil, notMatmul
	}
	matched := map[*ir.Operation]bool{store: true, add: true, loadC: true, mul: true}
	var loads [2]*ir.Operation
	for i := range loads {
		v := mul.Operand(i)
		if ext := def(v, "arith.extf"); ext != nil {
			matched[ext] = true
			v = ext.Operand(0)
		}
		if loads[i] = def(v, affine.LoadName); loads[i] == nil {
			return nil, notMatmul
		}
		matched[loads[i]] = true
	}
	if len(matched) != len(ops) {
		return nil, notMatmul
	}
	if loadC.Operand(0) != store.Operand(1) || !sameAccess(loadC, store) {
		return nil, errors.New("the matmul body does not load and store the same element of C")
	}
	return &MatmulBody{LoadA: loads[0], LoadB: loads[1], LoadC: loadC, Store: store}, nil
}

// sameAccess reports whether two affine accesses use the same map and
// map operands.
func sameAccess(x, y *ir.Operation) bool {
	mx, ox, _ := affine.AccessMap(x)
	my, oy, _ := affine.AccessMap(y)
	if mx != my || len(ox) != len(oy) {
		return false
	}
	for i := range ox {
		if ox[i] != oy[i] {
			return false
		}
	}
	return true
}

// accessIVs returns the value each index of an affine access is, when
// every result of its map is a bare dimension.
func accessIVs(op *ir.Operation) ([]*ir.Value, bool) {
	m, operands, ok := affine.AccessMap(op)
	if !ok {
		return nil, false
	}
	out := make([]*ir.Value, len(m.Results))
	for i, r := range m.Results {
		d, isDim := r.(*aff.DimExpr)
		if !isDim {
			return nil, false
		}
		out[i] = operands[d.Pos]
	}
	return out, true
}

// TileSizeError is a matmul whose size the thread-block tile does not
// divide. The nest is well formed; the pass reports it as an error rather
// than a remark because the pipeline cannot go on without boundary tiles.
type TileSizeError struct {
	Op  *ir.Operation // the loop of the offending dimension
	Msg string
}

func (e *TileSizeError) Error() string { return e.Msg }

// TileMatmulForGPU tiles the perfect matmul band (three unit-step loops
// with constant bounds around a MatchMatmulBody body, in any order) for
// thread blocks, warps and WMMA operations, and returns the new nest in
// the paper's order
//
//	i, j (thread-block tiles: lb to ub step Block), ii, jj (warp tiles:
//	0 to Block step Warp), k (lb to ub step Block[K]), kk (0 to Block[K]
//	step Warp[K]), kkk, iii, jjj (0 to Warp step MMA), pi, pj, pk (0 to MMA)
//
// where i, j, k are the loops indexing C[i, j], A[i, k] and B[k, j]. Every
// intra-tile loop is relative to its tile, so the original index becomes
// `i + ii + iii + pi` inside the access maps.
//
// Tiling and this permutation are legal because the band is checked to
// be fully permutable (every dependence component of the three loops is
// non-negative, with the dependence analysis): after tiling, the loops of
// one original dimension keep their relative order, so the first non-zero
// component of any dependence in the new order is the first non-zero
// digit of a non-negative distance.
//
// Sizes the thread-block tile does not divide give a *TileSizeError (full
// tiles only for now: the bounds are built from the sizes alone, so
// boundary tiles can later be added as min bounds or as separate nests).
// On any error the IR is unchanged.
func TileMatmulForGPU(ctx *ir.Context, band []affine.ForOp, ts TileSizes) ([]affine.ForOp, error) {
	mm, err := MatchMatmulNest(band)
	if err != nil {
		return nil, err
	}
	if err := ts.Validate(); err != nil {
		return nil, err
	}
	if err := CheckFullyPermutable(band); err != nil {
		return nil, err
	}
	lbs, ubs := mm.Lower, mm.Upper
	for d := 0; d < 3; d++ {
		if size := ubs[d] - lbs[d]; size%ts.Block[d] != 0 {
			return nil, &TileSizeError{Op: mm.Loop[d].Operation,
				Msg: fmt.Sprintf("matmul size %d is not a multiple of the thread-block tile %d", size, ts.Block[d])}
		}
	}
	iv := func(d int) *ir.Value { return mm.Loop[d].InductionVar() }

	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(band[0].Operation)
	var nest []affine.ForOp
	loop := func(d int, lb, ub, step int64) *ir.Value {
		f := looputil.BuildFor(b, mm.Loop[d].Loc(), aff.ConstantMap(lb), nil, aff.ConstantMap(ub), nil, step, nil)
		b.SetInsertionPointBefore(f.Yield())
		nest = append(nest, f)
		return f.InductionVar()
	}
	// levels[d] are the IVs whose sum is the original index along d.
	var levels [3][]*ir.Value
	add := func(d int, v *ir.Value) { levels[d] = append(levels[d], v) }
	add(dimM, loop(dimM, lbs[dimM], ubs[dimM], ts.Block[dimM]))
	add(dimN, loop(dimN, lbs[dimN], ubs[dimN], ts.Block[dimN]))
	add(dimM, loop(dimM, 0, ts.Block[dimM], ts.Warp[dimM]))
	add(dimN, loop(dimN, 0, ts.Block[dimN], ts.Warp[dimN]))
	add(dimK, loop(dimK, lbs[dimK], ubs[dimK], ts.Block[dimK]))
	add(dimK, loop(dimK, 0, ts.Block[dimK], ts.Warp[dimK]))
	add(dimK, loop(dimK, 0, ts.Warp[dimK], ts.MMA[dimK]))
	add(dimM, loop(dimM, 0, ts.Warp[dimM], ts.MMA[dimM]))
	add(dimN, loop(dimN, 0, ts.Warp[dimN], ts.MMA[dimN]))
	add(dimM, loop(dimM, 0, ts.MMA[dimM], 1))
	add(dimN, loop(dimN, 0, ts.MMA[dimN], 1))
	add(dimK, loop(dimK, 0, ts.MMA[dimK], 1))

	innermost := nest[len(nest)-1]
	src := band[2].Body()
	for _, op := range src.Ops() {
		if op.HasTrait(ir.Terminator) {
			break
		}
		op.MoveBefore(innermost.Yield())
	}
	expand := map[*ir.Value][]*ir.Value{}
	for d := 0; d < 3; d++ {
		expand[iv(d)] = levels[d]
	}
	for d := 0; d < 3; d++ {
		replaceBySum(b, innermost, iv(d), expand)
	}
	band[0].Erase()
	return nest, nil
}

// CheckFullyPermutable reports an error unless every dependence between
// the accesses of the band has a non-negative component at each of its
// loops: the condition under which rectangular tiling and any order of
// the tile loops are legal.
func CheckFullyPermutable(band []affine.ForOp) error {
	inBand := map[*ir.Operation]bool{}
	for _, f := range band {
		inBand[f.Operation] = true
	}
	outer := analysis.LoopDepth(band[0].Operation)
	for _, dep := range analysis.LoopNestDependences(band[0].Operation) {
		if dep.LoopDepth <= outer {
			continue // carried by a loop around the band
		}
		for _, c := range dep.Components {
			if inBand[c.Op.Operation] && c.Lb < 0 {
				return errors.New("the loop band is not fully permutable: tiling would violate a dependence")
			}
		}
	}
	return nil
}

// replaceBySum replaces the uses of an original induction variable by the
// sum of its tile IVs: inside affine access and map ops the sum is
// composed into the map, anywhere else it is an affine.apply at the start
// of the innermost loop's body.
func replaceBySum(b *ir.Builder, innermost affine.ForOp, old *ir.Value, expand map[*ir.Value][]*ir.Value) {
	for _, op := range old.Users() {
		if m, operands, ok := affine.AccessMap(op); ok {
			composeSums(op, m, operands, expand)
		}
	}
	if !old.HasUses() {
		return
	}
	parts := expand[old]
	var sum aff.Expr = aff.Dim(0)
	for i := 1; i < len(parts); i++ {
		sum = aff.Add(sum, aff.Dim(i))
	}
	b.SetInsertionPointToStart(innermost.Body())
	v := b.CreateOp(affine.ApplyName, old.Loc(), parts, []ir.Type{ir.Index},
		ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.NewMap(len(parts), 0, []aff.Expr{sum}))}).Result(0)
	old.ReplaceAllUsesWith(v)
}

// composeSums rewrites op's map so that every dimension operand listed in
// expand becomes the sum of its replacement values. It reports false (and
// changes nothing) when such a value is used as a symbol.
func composeSums(op *ir.Operation, m *aff.Map, operands []*ir.Value, expand map[*ir.Value][]*ir.Value) bool {
	for _, v := range operands[m.NumDims:] {
		if _, ok := expand[v]; ok {
			return false
		}
	}
	var newOps []*ir.Value
	dims := make([]aff.Expr, m.NumDims)
	for p := 0; p < m.NumDims; p++ {
		parts, ok := expand[operands[p]]
		if !ok {
			parts = []*ir.Value{operands[p]}
		}
		var sum aff.Expr
		for _, v := range parts {
			e := aff.Dim(len(newOps))
			newOps = append(newOps, v)
			if sum == nil {
				sum = e
			} else {
				sum = aff.Add(sum, e)
			}
		}
		dims[p] = sum
	}
	syms := make([]aff.Expr, m.NumSymbols)
	for s := range syms {
		syms[s] = aff.Symbol(s)
	}
	nm := m.ReplaceDimsAndSymbols(dims, syms, len(newOps), m.NumSymbols)
	newOps = append(newOps, operands[m.NumDims:]...)
	nm, newOps = affine.CanonicalizeMapAndOperands(aff.SimplifyMap(nm), newOps)
	affine.SetAccessMap(op, nm, newOps)
	return true
}
