package gpumapaffine

import (
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

// trPlan stages a 2-D band whose one store is transposed (its last index
// follows the outer loop y, its first the inner loop x: B[x][y] = f(A[y][x]))
// through a tile in workgroup memory. Phase 1 runs the body with x on
// threadIdx.x, so its loads are coalesced, and writes each value to the
// tile; after a barrier, phase 2 reads the tile transposed and stores with
// y on threadIdx.x, so the store is coalesced too. The tile is padded by
// one element per row, or XOR-swizzled (column c of row r at c^r), so that
// phase 2's column reads hit distinct banks.
type trPlan struct {
	nt    *nest
	store *ir.Operation
	tile  int64
	xor   bool
	vw    int64 // vector width of interior tiles' global accesses (1: scalar)
	grid        // tiles along x (inner loop) and y (outer loop)
	// al, when set, moves interior tiles in aligned vectors of rows that
	// are not vector-aligned (trAligned).
	al *trAligned
}

// planTranspose recognises the transposed store; false means the body is
// mapped element-wise instead.
func planTranspose(nt *nest, o *Options) (*trPlan, bool) {
	if o.SmemLayout == "none" || len(nt.band) != 2 {
		return nil, false
	}
	const y, x = 0, 1
	var store *ir.Operation
	for _, op := range bodyOps(nt.body) {
		if op.NumRegions() > 0 {
			return nil, false
		}
		acc, ok := analysis.NewMemRefAccess(op)
		if !ok {
			if !ir.IsMemoryEffectFree(op) {
				return nil, false
			}
			continue
		}
		idx := nt.indices(acc)
		last := idx[len(idx)-1]
		if !acc.IsStore {
			if last.other || last.dependsOn(y) || acc.Op.NumResults() != 1 {
				return nil, false
			}
			continue
		}
		if store != nil || len(idx) != 2 || !last.only(y) || !idx[0].only(x) || !scalarNumber(op.Operand(0).Type()) {
			return nil, false
		}
		for i, v := range op.Operands() {
			if _, iv := nt.pos[v]; i > 0 && !iv && !nt.outside(v) {
				return nil, false
			}
		}
		store = op
	}
	if store == nil {
		return nil, false
	}
	p := &trPlan{nt: nt, store: store, tile: o.Tile, xor: o.SmemLayout == "xor", vw: 1}
	if vw := o.VectorWidth; vw > 1 && transposeVectorizable(nt, store, vw) {
		p.vw = vw
	} else if vw > 1 {
		p.al = planAlignedTranspose(nt, store, vw, p.tile)
	}
	p.grid = fitGrid(ceilDiv(nt.n[x], p.tile), ceilDiv(nt.n[y], p.tile), o)
	return p, true
}

// trThreads is the block size of a staged transpose: enough threads for
// half the tile's vectors (so each thread moves two or more), at most
// 256.
func (p *trPlan) threads() int64 {
	vw := p.vw
	if p.al != nil {
		vw = p.al.vw
	}
	return min(256, max(p.tile*p.tile/vw/2, warpSize))
}

// transposeVectorizable reports whether the interior tiles can load along
// x and store along y in vectors of vw elements: both steps 1, the loads
// vectorizable along x (contiguous and aligned rows, as element-wise),
// and the store's last index y itself plus an aligned constant in rows
// that are multiples of vw.
func transposeVectorizable(nt *nest, store *ir.Operation, vw int64) bool {
	const y, x = 0, 1
	if nt.step[y] != 1 || nt.step[x] != 1 {
		return false
	}
	if !vectorizableOps(opsBesides(nt.body, store), nt.pos, 2, x, nt.lb[x], vw) {
		return false
	}
	acc, _ := analysis.NewMemRefAccess(store)
	t := acc.MemRefType()
	last := nt.indices(acc)[t.Rank()-1]
	return identityLayout(t) && t.HasStaticShape() && t.MemorySpaceInt() == 0 && !last.other && last.coef[y] == 1 &&
		(nt.lb[y]+last.cst)%vw == 0 && t.Shape()[t.Rank()-1]%vw == 0
}

func (p *trPlan) build(k *kb, fn *ir.Operation) *ir.Operation {
	nt := p.nt
	const y, x = 0, 1
	elem := p.store.Operand(0).Type()
	cols := p.tile + 1
	if p.xor {
		cols = p.tile
	}
	smemT := ir.MemRef([]int64{p.tile, cols}, elem, nil, ir.IntAttr(ir.I64, 3))
	name := gpuutil.DeclareSmemGlobal(k.ctx, fn, symName(fn)+"_transpose_tile", smemT, k.loc)
	// col is where column c of tile row r lives.
	col := func(c, r *ir.Value) *ir.Value {
		if p.xor {
			return k.bin("arith.xori", c, r)
		}
		return c
	}
	iv := func(d int, i *ir.Value) *ir.Value { return k.addc(k.mulc(i, nt.step[d]), nt.lb[d]) }
	nthr := p.threads()
	// at maps the nest's induction variables to element (yi, xi).
	at := func(yi, xi *ir.Value) *ir.Mapping {
		m := ir.NewMapping()
		m.Map(nt.band[y].InductionVar(), iv(y, yi))
		m.Map(nt.band[x].InductionVar(), iv(x, xi))
		return m
	}
	// guardedAt emits body for element (yi, xi) of an edge tile, under the
	// bounds guard.
	guardedAt := func(yi, xi *ir.Value, body func(m *ir.Mapping)) {
		k.ifThen(p.guard(k, yi, xi), func() { body(at(yi, xi)) })
	}
	// vectors calls f with the tile row and first column of each vector
	// of an interior tile that thread t moves.
	vectors := func(t *ir.Value, f func(r, c *ir.Value)) {
		perRow := p.tile / p.vw
		for i := int64(0); i < p.tile*perRow; i += nthr {
			r, c := k.tileCoord(t, i, perRow, nthr)
			f(r, k.mulc(c, p.vw))
		}
	}
	loadOps := opsBesides(nt.body, p.store)
	vecT := ir.Vector([]int64{p.vw}, elem, nil)
	return k.launch([3]int64{p.bx, p.by, 1}, [3]int64{nthr, 1, 1}, func(a gpuArgs) {
		smem := k.getGlobal(name, smemT)
		t := a.ThreadIDs[0]
		k.tiles(a.BlockIDs[0], a.GridSizes[0], p.gx, p.sx, func(bx *ir.Value) {
			k.tiles(a.BlockIDs[1], a.GridSizes[1], p.gy, p.sy, func(by *ir.Value) {
				x0, y0 := k.mulc(bx, p.tile), k.mulc(by, p.tile)
				// Edge tiles (only where the tile does not divide a
				// dimension) are guarded element by element; the
				// interior ones, almost all of them, run unguarded on
				// vectors. The condition is uniform over the block.
				var edge *ir.Value
				switch {
				case p.al != nil && p.al.interiorX < p.gx:
					// An aligned vector may reach vw-1 elements past the
					// tile: only tiles that stay inside the rows run on
					// vectors.
					edge = k.cmp(cmpUGE, bx, k.idx(p.al.interiorX))
				case p.al == nil && nt.n[x]%p.tile != 0:
					edge = k.cmp(cmpEQ, bx, k.idx(p.gx-1))
				}
				if nt.n[y]%p.tile != 0 {
					e := k.cmp(cmpEQ, by, k.idx(p.gy-1))
					if edge == nil {
						edge = e
					} else {
						edge = k.bin("arith.ori", edge, e)
					}
				}
				split := func(interior, guarded func()) {
					if edge == nil {
						interior()
						return
					}
					k.ifThenElse(edge, guarded, interior)
				}
				// Phase 1: element (y0+r, x0+c) to tile[r][c], c along
				// the threads so that the loads are coalesced.
				split(func() {
					if p.al != nil {
						p.al.loadTile(k, p, t, nthr, x0, y0, smem, col, loadOps)
						return
					}
					// Every load before any tile store, so that a thread
					// has all its loads in flight at once.
					type item struct{ r, c, v *ir.Value }
					var items []item
					vectors(t, func(r, c *ir.Value) {
						m := at(k.add(y0, r), k.add(x0, c))
						var v *ir.Value
						if p.vw == 1 {
							for _, op := range loadOps {
								k.b.Clone(op, m)
							}
							v = m.Lookup(p.store.Operand(0))
						} else {
							vectorOps(k, loadOps, m, p.vw, nt.pos, 2, x, nil, nil)
							v = m.Lookup(p.store.Operand(0))
						}
						items = append(items, item{r, c, v})
					})
					for _, it := range items {
						r, c, v := it.r, it.c, it.v
						for l := int64(0); l < p.vw; l++ {
							s := v
							if _, ok := v.Type().(*ir.VectorType); ok {
								s = k.extract(v, l, elem)
							}
							cl := k.addc(c, l)
							k.b.CreateOp("memref.store", k.loc, []*ir.Value{s, smem, r, col(cl, r)}, nil)
						}
					}
				}, func() {
					p.scalarPhase(k, t, nthr, func(r, c *ir.Value) {
						guardedAt(k.add(y0, r), k.add(x0, c), func(m *ir.Mapping) {
							for _, op := range loadOps {
								k.b.Clone(op, m)
							}
							k.b.CreateOp("memref.store", k.loc, []*ir.Value{m.Lookup(p.store.Operand(0)), smem, r, col(c, r)}, nil)
						})
					})
				})
				k.barrier()
				// Phase 2: element (y0+c, x0+r) from tile[c][r], stored
				// with c (y) along the threads: B's row x0+r.
				split(func() {
					if p.al != nil {
						p.al.storeTile(k, p, t, nthr, x0, y0, smem, col)
						return
					}
					vectors(t, func(r, c *ir.Value) {
						m := at(k.add(y0, c), k.add(x0, r))
						if p.vw == 1 {
							m.Map(p.store.Operand(0), k.op("memref.load", []*ir.Value{smem, c, col(r, c)}, elem))
							k.b.Clone(p.store, m)
							return
						}
						var v *ir.Value
						for l := int64(0); l < p.vw; l++ {
							cl := k.addc(c, l)
							s := k.op("memref.load", []*ir.Value{smem, cl, col(r, cl)}, elem)
							if v == nil {
								v = k.op("vector.broadcast", []*ir.Value{s}, vecT)
							} else {
								v = k.insert(s, v, l)
							}
						}
						m.Map(p.store.Operand(0), v)
						vectorOps(k, []*ir.Operation{p.store}, m, p.vw, nt.pos, 2, y, map[*ir.Value]bool{v: true}, nil)
					})
				}, func() {
					p.scalarPhase(k, t, nthr, func(r, c *ir.Value) {
						guardedAt(k.add(y0, c), k.add(x0, r), func(m *ir.Mapping) {
							m.Map(p.store.Operand(0), k.op("memref.load", []*ir.Value{smem, c, col(r, c)}, elem))
							k.b.Clone(p.store, m)
						})
					})
				})
				if p.sx || p.sy {
					// The next tile's phase 1 overwrites this one's.
					k.barrier()
				}
			})
		})
	})
}

// opsBesides are the ops of body (a transpose's: its loads and what
// computes the stored value) other than its store.
func opsBesides(body *ir.Block, store *ir.Operation) []*ir.Operation {
	var ops []*ir.Operation
	for _, op := range bodyOps(body) {
		if op != store {
			ops = append(ops, op)
		}
	}
	return ops
}

// scalarPhase runs body on each (row, column) of the tile, the nthr
// threads (t the thread) taking consecutive columns.
func (p *trPlan) scalarPhase(k *kb, t *ir.Value, nthr int64, body func(r, c *ir.Value)) {
	for i := int64(0); i < p.tile*p.tile; i += nthr {
		body(k.tileCoord(t, i, p.tile, nthr))
	}
}

// tileCoord is the row and column of item t+i of a tile of rows of
// perRow items; when the nthr threads cover whole rows (i a multiple of
// nthr), item t+i is t's own item i/perRow rows further, with no
// division per item.
func (k *kb) tileCoord(t *ir.Value, i, perRow, nthr int64) (r, c *ir.Value) {
	if nthr%perRow == 0 {
		return k.addc(k.bin("arith.divui", t, k.idx(perRow)), i/perRow), k.bin("arith.remui", t, k.idx(perRow))
	}
	e := k.addc(t, i)
	return k.bin("arith.divui", e, k.idx(perRow)), k.bin("arith.remui", e, k.idx(perRow))
}

// guard is the condition that element (yi, xi) is in the iteration space.
func (p *trPlan) guard(k *kb, yi, xi *ir.Value) *ir.Value {
	const y, x = 0, 1
	var ok *ir.Value
	if p.nt.n[y]%p.tile != 0 {
		ok = k.ltc(yi, p.nt.n[y])
	}
	if p.nt.n[x]%p.tile != 0 {
		ok = k.and(ok, k.ltc(xi, p.nt.n[x]))
	}
	return ok
}
