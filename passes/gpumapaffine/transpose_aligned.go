package gpumapaffine

import (
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
)

// trAligned moves the interior tiles of a staged transpose in vectors
// when the rows of A or B do not start at vector-aligned offsets (f32
// rows of 8191 elements start 4-byte aligned only, so a 16-byte load at
// a row's start would be misaligned). Each tile row is read, and each
// row of the transposed tile written, as the vectors at aligned offsets
// of a flat view of the buffer that cover it: the tile's 64 elements of
// a row take 17 vectors of 4, the first and the last partly outside the
// tile. A load vector is read whole (its elements outside the tile are
// in the iteration space, so in the buffer: interiorX keeps the tiles
// for which that holds) and only its elements inside the tile go to
// workgroup memory; a store vector wholly inside the tile is one
// vector.store and the two at its ends store their elements inside it
// one by one.
type trAligned struct {
	vw                 int64
	load, store        linForm // buffer offsets of the loads along x and of the store, over (y, x)
	loadSlots, stSlots int64   // vectors per tile row read, and per transposed row written
	interiorX          int64   // tiles along x whose vectors stay in the iteration space
}

// planAlignedTranspose is the aligned-vector plan of a transpose whose
// loads and store are contiguous in a static buffer (alignedOps), or nil.
func planAlignedTranspose(nt *nest, store *ir.Operation, vw, tile int64) *trAligned {
	const y, x = 0, 1
	if nt.step[y] != 1 || nt.step[x] != 1 {
		return nil
	}
	lf, ok := alignedOps(opsBesides(nt.body, store), nt.pos, 2, x)
	if !ok {
		return nil
	}
	acc, _ := analysis.NewMemRefAccess(store)
	sf, ok := linearOf(acc, nt.pos, 2)
	if !ok || sf.coef[y] != 1 {
		return nil
	}
	a := &trAligned{vw: vw, load: lf, store: sf, loadSlots: tile/vw + 1, stSlots: tile/vw + 1}
	// Tile rows start at multiples of vw when the terms that vary between
	// tile rows (the other dimension's) and the constant part are.
	start := func(f linForm, other int) bool {
		c := f.cst + f.coef[y]*nt.lb[y] + f.coef[x]*nt.lb[x]
		return f.coef[other]%vw == 0 && c%vw == 0
	}
	if start(lf, y) {
		a.loadSlots = tile / vw
	}
	if start(sf, x) {
		a.stSlots = tile / vw
	}
	if a.loadSlots == tile/vw && a.stSlots == tile/vw {
		// Aligned rows: the plain vector plan's (transposeVectorizable)
		// reasons for refusing hold here too.
		return nil
	}
	// Tile bx's last load vector ends before x0+tile+vw-1.
	n := nt.n[x] - tile - vw + 1
	if n < 0 {
		// No tile stays inside: every tile is guarded anyway.
		return nil
	}
	a.interiorX = n/tile + 1
	return a
}

// loadTile is phase 1 of an interior tile: A's rows y0.. of the tile, in
// aligned vectors, to tile[r][col(c, r)]. All of a thread's loads are
// issued before its workgroup stores; the round the threads do not fill
// runs guarded.
func (a *trAligned) loadTile(k *kb, p *trPlan, t *ir.Value, nthr int64, x0, y0, smem *ir.Value, col func(c, r *ir.Value) *ir.Value, loadOps []*ir.Operation) {
	nt := p.nt
	const y, x = 0, 1
	elem := p.store.Operand(0).Type()
	flats := map[*ir.Value]*ir.Value{}
	for _, acc := range accesses(loadOps) {
		if _, ok := flats[acc.MemRef]; !ok {
			flats[acc.MemRef] = k.flat(acc.MemRef)
		}
	}
	type item struct {
		av   *alignedVec
		r, v *ir.Value
	}
	load := func(r, j *ir.Value) item {
		yi := k.addc(k.mulc(k.add(y0, r), nt.step[y]), nt.lb[y])
		x0i := k.addc(k.mulc(x0, nt.step[x]), nt.lb[x])
		s := k.evalLin(a.load, []*ir.Value{yi, x0i})
		av := k.alignedAt(k.mulc(k.add(k.alignedBase(s, a.vw), j), a.vw), s, p.tile, a.vw)
		m := ir.NewMapping()
		m.Map(nt.band[y].InductionVar(), yi)
		xi := k.add(x0i, av.off)
		m.Map(nt.band[x].InductionVar(), xi)
		// The vector is inside the buffer (interior tile): it is read whole
		// and put keeps the elements inside the tile.
		cache := &loadCache{vals: map[string]*ir.Value{}, flats: flats, cur: &rowVec{q: av.q0, vw: a.vw}, iv: nt.band[x].InductionVar()}
		vectorOps(k, loadOps, m, a.vw, nt.pos, 2, x, nil, cache)
		return item{av, r, m.Lookup(p.store.Operand(0))}
	}
	put := func(it item) {
		for e := int64(0); e < a.vw; e++ {
			s := it.v
			if _, ok := s.Type().(*ir.VectorType); ok {
				s = k.extract(s, e, elem)
			}
			k.ifThen(it.av.valid[e], func() {
				c := k.addc(it.av.off, e)
				k.b.CreateOp("memref.store", k.loc, []*ir.Value{s, smem, it.r, col(c, it.r)}, nil)
			})
		}
	}
	a.eachSlot(k, p, t, nthr, a.loadSlots, func(r, j *ir.Value) func() {
		it := load(r, j)
		return func() { put(it) }
	})
}

// storeTile is phase 2 of an interior tile: B's rows x0.. of the tile,
// element (y0+c, x0+r) from tile[c][col(r, c)], in aligned vectors.
func (a *trAligned) storeTile(k *kb, p *trPlan, t *ir.Value, nthr int64, x0, y0, smem *ir.Value, col func(c, r *ir.Value) *ir.Value) {
	nt := p.nt
	const y, x = 0, 1
	elem := p.store.Operand(0).Type()
	acc, _ := analysis.NewMemRefAccess(p.store)
	flat := k.flat(acc.MemRef)
	vecT := ir.Vector([]int64{a.vw}, elem, nil)
	store := func(r, j *ir.Value) {
		y0i := k.addc(k.mulc(y0, nt.step[y]), nt.lb[y])
		xi := k.addc(k.mulc(k.add(x0, r), nt.step[x]), nt.lb[x])
		s := k.evalLin(a.store, []*ir.Value{y0i, xi})
		av := k.alignedAt(k.mulc(k.add(k.alignedBase(s, a.vw), j), a.vw), s, p.tile, a.vw)
		elemAt := func(e int64) *ir.Value {
			c := k.addc(av.off, e)
			return k.op("memref.load", []*ir.Value{smem, c, col(r, c)}, elem)
		}
		k.ifThenElse(av.full, func() {
			var v *ir.Value
			for e := int64(0); e < a.vw; e++ {
				if e == 0 {
					v = k.op("vector.broadcast", []*ir.Value{elemAt(e)}, vecT)
				} else {
					v = k.insert(elemAt(e), v, e)
				}
			}
			k.b.CreateOp("vector.store", k.loc, []*ir.Value{v, flat, av.q0}, nil)
		}, func() {
			for e := int64(0); e < a.vw; e++ {
				k.ifThen(av.valid[e], func() {
					k.b.CreateOp("memref.store", k.loc, []*ir.Value{elemAt(e), flat, k.addc(av.q0, e)}, nil)
				})
			}
		})
	}
	a.eachSlot(k, p, t, nthr, a.stSlots, func(r, j *ir.Value) func() {
		store(r, j)
		return nil
	})
}

// eachSlot runs body on each (tile row r, slot j) of rows of slots
// vectors: the first tile/vw slots of each row with consecutive threads
// on consecutive slots (a thread's row and slot without a division per
// item where the threads cover whole rows), then the extra slot of each
// row (slots > tile/vw) on threads 0..tile-1. body returns what it
// leaves for later, or nil: the unguarded rounds run all their bodies
// first (a thread's loads all in flight) and then what they left; a
// round the threads do not fill runs guarded.
func (a *trAligned) eachSlot(k *kb, p *trPlan, t *ir.Value, nthr, slots int64, body func(r, j *ir.Value) func()) {
	var later []func()
	round := func(items, i int64, at func() (r, j *ir.Value)) {
		if i+nthr <= items {
			if f := body(at()); f != nil {
				later = append(later, f)
			}
			return
		}
		k.ifThen(k.ltc(t, items-i), func() {
			if f := body(at()); f != nil {
				f()
			}
		})
	}
	perRow := p.tile / a.vw
	for i := int64(0); i < p.tile*perRow; i += nthr {
		round(p.tile*perRow, i, func() (r, j *ir.Value) { return k.tileCoord(t, i, perRow, nthr) })
	}
	if slots > perRow {
		for i := int64(0); i < p.tile; i += nthr {
			round(p.tile, i, func() (r, j *ir.Value) { return k.addc(t, i), k.idx(perRow) })
		}
	}
	for _, f := range later {
		f()
	}
}
