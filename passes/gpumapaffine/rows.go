package gpumapaffine

import (
	"sort"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
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
}

// phase is one op of the row body: an inner loop or a row-level op.
type phase struct {
	op    *ir.Operation
	loop  affine.ForOp
	lb, n int64
	step  int64
	comb  []string // combiner of each iter_arg, in order
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
					smem[t] = declareSmem(k.ctx, fn, symName(fn)+"_reduce_smem", p.smemType(t, nWarps), k.loc)
				}
			}
		}
	}
	return k.launch([3]int64{p.bx, 1, 1}, p.threads, func(a gpuArgs) {
		bufs := map[ir.Type]*ir.Value{}
		for t, name := range smem {
			bufs[t] = k.getGlobal(name, p.smemType(t, nWarps))
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
				for i, ph := range p.phases {
					p.emitPhase(k, ph, lane, m, bufs)
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

func (p *rowPlan) emitPhase(k *kb, ph phase, lane *ir.Value, m *ir.Mapping, bufs map[ir.Type]*ir.Value) {
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
	var ids []*ir.Value
	for i, c := range ph.comb {
		ids = append(ids, k.identity(c, f.Result(i).Type()))
	}
	parts := k.forLoop(lane, k.idx(ph.n), k.idx(p.lanes), ids, func(j *ir.Value, args []*ir.Value) []*ir.Value {
		m.Map(f.InductionVar(), k.addc(k.mulc(j, ph.step), ph.lb))
		for i, a := range f.RegionIterArgs() {
			m.Map(a, args[i])
		}
		for _, op := range bodyOps(f.Body()) {
			k.b.Clone(op, m)
		}
		var ys []*ir.Value
		for _, v := range f.Yield().Operands() {
			ys = append(ys, m.Lookup(v))
		}
		return ys
	})
	for i, c := range ph.comb {
		v := k.warpReduce(parts[i], c)
		if !p.warp {
			v = k.blockReduce(v, c, lane, bufs[v.Type()], p.threads[0]/warpSize)
		}
		m.Map(f.Result(i), k.bin(c, m.Lookup(f.Inits()[i]), v))
	}
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
// slots with a second butterfly. The barrier after the reads lets the next
// reduction reuse buf.
func (k *kb) blockReduce(v *ir.Value, comb string, tid, buf *ir.Value, nWarps int64) *ir.Value {
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
	k.barrier()
	return w
}
