package gpuutil

import (
	"fmt"
	"slices"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// The WMMA stage: point nest → fragment ops → unrolled warp tile → C
// fragments in iter_args.
//
// The input is the innermost 16×16×16 nest of affine-gpu-tile (three
// perfectly nested loops pi, pj, pk in any order, each of 16 iterations,
// step 1) whose body is exactly
//
//	%a = affine.load A[.. + pi, .. + pk] : f16      %b = affine.load B[.. + pk, .. + pj] : f16
//	%c = affine.load C[.. + pi, .. + pj] : f32      %s = addf %c, mulf(extf %a, extf %b)
//	affine.store %s, C[.. + pi, .. + pj]
//
// It is replaced by one load per operand at the tile origin (the access
// with the point IVs at their lower bounds), a subgroup_mma_compute and a
// subgroup_mma_store_matrix. The replacement computes the same sums in
// another association (the scalar nest rounds after every product, the
// fragment op once per 16), which is the freedom every WMMA code
// generator takes.
//
// The loops directly around the point nest that enumerate the fragments of
// one warp tile step (affine-gpu-tile's kkk, iii, jjj) are then unrolled:
// going outwards, every loop whose induction variable indexes C and the
// first one that does not (the innermost reduction loop); the next
// reduction loop (kk) stays a loop. Fragment loads that are equal (same
// memref, same composed indices) with nothing in between that may write
// the memref are merged, and with hoist-c the C fragments are loaded before
// the reduction loops around them, carried as iter_args and stored after
// them, for as long as their indices are invariant in the loop (so they
// stop at the warp loop jj).
//
// Aliasing: memrefs of different element types or memory spaces, and
// distinct memref.get_global symbols, are taken not to alias (the f16
// operands, the f32 accumulator and the workgroup copies of the matmul);
// any other pair may.

// The WMMA fragment shape (m16n16k16, tile.go's wmmaM/N/K) is the only
// one this stage emits.

// maxFragmentCopies bounds the number of fragment groups one unrolled warp
// tile step may hold (the paper's default tiles need 16), so that an
// unusual tiling cannot blow the function up.
const maxFragmentCopies = 256

const (
	mmaLoadName    = "gpu.subgroup_mma_load_matrix"
	mmaStoreName   = "gpu.subgroup_mma_store_matrix"
	mmaComputeName = "gpu.subgroup_mma_compute"
)

// WMMAOptions configure ConvertToWMMA.
type WMMAOptions struct {
	// HoistC keeps the C fragments in registers across the reduction
	// loops (iter_args) instead of loading and storing them around every
	// compute.
	HoistC bool
}

// WMMAError is why a point nest was not converted, or why an optional step
// after the conversion was not done, located at Op.
type WMMAError struct {
	Op  *ir.Operation
	Msg string
}

func (e *WMMAError) Error() string { return e.Msg }

func wmmaErrorf(op *ir.Operation, format string, args ...any) *WMMAError {
	return &WMMAError{Op: op, Msg: fmt.Sprintf(format, args...)}
}

// WMMAPointNests returns, in pre-order, the outermost loops of the
// candidate point nests nested in op: three perfectly nested affine.for
// loops of 16 iterations each, step 1, constant bounds, with no loop inside
// the innermost. ConvertToWMMA decides whether a candidate is a matmul.
func WMMAPointNests(op *ir.Operation) []affine.ForOp {
	var out []affine.ForOp
	affine.WalkFors(op, func(f affine.ForOp) ir.WalkResult {
		if _, ok := pointBand(f); ok {
			out = append(out, f)
			return ir.Skip
		}
		return ir.Advance
	})
	return out
}

// pointBand returns f and the two loops perfectly nested in it when all
// three are point loops and the innermost holds no loop.
func pointBand(f affine.ForOp) ([3]affine.ForOp, bool) {
	var band [3]affine.ForOp
	cur := f
	for d := 0; d < 3; d++ {
		if !isPointLoop(cur) {
			return band, false
		}
		band[d] = cur
		body := cur.Body()
		if d < 2 {
			next, ok := affine.AsFor(body.First())
			if !ok || body.Len() != 2 {
				return band, false
			}
			cur = next
		}
	}
	for _, op := range band[2].Body().Ops() {
		if hasLoop(op) {
			return band, false
		}
	}
	return band, true
}

func isPointLoop(f affine.ForOp) bool {
	lb, lok := f.ConstantLowerBound()
	ub, uok := f.ConstantUpperBound()
	return lok && uok && f.Step() == 1 && ub-lb == wmmaM && len(f.Inits()) == 0
}

func hasLoop(op *ir.Operation) bool {
	return ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Is(affine.ForName) || o.Is(affine.ParallelName) {
			return ir.Interrupt
		}
		return ir.Advance
	}) == ir.Interrupt
}

// pointNest is a matched matmul point nest.
type pointNest struct {
	band                       [3]affine.ForOp
	loadA, loadB, loadC, store *ir.Operation
	compute                    *ir.Operation // the addf
	accType                    ir.Type       // f32, or f16 for the f16-accumulator variant
	// a, b, c are the accesses with the point IVs at their lower bounds.
	a, b, c fragAccess
	// ldA, ldB, ldC are the leading dimensions (row strides).
	ldA, ldB, ldC int64
}

// fragAccess is a memref access whose indices are the results of m applied to
// operands.
type fragAccess struct {
	memref   *ir.Value
	m        *aff.Map
	operands []*ir.Value
}

// matchPointNest matches band against the matmul body.
func matchPointNest(band [3]affine.ForOp) (*pointNest, *WMMAError) {
	root := band[0].Operation
	body := band[2].Body()
	var store *ir.Operation
	n := 0
	for _, op := range body.Ops() {
		if op == body.Last() {
			break
		}
		n++
		if op.Is(affine.StoreName) {
			if store != nil {
				return nil, wmmaErrorf(root, "not a WMMA point nest: the body stores more than once")
			}
			store = op
		}
	}
	if store == nil {
		return nil, wmmaErrorf(root, "not a WMMA point nest: the body stores nothing")
	}
	p := &pointNest{band: band, store: store}
	fail := func(why string) (*pointNest, *WMMAError) {
		return nil, wmmaErrorf(root, "not a WMMA point nest: %s", why)
	}
	add := definedIn(store.Operand(0), body, "arith.addf")
	if add == nil {
		return fail("the stored value is not an 'arith.addf' of the body")
	}
	p.compute = add
	var mul *ir.Operation
	for i := 0; i < 2; i++ {
		x, y := add.Operand(i), add.Operand(1-i)
		if l := definedIn(x, body, affine.LoadName); l != nil && l.Operand(0) == store.Operand(1) {
			p.loadC, mul = l, definedIn(y, body, "arith.mulf")
			break
		}
	}
	if p.loadC == nil || mul == nil {
		return fail("the stored value is not the loaded C element plus a product")
	}
	// Two variants: f16 factors extended to an f32 accumulator, or f16
	// factors multiplied and accumulated in f16 (WMMA's f16 accumulator).
	p.accType = p.loadC.Result(0).Type()
	if p.accType != ir.F32 && p.accType != ir.F16 {
		return fail("the accumulator is not f32 or f16")
	}
	var ins [2]*ir.Operation
	for i := 0; i < 2; i++ {
		factor := mul.Operand(i)
		if p.accType == ir.F32 {
			ext := definedIn(factor, body, "arith.extf")
			if ext == nil {
				return fail("a factor of the product is not an 'arith.extf'")
			}
			if !ext.Result(0).HasOneUse() {
				return fail("an intermediate value has other uses")
			}
			factor = ext.Operand(0)
		}
		if ins[i] = definedIn(factor, body, affine.LoadName); ins[i] == nil {
			return fail("a factor of the product is not a loaded element")
		}
		if ins[i].Result(0).Type() != ir.F16 {
			return fail("the factors are not f16 elements (extended to f32 for an f32 accumulator)")
		}
		if !ins[i].Result(0).HasOneUse() {
			return fail("an intermediate value has other uses")
		}
	}
	ops := 8 // loads of A, B and C, two extf, mulf, addf, store
	if p.accType == ir.F16 {
		ops = 6
	}
	if n != ops || !add.Result(0).HasOneUse() || !mul.Result(0).HasOneUse() || !p.loadC.Result(0).HasOneUse() {
		return fail("the body holds more than the multiply-accumulate")
	}
	// Which index of each access each point IV drives.
	ivs := [3]*ir.Value{band[0].InductionVar(), band[1].InductionVar(), band[2].InductionVar()}
	var lbs [3]int64
	for d := range band {
		lbs[d], _ = band[d].ConstantLowerBound()
	}
	roles := func(op *ir.Operation) (fragAccess, [2]int, *WMMAError) {
		acc, drive, err := pointAccess(op, ivs, lbs)
		if err != nil {
			return acc, drive, wmmaErrorf(root, "not a WMMA point nest: %v", err)
		}
		return acc, drive, nil
	}
	var cDrive, xDrive, yDrive [2]int
	var err *WMMAError
	if p.c, cDrive, err = roles(p.loadC); err != nil {
		return nil, err
	}
	sc, sDrive, err := roles(store)
	if err != nil {
		return nil, err
	}
	if sDrive != cDrive || !sameFragAccess(sc, p.c) {
		return fail("the C element stored is not the one loaded")
	}
	x, xDrive, err := roles(ins[0])
	if err != nil {
		return nil, err
	}
	y, yDrive, err := roles(ins[1])
	if err != nil {
		return nil, err
	}
	mIV, nIV := cDrive[0], cDrive[1]
	kIV := 3 - mIV - nIV
	if mIV == nIV {
		return fail("the C access does not use a distinct point loop per dimension")
	}
	switch {
	case xDrive == [2]int{mIV, kIV} && yDrive == [2]int{kIV, nIV}:
		p.loadA, p.loadB, p.a, p.b = ins[0], ins[1], x, y
	case yDrive == [2]int{mIV, kIV} && xDrive == [2]int{kIV, nIV}:
		p.loadA, p.loadB, p.a, p.b = ins[1], ins[0], y, x
	default:
		return fail("the operands are not accessed as A[m, k] and B[k, n] (transposed operands are not supported)")
	}
	for _, t := range []struct {
		op *ir.Operation
		ld *int64
	}{{p.loadA, &p.ldA}, {p.loadB, &p.ldB}, {p.loadC, &p.ldC}} {
		ld, why := leadDimension(t.op.Operand(0).Type())
		if why != "" {
			return fail(why)
		}
		*t.ld = ld
	}
	return p, nil
}

// definedIn returns v's defining op when it is named name and lies in b.
func definedIn(v *ir.Value, b *ir.Block, name string) *ir.Operation {
	d := v.DefiningOp()
	if d == nil || d.Block() != b || !d.Is(name) {
		return nil
	}
	return d
}

// leadDimension returns the row stride of a 2-d memref whose rows are
// contiguous, or why there is none.
func leadDimension(t ir.Type) (int64, string) {
	mt, ok := t.(*ir.MemRefType)
	if !ok || mt.Rank() != 2 {
		return 0, "an operand is not a 2-d memref"
	}
	strides, _, ok := memref.StridesAndOffset(mt)
	if !ok || strides[1] != 1 || strides[0] == ir.Dynamic || strides[0] <= 0 {
		return 0, fmt.Sprintf("'%s' does not have contiguous rows of a static stride", mt)
	}
	return strides[0], ""
}

// pointAccess returns the access of a 2-d affine load or store with every
// point IV at its lower bound, and which point IV drives each index: an
// index must be its origin plus exactly one point IV, with coefficient one.
func pointAccess(op *ir.Operation, ivs [3]*ir.Value, lbs [3]int64) (fragAccess, [2]int, error) {
	var drive [2]int
	m, operands, ok := affine.AccessMap(op)
	if !ok || len(m.Results) != 2 {
		return fragAccess{}, drive, fmt.Errorf("'%s' is not a 2-d access", op.Name())
	}
	memrefV := op.Operand(affine.MapOperandsStart(op) - 1)
	m, operands = affine.CanonicalizeMapAndOperands(m, operands)
	// The expression of each point IV among the map's inputs, if used.
	var ivExpr [3]aff.Expr
	lbSub := make([]aff.Expr, len(operands))
	for i, v := range operands {
		e := inputExpr(m, i)
		lbSub[i] = e
		for d, iv := range ivs {
			if v == iv {
				ivExpr[d] = e
				lbSub[i] = aff.Const(lbs[d])
			}
		}
	}
	origin := make([]aff.Expr, 2)
	for r, e := range m.Results {
		drive[r] = -1
		for d := range ivs {
			if ivExpr[d] == nil || !dependsOn(m, e, ivExpr[d]) {
				continue
			}
			if drive[r] >= 0 {
				return fragAccess{}, drive, fmt.Errorf("an index of '%s' depends on two point loops", op.Name())
			}
			drive[r] = d
		}
		if drive[r] < 0 {
			return fragAccess{}, drive, fmt.Errorf("an index of '%s' depends on no point loop", op.Name())
		}
		// e - e[iv := 0] must be the IV itself: affine, unit coefficient.
		rest := replaceInputs(m, e, onlyOne(m, operands, ivs[drive[r]], aff.Const(0)))
		diff := aff.SimplifyExpr(aff.Sub(e, rest), m.NumDims, m.NumSymbols)
		if !aff.Equal(diff, ivExpr[drive[r]]) {
			return fragAccess{}, drive, fmt.Errorf("an index of '%s' is not its tile origin plus a point loop", op.Name())
		}
		origin[r] = aff.SimplifyExpr(replaceInputs(m, e, lbSub), m.NumDims, m.NumSymbols)
	}
	om, oops := affine.CanonicalizeMapAndOperands(aff.NewMap(m.NumDims, m.NumSymbols, origin), operands)
	return fragAccess{memref: memrefV, m: om, operands: oops}, drive, nil
}

// inputExpr is the expression of input i of m (a dim, then the symbols).
func inputExpr(m *aff.Map, i int) aff.Expr {
	if i < m.NumDims {
		return aff.Dim(i)
	}
	return aff.Symbol(i - m.NumDims)
}

// onlyOne returns the inputs of m with the one bound to v replaced by e.
func onlyOne(m *aff.Map, operands []*ir.Value, v *ir.Value, e aff.Expr) []aff.Expr {
	out := make([]aff.Expr, len(operands))
	for i, o := range operands {
		out[i] = inputExpr(m, i)
		if o == v {
			out[i] = e
		}
	}
	return out
}

// replaceInputs substitutes inputs[i] for input i of m in e.
func replaceInputs(m *aff.Map, e aff.Expr, inputs []aff.Expr) aff.Expr {
	return aff.Replace(e, inputs[:m.NumDims], inputs[m.NumDims:])
}

// dependsOn reports whether e uses the input expression in (a dim or symbol).
func dependsOn(m *aff.Map, e, in aff.Expr) bool {
	if d, ok := in.(*aff.DimExpr); ok {
		return aff.IsFunctionOfDim(e, d.Pos)
	}
	if s, ok := in.(*aff.SymbolExpr); ok {
		return aff.IsFunctionOfSymbol(e, s.Pos)
	}
	return false
}

// sameFragAccess reports whether a and b are the same memref at the same
// indices (their difference is zero in every dimension).
func sameFragAccess(a, b fragAccess) bool {
	d, ok := accessDiff(a, b)
	return ok && a.memref == b.memref && d[0] == 0 && d[1] == 0
}

// accessDiff returns b - a per index when every difference is a constant.
func accessDiff(a, b fragAccess) ([]int64, bool) {
	if len(a.m.Results) != len(b.m.Results) {
		return nil, false
	}
	var union []*ir.Value
	pos := func(v *ir.Value) int {
		for i, u := range union {
			if u == v {
				return i
			}
		}
		union = append(union, v)
		return len(union) - 1
	}
	remap := func(x fragAccess) []aff.Expr {
		in := make([]aff.Expr, len(x.operands))
		for i, v := range x.operands {
			in[i] = aff.Dim(pos(v))
		}
		out := make([]aff.Expr, len(x.m.Results))
		for r, e := range x.m.Results {
			out[r] = replaceInputs(x.m, e, in)
		}
		return out
	}
	ea, eb := remap(a), remap(b)
	diff := make([]int64, len(ea))
	for r := range ea {
		c, ok := aff.ConstantValue(aff.SimplifyExpr(aff.Sub(eb[r], ea[r]), len(union), 0))
		if !ok {
			return nil, false
		}
		diff[r] = c
	}
	return diff, true
}

// composedAccess returns the access of a fragment load or store with its
// indices composed through the affine.apply ops that compute them.
func composedAccess(op *ir.Operation) fragAccess {
	start := 1
	if op.Is(mmaStoreName) {
		start = 2
	}
	idx := op.Operands()[start:]
	m, operands := affine.FullyComposeMapAndOperands(aff.IdentityMap(len(idx)), idx)
	m, operands = affine.CanonicalizeMapAndOperands(m, operands)
	return fragAccess{memref: op.Operand(start - 1), m: aff.SimplifyMap(m), operands: operands}
}

// indexCache holds the index values materialize made for a block, by map
// and operands, so that equal indices are computed once. Every value in it
// must dominate the later insertion points it is used at (materialize
// moving forward through one block).
type indexCache map[string]*ir.Value

func (c indexCache) key(m *aff.Map, operands []*ir.Value) string {
	k := m.String()
	for _, v := range operands {
		k += fmt.Sprintf(" %p", v)
	}
	return k
}

// materialize creates the index values of x's map at b's insertion point:
// an operand itself, an index constant, or an affine.apply (shared through
// cache when not nil).
func materialize(b *ir.Builder, loc ir.Location, x fragAccess, cache indexCache) []*ir.Value {
	out := make([]*ir.Value, len(x.m.Results))
	for r, e := range x.m.Results {
		m, ops := affine.CanonicalizeMapAndOperands(aff.NewMap(x.m.NumDims, x.m.NumSymbols, []aff.Expr{e}), x.operands)
		m = aff.SimplifyMap(m)
		res := m.Results[0]
		if len(ops) == 1 && (aff.Equal(res, aff.Dim(0)) && m.NumDims == 1 || aff.Equal(res, aff.Symbol(0)) && m.NumSymbols == 1) {
			out[r] = ops[0]
			continue
		}
		k := cache.key(m, ops)
		if v := cache[k]; v != nil {
			out[r] = v
			continue
		}
		if c, ok := aff.ConstantValue(res); ok && len(ops) == 0 {
			out[r] = arith.BuildConstantOp(b, loc, ir.Index, ir.NamedAttribute{Name: "value", Value: ir.IndexAttr(c)}).Result(0)
		} else {
			out[r] = b.CreateOp(affine.ApplyName, loc, ops, []ir.Type{ir.Index},
				ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(m)}).Result(0)
		}
		if cache != nil {
			cache[k] = out[r]
		}
	}
	return out
}

func buildMMALoad(b *ir.Builder, loc ir.Location, src *ir.Value, idx []*ir.Value, ld int64, t ir.Type) *ir.Operation {
	return b.CreateGroups(mmaLoadName, loc, [][]*ir.Value{{src}, idx}, []ir.Type{t},
		ir.NamedAttribute{Name: "leadDimension", Value: ir.IndexAttr(ld)})
}

func buildMMAStore(b *ir.Builder, loc ir.Location, val, dst *ir.Value, idx []*ir.Value, ld int64) *ir.Operation {
	return b.CreateGroups(mmaStoreName, loc, [][]*ir.Value{{val}, {dst}, idx}, nil,
		ir.NamedAttribute{Name: "leadDimension", Value: ir.IndexAttr(ld)})
}

func leadDimensionOf(op *ir.Operation) int64 {
	if a, ok := op.Attr("leadDimension").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

// ConvertToWMMA converts the point nest whose outermost loop is f (see
// WMMAPointNests) to WMMA fragment ops, unrolls the loops over the warp
// tile's fragments, merges equal fragment loads and, with opts.HoistC,
// carries the C fragments through the reduction loops. When f is not a
// matmul point nest it returns a *WMMAError and leaves the IR unchanged.
// notes are the optional steps (unrolling, hoisting) that could not be
// done, each a *WMMAError; the conversion is kept and correct without
// them.
func ConvertToWMMA(ctx *ir.Context, f affine.ForOp, opts WMMAOptions) (notes []error, err error) {
	band, ok := pointBand(f)
	if !ok {
		return nil, wmmaErrorf(f.Operation, "not a WMMA point nest: expected three perfectly nested loops of %d iterations", wmmaM)
	}
	p, werr := matchPointNest(band)
	if werr != nil {
		return nil, werr
	}
	fn := f.ParentOp()
	for fn != nil && fn.ParentOp() != nil && !fn.Is("func.func") {
		fn = fn.ParentOp()
	}
	deadBefore := deadIndexOps(fn)

	created := p.replace(ctx)
	host := created[0].Block()
	loops, why := fragmentLoops(created)
	if why != nil {
		notes = append(notes, why)
	} else {
		if len(loops) > 0 {
			host = loops[len(loops)-1].Operation.Block()
		}
		for _, l := range loops {
			if err := looputil.LoopUnrollFull(ctx, l); err != nil {
				// Cannot happen for constant trip counts; say so rather than panic.
				notes = append(notes, wmmaErrorf(l.Operation, "fragment loop not unrolled: %v", err))
				break
			}
		}
	}
	normalizeFragments(ctx, host)
	if opts.HoistC && len(notes) == 0 {
		if l, ok := affine.AsFor(host.ParentOp()); ok {
			first := true
			for {
				nl, err := hoistC(ctx, l)
				if err != nil {
					if first {
						notes = append(notes, err)
					}
					break
				}
				first = false
				if l, ok = affine.AsFor(nl.ParentOp()); !ok {
					break
				}
			}
		}
	}
	eraseNewDeadIndexOps(fn, deadBefore)
	return notes, nil
}

// replace builds the fragment ops before the band and erases the band. It
// returns the ops it created, in order.
func (p *pointNest) replace(ctx *ir.Context) []*ir.Operation {
	root := p.band[0].Operation
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(root)
	start := root.Prev()
	aT := gpu.MMAMatrix(wmmaM, wmmaK, ir.F16, gpu.OperandA)
	bT := gpu.MMAMatrix(wmmaK, wmmaN, ir.F16, gpu.OperandB)
	cT := gpu.MMAMatrix(wmmaM, wmmaN, p.accType, gpu.OperandC)
	cache := indexCache{}
	a := buildMMALoad(b, p.loadA.Loc(), p.a.memref, materialize(b, p.loadA.Loc(), p.a, cache), p.ldA, aT)
	bm := buildMMALoad(b, p.loadB.Loc(), p.b.memref, materialize(b, p.loadB.Loc(), p.b, cache), p.ldB, bT)
	cIdx := materialize(b, p.loadC.Loc(), p.c, cache)
	c := buildMMALoad(b, p.loadC.Loc(), p.c.memref, cIdx, p.ldC, cT)
	r := b.CreateOp(mmaComputeName, p.compute.Loc(), []*ir.Value{a.Result(0), bm.Result(0), c.Result(0)}, []ir.Type{cT})
	buildMMAStore(b, p.store.Loc(), r.Result(0), p.c.memref, cIdx, p.ldC)
	var created []*ir.Operation
	op := root.Block().First()
	if start != nil {
		op = start.Next()
	}
	for ; op != root; op = op.Next() {
		created = append(created, op)
	}
	root.Erase()
	return created
}

// fragmentLoops returns, innermost first, the loops around the fragment
// ops created (in the block of created[0]) that enumerate one warp tile
// step's fragments: going outwards through perfectly nested loops of
// constant trip count, every loop whose IV indexes C and the first one
// whose IV does not. It fails when they would make more than
// maxFragmentCopies copies.
func fragmentLoops(created []*ir.Operation) ([]affine.ForOp, *WMMAError) {
	mine := map[*ir.Operation]bool{}
	for _, op := range created {
		mine[op] = true
	}
	c := composedAccess(created[len(created)-1])
	blk := created[0].Block()
	var loops []affine.ForOp
	var inner *ir.Operation
	reductions, copies := 0, int64(1)
	for {
		f, ok := affine.AsFor(blk.ParentOp())
		if !ok || !onlyHolds(blk, mine, inner) {
			break
		}
		tc, ok := looputil.ConstantTripCount(f)
		if !ok || tc < 1 {
			break
		}
		if !slices.Contains(c.operands, f.InductionVar()) {
			if reductions == 1 {
				break
			}
			reductions++
		}
		if copies *= tc; copies > maxFragmentCopies {
			return nil, wmmaErrorf(f.Operation, "fragment loops not unrolled: the warp tile step has more than %d fragment products", maxFragmentCopies)
		}
		loops = append(loops, f)
		inner = f.Operation
		blk = f.Operation.Block()
	}
	return loops, nil
}

// onlyHolds reports whether blk holds, besides its terminator, only the
// ops of mine (inner == nil) or only inner.
func onlyHolds(blk *ir.Block, mine map[*ir.Operation]bool, inner *ir.Operation) bool {
	for _, op := range blk.Ops() {
		if op == blk.Last() && op.HasTrait(ir.Terminator) {
			continue
		}
		if inner == nil && !mine[op] || inner != nil && op != inner {
			return false
		}
	}
	return true
}

// fragment is a fragment value known to be in memory at acc: loaded from
// there or stored there by op.
type fragment struct {
	op  *ir.Operation
	val *ir.Value
	acc fragAccess
}

// normalizeFragments recomputes the indices of the fragment loads and
// stores of host from the loop IVs (composing the affine.apply chains that
// unrolling leaves), then forwards fragments through host as scalar
// replacement does for elements: a load of a fragment that is available
// (loaded or stored before, nothing in between that may write it) becomes
// that value, and a store that a later store of the same fragment
// overwrites, with nothing in between that may read it, is erased.
func normalizeFragments(ctx *ir.Context, host *ir.Block) {
	b := ir.NewBuilder(ctx)
	cache := indexCache{}
	var avail, pending []fragment
	// kill drops the fragments of list that hit says may be touched.
	kill := func(list []fragment, hit func(fragment) bool) []fragment {
		kept := list[:0]
		for _, f := range list {
			if !hit(f) {
				kept = append(kept, f)
			}
		}
		return kept
	}
	for op := host.First(); op != nil; {
		next := op.Next()
		isLoad, isStore := op.Is(mmaLoadName), op.Is(mmaStoreName)
		if !isLoad && !isStore {
			read, unknownR := ir.ValuesRead(op)
			written, unknownW := ir.ValuesWritten(op)
			pending = kill(pending, func(f fragment) bool { return unknownR || aliasesAny(f.acc.memref, read) })
			avail = kill(avail, func(f fragment) bool { return unknownW || aliasesAny(f.acc.memref, written) })
			op = next
			continue
		}
		acc := composedAccess(op)
		b.SetInsertionPointBefore(op)
		start := len(op.Operands()) - len(acc.m.Results)
		op.SetOperands(append(op.Operands()[:start:start], materialize(b, op.Loc(), acc, cache)...))
		here := fragment{op: op, acc: acc}
		if isLoad {
			here.val = op.Result(0)
			if f, ok := findFragment(avail, here); ok {
				op.Result(0).ReplaceAllUsesWith(f.val)
				op.Erase()
				op = next
				continue
			}
			pending = kill(pending, func(f fragment) bool { return mayOverlap(f, here) })
			avail = append(avail, here)
			op = next
			continue
		}
		here.val = op.Operand(0)
		pending = kill(pending, func(f fragment) bool {
			if sameFragment(f, here) {
				f.op.Erase()
				return true
			}
			return false
		})
		avail = kill(avail, func(f fragment) bool { return mayOverlap(f, here) })
		avail = append(avail, here)
		pending = append(pending, here)
		op = next
	}
}

// findFragment returns the fragment of list holding what the load want
// would read: same memref and indices, leading dimension and type.
func findFragment(list []fragment, want fragment) (fragment, bool) {
	for _, f := range list {
		if sameFragment(f, want) && f.val.Type() == want.val.Type() && !f.op.HasAttr("transpose") {
			return f, true
		}
	}
	return fragment{}, false
}

// sameFragment reports whether a and b cover the same elements the same
// way.
func sameFragment(a, b fragment) bool {
	return a.acc.memref == b.acc.memref && sameFragAccess(a.acc, b.acc) &&
		leadDimensionOf(a.op) == leadDimensionOf(b.op) && a.op.HasAttr("transpose") == b.op.HasAttr("transpose")
}

// mayOverlap reports whether fragments a and b may share an element: their
// memrefs may alias, and unless they are the same memref, accessed with its
// row stride, at origins a constant 16 or more apart in some dimension,
// they may.
func mayOverlap(a, b fragment) bool {
	if !fragMayAlias(a.acc.memref, b.acc.memref) {
		return false
	}
	if a.acc.memref != b.acc.memref || a.op.HasAttr("transpose") || b.op.HasAttr("transpose") {
		return true
	}
	ld, _ := leadDimension(a.acc.memref.Type())
	if leadDimensionOf(a.op) != ld || leadDimensionOf(b.op) != ld {
		return true
	}
	d, ok := accessDiff(a.acc, b.acc)
	return !ok || abs64(d[0]) < wmmaM && abs64(d[1]) < wmmaN
}

// aliasesAny reports whether v may alias one of vs.
func aliasesAny(v *ir.Value, vs []*ir.Value) bool {
	for _, w := range vs {
		if fragMayAlias(v, w) {
			return true
		}
	}
	return false
}

// fragMayAlias reports whether memrefs a and b may share memory (see the
// aliasing note at the top of the file).
func fragMayAlias(a, b *ir.Value) bool {
	if a == b {
		return true
	}
	ta, oka := a.Type().(*ir.MemRefType)
	tb, okb := b.Type().(*ir.MemRefType)
	if !oka || !okb {
		return true
	}
	if ta.Elem != tb.Elem || memorySpace(ta) != memorySpace(tb) {
		return false
	}
	ga, gb := a.DefiningOp(), b.DefiningOp()
	if ga != nil && gb != nil && ga.Is("memref.get_global") && gb.Is("memref.get_global") {
		return ga.Attr("name") == gb.Attr("name")
	}
	return true
}

// memorySpace returns the number of t's memory space (0 by default).
func memorySpace(t *ir.MemRefType) int64 {
	switch s := t.MemorySpace.(type) {
	case nil:
		return 0
	case *ir.IntegerAttr:
		return s.Int()
	case interface{ MemorySpaceNumber() int64 }:
		return s.MemorySpaceNumber()
	}
	return -1
}

// cFragment is a C fragment of a loop body: its load, its store and their
// common access.
type cFragment struct {
	load, store *ir.Operation
	acc         fragAccess
}

// hoistC moves the C fragment loads of l's body before l and their stores
// after it, the fragments carried as new iter_args of a new loop that
// replaces l (returned). It fails, changing nothing, unless every C
// fragment of the body is loaded once and then stored once at indices
// invariant in l, the fragments are pairwise disjoint, and nothing else in
// the body may access their memrefs.
func hoistC(ctx *ir.Context, l affine.ForOp) (affine.ForOp, *WMMAError) {
	body := l.Body()
	fail := func(format string, args ...any) (affine.ForOp, *WMMAError) {
		return affine.ForOp{}, wmmaErrorf(l.Operation, "C fragments not hoisted out of the loop: "+format, args...)
	}
	var frags []*cFragment
	var stores []*ir.Operation
	for _, op := range body.Ops() {
		if op.Is(mmaLoadName) {
			if t, ok := op.Result(0).Type().(*gpu.MMAMatrixType); ok && t.Operand == gpu.OperandC {
				frags = append(frags, &cFragment{load: op, acc: composedAccess(op)})
			}
		}
		if op.Is(mmaStoreName) {
			stores = append(stores, op)
		}
	}
	if len(frags) == 0 {
		return fail("it loads no C fragment")
	}
	for _, st := range stores {
		acc := composedAccess(st)
		var match *cFragment
		for _, fr := range frags {
			if fr.acc.memref == acc.memref && sameFragAccess(fr.acc, acc) {
				match = fr
			}
		}
		if match == nil || match.store != nil || leadDimensionOf(st) != leadDimensionOf(match.load) || st.HasAttr("transpose") {
			return fail("a fragment store does not match exactly one fragment load")
		}
		match.store = st
	}
	for i, fr := range frags {
		if fr.store == nil || !fr.load.IsBeforeInBlock(fr.store) || fr.load.HasAttr("transpose") {
			return fail("a fragment is not loaded and then stored once")
		}
		for _, v := range fr.acc.operands {
			if !v.DefinedOutside(l.Operation) {
				return fail("the fragment indices vary in the loop")
			}
		}
		for _, o := range frags[:i] {
			if mayOverlap(fragment{op: o.load, acc: o.acc}, fragment{op: fr.load, acc: fr.acc}) {
				return fail("two fragments may overlap")
			}
		}
	}
	isFrag := map[*ir.Operation]bool{}
	for _, fr := range frags {
		isFrag[fr.load], isFrag[fr.store] = true, true
	}
	for _, op := range body.Ops() {
		if isFrag[op] || op == body.Last() {
			continue
		}
		read, unknownR := ir.ValuesRead(op)
		written, unknownW := ir.ValuesWritten(op)
		if unknownR || unknownW {
			return fail("'%s' may access the fragments' memory", op.Name())
		}
		for _, v := range append(read, written...) {
			for _, fr := range frags {
				if fragMayAlias(v, fr.acc.memref) {
					return fail("'%s' may access the fragments' memory", op.Name())
				}
			}
		}
	}

	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(l.Operation)
	old := len(l.Inits())
	inits := append([]*ir.Value(nil), l.Inits()...)
	idx := make([][]*ir.Value, len(frags))
	cache := indexCache{}
	for i, fr := range frags {
		idx[i] = materialize(b, fr.load.Loc(), fr.acc, cache)
		ld := buildMMALoad(b, fr.load.Loc(), fr.acc.memref, idx[i], leadDimensionOf(fr.load), fr.load.Result(0).Type())
		inits = append(inits, ld.Result(0))
	}
	lbm, lbo := l.LowerBound()
	ubm, ubo := l.UpperBound()
	nl := looputil.BuildFor(b, l.Loc(), lbm, lbo, ubm, ubo, l.Step(), inits)
	for _, a := range l.DiscardableAttrs() {
		nl.SetAttr(a.Name, a.Value)
	}
	l.InductionVar().ReplaceAllUsesWith(nl.InductionVar())
	for i, a := range l.RegionIterArgs() {
		a.ReplaceAllUsesWith(nl.RegionIterArgs()[i])
	}
	yielded := append([]*ir.Value(nil), l.Yield().Operands()...)
	for i, fr := range frags {
		fr.load.Result(0).ReplaceAllUsesWith(nl.RegionIterArgs()[old+i])
		yielded = append(yielded, fr.store.Operand(0))
	}
	for _, fr := range frags {
		fr.load.Erase()
		fr.store.Erase()
	}
	newYield := nl.Yield()
	for _, op := range body.Ops() {
		if op == body.Last() {
			break
		}
		op.MoveBefore(newYield)
	}
	newYield.SetOperands(yielded)
	for i, r := range l.Results() {
		r.ReplaceAllUsesWith(nl.Result(i))
	}
	l.Erase()
	b.SetInsertionPointAfter(nl.Operation)
	for i, fr := range frags {
		buildMMAStore(b, fr.store.Loc(), nl.Result(old+i), fr.acc.memref, idx[i], leadDimensionOf(fr.load))
	}
	return nl, nil
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// isIndexOp reports whether op is an affine.apply or an index constant:
// the ops the conversion creates and abandons.
func isIndexOp(op *ir.Operation) bool {
	return op.NumResults() == 1 && op.Result(0).Type() == ir.Index &&
		(op.Is(affine.ApplyName) || op.Is("arith.constant"))
}

// deadIndexOps returns the unused index ops nested in fn.
func deadIndexOps(fn *ir.Operation) map[*ir.Operation]bool {
	dead := map[*ir.Operation]bool{}
	if fn == nil {
		return dead
	}
	ir.WalkOps(fn, func(op *ir.Operation) {
		if isIndexOp(op) && !op.Result(0).HasUses() {
			dead[op] = true
		}
	})
	return dead
}

// eraseNewDeadIndexOps erases the index ops nested in fn left unused by
// the conversion (those unused before it, in before, are not its business).
func eraseNewDeadIndexOps(fn *ir.Operation, before map[*ir.Operation]bool) {
	if fn == nil {
		return
	}
	for changed := true; changed; {
		changed = false
		ir.WalkOps(fn, func(op *ir.Operation) {
			if isIndexOp(op) && !op.Result(0).HasUses() && !before[op] {
				op.Erase()
				changed = true
			}
		})
	}
}
