package gpumapaffine

import (
	"github.com/goopt/goopt/dialects/affine/analysis"
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
	nt     *nest
	store  *ir.Operation
	tile   int64
	xor    bool
	gx, gy int64 // tiles along x (inner loop) and y (outer loop)
	sx, sy bool
	bx, by int64
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
	p := &trPlan{nt: nt, store: store, tile: o.Tile, xor: o.SmemLayout == "xor"}
	p.gx, p.gy = ceilDiv(nt.n[x], p.tile), ceilDiv(nt.n[y], p.tile)
	p.bx, p.by = p.gx, p.gy
	if o.Grid == "stride" && p.gx > o.StrideBlks {
		p.sx, p.bx = true, o.StrideBlks
	}
	if p.gx > maxGridX {
		p.sx, p.bx = true, maxGridX
	}
	if p.gy > maxGridYZ {
		p.sy, p.by = true, maxGridYZ
	}
	return p, true
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
	name := declareSmem(k.ctx, fn, symName(fn)+"_transpose_tile", smemT, k.loc)
	// col is where column c of tile row r lives.
	col := func(c, r *ir.Value) *ir.Value {
		if p.xor {
			return k.bin("arith.xori", c, r)
		}
		return c
	}
	guard := func(yi, xi *ir.Value) *ir.Value {
		var ok *ir.Value
		if nt.n[y]%p.tile != 0 {
			ok = k.ltc(yi, nt.n[y])
		}
		if nt.n[x]%p.tile != 0 {
			ok = k.and(ok, k.ltc(xi, nt.n[x]))
		}
		return ok
	}
	iv := func(d int, i *ir.Value) *ir.Value { return k.addc(k.mulc(i, nt.step[d]), nt.lb[d]) }
	return k.launch([3]int64{p.bx, p.by, 1}, [3]int64{p.tile, transposeRows, 1}, func(a gpuArgs) {
		smem := k.getGlobal(name, smemT)
		tx, ty := a.ThreadIDs[0], a.ThreadIDs[1]
		k.tiles(a.BlockIDs[0], a.GridSizes[0], p.gx, p.sx, func(bx *ir.Value) {
			k.tiles(a.BlockIDs[1], a.GridSizes[1], p.gy, p.sy, func(by *ir.Value) {
				x0, y0 := k.mulc(bx, p.tile), k.mulc(by, p.tile)
				// Phase 1: element (y0+r, x0+tx) to tile[r][tx].
				for i := int64(0); i < p.tile; i += transposeRows {
					r := k.addc(ty, i)
					yi, xi := k.add(y0, r), k.add(x0, tx)
					k.ifThen(guard(yi, xi), func() {
						m := ir.NewMapping()
						m.Map(nt.band[y].InductionVar(), iv(y, yi))
						m.Map(nt.band[x].InductionVar(), iv(x, xi))
						for _, op := range bodyOps(nt.body) {
							if op != p.store {
								k.b.Clone(op, m)
							}
						}
						v := m.Lookup(p.store.Operand(0))
						k.b.CreateOp("memref.store", k.loc, []*ir.Value{v, smem, r, col(tx, r)}, nil)
					})
				}
				k.barrier()
				// Phase 2: element (y0+tx, x0+c) from tile[tx][c], stored
				// with y along threadIdx.x.
				for i := int64(0); i < p.tile; i += transposeRows {
					c := k.addc(ty, i)
					yi, xi := k.add(y0, tx), k.add(x0, c)
					k.ifThen(guard(yi, xi), func() {
						v := k.op("memref.load", []*ir.Value{smem, tx, col(c, tx)}, elem)
						m := ir.NewMapping()
						m.Map(nt.band[y].InductionVar(), iv(y, yi))
						m.Map(nt.band[x].InductionVar(), iv(x, xi))
						m.Map(p.store.Operand(0), v)
						k.b.Clone(p.store, m)
					})
				}
				if p.sx || p.sy {
					// The next tile's phase 1 overwrites this one's.
					k.barrier()
				}
			})
		})
	})
}
