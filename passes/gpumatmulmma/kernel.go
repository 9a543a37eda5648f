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
func (k *kernel) ringA() string {
	return fmt.Sprintf("memref<%dx%dx%dx%s, %s>", k.Stages, k.BM, k.BK, k.In, workgroup)
}
func (k *kernel) ringB() string {
	return fmt.Sprintf("memref<%dx%dx%dx%s, %s>", k.Stages, k.BK, k.BN, k.In, workgroup)
}

// copyPlan is one thread's part of a tile copy, computed once before the
// main loop: for each of its 16-byte chunks, the row in the tile, the
// column in global memory (relative to the tile) and the swizzled column
// in shared memory.
type copyPlan struct {
	rows, srcCols, dstCols []string
}

// state names the values the kernel body's pieces share.
type state struct {
	e            *kernelemit.Emitter
	zeroB        string // a B fragment of zeros, the base the halves are inserted into
	tid, m0, n0  string
	ringA, ringB string
	planA, planB copyPlan
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
// the cp.async prologue, the main loop and the epilogue.
func (k *kernel) body() string {
	e := kernelemit.New(2, "c")
	st := &state{e: e}
	st.tid = e.Op("tid", "gpu.thread_id x")
	tm, tn := k.tileCoords(e)
	st.m0, st.n0 = e.MulC(tm, k.BM), e.MulC(tn, k.BN)
	smem := e.Op("smem", "gpu.dynamic_shared_memory : %s", smemType)
	st.ringA = e.Op("ring_a", "memref.view %s[%s][] : %s to %s", smem, e.C(0), smemType, k.ringA())
	st.ringB = e.Op("ring_b", "memref.view %s[%s][] : %s to %s", smem, e.C(k.aRingBytes()), smemType, k.ringB())
	st.planA = k.plan(st, k.BM, k.BK, func(r string) string { return k.swizzleOf(e, r, k.BK/k.chunk()) })
	st.planB = k.plan(st, k.BK, k.BN, func(r string) string { return k.swizzleOfB(e, r) })
	f := k.fragmentAddresses(st)

	// The prologue fills slots 0 .. stages-2, one commit group per tile,
	// waits for tile 0 and loads its first fragments.
	kt := k.kTiles()
	tok := ""
	for t := int64(0); t < min(k.Stages-1, kt); t++ {
		tok = k.load(st, e.C(t), e.C(t))
	}
	e.Line("nvgpu.device_async_wait %s {numGroups = %d : i32}", tok, min(k.Stages-2, kt-1))
	e.Line("gpu.barrier")
	fa, fb := k.fragments(st, f, e.C(0), 0)

	// The main loop carries the last commit group's token (the waits'
	// operand), the first fragments of its tile and the accumulators.
	nf := k.accumulators()
	zero := e.Op("zero", "arith.constant dense<0.0> : %s", k.fragC())
	iv, res := e.Fresh("k"), e.Fresh("res")
	var args, types []string
	param := func(init, typ string) string {
		a := e.Fresh("arg")
		args = append(args, fmt.Sprintf("%s = %s", a, init))
		types = append(types, typ)
		return a
	}
	tokArg := param(tok, tokenType)
	curA, curB, accs := make([]string, len(fa)), make([]string, len(fb)), make([]string, nf)
	for i := range fa {
		curA[i] = param(fa[i], k.fragA())
	}
	for i := range fb {
		curB[i] = param(fb[i], k.fragB())
	}
	for i := range accs {
		accs[i] = param(zero, k.fragC())
	}
	e.Open("%s:%d = scf.for %s = %s to %s step %s iter_args(%s) -> (%s) {", res, len(args), iv, e.C(0), e.C(kt), e.C(1), strings.Join(args, ", "), strings.Join(types, ", "))
	// Tile kt+stages-1 goes to the slot of tile kt-1, which every warp
	// finished reading before the barrier that ended the last iteration.
	next := e.AddC(iv, k.Stages-1)
	more := e.Cmp("ult", next, e.C(kt))
	newTok := e.Fresh("tok")
	e.Open("%s = scf.if %s -> (%s) {", newTok, more, tokenType)
	e.Line("scf.yield %s : %s", k.load(st, next, e.Rem(next, e.C(k.Stages))), tokenType)
	e.Open("} else {")
	e.Line("scf.yield %s : %s", tokArg, tokenType)
	e.Close("}")
	slot := e.Rem(iv, e.C(k.Stages))
	nN := k.WN / mmaN
	steps := k.BK / k.mmaK()
	tf32 := ""
	if k.In == f32 {
		tf32 = ", tf32Enabled"
	}
	for kk := int64(0); kk < steps; kk++ {
		// Register double buffering: the fragments of the next 16-deep step
		// are requested before this step's mma.sync, so the ldmatrix
		// latency hides behind them; past the tile's last step, that is
		// the next tile's first, once it has landed.
		var na, nb []string
		if kk+1 < steps {
			na, nb = k.fragments(st, f, slot, kk+1)
		} else {
			// Tile kt+1 has landed once at most the groups after it are in
			// flight: stages-2 when this iteration issued one, else none.
			e.Open("scf.if %s {", more)
			e.Line("nvgpu.device_async_wait %s {numGroups = %d : i32}", newTok, k.Stages-2)
			e.Open("} else {")
			e.Line("nvgpu.device_async_wait %s {numGroups = 0 : i32}", newTok)
			e.Close("}")
			e.Line("gpu.barrier")
			// The last iteration reloads its own tile (landed, never
			// overwritten) rather than read past the ring's last tile.
			nt := e.Op("v", "arith.minui %s, %s : index", e.AddC(iv, 1), e.C(kt-1))
			na, nb = k.fragments(st, f, e.Rem(nt, e.C(k.Stages)), 0)
		}
		// Serpentine order: consecutive mma.sync share an A or a B
		// fragment, whose registers the tensor cores' operand reuse keeps.
		for mi := range curA {
			for n := range curB {
				nj := n
				if mi%2 == 1 {
					nj = len(curB) - 1 - n
				}
				i := int64(mi)*nN + int64(nj)
				accs[i] = e.Op("d", "nvgpu.mma.sync (%s, %s, %s) {mmaShape = [16, 8, %d]%s} : (%s, %s, %s) -> %s", curA[mi], curB[nj], accs[i], k.mmaK(), tf32, k.fragA(), k.fragB(), k.fragC(), k.fragC())
			}
		}
		curA, curB = na, nb
	}
	yield := append(append(append([]string{newTok}, curA...), curB...), accs...)
	e.Line("scf.yield %s : %s", strings.Join(yield, ", "), strings.Join(types, ", "))
	e.Close("}")
	k.epilogue(st, f.lane, f.rowBase, f.colBase, res, 1+len(curA)+len(curB))
	return e.Prelude(2) + e.Text()
}

// fragAddrs are a thread's loop-invariant fragment addresses: A's rows
// per 16-row block and columns per k step; for 16-bit B, the ldmatrix
// rows per step and columns per pair of 8-column blocks; for tf32 B, the
// rows (t and t+4) of each step with their swizzle masks, and the chunk
// and element of column g of the first 8-column block.
type fragAddrs struct {
	lane, rowBase, colBase string
	aRows, aCols           []string
	bRows, bCols           []string
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
	for mi := int64(0); mi < k.WM/mmaM; mi++ {
		f.aRows = append(f.aRows, e.AddC(aRow, mi*mmaM))
	}
	for kk := int64(0); kk < steps; kk++ {
		f.aCols = append(f.aCols, e.MulC(e.Op("v", "arith.xori %s, %s : index", e.AddC(hi, kk*2), aSwz), k.chunk()))
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
	bRow := e.Rem(f.lane, e.C(16))
	bSwz := k.swizzleOfB(e, bRow)
	for kk := int64(0); kk < steps; kk++ {
		f.bRows = append(f.bRows, e.AddC(bRow, kk*k.mmaK()))
	}
	colChunk := e.Add(e.Div(f.colBase, e.C(k.chunk())), hi)
	for p := int64(0); p < k.WN/(2*mmaN); p++ {
		f.bCols = append(f.bCols, e.MulC(e.Op("v", "arith.xori %s, %s : index", e.AddC(colChunk, 2*p), bSwz), k.chunk()))
	}
	return f
}

// fragments writes the loads of k step kk of the tile in slot and returns
// the A fragments (one per 16-row block) and the B fragments (one per
// 8-column block).
func (k *kernel) fragments(st *state, f fragAddrs, slot string, kk int64) (fa, fb []string) {
	e := st.e
	for _, r := range f.aRows {
		fa = append(fa, e.Op("fa", "nvgpu.ldmatrix %s[%s, %s, %s] {numTiles = 4 : i32, transpose = false} : %s -> %s", st.ringA, slot, r, f.aCols[kk], k.ringA(), k.fragA()))
	}
	if k.In == f32 {
		for nj := int64(0); nj < k.WN/mmaN; nj++ {
			frag := st.zeroFragB(k)
			for h, row := range f.tRows[kk] {
				// Column g of block nj: chunk tChunk + 2nj (8 columns are two
				// 4-element chunks), swizzled as its row's.
				ch := e.Op("v", "arith.xori %s, %s : index", e.AddC(f.tChunk, 2*nj), f.tSwz[kk][h])
				col := e.Add(e.MulC(ch, k.chunk()), f.tElem)
				v := e.Op("v", "vector.load %s[%s, %s, %s] : %s, %s", st.ringB, slot, row, col, k.ringB(), k.regB())
				frag = e.Op("fb", "vector.insert %s, %s [%d] : %s into %s", v, frag, h, k.regB(), k.fragB())
			}
			fb = append(fb, frag)
		}
		return fa, fb
	}
	for _, c := range f.bCols {
		pair := e.Op("fb", "nvgpu.ldmatrix %s[%s, %s, %s] {numTiles = 4 : i32, transpose = true} : %s -> %s", st.ringB, slot, f.bRows[kk], c, k.ringB(), k.fragA())
		for h := 0; h < 2; h++ {
			lo := e.Op("v", "vector.extract %s[%d] : %s from %s", pair, 2*h, k.regB(), k.fragA())
			hi := e.Op("v", "vector.extract %s[%d] : %s from %s", pair, 2*h+1, k.regB(), k.fragA())
			v := e.Op("v", "vector.insert %s, %s [0] : %s into %s", lo, st.zeroFragB(k), k.regB(), k.fragB())
			fb = append(fb, e.Op("fb", "vector.insert %s, %s [1] : %s into %s", hi, v, k.regB(), k.fragB()))
		}
	}
	return fa, fb
}

// zeroFragB returns the zero B fragment, defined on first use (in the
// prologue, whose loads come before, and dominate, every other).
func (st *state) zeroFragB(k *kernel) string {
	if st.zeroB == "" {
		st.zeroB = st.e.Op("zb", "arith.constant dense<0.0> : %s", k.fragB())
	}
	return st.zeroB
}

// plan computes a thread's chunks of a rows x cols tile copy: chunk
// tid + i*threads is row (tid + i*threads) / rowChunks, chunk tid %
// rowChunks of it (threads is a multiple of rowChunks), stored at the
// chunk the tile's swizzle swz gives.
func (k *kernel) plan(st *state, rows, cols int64, swz func(row string) string) copyPlan {
	e := st.e
	rowChunks := cols / k.chunk()
	r0 := e.Div(st.tid, e.C(rowChunks))
	ch := e.Rem(st.tid, e.C(rowChunks))
	src := e.MulC(ch, k.chunk())
	var p copyPlan
	for i := int64(0); i < rows*rowChunks/k.threads(); i++ {
		r := e.AddC(r0, i*k.threads()/rowChunks)
		p.rows = append(p.rows, r)
		p.srcCols = append(p.srcCols, src)
		p.dstCols = append(p.dstCols, e.MulC(e.Op("v", "arith.xori %s, %s : index", ch, swz(r)), k.chunk()))
	}
	return p
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

// load writes the cp.async copies of K tile kt into ring slot slot and
// commits them as one group, whose token it returns. cp.async.cg (bypassL1)
// streams the tiles through L2 only: each is read once per block.
func (k *kernel) load(st *state, kt, slot string) string {
	e := st.e
	kc := e.MulC(kt, k.BK)
	var toks []string
	for i, r := range st.planA.rows {
		toks = append(toks, e.Op("cp", "nvgpu.device_async_copy %%A[%s, %s], %s[%s, %s, %s], %d {bypassL1} : %s to %s",
			e.Add(st.m0, r), e.Add(kc, st.planA.srcCols[i]), st.ringA, slot, r, st.planA.dstCols[i], k.chunk(), k.typeA(), k.ringA()))
	}
	for i, r := range st.planB.rows {
		toks = append(toks, e.Op("cp", "nvgpu.device_async_copy %%B[%s, %s], %s[%s, %s, %s], %d {bypassL1} : %s to %s",
			e.Add(kc, r), e.Add(st.n0, st.planB.srcCols[i]), st.ringB, slot, r, st.planB.dstCols[i], k.chunk(), k.typeB(), k.ringB()))
	}
	return e.Op("grp", "nvgpu.device_async_create_group %s", strings.Join(toks, ", "))
}

// epilogue writes C += the accumulators: accumulator (mi, nj) holds, in
// lane g*4+t, C's rows g and g+8 of its 16x8 block at columns 2t and
// 2t+1, one vector<2xf32> (or vector<2xf16>) access each.
func (k *kernel) epilogue(st *state, lane, rowBase, colBase, res string, first int) {
	e := st.e
	row := e.Add(e.Add(st.m0, rowBase), e.Div(lane, e.C(4)))
	col := e.Add(e.Add(st.n0, colBase), e.MulC(e.Rem(lane, e.C(4)), 2))
	nN := k.WN / mmaN
	pair := "vector<2x" + k.Acc + ">"
	for mi := int64(0); mi < k.WM/mmaM; mi++ {
		for nj := int64(0); nj < nN; nj++ {
			acc := fmt.Sprintf("%s#%d", res, int64(first)+mi*nN+nj)
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
