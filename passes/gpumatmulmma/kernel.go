package gpumatmulmma

import (
	"fmt"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"strings"
)

// kernelFunc is the name of the function kernel.text writes; the pass
// splices its body in place of the matmul nest.
const kernelFunc = "gpu_matmul_mma"

// Type spellings of the kernel, as mlir-opt-19 prints them.
const (
	workgroup = "#gpu.address_space<workgroup>"
	smemType  = "memref<?xi8, " + workgroup + ">"
	tokenType = "!nvgpu.device.async.token"
)

// The fragments: a thread's registers of an ldmatrix x4 (a 16 x k A
// fragment), of a k x 8 B fragment and of a 16x8 accumulator (rows g and
// g+8). A register holds two 16-bit elements or one tf32.
func (k *kernel) fragA() string { return fmt.Sprintf("vector<4x%dx%s>", 4/k.inBytes(), k.In) }
func (k *kernel) fragB() string { return fmt.Sprintf("vector<2x%dx%s>", 4/k.inBytes(), k.In) }
func (k *kernel) fragC() string { return "vector<2x2x" + k.Acc + ">" }
func (k *kernel) regB() string  { return fmt.Sprintf("vector<%dx%s>", 4/k.inBytes(), k.In) }

func (k *kernel) typeA() string { return fmt.Sprintf("memref<%dx%dx%s>", k.M, k.K, k.In) }
func (k *kernel) typeB() string { return fmt.Sprintf("memref<%dx%dx%s>", k.K, k.N, k.In) }
func (k *kernel) typeC() string { return fmt.Sprintf("memref<%dx%dx%s>", k.M, k.N, k.Acc) }
func (k *kernel) ringB() string {
	return fmt.Sprintf("memref<%dx%dx%dx%s, %s>", k.Stages, k.BK, k.BN, k.In, workgroup)
}

// copyPlan is one thread's part of the copies of an operand's K tile,
// computed once before the main loop: the shared-memory views its 16-byte
// chunks are written through and each chunk's index in its view (in slot
// 0), the chunks' flat global indices relative to the thread's first one,
// and how far a K tile and a ring slot are apart. trip is the flat global
// index of the thread's first chunk of the K tile the code being written
// counts from: the first of the main loop's trip, or tile 0.
type copyPlan struct {
	views     []string
	sizes     []int64 // the views' elements
	dst, src  []int64
	first     string // the flat global index of the first chunk of K tile 0
	trip      string
	tileStep  int64  // global elements from one K tile to the next
	slotElems int64  // shared elements from one ring slot to the next
	flat      string // the operand as a flat 1-d memref, and its type
	flatType  string
}

// ringSlot is a slot of the ring: the constant c where the code's place
// in the ring is known when the kernel is written, else the value v.
type ringSlot struct {
	c int64
	v string
}

// state names the values the kernel body's pieces share.
type state struct {
	e            *kernelemit.Emitter
	zeroB        string // a B fragment of zeros, the base the halves are inserted into
	tid, m0, n0  string
	smem         string
	ringB        string // tf32's B ring, which lanes load from themselves
	planA, planB copyPlan
}

// value is the slot's index as a value.
func (st *state) value(s ringSlot) string {
	if s.v != "" {
		return s.v
	}
	return st.e.C(s.c)
}

// at is the index of element c of slot s of a ring whose slots are
// slotElems apart: a constant when the slot is.
func (st *state) at(s ringSlot, slotElems, c int64) string {
	if s.v == "" {
		return st.e.C(s.c*slotElems + c)
	}
	return st.e.AddC(st.e.MulC(s.v, slotElems), c)
}

// threadView writes a 1-D view of n elements of shared memory from byte
// region + off elements: a thread's loop-invariant part of its addresses
// into a ring, through which every access it makes is at a constant index
// (given the slot). The lowered address is then one base register and an
// immediate, with no arithmetic in the K loop.
func (k *kernel) threadView(st *state, region int64, off string, n int64) string {
	e := st.e
	shift := e.AddC(e.MulC(off, k.inBytes()), region)
	return e.Op("tv", "memref.view %s[%s][] : %s to %s", st.smem, shift, smemType, k.viewType(n))
}

// viewType is the type of a threadView of n elements.
func (k *kernel) viewType(n int64) string {
	return fmt.Sprintf("memref<%dx%s, %s>", n, k.In, workgroup)
}

// text writes a function with the matmul's operands, %A, %B and %C, whose
// body is the gpu.launch.
func (k *kernel) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @%s(%%A: %s, %%B: %s, %%C: %s) {\n", kernelFunc, k.typeA(), k.typeB(), k.typeC())
	h := kernelemit.New(1, "hc")
	smemBytes := h.Op("smem_bytes", "arith.constant %d : i32", k.sharedBytes())
	h.Open("gpu.launch blocks(%%bx, %%by, %%bz) in (%%gx = %s, %%gy = %s, %%gz = %s) threads(%%tx, %%ty, %%tz) in (%%sx = %s, %%sy = %s, %%sz = %s) dynamic_shared_memory_size %s {",
		h.C(k.N/k.BN), h.C(k.M/k.BM), h.C(1), h.C(k.threads()), h.C(1), h.C(1), smemBytes)
	h.Raw(k.body())
	h.Line("gpu.terminator")
	h.Close("}")
	h.Line("return")
	b.WriteString(h.Prelude(1))
	b.WriteString(h.Text())
	b.WriteString("}\n")
	return b.String()
}

// body writes the launch body: the copy plans and fragment addresses,
// the cp.async prologue, the main loop, the peeled last iterations and
// the epilogue.
//
// K tile t is computed by iteration t, which first issues the copies of
// tile t+stages-1 (while there is one) into the slot of tile t-1. The
// iterations that issue copies are the main loop's, unrolled by
// loopUnroll() so that, with the loop starting at 0, each copy of the
// body reads and writes ring slots that are constants: no slot arithmetic
// and every shared address a loop-invariant base plus a constant. The
// iterations the unrolled loop leaves, and those that issue no copies,
// are peeled: their tiles, slots and wait counts are all static, so no
// iteration tests whether it has a next tile.
func (k *kernel) body() string {
	e := kernelemit.New(2, "c")
	st := &state{e: e}
	st.tid = e.Op("tid", "gpu.thread_id x")
	tm, tn := k.tileCoords(e)
	st.m0, st.n0 = e.MulC(tm, k.BM), e.MulC(tn, k.BN)
	st.smem = e.Op("smem", "gpu.dynamic_shared_memory : %s", smemType)
	if k.In == f32 {
		st.ringB = e.Op("ring_b", "memref.view %s[%s][] : %s to %s", st.smem, e.C(k.aRingBytes()), smemType, k.ringB())
	}
	st.planA = k.plan(st, operandTile{rows: k.BM, cols: k.BK, ld: k.K, tileStep: k.BK, global: "A", globalType: k.typeA(), elems: k.M * k.K,
		origin: func(r0, src string) string { return e.Add(e.MulC(e.Add(st.m0, r0), k.K), src) },
		swz:    func(r string) string { return k.swizzleOf(e, r, k.BK/k.chunk()) }, period: k.swizzlePeriodA()})
	st.planB = k.plan(st, operandTile{rows: k.BK, cols: k.BN, region: k.aRingBytes(), ld: k.N, tileStep: k.BK * k.N, global: "B", globalType: k.typeB(), elems: k.K * k.N,
		origin: func(r0, src string) string { return e.Add(e.MulC(r0, k.N), e.Add(st.n0, src)) },
		swz:    func(r string) string { return k.swizzleOfB(e, r) }, period: k.swizzlePeriodB()})
	f := k.fragmentAddresses(st)
	// The prologue fills slots 0 .. stages-2, one commit group per tile,
	// waits for tile 0 and loads its first fragments.
	kt := k.kTiles()
	var it iteration
	for t := int64(0); t < min(k.Stages-1, kt); t++ {
		it.tok = k.load(st, t, ringSlot{c: t})
	}
	e.Line("nvgpu.device_async_wait %s {numGroups = %d : i32}", it.tok, min(k.Stages-2, kt-1))
	e.Line("gpu.barrier")
	it.curA, it.curB = k.fragments(st, f, ringSlot{}, 0)
	zero := e.Op("zero", "arith.constant dense<0.0> : %s", k.fragC())
	it.accs = make([]string, k.accumulators())
	for i := range it.accs {
		it.accs[i] = zero
	}
	// Iterations 0 .. copying-1 issue copies; the loop runs the first
	// whole multiples of the unroll factor of them.
	copying := max(0, kt-(k.Stages-1))
	unroll := k.loopUnroll()
	looped := copying / unroll * unroll
	if looped > 0 {
		it = k.mainLoop(st, f, it, looped, unroll)
	}
	for t := looped; t < kt; t++ {
		k.iterate(st, f, &it, tile{index: e.C(t), at: t, static: true}, t < copying)
	}
	k.epilogue(st, f, it.accs)
	return e.Prelude(2) + e.Text()
}

// loopUnroll is the number of K tiles one trip of the main loop computes:
// stages, so that the ring's slots are constants in the body, or 1 when
// the ring is not unrolled (its slots are then the tile index modulo
// stages).
func (k *kernel) loopUnroll() int64 {
	if k.UnrollRing {
		return k.Stages
	}
	return 1
}

// iteration is what one K iteration hands the next: the newest commit
// group's token (the waits' operand), the fragments of the next tile's
// first step and the accumulators.
type iteration struct {
	tok              string
	curA, curB, accs []string
}

// tile is the K tile an iteration computes: its index as a value, and
// (at) the index itself where it is known when the kernel is written
// (static), else its distance from the first tile of the loop's trip,
// whose index is a multiple of the unroll factor.
type tile struct {
	index  string
	at     int64
	static bool
}

// mainLoop writes the loop over iterations 0 .. looped-1, unroll a trip,
// carrying it, and returns the loop's results.
func (k *kernel) mainLoop(st *state, f fragAddrs, it iteration, looped, unroll int64) iteration {
	e := st.e
	iv, res := e.Fresh("k"), e.Fresh("res")
	var args, types []string
	param := func(init, typ string) string {
		a := e.Fresh("arg")
		args = append(args, fmt.Sprintf("%s = %s", a, init))
		types = append(types, typ)
		return a
	}
	in := iteration{tok: param(it.tok, tokenType)}
	for _, a := range it.curA {
		in.curA = append(in.curA, param(a, k.fragA()))
	}
	for _, b := range it.curB {
		in.curB = append(in.curB, param(b, k.fragB()))
	}
	for _, c := range it.accs {
		in.accs = append(in.accs, param(c, k.fragC()))
	}
	e.Open("%s:%d = scf.for %s = %s to %s step %s iter_args(%s) -> (%s) {", res, len(args), iv, e.C(0), e.C(looped), e.C(unroll), strings.Join(args, ", "), strings.Join(types, ", "))
	// The trip's copies count their tiles from tile iv: one global index
	// a trip and an operand, the rest constants.
	for _, p := range []*copyPlan{&st.planA, &st.planB} {
		p.trip = e.Add(p.first, e.MulC(iv, p.tileStep))
	}
	for j := int64(0); j < unroll; j++ {
		k.iterate(st, f, &in, tile{index: e.AddC(iv, j), at: j}, true)
	}
	for _, p := range []*copyPlan{&st.planA, &st.planB} {
		p.trip = p.first
	}
	yield := append(append(append([]string{in.tok}, in.curA...), in.curB...), in.accs...)
	e.Line("scf.yield %s : %s", strings.Join(yield, ", "), strings.Join(types, ", "))
	e.Close("}")
	var out iteration
	n := 0
	result := func() string {
		n++
		return fmt.Sprintf("%s#%d", res, n-1)
	}
	out.tok = result()
	for range it.curA {
		out.curA = append(out.curA, result())
	}
	for range it.curB {
		out.curB = append(out.curB, result())
	}
	for range it.accs {
		out.accs = append(out.accs, result())
	}
	return out
}

// iterate writes the iteration of tile t: the copies of tile t+stages-1
// when copies, then each 16-deep step's mma.sync. The fragments of the
// next step are requested before or among a step's mma.sync, so the
// ldmatrix latency hides behind them; past the tile's last step, that is
// the next tile's first, once it has landed. In the main loop (t not
// static) every iteration copies and has a next tile.
func (k *kernel) iterate(st *state, f fragAddrs, it *iteration, t tile, copies bool) {
	e := st.e
	kt := k.kTiles()
	last := t.static && t.at == kt-1
	// The slot of tile i: a constant when i's position in the ring is
	// known, else i modulo stages.
	slot := func(offset int64) ringSlot {
		if t.static || k.UnrollRing {
			return ringSlot{c: (t.at + offset) % k.Stages}
		}
		return ringSlot{v: e.Rem(e.AddC(t.index, offset), e.C(k.Stages))}
	}
	steps := k.BK / k.mmaK()
	// Tile t+stages-1 goes to the slot of tile t-1, which every warp
	// finished reading before the barrier that ended the last iteration:
	// all its copies before the first step, or with spread-copies an
	// equal share before each step (so no step's issue slots go to a
	// burst of copies), committed before the last step's wait counts it.
	var toks []string
	copyShare := func(kk int64) {
		if !copies {
			return
		}
		n := k.copiesPerTile()
		lo, hi := int64(0), n
		if k.SpreadCopies {
			lo, hi = kk*n/steps, (kk+1)*n/steps
		} else if kk > 0 {
			return
		}
		toks = append(toks, k.copies(st, t.at+k.Stages-1, slot(k.Stages-1), lo, hi)...)
		if hi == n {
			it.tok = e.Op("grp", "nvgpu.device_async_create_group %s", strings.Join(toks, ", "))
		}
	}
	var cur ringSlot
	for kk := int64(0); kk < steps; kk++ {
		copyShare(kk)
		if kk == 0 {
			cur = slot(0) // after the copies: their slot arithmetic comes first
		}
		// The next step's fragments: this tile's step kk+1, or past the
		// last step the next tile's first, which has landed once at most
		// the groups after it are in flight: stages-2 while iterations
		// copy, fewer at the end.
		next := &fragLoads{k: k, st: st, f: f, slot: cur, kk: kk + 1}
		switch {
		case kk+1 < steps:
		case !last:
			pending := k.Stages - 2
			if t.static {
				pending = min(pending, kt-2-t.at)
			}
			next.kk = 0
			next.wait = func() {
				e.Line("nvgpu.device_async_wait %s {numGroups = %d : i32}", it.tok, pending)
				e.Line("gpu.barrier")
				next.slot = slot(1) // written where the loads use it
			}
		default:
			next = nil
		}
		na, nb := k.step(st, it, next)
		it.curA, it.curB = na, nb
	}
}

// fragLoads is the fragments a step loads for the next: k step kk of the
// tile in slot, after wait (the next tile's wait and barrier; nil within
// a tile).
type fragLoads struct {
	k    *kernel
	st   *state
	f    fragAddrs
	slot ringSlot
	kk   int64
	wait func()
}

// step writes the mma.sync of one k step over the current fragments and
// the loads of next (nil: none), and returns the loaded fragments. By
// default every load comes first, then the mma.sync; with
// interleave-loads the loads are spread over the rows of mma.sync (one
// row: the warp tile's mma.sync of one A fragment), A fragment mi right
// after row mi (its registers free from then on) and the B units, which
// every row reads, in step over the rows, so the warp never issues a
// burst of ldmatrix that stalls on the shared-memory queue. The next
// tile's wait and barrier then come after barrier-row rows, whose
// mma.sync run while the block gathers; the loads of the rows before
// it, which need the barrier, follow it at once.
func (k *kernel) step(st *state, it *iteration, next *fragLoads) (na, nb []string) {
	e := st.e
	rows := int64(len(it.curA))
	units := k.bUnits()
	if next != nil {
		na, nb = make([]string, rows), make([]string, k.WN/mmaN)
	}
	// load writes the loads of rows lo .. hi-1: their A fragments and the
	// B units in step with them, after the next tile's wait where that is
	// still to come.
	load := func(lo, hi int64) {
		if next == nil {
			return
		}
		if next.wait != nil {
			next.wait()
			next.wait = nil
		}
		for mi := lo; mi < hi; mi++ {
			na[mi] = next.fragA(mi)
		}
		for u := int64(0); u < units; u++ {
			if g := u * rows / units; g >= lo && g < hi {
				next.fragB(u, nb)
			}
		}
	}
	barrierRow := min(k.BarrierRow, rows)
	waiting := next != nil && next.wait != nil
	switch {
	case !k.InterleaveLoads:
		load(0, rows)
	case waiting && barrierRow == 0:
		load(0, 0) // the wait and barrier only
	}
	tf32 := ""
	if k.In == f32 {
		tf32 = ", tf32Enabled"
	}
	nN := k.WN / mmaN
	// Serpentine order: consecutive mma.sync share an A or a B
	// fragment, whose registers the tensor cores' operand reuse keeps.
	for mi := range it.curA {
		for n := range it.curB {
			nj := n
			if mi%2 == 1 {
				nj = len(it.curB) - 1 - n
			}
			i := int64(mi)*nN + int64(nj)
			it.accs[i] = e.Op("d", "nvgpu.mma.sync (%s, %s, %s) {mmaShape = [16, 8, %d]%s} : (%s, %s, %s) -> %s", it.curA[mi], it.curB[nj], it.accs[i], k.mmaK(), tf32, k.fragA(), k.fragB(), k.fragC(), k.fragC())
		}
		r := int64(mi)
		switch {
		case !k.InterleaveLoads:
		case waiting && r+1 < barrierRow:
			// Before the barrier: this row's loads wait for it.
		case waiting && r+1 == barrierRow:
			load(0, r+1)
		default:
			load(r, r+1)
		}
	}
	return na, nb
}

// bUnits is the number of B loads of a k step: ldmatrix x4.trans pairs of
// 8-column blocks for 16-bit B, single blocks (two loads a lane) for tf32.
func (k *kernel) bUnits() int64 {
	if k.In == f32 {
		return k.WN / mmaN
	}
	return k.WN / (2 * mmaN)
}

// fragAddrs are a thread's loop-invariant fragment addresses: A's views
// per k step (the 16-row blocks are constant offsets in them); for 16-bit
// B, the views per pair of 8-column blocks (the k steps are constant
// offsets); for tf32 B, the rows (t and t+4) of each step with their
// swizzle masks, and the chunk and element of column g of the first
// 8-column block.
type fragAddrs struct {
	lane, rowBase, colBase string
	aViews, bViews         []string
	aSize, bSize           int64 // the views' elements
	tRows, tSwz            [][2]string
	tChunk, tElem          string
}

// fragmentAddresses computes the fragment addresses. Warp w computes rows
// wr*WM and columns wc*WN of the block tile, with wr, wc = w / warpsN,
// w % warpsN.
func (k *kernel) fragmentAddresses(st *state) fragAddrs {
	e := st.e
	var f fragAddrs
	f.lane = e.Rem(st.tid, e.C(warpSize))
	warp := e.Div(st.tid, e.C(warpSize))
	f.rowBase = e.MulC(e.Div(warp, e.C(k.warpsN())), k.WM)
	f.colBase = e.MulC(e.Rem(warp, e.C(k.warpsN())), k.WN)
	steps := k.BK / k.mmaK()
	// ldmatrix x4 on A: lanes 8i..8i+7 address the rows of matrix i, the
	// 8-row x 16-byte blocks in the order of mma.sync's A registers:
	// (rows 0-7, chunk 0), (rows 8-15, chunk 0), (rows 0-7, chunk 1),
	// (rows 8-15, chunk 1) of the step's two chunks, k 0-7 and 8-15 of
	// f16 or bf16, or k 0-3 and 4-7 of tf32 (one 32-bit element a lane a
	// matrix: A[g, t], A[g+8, t], A[g, t+4], A[g+8, t+4], tf32's order).
	// The swizzle repeats every 8 rows, so one mask serves every 16-row
	// block.
	aRow := e.Add(f.rowBase, e.Add(e.Rem(f.lane, e.C(8)), e.MulC(e.Rem(e.Div(f.lane, e.C(8)), e.C(2)), 8)))
	hi := e.Div(f.lane, e.C(16))
	aSwz := k.swizzleOf(e, aRow, k.BK/k.chunk())
	// The XOR with a step's chunk is no constant offset: one view a step.
	aRowOff := e.MulC(aRow, k.BK)
	f.aSize = (k.Stages-1)*k.BM*k.BK + (k.WM-mmaM)*k.BK + k.chunk()
	for kk := int64(0); kk < steps; kk++ {
		col := e.MulC(e.Op("v", "arith.xori %s, %s : index", e.AddC(hi, kk*2), aSwz), k.chunk())
		f.aViews = append(f.aViews, k.threadView(st, 0, e.Add(aRowOff, col), f.aSize))
	}
	if k.In == f32 {
		// ldmatrix.trans moves 16-bit elements only: a lane loads tf32
		// B[t, g] and B[t+4, g] of each 8-column block itself.
		g, t := e.Div(f.lane, e.C(4)), e.Rem(f.lane, e.C(4))
		for kk := int64(0); kk < steps; kk++ {
			var rows, swz [2]string
			for h := range rows {
				rows[h] = e.AddC(t, kk*k.mmaK()+int64(h)*4)
				swz[h] = k.swizzleOfB(e, rows[h])
			}
			f.tRows, f.tSwz = append(f.tRows, rows), append(f.tSwz, swz)
		}
		f.tChunk = e.Add(e.Div(f.colBase, e.C(k.chunk())), e.Div(g, e.C(k.chunk())))
		f.tElem = e.Rem(g, e.C(k.chunk()))
		return f
	}
	// ldmatrix x4.trans on B (K x N, row-major): lanes 8i..8i+7 address k
	// rows 8(i%2) .. +7 of the 8-column block i/2 of a pair; transposed, a
	// lane gets B[2t, g] and B[2t+1, g] of each, so registers 0-1 are
	// mma.sync's B fragment of the pair's first n tile, 2-3 of its second.
	// The swizzle repeats every 8 rows, so the k steps are constant
	// offsets; the pairs, XORed, are one view each.
	bRow := e.Rem(f.lane, e.C(16))
	bSwz := k.swizzleOfB(e, bRow)
	bRowOff := e.MulC(bRow, k.BN)
	f.bSize = (k.Stages-1)*k.BK*k.BN + (steps-1)*k.mmaK()*k.BN + k.chunk()
	colChunk := e.Add(e.Div(f.colBase, e.C(k.chunk())), hi)
	for p := int64(0); p < k.WN/(2*mmaN); p++ {
		col := e.MulC(e.Op("v", "arith.xori %s, %s : index", e.AddC(colChunk, 2*p), bSwz), k.chunk())
		f.bViews = append(f.bViews, k.threadView(st, k.aRingBytes(), e.Add(bRowOff, col), f.bSize))
	}
	return f
}

// fragments writes the loads of k step kk of the tile in slot and returns
// the A fragments (one per 16-row block) and the B fragments (one per
// 8-column block).
func (k *kernel) fragments(st *state, f fragAddrs, slot ringSlot, kk int64) (fa, fb []string) {
	l := &fragLoads{k: k, st: st, f: f, slot: slot, kk: kk}
	for mi := int64(0); mi < k.WM/mmaM; mi++ {
		fa = append(fa, l.fragA(mi))
	}
	fb = make([]string, k.WN/mmaN)
	for u := int64(0); u < k.bUnits(); u++ {
		l.fragB(u, fb)
	}
	return fa, fb
}

// fragA writes the ldmatrix x4 of A's 16-row block mi.
func (l *fragLoads) fragA(mi int64) string {
	k, st := l.k, l.st
	return st.e.Op("fa", "nvgpu.ldmatrix %s[%s] {numTiles = 4 : i32, transpose = false} : %s -> %s", l.f.aViews[l.kk], st.at(l.slot, k.BM*k.BK, mi*mmaM*k.BK), k.viewType(l.f.aSize), k.fragA())
}

// fragB writes the loads of B unit u (see bUnits) into fb, the step's
// fragments by 8-column block.
func (l *fragLoads) fragB(u int64, fb []string) {
	k, st, f, e := l.k, l.st, l.f, l.st.e
	if k.In == f32 {
		frag := st.zeroFragB(k)
		for h, row := range f.tRows[l.kk] {
			// Column g of block u: chunk tChunk + 2u (8 columns are two
			// 4-element chunks), swizzled as its row's.
			ch := e.Op("v", "arith.xori %s, %s : index", e.AddC(f.tChunk, 2*u), f.tSwz[l.kk][h])
			col := e.Add(e.MulC(ch, k.chunk()), f.tElem)
			v := e.Op("v", "vector.load %s[%s, %s, %s] : %s, %s", st.ringB, st.value(l.slot), row, col, k.ringB(), k.regB())
			frag = e.Op("fb", "vector.insert %s, %s [%d] : %s into %s", v, frag, h, k.regB(), k.fragB())
		}
		fb[u] = frag
		return
	}
	pair := e.Op("fb", "nvgpu.ldmatrix %s[%s] {numTiles = 4 : i32, transpose = true} : %s -> %s", f.bViews[u], st.at(l.slot, k.BK*k.BN, l.kk*k.mmaK()*k.BN), k.viewType(f.bSize), k.fragA())
	for h := int64(0); h < 2; h++ {
		lo := e.Op("v", "vector.extract %s[%d] : %s from %s", pair, 2*h, k.regB(), k.fragA())
		hi := e.Op("v", "vector.extract %s[%d] : %s from %s", pair, 2*h+1, k.regB(), k.fragA())
		v := e.Op("v", "vector.insert %s, %s [0] : %s into %s", lo, st.zeroFragB(k), k.regB(), k.fragB())
		fb[2*u+h] = e.Op("fb", "vector.insert %s, %s [1] : %s into %s", hi, v, k.regB(), k.fragB())
	}
}

// zeroFragB returns the zero B fragment, defined on first use (in the
// prologue, whose loads come before, and dominate, every other).
func (st *state) zeroFragB(k *kernel) string {
	if st.zeroB == "" {
		st.zeroB = st.e.Op("zb", "arith.constant dense<0.0> : %s", k.fragB())
	}
	return st.zeroB
}

// operandTile describes the copies of an operand's K tile: its rows x cols
// in shared memory (the ring at byte region), the operand in global memory
// (its name, type and element count), the flat global index origin gives
// element (r0, src) of K tile 0, the global elements from a K tile to the
// next, and the shared tile's swizzle, which repeats every period rows.
type operandTile struct {
	rows, cols, region int64
	ld, tileStep       int64
	global, globalType string
	elems              int64
	origin             func(r0, src string) string
	swz                func(row string) string
	period             int64
}

// plan computes a thread's chunks of a rows x cols tile copy: chunk
// tid + i*threads is row (tid + i*threads) / rowChunks, chunk tid %
// rowChunks of it (threads is a multiple of rowChunks), stored at the
// chunk the tile's swizzle gives. Consecutive chunks of a thread are
// rowStep rows apart: where the swizzle repeats over rowStep, they are
// constant offsets in one view, else each has its own.
func (k *kernel) plan(st *state, o operandTile) copyPlan {
	e := st.e
	rowChunks := o.cols / k.chunk()
	r0 := e.Div(st.tid, e.C(rowChunks))
	ch := e.Rem(st.tid, e.C(rowChunks))
	src := e.MulC(ch, k.chunk())
	rowStep := k.threads() / rowChunks
	n := o.rows * rowChunks / k.threads()
	p := copyPlan{tileStep: o.tileStep, slotElems: o.rows * o.cols}
	p.flatType = fmt.Sprintf("memref<%dx%s>", o.elems, k.In)
	p.flat = e.Op("flat", "memref.reinterpret_cast %%%s to offset: [0], sizes: [%d], strides: [1] : %s to %s", o.global, o.elems, o.globalType, p.flatType)
	p.first = o.origin(r0, src)
	p.trip = p.first
	shared := rowStep%o.period == 0
	view := ""
	for i := int64(0); i < n; i++ {
		p.src = append(p.src, i*rowStep*o.ld)
		if shared && view != "" {
			p.views, p.sizes = append(p.views, view), append(p.sizes, p.sizes[0])
			p.dst = append(p.dst, i*rowStep*o.cols)
			continue
		}
		r := e.AddC(r0, i*rowStep)
		col := e.MulC(e.Op("v", "arith.xori %s, %s : index", ch, o.swz(r)), k.chunk())
		size := (k.Stages-1)*p.slotElems + k.chunk()
		if shared {
			size += (n - 1) * rowStep * o.cols
		}
		view = k.threadView(st, o.region, e.Add(e.MulC(r, o.cols), col), size)
		p.views, p.sizes = append(p.views, view), append(p.sizes, size)
		p.dst = append(p.dst, 0)
	}
	return p
}

// swizzlePeriodA and swizzlePeriodB are the rows after which A's and B's
// shared swizzles repeat (see swizzle, tf32SwizzleB).
func (k *kernel) swizzlePeriodA() int64 { return swizzlePeriod(k.BK / k.chunk()) }

func (k *kernel) swizzlePeriodB() int64 {
	if k.In == f32 {
		return 4 // (r & 3) << shift
	}
	return swizzlePeriod(k.BN / k.chunk())
}

func swizzlePeriod(rowChunks int64) int64 {
	shift, mask := swizzle(rowChunks)
	return (mask + 1) << shift
}

// swizzleOf writes the XOR mask of row (see swizzle).
func (k *kernel) swizzleOf(e *kernelemit.Emitter, row string, rowChunks int64) string {
	shift, mask := swizzle(rowChunks)
	r := row
	if shift > 0 {
		r = e.Op("v", "arith.shrui %s, %s : index", row, e.C(shift))
	}
	return e.Op("v", "arith.andi %s, %s : index", r, e.C(mask))
}

// swizzleOfB writes the XOR mask of B's row. For tf32, whose B fragments
// lanes load one element each (not ldmatrix), a load's 32 lanes read rows
// t = 0..3 of two neighbouring chunks (columns g = 0..7): moving row r's
// chunks by 2(r%4) spreads those 8 (row, chunk) pairs over 8 bank groups
// (the ldmatrix pattern, r%8, would pair rows 0 and 1).
func (k *kernel) swizzleOfB(e *kernelemit.Emitter, row string) string {
	rowChunks := k.BN / k.chunk()
	if k.In != f32 {
		return k.swizzleOf(e, row, rowChunks)
	}
	shift, mask := tf32SwizzleB(rowChunks)
	v := e.Op("v", "arith.andi %s, %s : index", row, e.C(3))
	v = e.Op("v", "arith.shli %s, %s : index", v, e.C(shift))
	return e.Op("v", "arith.andi %s, %s : index", v, e.C(mask))
}

// load writes the cp.async copies of the K tile toff tiles after the
// plans' trip tiles into ring slot slot and commits them as one group,
// whose token it returns.
func (k *kernel) load(st *state, toff int64, slot ringSlot) string {
	toks := k.copies(st, toff, slot, 0, k.copiesPerTile())
	return st.e.Op("grp", "nvgpu.device_async_create_group %s", strings.Join(toks, ", "))
}

// copiesPerTile is the number of a thread's 16-byte copies of a K tile: A's
// then B's.
func (k *kernel) copiesPerTile() int64 {
	return (k.BM*k.BK + k.BK*k.BN) / k.chunk() / k.threads()
}

// copies writes copies lo .. hi-1 (of copiesPerTile, A's then B's) of the
// K tile toff tiles after the plans' trip tiles into ring slot slot, and
// returns their tokens. cp.async.cg (bypassL1) streams the tiles through
// L2 only: each is read once per block.
func (k *kernel) copies(st *state, toff int64, slot ringSlot, lo, hi int64) []string {
	e := st.e
	var toks []string
	i := int64(0)
	for _, p := range []*copyPlan{&st.planA, &st.planB} {
		for j, v := range p.views {
			if i >= lo && i < hi {
				toks = append(toks, e.Op("cp", "nvgpu.device_async_copy %s[%s], %s[%s], %d {bypassL1} : %s to %s",
					p.flat, e.AddC(p.trip, toff*p.tileStep+p.src[j]), v, st.at(slot, p.slotElems, p.dst[j]), k.chunk(), p.flatType, k.viewType(p.sizes[j])))
			}
			i++
		}
	}
	return toks
}

// epilogue writes C += the accumulators: accumulator (mi, nj) holds, in
// lane g*4+t, C's rows g and g+8 of its 16x8 block at columns 2t and
// 2t+1, one vector<2xf32> (or vector<2xf16>) access each.
func (k *kernel) epilogue(st *state, f fragAddrs, accs []string) {
	e := st.e
	row := e.Add(e.Add(st.m0, f.rowBase), e.Div(f.lane, e.C(4)))
	col := e.Add(e.Add(st.n0, f.colBase), e.MulC(e.Rem(f.lane, e.C(4)), 2))
	nN := k.WN / mmaN
	pair := "vector<2x" + k.Acc + ">"
	for mi := int64(0); mi < k.WM/mmaM; mi++ {
		for nj := int64(0); nj < nN; nj++ {
			acc := accs[mi*nN+nj]
			c := e.AddC(col, nj*mmaN)
			for h := int64(0); h < 2; h++ {
				r := e.AddC(row, mi*mmaM+h*8)
				v := e.Op("v", "vector.extract %s[%d] : %s from %s", acc, h, pair, k.fragC())
				g := e.Op("v", "vector.load %%C[%s, %s] : %s, %s", r, c, k.typeC(), pair)
				s := e.Op("v", "arith.addf %s, %s : %s", v, g, pair)
				e.Line("vector.store %s, %%C[%s, %s] : %s, %s", s, r, c, k.typeC(), pair)
			}
		}
	}
}

// tileCoords returns the (row, column) tile of C the block computes. With
// grid-swizzle=G the blocks are rasterised in groups of G tile rows, so
// that blocks running together share A's and B's tiles in L2.
func (k *kernel) tileCoords(e *kernelemit.Emitter) (string, string) {
	bx := e.Op("bx", "gpu.block_id x")
	by := e.Op("by", "gpu.block_id y")
	tilesM, tilesN := k.M/k.BM, k.N/k.BN
	if k.GridSwizzle <= 1 || tilesM <= 1 {
		return by, bx
	}
	g := min(k.GridSwizzle, tilesM)
	pid := e.Add(e.MulC(by, tilesN), bx)
	group := e.Div(pid, e.C(g*tilesN))
	first := e.MulC(group, g)
	left := e.Op("v", "arith.subi %s, %s : index", e.C(tilesM), first)
	size := e.Op("v", "arith.minui %s, %s : index", left, e.C(g))
	inGroup := e.Rem(pid, e.C(g*tilesN))
	tm := e.Add(first, e.Rem(inGroup, size))
	tn := e.Div(inGroup, size)
	return tm, tn
}
