package looputil

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// CheckTileable reports why band cannot be tiled, or nil: loops with
// results, a band that is not perfectly nested, or a band whose bounds use
// the induction variables of its own loops (not hyper-rectangular), as
// MLIR's performPreTilingChecks.
func CheckTileable(band []affine.ForOp) error {
	for _, f := range band {
		if f.NumResults() > 0 {
			return errors.New("cannot tile nest where a loop has yield values")
		}
	}
	if !IsPerfectlyNested(band) {
		return errors.New("input loops not perfectly nested")
	}
	for i, f := range band {
		for _, v := range f.Operands() {
			for _, outer := range band[:i] {
				if v == outer.InductionVar() {
					return errors.New("tiled code generation unimplemented for the non-hyperrectangular case")
				}
			}
		}
	}
	return nil
}

// TilePerfectlyNested tiles the perfectly nested band by sizes (one per
// loop, each positive) as MLIR's tilePerfectlyNested, and returns the new
// nest: len(band) tile-space loops (original bounds, step multiplied by the
// tile size) followed by len(band) intra-tile loops running from the tile
// origin `(d0) -> (d0)` to `(d0) -> (d0 + size*step)`, bounded by the
// original upper bound with a min when the tile size does not divide the
// trip count, or to the trip count when it is smaller than the tile.
// Original induction variables are replaced by the intra-tile ones. On
// error the IR is unchanged.
func TilePerfectlyNested(ctx *ir.Context, band []affine.ForOp, sizes []int64) ([]affine.ForOp, error) {
	if len(band) == 0 {
		return nil, nil
	}
	if len(sizes) != len(band) {
		return nil, fmt.Errorf("expected %d tile sizes, got %d", len(band), len(sizes))
	}
	for _, s := range sizes {
		if s <= 0 {
			return nil, fmt.Errorf("tile size %d is not positive", s)
		}
	}
	if err := CheckTileable(band); err != nil {
		return nil, err
	}
	width := len(band)
	root := band[0]
	loc := root.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(root.Operation)
	tiled := make([]affine.ForOp, 2*width)
	// Tile-space loops carry the original bounds.
	for i, orig := range band {
		lbm, lbo := orig.LowerBound()
		ubm, ubo := orig.UpperBound()
		tiled[i] = BuildFor(b, loc, lbm, lbo, ubm, ubo, sizes[i]*orig.Step(), nil)
		b.SetInsertionPointBefore(tiled[i].Yield())
	}
	// Intra-tile loops.
	for i, orig := range band {
		tileIV := tiled[i].InductionVar()
		step := orig.Step()
		var ubm = shiftMap(sizes[i] * step)
		ubo := []*ir.Value{tileIV}
		if tc, ok := ConstantTripCount(orig); ok && tc < sizes[i] {
			ubm = shiftMap(tc * step)
		} else if LargestDivisorOfTripCount(orig)%sizes[i] != 0 {
			om, oo := orig.UpperBound()
			ubo = nil
			ubo = append(ubo, oo[:om.NumDims]...)
			ubo = append(ubo, tileIV)
			ubo = append(ubo, oo[om.NumDims:]...)
			res := []aff.Expr{aff.AddConst(aff.Dim(om.NumDims), sizes[i]*step)}
			res = append(res, om.Results...)
			ubm = aff.NewMap(om.NumDims+1, om.NumSymbols, res)
		}
		tiled[width+i] = BuildFor(b, loc, dimIdentityMap(), []*ir.Value{tileIV}, ubm, ubo, step, nil)
		b.SetInsertionPointBefore(tiled[width+i].Yield())
	}
	innermost := tiled[2*width-1]
	moveBodyBefore(band[width-1].Body(), innermost.Yield())
	for i, orig := range band {
		orig.InductionVar().ReplaceAllUsesWith(tiled[width+i].InductionVar())
	}
	root.Erase()
	return tiled, nil
}

// TileMultiLevel tiles band once per entry of levels (goopt's multi-level
// tiling): level 0 tiles band, and each next level tiles the intra-tile
// loops of the previous one. Intra-tile loops keep absolute indices: a
// level-l intra-tile loop runs from its tile-space IV to IV + size (with a
// min against the enclosing bounds where sizes do not divide). It returns
// the final nest: the tile-space loops of every level, outermost level
// first, then the innermost intra-tile loops.
func TileMultiLevel(ctx *ir.Context, band []affine.ForOp, levels [][]int64) ([]affine.ForOp, error) {
	var out []affine.ForOp
	cur := band
	for l, sizes := range levels {
		tiled, err := TilePerfectlyNested(ctx, cur, sizes)
		if err != nil {
			if l == 0 {
				return nil, err
			}
			return nil, fmt.Errorf("tiling level %d: %v", l, err)
		}
		out = append(out, tiled[:len(cur)]...)
		cur = tiled[len(cur):]
	}
	return append(out, cur...), nil
}

// SeparateFullTiles versions the perfect nest of unit-step loops (each with
// a single-result lower bound, typically the intra-tile loops produced by
// TilePerfectlyNested) into full and partial tiles, as MLIR's
// separateFullTiles: an affine.if checks that every upper bound result is
// at least the one at a constant distance from the lower bound; its then
// block holds a copy of the nest with those constant-extent bounds (the
// full tile), its else block the original nest. It returns the full-tile
// loops.
func SeparateFullTiles(ctx *ir.Context, nest []affine.ForOp) ([]affine.ForOp, error) {
	if len(nest) == 0 {
		return nil, nil
	}
	if !IsPerfectlyNested(nest) {
		return nil, errors.New("input not contiguously nested")
	}
	type fullBound struct {
		lbMap, ubMap *aff.Map
		lbOps, ubOps []*ir.Value
		pick         int
	}
	bounds := make([]fullBound, len(nest))
	for i, f := range nest {
		if f.Step() != 1 {
			return nil, errors.New("non-unit stride not implemented")
		}
		if f.NumResults() > 0 {
			return nil, errors.New("loops with iter_args not supported")
		}
		lbm, lbo := f.LowerBound()
		ubm, ubo := f.UpperBound()
		if len(lbm.Results) != 1 {
			return nil, errors.New("can't get constant diff / equalities not yet handled")
		}
		pick := -1
		for j := range ubm.Results {
			d, _ := ValueMapDifference(ubm.SubMap([]int{j}), ubo, lbm, lbo)
			if _, ok := aff.ConstantValue(d.Results[0]); ok {
				pick = j
				break
			}
		}
		if pick < 0 {
			return nil, errors.New("can't get constant diff / equalities not yet handled")
		}
		bounds[i] = fullBound{lbm, ubm.SubMap([]int{pick}), lbo, ubo, pick}
	}

	// The condition: for each loop, every upper bound result is at least
	// the chosen one. Operands are gathered as dims (and symbols of the
	// bound maps as symbols), then canonicalized.
	var dimOps, symOps []*ir.Value
	index := func(list *[]*ir.Value, v *ir.Value) int {
		for i, x := range *list {
			if x == v {
				return i
			}
		}
		*list = append(*list, v)
		return len(*list) - 1
	}
	type pending struct {
		m   *aff.Map
		ops []*ir.Value
	}
	var cons []pending
	for i, f := range nest {
		ubm, ubo := f.UpperBound()
		for j, r := range ubm.Results {
			if j == bounds[i].pick {
				continue
			}
			e := aff.Sub(r, ubm.Results[bounds[i].pick])
			cons = append(cons, pending{aff.NewMap(ubm.NumDims, ubm.NumSymbols, []aff.Expr{e}), ubo})
		}
	}
	for _, c := range cons {
		for k, v := range c.ops {
			if k < c.m.NumDims {
				index(&dimOps, v)
			} else {
				index(&symOps, v)
			}
		}
	}
	var exprs []aff.Expr
	for _, c := range cons {
		dims := make([]aff.Expr, c.m.NumDims)
		syms := make([]aff.Expr, c.m.NumSymbols)
		for k, v := range c.ops {
			if k < c.m.NumDims {
				dims[k] = aff.Dim(index(&dimOps, v))
			} else {
				syms[k-c.m.NumDims] = aff.Symbol(index(&symOps, v))
			}
		}
		exprs = append(exprs, aff.SimplifyExpr(aff.Replace(c.m.Results[0], dims, syms), len(dimOps), len(symOps)))
	}
	if len(exprs) == 0 {
		return nil, errors.New("nest has no partial tiles")
	}
	set := aff.NewSet(len(dimOps), len(symOps), exprs, make([]bool, len(exprs)))
	setOps := append(append([]*ir.Value(nil), dimOps...), symOps...)
	set, setOps = affine.CanonicalizeSetAndOperands(set, setOps)

	b := ir.NewBuilder(ctx)
	first := nest[0]
	b.SetInsertionPointBefore(first.Operation)
	st := &ir.OperationState{Name: affine.IfName, Loc: first.Loc(), Operands: setOps}
	st.AddAttr("condition", ir.IntegerSetOf(set))
	thenR, elseR := st.AddRegion(), st.AddRegion()
	thenB, elseB := ir.NewBlock(), ir.NewBlock()
	thenR.AppendBlock(thenB)
	elseR.AppendBlock(elseB)
	thenB.Append(ctx.NewOperation(&ir.OperationState{Name: affine.YieldName, Loc: first.Loc()}))
	elseB.Append(ctx.NewOperation(&ir.OperationState{Name: affine.YieldName, Loc: first.Loc()}))
	b.Create(st)

	// Full tiles in the then block.
	b.SetInsertionPointBefore(thenB.Last())
	full := make([]affine.ForOp, len(nest))
	m := ir.NewMapping()
	for i, f := range nest {
		lbm, lbo := affine.CanonicalizeMapAndOperands(bounds[i].lbMap, remap(m, bounds[i].lbOps))
		ubm, ubo := affine.CanonicalizeMapAndOperands(bounds[i].ubMap, remap(m, bounds[i].ubOps))
		full[i] = BuildFor(b, f.Loc(), lbm, lbo, ubm, ubo, 1, nil)
		m.Map(f.InductionVar(), full[i].InductionVar())
		b.SetInsertionPointBefore(full[i].Yield())
	}
	for _, op := range nest[len(nest)-1].Body().Ops() {
		if op.HasTrait(ir.Terminator) {
			continue
		}
		b.Clone(op, m)
	}
	// The partial tile is the original nest, in the else block.
	first.MoveBefore(elseB.Last())
	return full, nil
}

func remap(m *ir.Mapping, vs []*ir.Value) []*ir.Value {
	out := make([]*ir.Value, len(vs))
	for i, v := range vs {
		out[i] = m.Lookup(v)
	}
	return out
}
