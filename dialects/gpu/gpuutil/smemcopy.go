package gpuutil

import (
	"errors"
	"fmt"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// WorkgroupMemorySpace is the memory space of GPU shared memory in the
// NVVM numbering the pipeline's memrefs use (`memref<...xf16, 3>`).
const WorkgroupMemorySpace = 3

// Positions in a TileMatmulForGPU nest (i, j, ii, jj, k, ...) of the loops
// a shared-memory tile depends on: the thread-block loops and the
// thread-block k loop. The warp loops ii, jj between them are projected
// out: every warp reads from the same block tile.
const (
	bandBlockI = 0
	bandBlockJ = 1
	bandBlockK = 4
)

// SmemCopyOptions configure CopyToSharedMemory. They are the
// affine-gpu-smem-copy pass's options too (the tags name them there).
type SmemCopyOptions struct {
	// PaddingA and PaddingB add this many elements to the innermost
	// dimension of the A and B tiles (the paper's 8 f16), so that the
	// rows of a tile start in different shared-memory banks; indices are
	// unchanged.
	PaddingA int64 `opt:"padding-a" desc:"Elements added to the innermost dimension of the A tile in shared memory (default: 8)"`
	PaddingB int64 `opt:"padding-b" desc:"Elements added to the innermost dimension of the B tile in shared memory (default: 8)"`
}

// CopyToSharedMemory stages, in every iteration of the thread-block k loop
// of a TileMatmulForGPU nest rooted at root (the fifth loop of its perfect
// band), the tiles of the two memrefs that loop's body only reads and
// indexes with k (A and B, in order of first access) in workgroup memory:
//
//   - `memref.global "private" @<fn>_smem_a : memref<T0x(T1+PaddingA)xf16, 3>`
//     beside the function (and `_smem_b`), where T is the constant extent
//     of the elements the k loop's body reads for one value of the
//     thread-block IVs i, j, k (the warp loops' IVs and those of the
//     loops inside k range over their whole bounds), read with
//     memref.get_global at the top of the function body;
//   - at the start of the k loop's body, one copy nest per memref with
//     0-based bounds, the innermost loop over the contiguous dimension:
//     `affine.for %c0 = 0 to T0 { affine.for %c1 = 0 to T1 {
//     smem[%c0, %c1] = A[lb0 + %c0, lb1 + %c1] } }`, lb the tile's
//     corner (an affine function of i, j, k);
//   - the loads in the k loop's body read the tile instead, at index -
//     lb: A[%i + %ii + %iii + %pi, ...] becomes smem[%ii + %iii + %pi, ...].
//
// The copies are correct because the memrefs are not written anywhere in
// the nest and every tile element lies inside the memref (checked from
// the constant loop bounds). The accesses must be affine functions of
// loop IVs without div/mod, under loops with constant bounds. On error
// the IR is unchanged.
func CopyToSharedMemory(ctx *ir.Context, root affine.ForOp, o SmemCopyOptions) error {
	if o.PaddingA < 0 || o.PaddingB < 0 {
		return errors.New("padding must be non-negative")
	}
	fn := enclosingSymbol(root.Operation)
	if fn == nil {
		return errors.New("the loop nest is not inside a function in a symbol table")
	}
	band := looputil.GetPerfectlyNestedLoops(root)
	if len(band) <= bandBlockK {
		return fmt.Errorf("expected a perfect band of at least %d loops (i, j, ii, jj, k), found %d", bandBlockK+1, len(band))
	}
	kLoop := band[bandBlockK]
	s := &smemPlan{kLoop: kLoop, param: map[*ir.Value]bool{}, intra: map[*ir.Value]bool{}}
	for p := root.ParentOp(); p != nil && p != fn; p = p.ParentOp() {
		if f, ok := affine.AsFor(p); ok {
			s.param[f.InductionVar()] = true
		}
	}
	for i := 0; i < bandBlockK; i++ {
		s.intra[band[i].InductionVar()] = i != bandBlockI && i != bandBlockJ
		s.param[band[i].InductionVar()] = i == bandBlockI || i == bandBlockJ
	}
	s.param[kLoop.InductionVar()] = true
	ir.WalkOps(kLoop.Operation, func(op *ir.Operation) {
		if f, ok := affine.AsFor(op); ok && op != kLoop.Operation {
			s.intra[f.InductionVar()] = true
		}
	})

	tiles, err := s.candidates(root)
	if err != nil {
		return err
	}
	if len(tiles) != 2 {
		return fmt.Errorf("expected 2 memrefs only read in the k loop and indexed by it (A and B), found %d", len(tiles))
	}
	for i, t := range tiles {
		if err := s.footprint(t); err != nil {
			return err
		}
		t.padding = []int64{o.PaddingA, o.PaddingB}[i]
	}

	// Everything is checked: rewrite.
	b := ir.NewBuilder(ctx)
	entry := fn.Region(0).Front()
	b.SetInsertionPointToStart(entry)
	for i, t := range tiles {
		shape := append([]int64(nil), t.extent...)
		shape[len(shape)-1] += t.padding
		mt := t.memref.Type().(*ir.MemRefType)
		smemType := ir.MemRef(shape, mt.Elem, nil, ir.IntAttr(ir.I64, WorkgroupMemorySpace))
		name := DeclareSmemGlobal(ctx, fn, fmt.Sprintf("%s_smem_%c", symName(fn), 'a'+i), smemType, kLoop.Loc())
		t.smem = b.CreateOp("memref.get_global", kLoop.Loc(), nil, []ir.Type{smemType},
			ir.NamedAttribute{Name: "name", Value: ir.SymbolRef(name)}).Result(0)
	}
	b.SetInsertionPointToStart(kLoop.Body())
	for _, t := range tiles {
		s.copyNest(b, t)
	}
	for _, t := range tiles {
		for _, a := range t.accesses {
			s.redirect(a, t)
		}
	}
	return nil
}

// smemPlan is the state of one CopyToSharedMemory call: which IVs a tile
// depends on (param) and which it spans (intra).
type smemPlan struct {
	kLoop        affine.ForOp
	param, intra map[*ir.Value]bool
}

// smemTile is one memref staged in shared memory.
type smemTile struct {
	memref   *ir.Value
	accesses []*ir.Operation
	// The tile's corner along dimension d is sum(coef[d][v] * v) + lo[d]
	// over the parameter IVs in params order; its extent is extent[d].
	params  []*ir.Value
	coef    []map[*ir.Value]int64
	lo      []int64
	extent  []int64
	padding int64
	smem    *ir.Value
}

// candidates returns the memrefs the k loop's body reads, in order of
// first access, that the nest never writes nor uses otherwise and whose
// accesses use the k loop's IV.
func (s *smemPlan) candidates(root affine.ForOp) ([]*smemTile, error) {
	var tiles []*smemTile
	seen := map[*ir.Value]bool{}
	var err error
	ir.WalkOps(s.kLoop.Operation, func(op *ir.Operation) {
		if err != nil || !op.Is(affine.LoadName) || seen[op.Operand(0)] {
			return
		}
		m := op.Operand(0)
		seen[m] = true
		var accesses []*ir.Operation
		usesK := false
		for _, u := range m.Users() {
			if !root.IsAncestor(u) {
				continue
			}
			if !u.Is(affine.LoadName) || u.Operand(0) != m || !s.kLoop.IsAncestor(u) {
				return // written or used otherwise: not staged
			}
			accesses = append(accesses, u)
			_, operands, _ := affine.AccessMap(u)
			for _, v := range operands {
				usesK = usesK || v == s.kLoop.InductionVar()
			}
		}
		if !usesK {
			return
		}
		mt, ok := m.Type().(*ir.MemRefType)
		switch {
		case !ok || mt.Rank() == 0:
			return
		case mt.Layout != nil:
			err = errors.New("cannot stage a memref with a non-identity layout in shared memory")
		case mt.MemorySpaceInt() != 0:
			err = errors.New("cannot stage a memref outside the default memory space in shared memory")
		case !mt.HasStaticShape():
			err = errors.New("cannot stage a memref of dynamic shape in shared memory")
		}
		// Keep the accesses in program order.
		ordered := make([]*ir.Operation, 0, len(accesses))
		in := map[*ir.Operation]bool{}
		for _, a := range accesses {
			in[a] = true
		}
		ir.WalkOps(s.kLoop.Operation, func(o *ir.Operation) {
			if in[o] {
				ordered = append(ordered, o)
			}
		})
		tiles = append(tiles, &smemTile{memref: m, accesses: ordered})
	})
	return tiles, err
}

// loopRange returns the first and last values of a loop's IV when its
// bounds are constant and it runs at least once.
func loopRange(f affine.ForOp) (first, last int64, ok bool) {
	lb, okl := f.ConstantLowerBound()
	ub, oku := f.ConstantUpperBound()
	if !okl || !oku || ub <= lb {
		return 0, 0, false
	}
	return lb, lb + f.Step()*((ub-lb-1)/f.Step()), true
}

// linearRange returns the range of c*v for v the IV of a loop with
// constant bounds.
func linearRange(v *ir.Value, c int64) (lo, hi int64, err error) {
	f, _ := affine.ForInductionVarOwner(v)
	first, last, ok := loopRange(f)
	if !ok {
		return 0, 0, errors.New("a loop the shared-memory tile depends on has non-constant bounds or no iteration")
	}
	return min(c*first, c*last), max(c*first, c*last), nil
}

// footprint computes the tile's corner and extent from its accesses, and
// checks that the tile lies inside the memref for every iteration of the
// parameter loops.
func (s *smemPlan) footprint(t *smemTile) error {
	mt := t.memref.Type().(*ir.MemRefType)
	rank := mt.Rank()
	t.coef = make([]map[*ir.Value]int64, rank)
	t.lo = make([]int64, rank)
	t.extent = make([]int64, rank)
	his := make([]int64, rank)
	for n, op := range t.accesses {
		m, operands, _ := affine.AccessMap(op)
		for d, r := range m.Results {
			row, locals, err := aff.Flatten(r, m.NumDims, m.NumSymbols)
			if err != nil || len(locals) > 0 {
				return errors.New("a load of the tile is not a sum of multiples of loop induction variables")
			}
			coef := map[*ir.Value]int64{}
			lo, hi := row[len(row)-1], row[len(row)-1]
			for p, c := range row[:m.NumDims+m.NumSymbols] {
				if c == 0 {
					continue
				}
				v := operands[p]
				f, isIV := affine.ForInductionVarOwner(v)
				switch {
				case p >= m.NumDims || !isIV || !f.IsAncestor(op):
					return errors.New("a load of the tile is not a sum of multiples of loop induction variables")
				case s.param[v]:
					coef[v] += c
					if n == 0 && index(t.params, v) < 0 {
						t.params = append(t.params, v)
					}
				case s.intra[v]:
					l, h, err := linearRange(v, c)
					if err != nil {
						return err
					}
					lo, hi = lo+l, hi+h
				default:
					return errors.New("a load of the tile is not a sum of multiples of loop induction variables")
				}
			}
			if n == 0 {
				t.coef[d], t.lo[d], his[d] = coef, lo, hi
				continue
			}
			if !sameCoefficients(t.coef[d], coef) {
				return errors.New("the loads of the tile do not share the same corner")
			}
			t.lo[d], his[d] = min(t.lo[d], lo), max(his[d], hi)
		}
	}
	for d := 0; d < rank; d++ {
		t.extent[d] = his[d] - t.lo[d] + 1
		pmin, pmax := t.lo[d], his[d]
		for v, c := range t.coef[d] {
			l, h, err := linearRange(v, c)
			if err != nil {
				return err
			}
			pmin, pmax = pmin+l, pmax+h
		}
		if pmin < 0 || pmax >= mt.Dims[d] {
			return fmt.Errorf("the shared-memory tile would read outside the memref along dimension %d", d)
		}
	}
	return nil
}

func sameCoefficients(x, y map[*ir.Value]int64) bool {
	if len(x) != len(y) {
		return false
	}
	for v, c := range x {
		if y[v] != c {
			return false
		}
	}
	return true
}

func index(vs []*ir.Value, v *ir.Value) int {
	for i, x := range vs {
		if x == v {
			return i
		}
	}
	return -1
}

// corner returns the tile's corner along d as an expression over the
// dimensions 0..len(params)-1.
func (t *smemTile) corner(d int) aff.Expr {
	e := aff.Const(t.lo[d])
	for i, v := range t.params {
		if c := t.coef[d][v]; c != 0 {
			e = aff.Add(e, aff.MulConst(aff.Dim(i), c))
		}
	}
	return e
}

// copyNest builds, at b's insertion point, the 0-based loops copying the
// tile from the memref into shared memory.
func (s *smemPlan) copyNest(b *ir.Builder, t *smemTile) {
	loc := t.accesses[0].Loc()
	saved := b.Save()
	rank := len(t.extent)
	np := len(t.params)
	ivs := make([]*ir.Value, rank)
	var outer *ir.Operation
	for d := 0; d < rank; d++ {
		f := looputil.BuildFor(b, loc, aff.ConstantMap(0), nil, aff.ConstantMap(t.extent[d]), nil, 1, nil)
		if outer == nil {
			outer = f.Operation
		}
		ivs[d] = f.InductionVar()
		b.SetInsertionPointBefore(f.Yield())
	}
	res := make([]aff.Expr, rank)
	for d := range res {
		res[d] = aff.Add(t.corner(d), aff.Dim(np+d))
	}
	operands := append(append([]*ir.Value(nil), t.params...), ivs...)
	gm, gops := affine.CanonicalizeMapAndOperands(aff.SimplifyMap(aff.NewMap(np+rank, 0, res)), operands)
	elem := t.memref.Type().(*ir.MemRefType).Elem
	v := b.CreateOp(affine.LoadName, loc, append([]*ir.Value{t.memref}, gops...), []ir.Type{elem},
		ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(gm)}).Result(0)
	b.CreateOp(affine.StoreName, loc, append([]*ir.Value{v, t.smem}, ivs...), nil,
		ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.IdentityMap(rank))})
	b.Restore(saved)
	b.SetInsertionPointAfter(outer)
}

// redirect makes a load of the memref read the tile: index d becomes
// index_d - corner_d.
func (s *smemPlan) redirect(op *ir.Operation, t *smemTile) {
	m, operands, _ := affine.AccessMap(op)
	res := make([]aff.Expr, len(m.Results))
	for d, r := range m.Results {
		row, _, _ := aff.Flatten(r, m.NumDims, m.NumSymbols)
		row[len(row)-1] -= t.lo[d]
		for p := 0; p < m.NumDims; p++ {
			if s.param[operands[p]] {
				row[p] = 0
			}
		}
		res[d] = aff.ExprFromFlatForm(row, m.NumDims, m.NumSymbols, nil)
	}
	nm, nops := affine.CanonicalizeMapAndOperands(aff.SimplifyMap(aff.NewMap(m.NumDims, m.NumSymbols, res)), operands)
	op.SetOperand(0, t.smem)
	affine.SetAccessMap(op, nm, nops)
}

// enclosingSymbol returns the closest enclosing op with a symbol name
// directly inside a block (the function the nest is in).
func enclosingSymbol(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := p.Attr("sym_name").(*ir.StringAttr); ok && p.Block() != nil && p.NumRegions() > 0 {
			return p
		}
	}
	return nil
}

func symName(op *ir.Operation) string { return op.Attr("sym_name").(*ir.StringAttr).Value }

// DeclareSmemGlobal adds `memref.global "private" @name : t =
// uninitialized` before fn and returns its name: name itself, or name_N
// for the first N no symbol beside fn has. Passes that stage data in shared
// memory (smem copies, gpu-map-affine's transpose and reductions) share it.
func DeclareSmemGlobal(ctx *ir.Context, fn *ir.Operation, name string, t *ir.MemRefType, loc ir.Location) string {
	taken := map[string]bool{}
	for _, op := range fn.Block().Ops() {
		if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
			taken[s.Value] = true
		}
	}
	unique := name
	for n := 1; taken[unique]; n++ {
		unique = fmt.Sprintf("%s_%d", name, n)
	}
	st := &ir.OperationState{Name: "memref.global", Loc: loc}
	st.AddAttr("sym_visibility", ir.Str("private"))
	st.AddAttr("sym_name", ir.Str(unique))
	st.AddAttr("type", ir.TypeAttrOf(t))
	st.AddAttr("initial_value", ir.Unit)
	fn.Block().InsertBefore(fn, ctx.NewOperation(st))
	return unique
}
