package gpumatmulhopper

import (
	"fmt"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"strings"
)

// kernelFunc is the name of the function kernel.text writes; the pass
// splices its body in place of the matmul nest.
const kernelFunc = "gpu_matmul_hopper"

// Type spellings of the kernel, as mlir-opt-19 prints them.
const (
	workgroup = "#gpu.address_space<workgroup>"
	smemType  = "memref<?xi8, " + workgroup + ">"
)

// syncBarrierType is the group of the consumers' epilogue barrier.
const syncBarrierType = "!nvgpu.mbarrier.group<memorySpace = " + workgroup + ", num_barriers = 1>"

func (k *kernel) barrierType() string {
	return fmt.Sprintf("!nvgpu.mbarrier.group<memorySpace = %s, num_barriers = %d>", workgroup, k.Stages)
}

// The TMA descriptors: A is loaded in one box per consumer warpgroup, B in
// boxes of swizzleElems columns (the 128-byte swizzle bounds a box's inner
// extent), C (TMA epilogue) in one unswizzled box per consumer.
func (k *kernel) tmaA() string {
	return tensorMap(k.rowsPerConsumer()/k.CX, k.BK, "f16", "swizzle_128b")
}
func (k *kernel) tmaB() string { return tensorMap(k.BK, swizzleElems, "f16", "swizzle_128b") }
func (k *kernel) tmaC() string { return tensorMap(k.rowsPerConsumer(), k.BN, "f32", "none") }

func tensorMap(rows, cols int64, elem, swizzle string) string {
	return fmt.Sprintf("!nvgpu.tensormap.descriptor<tensor = memref<%dx%dx%s, 3>, swizzle = %s, l2promo = none, oob = zero, interleave = none>", rows, cols, elem, swizzle)
}

func smemTile(rows, cols int64, elem string) string {
	return fmt.Sprintf("memref<%dx%dx%s, %s>", rows, cols, elem, workgroup)
}

func (k *kernel) accType() string {
	return fmt.Sprintf("!nvgpu.warpgroup.accumulator<fragmented = vector<%dx%dxf32>>", k.rowsPerConsumer(), k.BN)
}

func (k *kernel) descA() string {
	return fmt.Sprintf("!nvgpu.warpgroup.descriptor<tensor = memref<%dx%dxf16, 3>>", k.rowsPerConsumer(), k.BK)
}

func (k *kernel) descB() string {
	return fmt.Sprintf("!nvgpu.warpgroup.descriptor<tensor = memref<%dx%dxf16, 3>>", k.BK, k.BN)
}

// Memref types of the operands.
func (k *kernel) typeA() string { return fmt.Sprintf("memref<%dx%dxf16>", k.M, k.K) }
func (k *kernel) typeB() string { return fmt.Sprintf("memref<%dx%dxf16>", k.K, k.N) }
func (k *kernel) typeC() string { return fmt.Sprintf("memref<%dx%dxf32>", k.M, k.N) }

// kernelState names the values the kernel body's pieces share.
type kernelState struct {
	e                 *kernelemit.Emitter
	tid, m0, n0, smem string
	full, empty       string // mbarrier groups (empty: warp specialisation only)
	consumersDone     string // warp specialisation: the consumers' barrier (one mbarrier)
	syncPhase         int    // phases of consumersDone used so far (in this tile when persistent)
	tileIndex         string // persistent: the block's tile count so far (index)
	// stagingFree (persistent, staging over the ring): completes when the
	// consumers are done with the staging tile, so the producer may
	// refill the ring with the next tile.
	stagingFree string
	// turn (pingpong): one mbarrier per consumer warpgroup, completed when
	// the consumer before it has issued its main loop for a tile.
	turn string
	// Clusters: the empty barriers' shared address (i64, the first
	// slot's), the block's rank in the cluster and its place in it.
	emptyPtr, rank, rx, ry string
	descA, descB, descC    string // the TMA descriptors, captured from the host
	leader                 string // i1: thread 0 of the block
}

// text writes a function with the matmul's operands, %A, %B and %C, whose
// body is the host code (descriptor creation) and the gpu.launch.
func (k *kernel) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @%s(%%A: %s, %%B: %s, %%C: %s) {\n", kernelFunc, k.typeA(), k.typeB(), k.typeC())
	h := kernelemit.New(1, "hc")
	var castA, castB string
	// Operands with rows TMA cannot address are padded first (pad.go);
	// their buffers are freed after the matmul's launch.
	srcA, srcTypeA, srcB, srcTypeB := "%A", k.typeA(), "%B", k.typeB()
	var frees []string
	if k.padA() {
		var buf, bufType string
		srcA, srcTypeA, buf, bufType = padOperand(h, "pa", "%A", k.typeA(), k.M, k.K)
		frees = append(frees, fmt.Sprintf("memref.dealloc %s : %s", buf, bufType))
	}
	if k.padB() {
		var buf, bufType string
		srcB, srcTypeB, buf, bufType = padOperand(h, "pb", "%B", k.typeB(), k.K, k.N)
		frees = append(frees, fmt.Sprintf("memref.dealloc %s : %s", buf, bufType))
	}
	if !k.manualA() {
		castA = h.Op("a", "memref.cast %s : %s to memref<*xf16>", srcA, srcTypeA)
	}
	if !k.manualB() {
		castB = h.Op("b", "memref.cast %s : %s to memref<*xf16>", srcB, srcTypeB)
	}
	st := &kernelState{}
	// An operand whose rows TMA cannot address has no descriptor: its
	// boxes are copied by threads (producer_fallback.go).
	if !k.manualA() {
		st.descA = h.Op("tma_a", "nvgpu.tma.create.descriptor %s box[%s, %s] : memref<*xf16> -> %s", castA, h.C(k.rowsPerConsumer()/k.CX), h.C(k.BK), k.tmaA())
	}
	if !k.manualB() {
		st.descB = h.Op("tma_b", "nvgpu.tma.create.descriptor %s box[%s, %s] : memref<*xf16> -> %s", castB, h.C(k.BK), h.C(swizzleElems), k.tmaB())
	}
	if k.TMAEpilogue {
		castC := h.Op("cc", "memref.cast %%C : %s to memref<*xf32>", k.typeC())
		st.descC = h.Op("tma_c", "nvgpu.tma.create.descriptor %s box[%s, %s] : memref<*xf32> -> %s", castC, h.C(k.rowsPerConsumer()), h.C(k.BN), k.tmaC())
	}
	smemBytes := h.Op("smem_bytes", "arith.constant %d : i32", k.sharedBytes())
	gx, gy := k.tilesN(), k.tilesM()
	if k.Persistent {
		gx, gy = k.gridSize(), 1
	}
	clusters := ""
	if k.clusterSize() > 1 {
		cx, cy := k.CX, k.CY
		if k.Persistent {
			// The persistent grid is a row of clusters (clusterRank).
			cx, cy = k.clusterSize(), 1
		}
		clusters = fmt.Sprintf("clusters(%%cx, %%cy, %%cz) in (%%scx = %s, %%scy = %s, %%scz = %s) ", h.C(cx), h.C(cy), h.C(1))
	}
	h.Open("gpu.launch %sblocks(%%bx, %%by, %%bz) in (%%gx = %s, %%gy = %s, %%gz = %s) threads(%%tx, %%ty, %%tz) in (%%sx = %s, %%sy = %s, %%sz = %s) dynamic_shared_memory_size %s {",
		clusters, h.C(gx), h.C(gy), h.C(1), h.C(k.threads()), h.C(1), h.C(1), smemBytes)
	body := k.body(st)
	h.Raw(body)
	h.Line("gpu.terminator")
	h.Close("}%s", k.launchAttrs())
	for _, f := range frees {
		h.Line("%s", f)
	}
	h.Line("return")
	b.WriteString(h.Prelude(1))
	b.WriteString(h.Text())
	b.WriteString("}\n")
	return b.String()
}

// body writes the launch body: set-up, then the rung's main loop and
// epilogue. Its constants are defined at its top.
func (k *kernel) body(st *kernelState) string {
	e := kernelemit.New(2, "c")
	st.e = e
	st.tid = e.Op("tid", "gpu.thread_id x")
	if k.clusterSize() > 1 && k.Persistent {
		k.clusterRank(st)
	} else if k.clusterSize() > 1 {
		tm, tn := k.clusterTileCoords(st)
		st.m0 = e.MulC(tm, k.BM)
		st.n0 = e.MulC(tn, k.BN)
	} else if !k.Persistent {
		tm, tn := k.tileCoords(e)
		st.m0 = e.MulC(tm, k.BM)
		st.n0 = e.MulC(tn, k.BN)
	}
	st.smem = e.Op("smem", "gpu.dynamic_shared_memory : %s", smemType)
	st.full = e.Op("full", "nvgpu.mbarrier.create -> %s", k.barrierType())
	if k.clusterSize() > 1 {
		k.clusterSetup(st)
	} else if k.WarpSpecialize {
		st.empty = e.Op("empty", "nvgpu.mbarrier.create -> %s", k.barrierType())
	}
	if k.PingPong {
		st.turn = e.Op("turn", "nvgpu.mbarrier.create -> %s", k.turnBarrierType())
	} else if k.WarpSpecialize && !k.RegisterEpilogue {
		st.consumersDone = e.Op("done", "nvgpu.mbarrier.create -> %s", syncBarrierType)
	}
	if k.Persistent && !k.OverlapEpilogue && !k.RegisterEpilogue {
		st.stagingFree = e.Op("free", "nvgpu.mbarrier.create -> %s", syncBarrierType)
	}
	st.leader = e.Cmp("eq", st.tid, e.C(0))
	// One thread initialises the barriers: full[s] completes when the
	// loads of a slot have landed (one arrive carrying the byte count),
	// empty[s] when every consumer warpgroup has released the slot.
	e.Open("scf.if %s {", st.leader)
	s := e.Fresh("s")
	e.Open("scf.for %s = %s to %s step %s {", s, e.C(0), e.C(k.Stages), e.C(1))
	e.Line("nvgpu.mbarrier.init %s[%s], %s : %s", st.full, s, e.C(k.fullArrivals()), k.barrierType())
	if st.empty != "" {
		e.Line("nvgpu.mbarrier.init %s[%s], %s : %s", st.empty, s, e.C(k.releasers()), k.barrierType())
	}
	if st.emptyPtr != "" {
		// Every consumer warpgroup of the cluster releases each slot: the
		// slot is written by the multicasts of every block.
		e.Line("nvvm.mbarrier.init.shared %s, %s : !llvm.ptr<3>, i32", k.emptyAt(st, s), e.Op("v", "arith.constant %d : i32", k.releasers()*k.clusterSize()))
	}
	e.Close("}")
	if st.turn != "" {
		k.initTurns(st)
	}
	if st.consumersDone != "" {
		e.Line("nvgpu.mbarrier.init %s[%s], %s : %s", st.consumersDone, e.C(0), e.C(k.Consumers*warpgroupSize), syncBarrierType)
	}
	if st.stagingFree != "" {
		e.Line("nvgpu.mbarrier.init %s[%s], %s : %s", st.stagingFree, e.C(0), e.C(k.Consumers*warpgroupSize), syncBarrierType)
	}
	if st.descA != "" {
		e.Line("nvgpu.tma.prefetch.descriptor %s : %s", st.descA, k.tmaA())
	}
	if st.descB != "" {
		e.Line("nvgpu.tma.prefetch.descriptor %s : %s", st.descB, k.tmaB())
	}
	e.Close("}")
	// The initialised barriers must be visible to every thread before any
	// waits on them; in a cluster, to every block's, whose multicasts
	// complete on them and whose consumers arrive on them.
	if k.clusterSize() > 1 {
		e.Line("nvvm.fence.mbarrier.init")
		e.Line("nvvm.cluster.arrive {aligned}")
		e.Line("nvvm.cluster.wait {aligned}")
	} else {
		e.Line("gpu.barrier")
	}
	if k.WarpSpecialize {
		k.specialised(st)
	} else {
		k.pipelined(st)
	}
	if k.clusterSize() > 1 {
		// A block must not exit while its peers may still arrive on its
		// empty barriers.
		e.Line("nvvm.cluster.arrive {aligned}")
		e.Line("nvvm.cluster.wait {aligned}")
	}
	return e.Prelude(2) + e.Text()
}

// tileCoords returns the (row, column) tile of C the block computes. With
// grid-swizzle=G the blocks are rasterised in groups of G tile rows, so
// that blocks running together share A's and B's tiles in L2.
func (k *kernel) tileCoords(e *kernelemit.Emitter) (string, string) {
	bx := e.Op("bx", "gpu.block_id x")
	by := e.Op("by", "gpu.block_id y")
	if k.GridSwizzle <= 1 || k.tilesM() <= 1 {
		return by, bx
	}
	return k.tileOf(e, e.Add(e.MulC(by, k.tilesN()), bx))
}

// tileOf maps a linear tile number pid (row-major over the tile grid) to
// its (row, column) tile, rasterised in groups of grid-swizzle tile rows.
func (k *kernel) tileOf(e *kernelemit.Emitter, pid string) (string, string) {
	return k.tileOfGrid(e, pid, k.tilesM(), k.tilesN())
}

// tileOfGrid is tileOf over a tilesM x tilesN grid.
func (k *kernel) tileOfGrid(e *kernelemit.Emitter, pid string, tilesM, tilesN int64) (string, string) {
	if k.GridSwizzle <= 1 || tilesM <= 1 {
		return e.Div(pid, e.C(tilesN)), e.Rem(pid, e.C(tilesN))
	}
	g := min(k.GridSwizzle, tilesM)
	group := e.Div(pid, e.C(g*tilesN))
	first := e.MulC(group, g)
	left := e.Op("v", "arith.subi %s, %s : index", e.C(tilesM), first)
	size := e.Op("v", "arith.minui %s, %s : index", left, e.C(g))
	inGroup := e.Rem(pid, e.C(g*tilesN))
	tm := e.Add(first, e.Rem(inGroup, size))
	tn := e.Div(inGroup, size)
	return tm, tn
}

// tileLoop opens the persistent block's loop over its tiles (the static
// schedule: tile blockIdx.x + i*gridDim.x), sets st's tile origin and
// tileIndex (i) and returns the closer. Without persistent it is the one
// tile of the block, i = 0.
func (k *kernel) tileLoop(st *kernelState) func() {
	e := st.e
	if !k.Persistent {
		st.tileIndex = e.C(0)
		return func() {}
	}
	return k.persistentTiles(st, "", 1)
}

// load writes the TMA loads of K tile kt into ring slot slot, announced on
// full[slot] with the bytes they will write. One thread runs it. In a
// cluster the block loads its part of the shared operand (A along x, B
// along y) and multicasts it to the blocks of the cluster, whose loads
// bring the other parts: every block's full barrier still receives a
// whole slot's bytes.
func (k *kernel) load(st *kernelState, kt, slot string) {
	e := st.e
	e.Line("nvgpu.mbarrier.arrive.expect_tx %s[%s], %s : %s", st.full, slot, e.C(k.tmaBytes()), k.barrierType())
	kc := e.MulC(kt, k.BK)
	aSlot := e.MulC(slot, k.aSlotBytes())
	rows := k.rowsPerConsumer()
	mask := ""
	if k.clusterSize() > 1 {
		mask = " multicast_mask = " + e.Op("mask", "arith.constant %d : i16", (int64(1)<<k.clusterSize())-1)
	}
	aMask, bMask := "", ""
	if k.CX > 1 {
		aMask = mask
	}
	if k.CY > 1 {
		bMask = mask
	}
	aRows := rows / k.CX
	for w := int64(0); w < k.aBoxes() && !k.manualA(); w++ {
		off := e.AddC(aSlot, w*rows*k.BK*f16Bytes)
		row := e.AddC(st.m0, w*rows)
		if k.CX > 1 {
			// Block rx loads rows rx*aRows.. of each consumer's box.
			part := e.MulC(st.rx, aRows)
			off = e.Add(off, e.MulC(part, k.BK*f16Bytes))
			row = e.Add(row, part)
		}
		view := e.Op("sa", "memref.view %s[%s][] : %s to %s", st.smem, off, smemType, smemTile(aRows, k.BK, "f16"))
		// TMA coordinates are innermost first: (column, row).
		e.Line("nvgpu.tma.async.load %s[%s, %s], %s[%s] to %s%s : %s, %s -> %s", st.descA, kc, row, st.full, slot, view, aMask, k.tmaA(), k.barrierType(), smemTile(aRows, k.BK, "f16"))
	}
	bSlot := e.AddC(e.MulC(slot, k.bSlotBytes()), k.bBase())
	boxes := k.BN / swizzleElems / k.CY
	for j := int64(0); j < boxes && !k.manualB(); j++ {
		box := e.C(j)
		if k.CY > 1 {
			// Block ry loads boxes ry*boxes...
			box = e.AddC(e.MulC(st.ry, boxes), j)
		}
		off := e.Add(bSlot, e.MulC(box, k.BK*swizzleElems*f16Bytes))
		view := e.Op("sb", "memref.view %s[%s][] : %s to %s", st.smem, off, smemType, smemTile(k.BK, swizzleElems, "f16"))
		e.Line("nvgpu.tma.async.load %s[%s, %s], %s[%s] to %s%s : %s, %s -> %s", st.descB, e.Add(st.n0, e.MulC(box, swizzleElems)), kc, st.full, slot, view, bMask, k.tmaB(), k.barrierType(), smemTile(k.BK, swizzleElems, "f16"))
	}
}

// waitParity writes a wait on barrier group bar's slot for the phase of
// the given round (phases alternate parity 0, 1, 0, ...).
func (k *kernel) waitParity(st *kernelState, bar, slot, round string) {
	e := st.e
	parity := e.Op("parity", "arith.trunci %s : i32 to i1", e.Op("v", "arith.index_cast %s : index to i32", e.Rem(round, e.C(2))))
	e.Line("nvgpu.mbarrier.try_wait.parity %s[%s], %s, %s : %s", bar, slot, parity, e.C(tryWaitTicks), k.barrierType())
}

// mma writes, for the consumer warpgroup wg at ring use kt (the K tile,
// or with a persistent grid the count across the block's tiles), the wait
// for the use's slot and the wgmma accumulating into acc, and returns the
// new accumulator and the slot. nvgpu.warpgroup.mma waits for all but the
// last wgmma group (wgmma.wait_group 1): when it returns, the wgmma of
// tile kt-1 has completed and its slot may be refilled, while the one of
// tile kt may still be reading.
func (k *kernel) mma(st *kernelState, wg, kt, acc string) (string, string) {
	e := st.e
	slot := e.Rem(kt, e.C(k.Stages))
	k.waitParity(st, st.full, slot, e.Div(kt, e.C(k.Stages)))
	rows := k.rowsPerConsumer()
	aOff := e.Add(e.MulC(slot, k.aSlotBytes()), e.MulC(wg, rows*k.BK*f16Bytes))
	va := e.Op("sa", "memref.view %s[%s][] : %s to %s", st.smem, aOff, smemType, smemTile(rows, k.BK, "f16"))
	bOff := e.AddC(e.MulC(slot, k.bSlotBytes()), k.bBase())
	vb := e.Op("sb", "memref.view %s[%s][] : %s to %s", st.smem, bOff, smemType, smemTile(k.BK, k.BN, "f16"))
	da := k.wgmmaDescriptor(st, "da", va, smemTile(rows, k.BK, "f16"), st.descA, k.tmaA(), k.descA(), k.manualA(), rows/k.CX)
	db := k.wgmmaDescriptor(st, "db", vb, smemTile(k.BK, k.BN, "f16"), st.descB, k.tmaB(), k.descB(), k.manualB(), k.BK)
	// B is K x N row-major: the transposed operand layout of wgmma.
	next := e.Op("acc", "nvgpu.warpgroup.mma %s, %s, %s {transposeB} : %s, %s, %s -> %s", da, db, acc, k.descA(), k.descB(), k.accType(), k.accType())
	return next, slot
}

// pipelined is rung 0: every warpgroup consumes; thread 0 fills the ring
// (prologue) and refills a slot once every warpgroup is past its wgmma.
func (k *kernel) pipelined(st *kernelState) {
	e := st.e
	kt := k.kTiles()
	if k.anyTMA() {
		e.Open("scf.if %s {", st.leader)
		s := e.Fresh("s")
		e.Open("scf.for %s = %s to %s step %s {", s, e.C(0), e.C(min(k.Stages, kt)), e.C(1))
		k.load(st, s, s)
		e.Close("}")
		e.Close("}")
	}
	if k.manual() {
		s := e.Fresh("s")
		e.Open("scf.for %s = %s to %s step %s {", s, e.C(0), e.C(min(k.Stages, kt)), e.C(1))
		k.loadManual(st, s, s, st.tid)
		e.Close("}")
	}
	wg := e.Div(st.tid, e.C(warpgroupSize))
	acc0 := e.Op("acc", "nvgpu.warpgroup.mma.init.accumulator -> %s", k.accType())
	res, iv, acc := e.Fresh("res"), e.Fresh("k"), e.Fresh("acc")
	e.Open("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {", res, iv, e.C(0), e.C(kt), e.C(1), acc, acc0, k.accType())
	next, _ := k.mma(st, wg, iv, acc)
	// Tile kt-1's wgmma has completed in this warpgroup; past the barrier,
	// in every warpgroup: its slot takes tile kt-1+stages.
	refill := e.AddC(iv, k.Stages-1)
	more := e.Op("p", "arith.andi %s, %s : i1", e.Cmp("uge", iv, e.C(1)), e.Cmp("ult", refill, e.C(kt)))
	e.Open("scf.if %s {", more)
	e.Line("gpu.barrier")
	refillSlot := e.Rem(refill, e.C(k.Stages))
	if k.anyTMA() {
		e.Open("scf.if %s {", st.leader)
		k.load(st, refill, refillSlot)
		e.Close("}")
	}
	k.loadManual(st, refill, refillSlot, st.tid)
	e.Close("}")
	e.Line("scf.yield %s : %s", next, k.accType())
	e.Close("}")
	// The last wgmma must complete before its accumulator is read.
	e.Line("nvvm.wgmma.wait.group.sync.aligned 0")
	k.epilogue(st, wg, res, func() { e.Line("gpu.barrier") })
}

// specialised is rung 1: the last warpgroup produces (one thread issues
// the TMA loads, waiting for each slot's release), the others consume and
// release slots on the empty barriers; registers move from the producer
// to the consumers. Persistent (rung 4), both loop over the block's tiles
// and count ring uses across them: use g = i*kTiles + kt of the block's
// i-th tile takes slot g % stages in round g / stages, so the producer
// runs into the next tile as soon as slots are released.
func (k *kernel) specialised(st *kernelState) {
	e := st.e
	kt := k.kTiles()
	wg := e.Div(st.tid, e.C(warpgroupSize))
	isProducer := e.Cmp("eq", wg, e.C(k.Consumers))
	e.Open("scf.if %s {", isProducer)
	e.Line("nvvm.setmaxregister decrease %d", k.producerRegisters())
	producerLeader := e.Cmp("eq", st.tid, e.C(k.Consumers*warpgroupSize))
	// One thread issues TMA loads; copied operands take the warpgroup.
	if !k.manual() {
		e.Open("scf.if %s {", producerLeader)
	}
	closeTiles := k.tileLoop(st)
	if st.stagingFree != "" {
		// The staging tile lies over the ring: the next tile's loads wait
		// until the consumers have stored the previous one.
		e.Open("scf.if %s {", e.Cmp("uge", st.tileIndex, e.C(1)))
		k.waitSync(st, st.stagingFree, e.Op("v", "arith.subi %s, %s : index", st.tileIndex, e.C(1)))
		e.Close("}")
	}
	iv := e.Fresh("k")
	e.Open("scf.for %s = %s to %s step %s {", iv, e.C(0), e.C(kt), e.C(1))
	g := k.ringUse(st, iv)
	slot := e.Rem(g, e.C(k.Stages))
	round := e.Div(g, e.C(k.Stages))
	e.Open("scf.if %s {", e.Cmp("uge", g, e.C(k.Stages)))
	// Wait for the consumers' release of the slot's previous round.
	k.waitEmpty(st, slot, e.Op("v", "arith.subi %s, %s : index", round, e.C(1)))
	e.Close("}")
	if !k.manual() {
		k.load(st, iv, slot)
	} else {
		if k.anyTMA() {
			e.Open("scf.if %s {", producerLeader)
			k.load(st, iv, slot)
			e.Close("}")
		}
		k.produceCopies(st, iv, g, slot, e.Op("v", "arith.subi %s, %s : index", st.tid, e.C(k.Consumers*warpgroupSize)))
	}
	e.Close("}")
	k.drainCopies(st)
	closeTiles()
	if !k.manual() {
		e.Close("}")
	}
	e.Open("} else {")
	e.Line("nvvm.setmaxregister increase %d", k.consumerRegs())
	if k.PingPong {
		k.pingPongConsumer(st, wg)
		e.Close("}")
		return
	}
	closeTiles = k.tileLoop(st)
	first := k.releasingThreads(st)
	res := k.consumerLoop(st, wg, first)
	lastWgmma := func() {
		e.Line("nvvm.wgmma.wait.group.sync.aligned 0")
		if k.Persistent {
			k.releaseLast(st, first)
		}
	}
	if k.RegisterEpilogue {
		// Once the tile's last wgmma has completed, its slot is released
		// (persistent): the producer goes on with the next tile while this
		// warpgroup adds its rows, wg*rows + the fragment's, to C from
		// registers, on its own: the other consumer's rows are disjoint.
		fragRow, fragCol := k.fragment(st)
		k.registerEpilogue(st, res, e.Add(e.MulC(wg, k.rowsPerConsumer()), fragRow), fragCol, lastWgmma)
		closeTiles()
		e.Close("}")
		return
	}
	lastWgmma()
	// The producer has no part in the epilogue (nor the registers for
	// it): the consumers synchronise among themselves, on an mbarrier that
	// completes when every consumer thread has arrived (arrive releases,
	// the wait acquires, at CTA scope: a barrier over the consumers).
	st.syncPhase = 0
	k.epilogue(st, wg, res, func() {
		e.Op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.consumersDone, e.C(0), syncBarrierType)
		// Persistent blocks run syncsPerTile phases per tile.
		phase := e.AddC(e.MulC(st.tileIndex, k.syncsPerTile()), int64(st.syncPhase))
		k.waitSync(st, st.consumersDone, phase)
		st.syncPhase++
	})
	if st.stagingFree != "" {
		// The staging tile's generic-proxy accesses are ordered before the
		// TMA loads (async proxy) that will overwrite it, then released to
		// the producer.
		e.Line("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}")
		e.Op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.stagingFree, e.C(0), syncBarrierType)
	}
	closeTiles()
	e.Close("}")
}

// consumerLoop writes a consumer warpgroup's K loop over the block's
// current tile, whose wgmmas read A's rows of warpgroup wg of the slot,
// and returns the accumulator. Tile k-1's wgmma has completed in this
// warpgroup when tile k's is issued: first (one thread) releases its
// slot. The last wgmma may still be in flight.
func (k *kernel) consumerLoop(st *kernelState, wg, first string) string {
	e := st.e
	acc0 := e.Op("acc", "nvgpu.warpgroup.mma.init.accumulator -> %s", k.accType())
	res, civ, acc := e.Fresh("res"), e.Fresh("k"), e.Fresh("acc")
	e.Open("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {", res, civ, e.C(0), e.C(k.kTiles()), e.C(1), acc, acc0, k.accType())
	cg := k.ringUse(st, civ)
	next, _ := k.mma(st, wg, cg, acc)
	release := e.Op("p", "arith.andi %s, %s : i1", e.Cmp("uge", civ, e.C(1)), first)
	e.Open("scf.if %s {", release)
	prev := e.Rem(e.AddC(cg, k.Stages-1), e.C(k.Stages))
	k.release(st, prev)
	e.Close("}")
	e.Line("scf.yield %s : %s", next, k.accType())
	e.Close("}")
	return res
}

// releaseLast releases the slot of the tile's last K tile, once its
// wgmma has completed (persistent: the ring goes on with the next tile).
func (k *kernel) releaseLast(st *kernelState, first string) {
	e := st.e
	e.Open("scf.if %s {", first)
	k.release(st, e.Rem(k.ringUse(st, e.C(k.kTiles()-1)), e.C(k.Stages)))
	e.Close("}")
}

// syncsPerTile is the number of consumer barriers of one epilogue.
func (k *kernel) syncsPerTile() int64 {
	if k.TMAEpilogue {
		return 3
	}
	return 2
}

// ringUse is the ring counter of K tile kt of the block's current tile:
// tileIndex*kTiles + kt.
func (k *kernel) ringUse(st *kernelState, kt string) string {
	if !k.Persistent {
		return kt
	}
	e := st.e
	return e.Add(e.MulC(st.tileIndex, k.kTiles()), kt)
}

// waitSync waits on the one-barrier group bar for the phase of the given
// round.
func (k *kernel) waitSync(st *kernelState, bar, round string) {
	e := st.e
	parity := e.Op("parity", "arith.trunci %s : i32 to i1", e.Op("v", "arith.index_cast %s : index to i32", e.Rem(round, e.C(2))))
	e.Line("nvgpu.mbarrier.try_wait.parity %s[%s], %s, %s : %s", bar, e.C(0), parity, e.C(tryWaitTicks), syncBarrierType)
}

// epilogue writes C += the accumulators: each warpgroup stores its
// fragment to a shared staging tile (over the ring, which is free once
// every consumer is past sync), the consumer threads add C to it with
// vector accesses, then either store the sums to C themselves or, with a
// TMA epilogue, hand the staging tile to TMA stores.
func (k *kernel) epilogue(st *kernelState, wg, acc string, sync func()) {
	e := st.e
	rows := k.rowsPerConsumer()
	sync()
	// warpgroup.mma.store places a fragment's rows by the thread's
	// absolute warp (tid / 32, as upstream's lowering does): warpgroup wg
	// lands wgmmaM*wg rows past its view, so its view starts that much
	// before its own rows (wg * rows of the staging tile).
	part := e.Op("st", "memref.view %s[%s][] : %s to %s", st.smem, e.AddC(e.MulC(wg, (rows-wgmmaM)*k.BN*f32Bytes), k.stagingBase()), smemType, smemTile(rows, k.BN, "f32"))
	e.Line("nvgpu.warpgroup.mma.store %s, %s : %s to %s", acc, part, strings.TrimPrefix(k.accType(), "!nvgpu.warpgroup.accumulator"), smemTile(rows, k.BN, "f32"))
	sync()
	tile := e.Op("st", "memref.view %s[%s][] : %s to %s", st.smem, e.C(k.stagingBase()), smemType, smemTile(k.BM, k.BN, "f32"))
	// Only a tile past C's edge tests its accesses (epilogue_update.go).
	k.byTile(st, func(guarded bool) { k.updateC(st, tile, guarded) })
	if !k.TMAEpilogue {
		return
	}
	// The threads' writes become visible to the TMA unit (the async proxy)
	// before one thread stores the tile.
	e.Line("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}")
	sync()
	e.Open("scf.if %s {", st.leader)
	for w := int64(0); w < k.Consumers; w++ {
		v := e.Op("st", "memref.view %s[%s][] : %s to %s", st.smem, e.C(k.stagingBase()+w*rows*k.BN*f32Bytes), smemType, smemTile(rows, k.BN, "f32"))
		e.Line("nvgpu.tma.async.store %s to %s[%s, %s] : %s -> %s", v, st.descC, st.n0, e.AddC(st.m0, w*rows), smemTile(rows, k.BN, "f32"), k.tmaC())
	}
	// The block must not exit while the stores still read shared memory.
	e.Line("nvvm.cp.async.bulk.commit.group")
	e.Line("nvvm.cp.async.bulk.wait_group 0 {read}")
	e.Close("}")
}

// clusterSetup finds the block's place in its cluster and the address of
// the empty barriers, which live in dynamic shared memory (past the ring
// and the staging tile) so that the cluster's consumers can arrive on
// them remotely, through mapa.
func (k *kernel) clusterSetup(st *kernelState) {
	e := st.e
	base := e.Op("v", "memref.extract_aligned_pointer_as_index %s : %s -> index", st.smem, smemType)
	st.emptyPtr = e.Op("v", "arith.index_cast %s : index to i64", e.AddC(base, k.emptyBarrierBase()))
}

// clusterTileCoords is tileCoords for a grid of clusters: the clusters
// are rasterised over the grid of cluster tiles (CY x CX tiles each), and
// the block at (rx, ry) in its cluster takes tile (tm*CY + ry, tn*CX +
// rx), so that blocks along x share A's rows and along y B's columns.
func (k *kernel) clusterTileCoords(st *kernelState) (string, string) {
	e := st.e
	bx := e.Op("bx", "gpu.block_id x")
	by := e.Op("by", "gpu.block_id y")
	st.rx, st.ry = e.Rem(bx, e.C(k.CX)), e.Rem(by, e.C(k.CY))
	st.rank = e.Add(st.rx, e.MulC(st.ry, k.CX))
	cx, cy := e.Div(bx, e.C(k.CX)), e.Div(by, e.C(k.CY))
	ctM, ctN := k.tilesM()/k.CY, k.tilesN()/k.CX
	tm, tn := k.tileOfGrid(e, e.Add(e.MulC(cy, ctN), cx), ctM, ctN)
	return e.Add(e.MulC(tm, k.CY), st.ry), e.Add(e.MulC(tn, k.CX), st.rx)
}

// emptyAt is the shared-memory pointer of slot's empty barrier (clusters).
func (k *kernel) emptyAt(st *kernelState, slot string) string {
	e := st.e
	off := e.Op("v", "arith.index_cast %s : index to i64", e.MulC(slot, 8))
	return e.Op("v", "llvm.inttoptr %s : i64 to !llvm.ptr<3>", e.Op("v", "arith.addi %s, %s : i64", st.emptyPtr, off))
}

// waitEmpty waits for the release of slot's given round.
func (k *kernel) waitEmpty(st *kernelState, slot, round string) {
	if st.emptyPtr == "" {
		k.waitParity(st, st.empty, slot, round)
		return
	}
	e := st.e
	parity := e.Op("v", "arith.index_cast %s : index to i32", e.Rem(round, e.C(2)))
	e.Line("nvvm.mbarrier.try_wait.parity.shared %s, %s, %s : !llvm.ptr<3>, i32, i32", k.emptyAt(st, slot), parity, e.Op("v", "arith.constant %d : i32", tryWaitTicks))
}

// releasingThreads is the i1 of the consumer threads that release its
// slots: the first of each warpgroup, or in a cluster the first
// clusterSize, thread r arriving on block r's barrier (release), so that
// the remote arrives go out together, one instruction of the first warp,
// rather than one after another from one thread while its warpgroup's
// next wgmma waits.
func (k *kernel) releasingThreads(st *kernelState) string {
	e := st.e
	lane := e.Rem(st.tid, e.C(warpgroupSize))
	if st.emptyPtr == "" {
		return e.Cmp("eq", lane, e.C(0))
	}
	return e.Cmp("ult", lane, e.C(k.clusterSize()))
}

// release arrives on slot's empty barrier: in a cluster, on every block's
// (the slot of each is written by this block's multicasts too), each
// releasing thread on its block's (releasingThreads), through mapa and a
// remote arrive, which MLIR 19 has no op for. The arrive has the default
// .release.cta semantics, as CUTLASS's ClusterBarrier::arrive: what it
// publishes is the completion of this warpgroup's wgmma reads of the
// slot, retired by wgmma.wait_group before it, not generic writes a peer
// must see; a .release.cluster arrive costs a cluster-wide fence on the
// issuing thread, which the warpgroup's next wgmma waits for, every k
// step.
func (k *kernel) release(st *kernelState, slot string) {
	e := st.e
	if st.emptyPtr == "" {
		e.Op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.empty, slot, k.barrierType())
		return
	}
	addr := e.Op("v", "llvm.ptrtoint %s : !llvm.ptr<3> to i32", k.emptyAt(st, slot))
	rank := e.Op("v", "arith.index_cast %s : index to i32", e.Rem(st.tid, e.C(warpgroupSize)))
	e.Line(`llvm.inline_asm has_side_effects "{ .reg .b32 remote; mapa.shared::cluster.u32 remote, $0, $1; mbarrier.arrive.shared::cluster.b64 _, [remote]; }", "r,r" %s, %s : (i32, i32) -> ()`, addr, rank)
}
