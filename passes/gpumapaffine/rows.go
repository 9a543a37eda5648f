package gpumapaffine

import (
	"fmt"
	"sort"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/dialects/vector"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// rowPlan maps a parallel band whose body holds inner loops (a row of
// work per band iteration: row sums, softmax's max, exp-sum and
// normalise) to one warp per row (warp plan: short rows, no shared memory,
// no barriers) or one block per row (block plan: long rows). The lanes of
// the row's warp or block stride over each inner loop, so that their
// accesses are coalesced; a loop carrying reductions accumulates a
// per-lane partial from the reduction's identity, then combines the
// partials with a gpu.shuffle xor butterfly within each warp and, in the
// block plan, through a shared-memory slot per warp and a second
// butterfly, so that every lane holds the row's value. The ops between the
// loops run on every lane (their stores on lane 0 only).
type rowPlan struct {
	nt      *nest
	phases  []phase
	warp    bool
	threads [3]int64
	lanes   int64 // lanes striding over an inner loop
	rows    int64 // band iterations
	perBlk  int64 // rows per block
	gx, bx  int64
	stride  bool
	sync    bool // phases share written memory: barrier between them (block plan)
	// resident > 0 is the single-pass plan: every loop of the row has the
	// same iteration space, an exact multiple of the lanes, so each lane
	// runs the same resident iterations of each loop (unrolled) and a load
	// of memory the row does not write is read once and kept in registers
	// for the later loops: the row is read from memory once, not once per
	// loop (softmax: max, exp-sum and normalise).
	resident int64
	// aligned, when set, is the single-pass plan for the rows resident
	// cannot take (lanes that do not divide the row, rows that do not
	// start at vector-aligned offsets): vectors at aligned buffer offsets,
	// masked at the row's ends.
	aligned *alignedRow
	written map[*ir.Value]bool // memrefs the row writes
}

// alignedRow is the masked single-pass plan. The row [s, s+n) of the
// flat view of each memref (s: the loops' shared linForm at the lower
// bound) splits into its interior, the count aligned vectors of vw
// between ceil(s/vw)*vw and floor((s+n)/vw)*vw, and at most vw-1
// elements at each end. Lane l runs the interior vectors l+c*lanes for
// c < slots, each one plain aligned vector.load/vector.store (count
// varies by at most one with the row's alignment, so only the slots
// from always on need a predicate: the lane's index below count); the
// end elements are scalars, one per lane for the last lanes (those
// whose last slot is the one most often empty). A predicate is one i1
// per slot and the ends cost one scalar per lane, so the registers
// held across the row's loops are the interior vectors, as in the
// resident plan; per-element masks and loads on every slot cost the
// 4097x8191 softmax 115 registers.
type alignedRow struct {
	vw, slots int64
	always    int64 // leading slots every lane's vector is inside the row in
	edge      bool  // rows may have elements outside their interior
	lin       linForm
	mems      []*ir.Value // memrefs accessed along the row (flattened once per kernel)
}

// phase is one op of the row body: an inner loop or a row-level op.
type phase struct {
	op    *ir.Operation
	loop  affine.ForOp
	lb, n int64
	step  int64
	comb  []string // combiner of each iter_arg, in order
	// vw is the vector width the loop runs at (1: scalar); pos places the
	// band IVs and the loop's IV (last) for the access analysis.
	vw  int64
	pos map[*ir.Value]int
}

func planRows(nt *nest, o *Options) (*rowPlan, error) {
	p := &rowPlan{nt: nt, rows: 1}
	for _, n := range nt.n {
		p.rows *= n
	}
	var maxLen int64
	// touched[i] are the memrefs phase i reads or writes, written[i] those it writes.
	var touched, written []map[*ir.Value]bool
	for _, op := range bodyOps(nt.body) {
		ph := phase{op: op}
		t, w := map[*ir.Value]bool{}, map[*ir.Value]bool{}
		note := func(o *ir.Operation) {
			if acc, ok := analysis.NewMemRefAccess(o); ok {
				t[acc.MemRef] = true
				if acc.IsStore {
					w[acc.MemRef] = true
				}
			}
		}
		if f, ok := affine.AsFor(op); ok {
			lb, ok1 := f.ConstantLowerBound()
			ub, ok2 := f.ConstantUpperBound()
			if !ok1 || !ok2 {
				return nil, refuse(op, "inner loop bounds are not constant")
			}
			ph.loop, ph.lb, ph.step, ph.n = f, lb, f.Step(), aff.CeilDivInt(ub-lb, f.Step())
			if ph.n <= 0 {
				return nil, refuse(op, "inner loop runs no iteration")
			}
			for _, in := range bodyOps(f.Body()) {
				if in.NumRegions() > 0 {
					return nil, refuse(in, "inner loops must be innermost and free of conditionals")
				}
				if err := rowOpOK(in); err != nil {
					return nil, err
				}
				note(in)
			}
			par, reds := analysis.IsLoopParallel(f, true)
			if !par || len(reds) != len(f.Inits()) {
				return nil, refuse(op, "inner loop carries a dependence that is not a reduction")
			}
			sort.Slice(reds, func(i, j int) bool { return reds[i].IterArgPos < reds[j].IterArgPos })
			for _, r := range reds {
				t := r.Value.Type()
				if t != ir.F32 && t != ir.I32 {
					return nil, refuse(r.Combiner, "reduction on %s: warp shuffles move 32-bit values (f32 or i32)", t)
				}
				if identityAttr(r.Combiner.Name(), t) == nil {
					return nil, refuse(r.Combiner, "reduction '%s' has no identity goopt knows", r.Combiner.Name())
				}
				ph.comb = append(ph.comb, r.Combiner.Name())
			}
			maxLen = max(maxLen, ph.n)
			ph.vw, ph.pos = 1, map[*ir.Value]int{f.InductionVar(): len(nt.band)}
			for v, d := range nt.pos {
				ph.pos[v] = d
			}
			vw := o.VectorWidth
			if vw > 1 && ph.step == 1 && ph.n%vw == 0 && vectorizableOps(bodyOps(f.Body()), ph.pos, len(nt.band)+1, len(nt.band), ph.lb, vw) {
				ph.vw = vw
			}
		} else {
			if op.NumRegions() > 0 {
				return nil, refuse(op, "only loops and plain ops are supported between a row's loops")
			}
			if err := rowOpOK(op); err != nil {
				return nil, err
			}
			note(op)
		}
		p.phases = append(p.phases, ph)
		touched, written = append(touched, t), append(written, w)
	}
	for i := range written {
		for mem := range written[i] {
			for j := range touched {
				if j != i && touched[j][mem] {
					p.sync = true
				}
			}
		}
	}
	p.written = map[*ir.Value]bool{}
	for _, w := range written {
		for mem := range w {
			p.written[mem] = true
		}
	}
	p.warp = o.ReducePlan == "warp" || (o.ReducePlan == "auto" && maxLen <= o.WarpRowMax)
	if p.sync {
		// Lanes of a warp are not ordered by a shuffle the way a barrier
		// orders a block's memory accesses.
		p.warp = false
	}
	if p.warp {
		p.perBlk = o.ReduceBlock / warpSize
		p.threads = [3]int64{warpSize, p.perBlk, 1}
		p.lanes = warpSize
	} else {
		p.perBlk = 1
		p.threads = [3]int64{o.ReduceBlock, 1, 1}
		p.lanes = o.ReduceBlock
	}
	p.resident = p.residentIterations(o.RowRegs)
	if p.resident == 0 && o.VectorWidth > 1 {
		p.aligned = p.planAligned(o.VectorWidth, o.RowRegs)
	}
	p.gx = ceilDiv(p.rows, p.perBlk)
	p.bx = p.gx
	if o.Grid == "stride" && p.gx > o.StrideBlks {
		p.stride, p.bx = true, o.StrideBlks
	}
	if p.gx > maxGridX {
		p.stride, p.bx = true, maxGridX
	}
	return p, nil
}

// residentIterations is the number of iterations of each inner loop a
// lane runs in the single-pass plan without masks, or 0 when that plan
// does not apply: the loops differ in their iteration space or vector
// width, the lanes do not divide it, a lane would hold more than most
// vectors, or no loop reads memory the row does not write (nothing to
// keep).
func (p *rowPlan) residentIterations(most int64) int64 {
	first := p.keepable()
	if first == nil {
		return 0
	}
	for _, ph := range p.phases {
		if ph.loop.Operation != nil && ph.vw != first.vw {
			return 0
		}
	}
	vecs := first.n / first.vw
	if vecs%p.lanes != 0 || vecs/p.lanes > most {
		return 0
	}
	return vecs / p.lanes
}

// keepable returns the first loop of the row when every loop has its
// iteration space and a later loop reads memory an earlier one read and
// the row does not write (what the single-pass plans keep in
// registers); nil otherwise.
func (p *rowPlan) keepable() *phase {
	var first *phase
	reuse := false
	loaded := map[*ir.Value]bool{} // read-only memrefs an earlier loop loads
	for i := range p.phases {
		ph := &p.phases[i]
		if ph.loop.Operation == nil {
			continue
		}
		if first == nil {
			first = ph
		} else if ph.lb != first.lb || ph.n != first.n || ph.step != first.step {
			return nil
		}
		here := map[*ir.Value]bool{}
		for _, op := range bodyOps(ph.loop.Body()) {
			if acc, ok := analysis.NewMemRefAccess(op); ok && !acc.IsStore && !p.written[acc.MemRef] {
				reuse = reuse || loaded[acc.MemRef]
				here[acc.MemRef] = true
			}
		}
		for mem := range here {
			loaded[mem] = true
		}
	}
	if !reuse {
		return nil
	}
	return first
}

// planAligned is the masked single-pass plan for vectors of vw, or nil
// when it does not apply: the loops differ in their iteration space, do
// not step by 1, address their memrefs other than at one shared buffer
// offset plus the IV (alignedOps), or a lane would hold more than most
// vectors.
func (p *rowPlan) planAligned(vw, most int64) *alignedRow {
	first := p.keepable()
	if first == nil || first.step != 1 {
		return nil
	}
	a := &alignedRow{vw: vw}
	seen := map[*ir.Value]bool{}
	for _, ph := range p.phases {
		if ph.loop.Operation == nil {
			continue
		}
		ops := bodyOps(ph.loop.Body())
		x := len(ph.pos) - 1
		lf, ok := alignedOps(ops, ph.pos, len(ph.pos), x)
		if !ok || (a.lin.coef != nil && !a.lin.equal(lf)) {
			return nil
		}
		a.lin = lf
		for _, acc := range accesses(ops) {
			if lf, _ := linearOf(acc, ph.pos, len(ph.pos)); lf.coef[x] != 0 && !seen[acc.MemRef] {
				seen[acc.MemRef] = true
				a.mems = append(a.mems, acc.MemRef)
			}
		}
	}
	// Rows start at multiples of vw when every term of the offset is one;
	// otherwise the head takes 0 to vw-1 of the row's elements.
	aligned := (a.lin.cst+first.lb)%vw == 0
	x := len(first.pos) - 1
	for d, c := range a.lin.coef {
		if d != x && c%vw != 0 {
			aligned = false
		}
	}
	n := first.n
	least := n / vw
	if !aligned {
		least = (n - (vw - 1)) / vw
	}
	// Every row needs one interior vector: an empty slot reads the
	// first one rather than outside the row.
	if n < vw || least < 1 || 2*(vw-1) > p.lanes {
		return nil
	}
	a.slots, a.always = ceilDiv(n/vw, p.lanes), least/p.lanes
	a.edge = !aligned || n%vw != 0
	if a.slots > most {
		return nil
	}
	return a
}

// rowVec is one access position of a lane in the masked plan: the
// aligned vector of vw elements (or the element, vw 1) at buffer offset
// q, inside the row where ok holds (nil: always). Where ok fails, q is
// still an offset inside the row, so that loads need no guard; only the
// stores and the reductions' partials look at ok.
type rowVec struct {
	q, ok *ir.Value
	vw    int64
}

func (r *rowVec) load(k *kb, mem *ir.Value, elem ir.Type) *ir.Value {
	if r.vw == 1 {
		return k.op("memref.load", []*ir.Value{mem, r.q}, elem)
	}
	return k.op("vector.load", []*ir.Value{mem, r.q}, ir.Vector([]int64{r.vw}, elem, nil))
}

func (r *rowVec) store(k *kb, v, mem *ir.Value) {
	name := "vector.store"
	if r.vw == 1 {
		name = "memref.store"
	}
	k.ifThen(r.ok, func() { k.b.CreateOp(name, k.loc, []*ir.Value{v, mem, r.q}, nil) })
}

// loadCache holds the values of the loads of memory a row does not write,
// by the load's memref, map and mapped operands: a later loop of the
// single-pass plan that loads the same element takes the value instead.
type loadCache struct {
	written map[*ir.Value]bool
	vals    map[string]*ir.Value
	ivs     []*ir.Value // the IV value of each resident iteration
	// The masked plan's row: its flat memrefs, its start offset s, the
	// index in vectors of its first interior vector (hb) and of the end
	// of the interior (he), each slot's vector then the lane's end
	// element, and the one being emitted.
	flats     map[*ir.Value]*ir.Value
	s, hb, he *ir.Value
	vecs      []*rowVec
	cur       *rowVec
	iv        *ir.Value // the IV of the loop being emitted
}

// key is the cache key of the load acc whose operands are mapped in m
// (vw: the width it is loaded at), or "" when acc may not be cached.
func (c *loadCache) key(acc *analysis.MemRefAccess, m *ir.Mapping, vw int64) string {
	if c == nil || acc.IsStore || c.written[acc.MemRef] {
		return ""
	}
	key := fmt.Sprintf("%p|%d|%s", acc.MemRef, vw, acc.Map)
	for _, v := range acc.Operands {
		key += fmt.Sprintf("|%p", m.Lookup(v))
	}
	return key
}

func (c *loadCache) lookup(key string) (*ir.Value, bool) {
	if key == "" {
		return nil, false
	}
	v, ok := c.vals[key]
	return v, ok
}

func (c *loadCache) record(key string, v *ir.Value) {
	if key != "" {
		c.vals[key] = v
	}
}

// rowOpOK accepts the ops a row may run on every lane: pure ops and affine
// loads and stores (whose effects the dependence analysis has seen).
func rowOpOK(op *ir.Operation) error {
	if _, ok := analysis.NewMemRefAccess(op); ok {
		if op.Is(affine.LoadName) || op.Is(affine.StoreName) {
			return nil
		}
	}
	if !ir.IsMemoryEffectFree(op) {
		return refuse(op, "'%s' has memory effects the mapping does not model", op.Name())
	}
	return nil
}

func (p *rowPlan) build(k *kb, fn *ir.Operation) *ir.Operation {
	nt := p.nt
	nWarps := p.threads[0] / warpSize
	smem := map[ir.Type]string{}
	if !p.warp {
		for _, ph := range p.phases {
			for i := range ph.comb {
				t := ph.loop.Result(i).Type()
				if _, ok := smem[t]; !ok {
					smem[t] = gpuutil.DeclareSmemGlobal(k.ctx, fn, symName(fn)+"_reduce_smem", p.smemType(t, nWarps), k.loc)
				}
			}
		}
	}
	return k.launch([3]int64{p.bx, 1, 1}, p.threads, func(a gpuArgs) {
		bufs := map[ir.Type]*ir.Value{}
		for t, name := range smem {
			bufs[t] = k.getGlobal(name, p.smemType(t, nWarps))
		}
		var flats map[*ir.Value]*ir.Value
		if p.aligned != nil {
			flats = map[*ir.Value]*ir.Value{}
			for _, mem := range p.aligned.mems {
				flats[mem] = k.flat(mem)
			}
		}
		k.tiles(a.BlockIDs[0], a.GridSizes[0], p.gx, p.stride, func(b *ir.Value) {
			row, lane := b, a.ThreadIDs[0]
			var ok *ir.Value
			if p.warp {
				row = k.add(k.mulc(b, p.perBlk), a.ThreadIDs[1])
				if p.rows%p.perBlk != 0 {
					ok = k.ltc(row, p.rows)
				}
			}
			k.ifThen(ok, func() {
				m := ir.NewMapping()
				k.delinearize(nt, len(nt.band), row, m)
				var cache *loadCache
				if p.resident > 0 || p.aligned != nil {
					cache = &loadCache{written: p.written, vals: map[string]*ir.Value{}, flats: flats}
				}
				for i := range p.phases {
					p.emitPhase(k, i, lane, m, bufs, cache)
					if p.sync && i+1 < len(p.phases) {
						k.barrier()
					}
				}
			})
			if p.sync && p.stride {
				k.barrier()
			}
		})
	})
}

func (p *rowPlan) smemType(t ir.Type, nWarps int64) *ir.MemRefType {
	return ir.MemRef([]int64{nWarps}, t, nil, ir.IntAttr(ir.I64, 3))
}

func (p *rowPlan) emitPhase(k *kb, i int, lane *ir.Value, m *ir.Mapping, bufs map[ir.Type]*ir.Value, cache *loadCache) {
	ph := p.phases[i]
	if ph.loop.Operation == nil {
		if ir.IsMemoryEffectFree(ph.op) || ph.op.Is(affine.LoadName) {
			k.b.Clone(ph.op, m)
			return
		}
		// Every lane computed the value; one stores it.
		k.ifThen(k.cmp(cmpEQ, lane, k.idx(0)), func() { k.b.Clone(ph.op, m) })
		return
	}
	f := ph.loop
	var parts []*ir.Value
	switch {
	case p.aligned != nil:
		parts = p.alignedPartials(k, ph, lane, m, cache)
	case p.resident > 0:
		parts = p.residentPartials(k, ph, lane, m, cache)
	default:
		parts = p.loopPartials(k, ph, lane, m)
	}
	for r, c := range ph.comb {
		v := k.warpReduce(parts[r], c)
		if !p.warp {
			v = k.blockReduce(v, c, lane, bufs[v.Type()], p.threads[0]/warpSize, p.stride || p.reusesBuffer(i, r))
		}
		m.Map(f.Result(r), k.bin(c, m.Lookup(f.Inits()[r]), v))
	}
}

// reusesBuffer reports whether a reduction after the r-th of phase i in
// the row uses the same workgroup buffer (its type's).
func (p *rowPlan) reusesBuffer(i, r int) bool {
	t := p.phases[i].loop.Result(r).Type()
	for j := i; j < len(p.phases); j++ {
		ph := p.phases[j]
		for q := range ph.comb {
			if (j > i || q > r) && ph.loop.Result(q).Type() == t {
				return true
			}
		}
	}
	return false
}

// warpReduce combines v over the 32 lanes of the warp with a gpu.shuffle
// xor butterfly; every lane ends with the warp's value.
func (k *kb) warpReduce(v *ir.Value, comb string) *ir.Value {
	for off := int64(warpSize / 2); off >= 1; off /= 2 {
		v = k.bin(comb, v, k.shuffleXor(v, off))
	}
	return v
}

// blockReduce combines the warps' values: lane 0 of each warp writes its
// warp's value to buf[warp], and after a barrier every warp reduces the
// slots with a second butterfly. When reused is set (a later reduction
// writes buf), a barrier after the reads keeps those writes after them.
func (k *kb) blockReduce(v *ir.Value, comb string, tid, buf *ir.Value, nWarps int64, reused bool) *ir.Value {
	warp := k.bin("arith.divui", tid, k.idx(warpSize))
	lane := k.bin("arith.remui", tid, k.idx(warpSize))
	k.ifThen(k.cmp(cmpEQ, lane, k.idx(0)), func() {
		k.b.CreateOp("memref.store", k.loc, []*ir.Value{v, buf, warp}, nil)
	})
	k.barrier()
	w := k.ifElse(k.ltc(lane, nWarps), v.Type(),
		func() *ir.Value { return k.op("memref.load", []*ir.Value{buf, lane}, v.Type()) },
		func() *ir.Value { return k.identity(comb, v.Type()) })
	w = k.warpReduce(w, comb)
	if reused {
		k.barrier()
	}
	return w
}

// loopPartials runs the lanes' share of an inner loop (iterations lane,
// lane+lanes, ...; vectors of ph.vw elements when vectorised) and returns
// each lane's partial value of each reduction, from the identity.
func (p *rowPlan) loopPartials(k *kb, ph phase, lane *ir.Value, m *ir.Mapping) []*ir.Value {
	parts := k.forLoop(lane, k.idx(ph.n/ph.vw), k.idx(p.lanes), p.identities(k, ph), func(j *ir.Value, args []*ir.Value) []*ir.Value {
		return p.iteration(k, ph, k.addc(k.mulc(j, ph.step*ph.vw), ph.lb), args, m, nil)
	})
	// parts is the loop's own result list: leave it alone.
	return p.combineElements(k, ph, append([]*ir.Value(nil), parts...))
}

// residentPartials is loopPartials for the single-pass plan: the lane's
// p.resident iterations lane, lane+lanes, ... unrolled, with the loads of
// memory the row does not write taken from cache where an earlier loop
// loaded them (and recorded there otherwise).
func (p *rowPlan) residentPartials(k *kb, ph phase, lane *ir.Value, m *ir.Mapping, cache *loadCache) []*ir.Value {
	args := p.identities(k, ph)
	for c := int64(0); c < p.resident; c++ {
		// One IV value per iteration for all the loops, so that their
		// loads have the same operands (the cache key).
		if int64(len(cache.ivs)) == c {
			cache.ivs = append(cache.ivs, k.addc(k.mulc(k.addc(lane, c*p.lanes), ph.step*ph.vw), ph.lb))
		}
		args = p.iteration(k, ph, cache.ivs[c], args, m, cache)
	}
	return p.combineElements(k, ph, args)
}

// alignedPartials is residentPartials for the masked plan (alignedRow):
// the lane's interior vectors, then its end element, the first loop
// creating them; each reduction keeps its partial where a slot is empty.
func (p *rowPlan) alignedPartials(k *kb, ph phase, lane *ir.Value, m *ir.Mapping, cache *loadCache) []*ir.Value {
	al := p.aligned
	ph.vw = al.vw
	f := ph.loop
	if cache.s == nil {
		ivs := make([]*ir.Value, len(ph.pos))
		for v, d := range ph.pos {
			if v == f.InductionVar() {
				ivs[d] = k.idx(ph.lb)
			} else {
				ivs[d] = m.Lookup(v)
			}
		}
		cache.s = k.evalLin(al.lin, ivs)
		cache.hb = k.alignedBase(k.addc(cache.s, al.vw-1), al.vw)
		cache.he = k.alignedBase(k.addc(cache.s, ph.n), al.vw)
	}
	// at records the position q (ok: inside the row) with the IV value
	// of the loops there, shared by all loops so that their loads have
	// the same operands (the cache key).
	at := func(q, ok *ir.Value, vw int64) {
		cache.vecs = append(cache.vecs, &rowVec{q: q, ok: ok, vw: vw})
		cache.ivs = append(cache.ivs, k.addc(k.bin("arith.subi", q, cache.s), ph.lb))
	}
	run := func(ph phase, c int, args []*ir.Value) []*ir.Value {
		cache.cur, cache.iv = cache.vecs[c], f.InductionVar()
		ys := p.iteration(k, ph, cache.ivs[c], args, m, cache)
		if ok := cache.cur.ok; ok != nil {
			for r := range ys {
				ys[r] = k.op("arith.select", []*ir.Value{ok, ys[r], args[r]}, args[r].Type())
			}
		}
		cache.cur = nil
		return ys
	}
	args := p.identities(k, ph)
	for c := int64(0); c < al.slots; c++ {
		if int64(len(cache.vecs)) == c {
			j := k.addc(lane, c*p.lanes)
			var ok *ir.Value
			if c >= al.always {
				ok = k.cmp(cmpULT, j, k.bin("arith.subi", cache.he, cache.hb))
				j = k.op("arith.select", []*ir.Value{ok, j, k.idx(0)}, ir.Index)
			}
			// (hb+j)*vw: convert-vector-to-llvm sees a multiple of vw.
			at(k.mulc(k.add(cache.hb, j), al.vw), ok, al.vw)
		}
		args = run(ph, int(c), args)
	}
	parts := p.combineElements(k, ph, args)
	if !al.edge {
		return parts
	}
	if int64(len(cache.vecs)) == al.slots {
		// Lane lanes-1-e takes end element e: the head's e-th for
		// e < vw-1, else the tail's (e-vw+1)-th; an empty one reads
		// the row's first element.
		e := k.bin("arith.subi", k.idx(p.lanes-1), lane)
		head := k.ltc(e, al.vw-1)
		tail := k.add(k.bin("arith.subi", k.mulc(cache.he, al.vw), cache.s), k.addc(e, -(al.vw-1)))
		ok := k.op("arith.select", []*ir.Value{head,
			k.cmp(cmpULT, e, k.bin("arith.subi", k.mulc(cache.hb, al.vw), cache.s)),
			k.ltc(tail, ph.n)}, ir.I1)
		off := k.op("arith.select", []*ir.Value{head, e, tail}, ir.Index)
		off = k.op("arith.select", []*ir.Value{ok, off, k.idx(0)}, ir.Index)
		at(k.add(cache.s, off), ok, 1)
	}
	ph.vw = 1
	ends := run(ph, int(al.slots), p.identities(k, ph))
	for r, c := range ph.comb {
		parts[r] = k.bin(c, parts[r], ends[r])
	}
	return parts
}

// alignedAccess emits the access op (acc, along the row) of the masked
// plan at the current slot, and reports whether it did; operand gives
// the vector of a stored value.
func (c *loadCache) alignedAccess(k *kb, op *ir.Operation, acc *analysis.MemRefAccess, m *ir.Mapping, isVec map[*ir.Value]bool, operand func(*ir.Value) *ir.Value) bool {
	if c == nil || c.cur == nil {
		return false
	}
	flat, ok := c.flats[acc.MemRef]
	if !ok {
		return false
	}
	along := false
	for _, li := range indicesOver(acc, map[*ir.Value]int{c.iv: 0}, 1) {
		along = along || li.dependsOn(0)
	}
	if !along {
		return false
	}
	elem := acc.MemRefType().ElementType()
	if acc.IsStore {
		c.cur.store(k, operand(op.Operand(0)), flat)
		return true
	}
	key := c.key(acc, m, c.cur.vw)
	v, hit := c.lookup(key)
	if !hit {
		v = c.cur.load(k, flat, elem)
		c.record(key, v)
	}
	isVec[v] = true
	m.Map(op.Result(0), v)
	return true
}

// identities are the initial partials of ph's reductions: the combiner's
// identity, splat to vectors when ph is vectorised.
func (p *rowPlan) identities(k *kb, ph phase) []*ir.Value {
	var ids []*ir.Value
	for i, c := range ph.comb {
		t := ph.loop.Result(i).Type()
		if ph.vw > 1 {
			t = ir.Vector([]int64{ph.vw}, t, nil)
		}
		ids = append(ids, k.splat(t, identityAttr(c, ph.loop.Result(i).Type())))
	}
	return ids
}

// iteration emits ph's loop body at the IV value iv (the first element
// of a vector of ph.vw) with the partials args and returns the partials
// it yields.
func (p *rowPlan) iteration(k *kb, ph phase, iv *ir.Value, args []*ir.Value, m *ir.Mapping, cache *loadCache) []*ir.Value {
	f := ph.loop
	vw := ph.vw
	m.Map(f.InductionVar(), iv)
	isVec := map[*ir.Value]bool{}
	for i, a := range f.RegionIterArgs() {
		m.Map(a, args[i])
		isVec[args[i]] = true
	}
	if vw > 1 {
		vectorOps(k, bodyOps(f.Body()), m, vw, ph.pos, len(ph.pos), len(ph.pos)-1, isVec, cache)
	} else {
		for _, op := range bodyOps(f.Body()) {
			if acc, ok := analysis.NewMemRefAccess(op); ok {
				if cache.alignedAccess(k, op, acc, m, isVec, m.Lookup) {
					continue
				}
				if key := cache.key(acc, m, 1); key != "" {
					if v, hit := cache.lookup(key); hit {
						m.Map(op.Result(0), v)
						continue
					}
					k.b.Clone(op, m)
					cache.record(key, m.Lookup(op.Result(0)))
					continue
				}
			}
			k.b.Clone(op, m)
		}
	}
	var ys []*ir.Value
	for _, v := range f.Yield().Operands() {
		ys = append(ys, m.Lookup(v))
	}
	return ys
}

// combineElements reduces each vector partial of a vectorised loop to
// the lane's scalar partial; parts is modified in place.
func (p *rowPlan) combineElements(k *kb, ph phase, parts []*ir.Value) []*ir.Value {
	if ph.vw == 1 {
		return parts
	}
	for i, c := range ph.comb {
		t := ph.loop.Result(i).Type()
		s := vector.BuildExtractOp(k.b, k.loc, parts[i], nil, t, ir.NamedAttribute{Name: "static_position", Value: ir.DenseI64Array(0)}).Result(0)
		for e := int64(1); e < ph.vw; e++ {
			x := vector.BuildExtractOp(k.b, k.loc, parts[i], nil, t, ir.NamedAttribute{Name: "static_position", Value: ir.DenseI64Array(e)}).Result(0)
			s = k.bin(c, s, x)
		}
		parts[i] = s
	}
	return parts
}
