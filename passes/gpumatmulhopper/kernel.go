package gpumatmulhopper

import (
	"fmt"
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
	e                 *emitter
	tid, m0, n0, smem string
	full, empty       string // mbarrier groups (empty: warp specialisation only)
	consumersDone     string // warp specialisation: the consumers' barrier (one mbarrier)
	syncPhase         int    // phases of consumersDone used so far (in this tile when persistent)
	tileIndex         string // persistent: the block's tile count so far (index)
	// stagingFree (persistent, staging over the ring): completes when the
	// consumers are done with the staging tile, so the producer may
	// refill the ring with the next tile.
	stagingFree string
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
	h := newEmitter(1, "hc")
	castA := h.op("a", "memref.cast %%A : %s to memref<*xf16>", k.typeA())
	castB := h.op("b", "memref.cast %%B : %s to memref<*xf16>", k.typeB())
	st := &kernelState{}
	st.descA = h.op("tma_a", "nvgpu.tma.create.descriptor %s box[%s, %s] : memref<*xf16> -> %s", castA, h.c(k.rowsPerConsumer()/k.CX), h.c(k.BK), k.tmaA())
	st.descB = h.op("tma_b", "nvgpu.tma.create.descriptor %s box[%s, %s] : memref<*xf16> -> %s", castB, h.c(k.BK), h.c(swizzleElems), k.tmaB())
	if k.TMAEpilogue {
		castC := h.op("cc", "memref.cast %%C : %s to memref<*xf32>", k.typeC())
		st.descC = h.op("tma_c", "nvgpu.tma.create.descriptor %s box[%s, %s] : memref<*xf32> -> %s", castC, h.c(k.rowsPerConsumer()), h.c(k.BN), k.tmaC())
	}
	smemBytes := h.op("smem_bytes", "arith.constant %d : i32", k.sharedBytes())
	gx, gy := k.tilesN(), k.tilesM()
	if k.Persistent {
		gx, gy = k.gridSize(), 1
	}
	clusters := ""
	if k.clusterSize() > 1 {
		clusters = fmt.Sprintf("clusters(%%cx, %%cy, %%cz) in (%%scx = %s, %%scy = %s, %%scz = %s) ", h.c(k.CX), h.c(k.CY), h.c(1))
	}
	h.open("gpu.launch %sblocks(%%bx, %%by, %%bz) in (%%gx = %s, %%gy = %s, %%gz = %s) threads(%%tx, %%ty, %%tz) in (%%sx = %s, %%sy = %s, %%sz = %s) dynamic_shared_memory_size %s {",
		clusters, h.c(gx), h.c(gy), h.c(1), h.c(k.threads()), h.c(1), h.c(1), smemBytes)
	body := k.body(st)
	h.b.WriteString(body)
	h.line("gpu.terminator")
	h.close("}")
	h.line("return")
	b.WriteString(h.prelude(1))
	b.WriteString(h.b.String())
	b.WriteString("}\n")
	return b.String()
}

// body writes the launch body: set-up, then the rung's main loop and
// epilogue. Its constants are defined at its top.
func (k *kernel) body(st *kernelState) string {
	e := newEmitter(2, "c")
	st.e = e
	st.tid = e.op("tid", "gpu.thread_id x")
	if k.clusterSize() > 1 {
		tm, tn := k.clusterTileCoords(st)
		st.m0 = e.mulC(tm, k.BM)
		st.n0 = e.mulC(tn, k.BN)
	} else if !k.Persistent {
		tm, tn := k.tileCoords(e)
		st.m0 = e.mulC(tm, k.BM)
		st.n0 = e.mulC(tn, k.BN)
	}
	st.smem = e.op("smem", "gpu.dynamic_shared_memory : %s", smemType)
	st.full = e.op("full", "nvgpu.mbarrier.create -> %s", k.barrierType())
	if k.clusterSize() > 1 {
		k.clusterSetup(st)
	} else if k.WarpSpecialize {
		st.empty = e.op("empty", "nvgpu.mbarrier.create -> %s", k.barrierType())
	}
	if k.WarpSpecialize {
		st.consumersDone = e.op("done", "nvgpu.mbarrier.create -> %s", syncBarrierType)
	}
	if k.Persistent && !k.OverlapEpilogue {
		st.stagingFree = e.op("free", "nvgpu.mbarrier.create -> %s", syncBarrierType)
	}
	st.leader = e.cmp("eq", st.tid, e.c(0))
	// One thread initialises the barriers: full[s] completes when the
	// loads of a slot have landed (one arrive carrying the byte count),
	// empty[s] when every consumer warpgroup has released the slot.
	e.open("scf.if %s {", st.leader)
	s := e.fresh("s")
	e.open("scf.for %s = %s to %s step %s {", s, e.c(0), e.c(k.Stages), e.c(1))
	e.line("nvgpu.mbarrier.init %s[%s], %s : %s", st.full, s, e.c(1), k.barrierType())
	if st.empty != "" {
		e.line("nvgpu.mbarrier.init %s[%s], %s : %s", st.empty, s, e.c(k.Consumers), k.barrierType())
	}
	if st.emptyPtr != "" {
		// Every consumer warpgroup of the cluster releases each slot: the
		// slot is written by the multicasts of every block.
		e.line("nvvm.mbarrier.init.shared %s, %s : !llvm.ptr<3>, i32", k.emptyAt(st, s), e.op("v", "arith.constant %d : i32", k.Consumers*k.clusterSize()))
	}
	e.close("}")
	if k.WarpSpecialize {
		e.line("nvgpu.mbarrier.init %s[%s], %s : %s", st.consumersDone, e.c(0), e.c(k.Consumers*warpgroupSize), syncBarrierType)
	}
	if st.stagingFree != "" {
		e.line("nvgpu.mbarrier.init %s[%s], %s : %s", st.stagingFree, e.c(0), e.c(k.Consumers*warpgroupSize), syncBarrierType)
	}
	e.line("nvgpu.tma.prefetch.descriptor %s : %s", st.descA, k.tmaA())
	e.line("nvgpu.tma.prefetch.descriptor %s : %s", st.descB, k.tmaB())
	e.close("}")
	// The initialised barriers must be visible to every thread before any
	// waits on them; in a cluster, to every block's, whose multicasts
	// complete on them and whose consumers arrive on them.
	if k.clusterSize() > 1 {
		e.line("nvvm.fence.mbarrier.init")
		e.line("nvvm.cluster.arrive {aligned}")
		e.line("nvvm.cluster.wait {aligned}")
	} else {
		e.line("gpu.barrier")
	}
	if k.WarpSpecialize {
		k.specialised(st)
	} else {
		k.pipelined(st)
	}
	if k.clusterSize() > 1 {
		// A block must not exit while its peers may still arrive on its
		// empty barriers.
		e.line("nvvm.cluster.arrive {aligned}")
		e.line("nvvm.cluster.wait {aligned}")
	}
	return e.prelude(2) + e.b.String()
}

// tileCoords returns the (row, column) tile of C the block computes. With
// grid-swizzle=G the blocks are rasterised in groups of G tile rows, so
// that blocks running together share A's and B's tiles in L2.
func (k *kernel) tileCoords(e *emitter) (string, string) {
	bx := e.op("bx", "gpu.block_id x")
	by := e.op("by", "gpu.block_id y")
	if k.GridSwizzle <= 1 || k.tilesM() <= 1 {
		return by, bx
	}
	return k.tileOf(e, e.add(e.mulC(by, k.tilesN()), bx))
}

// tileOf maps a linear tile number pid (row-major over the tile grid) to
// its (row, column) tile, rasterised in groups of grid-swizzle tile rows.
func (k *kernel) tileOf(e *emitter, pid string) (string, string) {
	return k.tileOfGrid(e, pid, k.tilesM(), k.tilesN())
}

// tileOfGrid is tileOf over a tilesM x tilesN grid.
func (k *kernel) tileOfGrid(e *emitter, pid string, tilesM, tilesN int64) (string, string) {
	if k.GridSwizzle <= 1 || tilesM <= 1 {
		return e.div(pid, e.c(tilesN)), e.rem(pid, e.c(tilesN))
	}
	g := min(k.GridSwizzle, tilesM)
	group := e.div(pid, e.c(g*tilesN))
	first := e.mulC(group, g)
	left := e.op("v", "arith.subi %s, %s : index", e.c(tilesM), first)
	size := e.op("v", "arith.minui %s, %s : index", left, e.c(g))
	inGroup := e.rem(pid, e.c(g*tilesN))
	tm := e.add(first, e.rem(inGroup, size))
	tn := e.div(inGroup, size)
	return tm, tn
}

// tileLoop opens the persistent block's loop over its tiles (the static
// schedule: tile blockIdx.x + i*gridDim.x), sets st's tile origin and
// tileIndex (i) and returns the closer. Without persistent it is the one
// tile of the block, i = 0.
func (k *kernel) tileLoop(st *kernelState) func() {
	e := st.e
	if !k.Persistent {
		st.tileIndex = e.c(0)
		return func() {}
	}
	bx := e.op("bx", "gpu.block_id x")
	t := e.fresh("t")
	e.open("scf.for %s = %s to %s step %s {", t, bx, e.c(k.tiles()), e.c(k.gridSize()))
	st.tileIndex = e.div(e.op("v", "arith.subi %s, %s : index", t, bx), e.c(k.gridSize()))
	tm, tn := k.tileOf(e, t)
	st.m0 = e.mulC(tm, k.BM)
	st.n0 = e.mulC(tn, k.BN)
	return func() { e.close("}") }
}

// load writes the TMA loads of K tile kt into ring slot slot, announced on
// full[slot] with the bytes they will write. One thread runs it. In a
// cluster the block loads its part of the shared operand (A along x, B
// along y) and multicasts it to the blocks of the cluster, whose loads
// bring the other parts: every block's full barrier still receives a
// whole slot's bytes.
func (k *kernel) load(st *kernelState, kt, slot string) {
	e := st.e
	e.line("nvgpu.mbarrier.arrive.expect_tx %s[%s], %s : %s", st.full, slot, e.c(k.aSlotBytes()+k.bSlotBytes()), k.barrierType())
	kc := e.mulC(kt, k.BK)
	aSlot := e.mulC(slot, k.aSlotBytes())
	rows := k.rowsPerConsumer()
	mask := ""
	if k.clusterSize() > 1 {
		mask = " multicast_mask = " + e.op("mask", "arith.constant %d : i16", (int64(1)<<k.clusterSize())-1)
	}
	aMask, bMask := "", ""
	if k.CX > 1 {
		aMask = mask
	}
	if k.CY > 1 {
		bMask = mask
	}
	aRows := rows / k.CX
	for w := int64(0); w < k.Consumers; w++ {
		off := e.addC(aSlot, w*rows*k.BK*f16Bytes)
		row := e.addC(st.m0, w*rows)
		if k.CX > 1 {
			// Block rx loads rows rx*aRows.. of each consumer's box.
			part := e.mulC(st.rx, aRows)
			off = e.add(off, e.mulC(part, k.BK*f16Bytes))
			row = e.add(row, part)
		}
		view := e.op("sa", "memref.view %s[%s][] : %s to %s", st.smem, off, smemType, smemTile(aRows, k.BK, "f16"))
		// TMA coordinates are innermost first: (column, row).
		e.line("nvgpu.tma.async.load %s[%s, %s], %s[%s] to %s%s : %s, %s -> %s", st.descA, kc, row, st.full, slot, view, aMask, k.tmaA(), k.barrierType(), smemTile(aRows, k.BK, "f16"))
	}
	bSlot := e.addC(e.mulC(slot, k.bSlotBytes()), k.bBase())
	boxes := k.BN / swizzleElems / k.CY
	for j := int64(0); j < boxes; j++ {
		box := e.c(j)
		if k.CY > 1 {
			// Block ry loads boxes ry*boxes...
			box = e.addC(e.mulC(st.ry, boxes), j)
		}
		off := e.add(bSlot, e.mulC(box, k.BK*swizzleElems*f16Bytes))
		view := e.op("sb", "memref.view %s[%s][] : %s to %s", st.smem, off, smemType, smemTile(k.BK, swizzleElems, "f16"))
		e.line("nvgpu.tma.async.load %s[%s, %s], %s[%s] to %s%s : %s, %s -> %s", st.descB, e.add(st.n0, e.mulC(box, swizzleElems)), kc, st.full, slot, view, bMask, k.tmaB(), k.barrierType(), smemTile(k.BK, swizzleElems, "f16"))
	}
}

// waitParity writes a wait on barrier group bar's slot for the phase of
// the given round (phases alternate parity 0, 1, 0, ...).
func (k *kernel) waitParity(st *kernelState, bar, slot, round string) {
	e := st.e
	parity := e.op("parity", "arith.trunci %s : i32 to i1", e.op("v", "arith.index_cast %s : index to i32", e.rem(round, e.c(2))))
	e.line("nvgpu.mbarrier.try_wait.parity %s[%s], %s, %s : %s", bar, slot, parity, e.c(tryWaitTicks), k.barrierType())
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
	slot := e.rem(kt, e.c(k.Stages))
	k.waitParity(st, st.full, slot, e.div(kt, e.c(k.Stages)))
	rows := k.rowsPerConsumer()
	aOff := e.add(e.mulC(slot, k.aSlotBytes()), e.mulC(wg, rows*k.BK*f16Bytes))
	va := e.op("sa", "memref.view %s[%s][] : %s to %s", st.smem, aOff, smemType, smemTile(rows, k.BK, "f16"))
	bOff := e.addC(e.mulC(slot, k.bSlotBytes()), k.bBase())
	vb := e.op("sb", "memref.view %s[%s][] : %s to %s", st.smem, bOff, smemType, smemTile(k.BK, k.BN, "f16"))
	da := e.op("da", "nvgpu.warpgroup.generate.descriptor %s, %s : %s, %s -> %s", va, st.descA, smemTile(rows, k.BK, "f16"), k.tmaA(), k.descA())
	db := e.op("db", "nvgpu.warpgroup.generate.descriptor %s, %s : %s, %s -> %s", vb, st.descB, smemTile(k.BK, k.BN, "f16"), k.tmaB(), k.descB())
	// B is K x N row-major: the transposed operand layout of wgmma.
	next := e.op("acc", "nvgpu.warpgroup.mma %s, %s, %s {transposeB} : %s, %s, %s -> %s", da, db, acc, k.descA(), k.descB(), k.accType(), k.accType())
	return next, slot
}

// pipelined is rung 0: every warpgroup consumes; thread 0 fills the ring
// (prologue) and refills a slot once every warpgroup is past its wgmma.
func (k *kernel) pipelined(st *kernelState) {
	e := st.e
	kt := k.kTiles()
	e.open("scf.if %s {", st.leader)
	s := e.fresh("s")
	e.open("scf.for %s = %s to %s step %s {", s, e.c(0), e.c(min(k.Stages, kt)), e.c(1))
	k.load(st, s, s)
	e.close("}")
	e.close("}")
	wg := e.div(st.tid, e.c(warpgroupSize))
	acc0 := e.op("acc", "nvgpu.warpgroup.mma.init.accumulator -> %s", k.accType())
	res, iv, acc := e.fresh("res"), e.fresh("k"), e.fresh("acc")
	e.open("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {", res, iv, e.c(0), e.c(kt), e.c(1), acc, acc0, k.accType())
	next, _ := k.mma(st, wg, iv, acc)
	// Tile kt-1's wgmma has completed in this warpgroup; past the barrier,
	// in every warpgroup: its slot takes tile kt-1+stages.
	refill := e.addC(iv, k.Stages-1)
	more := e.op("p", "arith.andi %s, %s : i1", e.cmp("uge", iv, e.c(1)), e.cmp("ult", refill, e.c(kt)))
	e.open("scf.if %s {", more)
	e.line("gpu.barrier")
	e.open("scf.if %s {", st.leader)
	k.load(st, refill, e.rem(refill, e.c(k.Stages)))
	e.close("}")
	e.close("}")
	e.line("scf.yield %s : %s", next, k.accType())
	e.close("}")
	// The last wgmma must complete before its accumulator is read.
	e.line("nvvm.wgmma.wait.group.sync.aligned 0")
	k.epilogue(st, wg, res, func() { e.line("gpu.barrier") })
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
	wg := e.div(st.tid, e.c(warpgroupSize))
	isProducer := e.cmp("eq", wg, e.c(k.Consumers))
	e.open("scf.if %s {", isProducer)
	e.line("nvvm.setmaxregister decrease %d", producerRegs)
	e.open("scf.if %s {", e.cmp("eq", st.tid, e.c(k.Consumers*warpgroupSize)))
	closeTiles := k.tileLoop(st)
	if st.stagingFree != "" {
		// The staging tile lies over the ring: the next tile's loads wait
		// until the consumers have stored the previous one.
		e.open("scf.if %s {", e.cmp("uge", st.tileIndex, e.c(1)))
		k.waitSync(st, st.stagingFree, e.op("v", "arith.subi %s, %s : index", st.tileIndex, e.c(1)))
		e.close("}")
	}
	iv := e.fresh("k")
	e.open("scf.for %s = %s to %s step %s {", iv, e.c(0), e.c(kt), e.c(1))
	g := k.ringUse(st, iv)
	slot := e.rem(g, e.c(k.Stages))
	round := e.div(g, e.c(k.Stages))
	e.open("scf.if %s {", e.cmp("uge", g, e.c(k.Stages)))
	// Wait for the consumers' release of the slot's previous round.
	k.waitEmpty(st, slot, e.op("v", "arith.subi %s, %s : index", round, e.c(1)))
	e.close("}")
	k.load(st, iv, slot)
	e.close("}")
	closeTiles()
	e.close("}")
	e.open("} else {")
	e.line("nvvm.setmaxregister increase %d", k.consumerRegs())
	closeTiles = k.tileLoop(st)
	// The first thread of each consumer warpgroup releases its slots.
	first := e.cmp("eq", e.rem(st.tid, e.c(warpgroupSize)), e.c(0))
	acc0 := e.op("acc", "nvgpu.warpgroup.mma.init.accumulator -> %s", k.accType())
	res, civ, acc := e.fresh("res"), e.fresh("k"), e.fresh("acc")
	e.open("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {", res, civ, e.c(0), e.c(kt), e.c(1), acc, acc0, k.accType())
	cg := k.ringUse(st, civ)
	next, _ := k.mma(st, wg, cg, acc)
	// Tile k-1's wgmma has completed in this warpgroup: one thread
	// releases its slot.
	release := e.op("p", "arith.andi %s, %s : i1", e.cmp("uge", civ, e.c(1)), first)
	e.open("scf.if %s {", release)
	prev := e.rem(e.addC(cg, k.Stages-1), e.c(k.Stages))
	k.release(st, prev)
	e.close("}")
	e.line("scf.yield %s : %s", next, k.accType())
	e.close("}")
	e.line("nvvm.wgmma.wait.group.sync.aligned 0")
	if k.Persistent {
		// The tile's last slot is released too: the ring goes on with the
		// next tile.
		e.open("scf.if %s {", first)
		last := e.rem(k.ringUse(st, e.c(kt-1)), e.c(k.Stages))
		k.release(st, last)
		e.close("}")
	}
	// The producer has no part in the epilogue (nor the registers for
	// it): the consumers synchronise among themselves, on an mbarrier that
	// completes when every consumer thread has arrived (arrive releases,
	// the wait acquires, at CTA scope: a barrier over the consumers).
	st.syncPhase = 0
	k.epilogue(st, wg, res, func() {
		e.op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.consumersDone, e.c(0), syncBarrierType)
		// Persistent blocks run syncsPerTile phases per tile.
		phase := e.addC(e.mulC(st.tileIndex, k.syncsPerTile()), int64(st.syncPhase))
		k.waitSync(st, st.consumersDone, phase)
		st.syncPhase++
	})
	if st.stagingFree != "" {
		// The staging tile's generic-proxy accesses are ordered before the
		// TMA loads (async proxy) that will overwrite it, then released to
		// the producer.
		e.line("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}")
		e.op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.stagingFree, e.c(0), syncBarrierType)
	}
	closeTiles()
	e.close("}")
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
	return e.add(e.mulC(st.tileIndex, k.kTiles()), kt)
}

// waitSync waits on the one-barrier group bar for the phase of the given
// round.
func (k *kernel) waitSync(st *kernelState, bar, round string) {
	e := st.e
	parity := e.op("parity", "arith.trunci %s : i32 to i1", e.op("v", "arith.index_cast %s : index to i32", e.rem(round, e.c(2))))
	e.line("nvgpu.mbarrier.try_wait.parity %s[%s], %s, %s : %s", bar, e.c(0), parity, e.c(tryWaitTicks), syncBarrierType)
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
	part := e.op("st", "memref.view %s[%s][] : %s to %s", st.smem, e.addC(e.mulC(wg, (rows-wgmmaM)*k.BN*f32Bytes), k.stagingBase()), smemType, smemTile(rows, k.BN, "f32"))
	e.line("nvgpu.warpgroup.mma.store %s, %s : %s to %s", acc, part, strings.TrimPrefix(k.accType(), "!nvgpu.warpgroup.accumulator"), smemTile(rows, k.BN, "f32"))
	sync()
	tile := e.op("st", "memref.view %s[%s][] : %s to %s", st.smem, e.c(k.stagingBase()), smemType, smemTile(k.BM, k.BN, "f32"))
	threads := k.Consumers * warpgroupSize
	i := e.fresh("i")
	vec := fmt.Sprintf("vector<%dxf32>", epilogueVec)
	e.open("scf.for %s = %s to %s step %s {", i, e.mulC(st.tid, epilogueVec), e.c(k.BM*k.BN), e.c(threads*epilogueVec))
	r, c := e.div(i, e.c(k.BN)), e.rem(i, e.c(k.BN))
	s := e.op("v", "vector.load %s[%s, %s] : %s, %s", tile, r, c, smemTile(k.BM, k.BN, "f32"), vec)
	gr, gc := e.add(st.m0, r), e.add(st.n0, c)
	// Past C's edge: no access of C (the TMA store clips the box).
	endGuard := k.guardC(e, gr, gc)
	g := e.op("v", "vector.load %%C[%s, %s] : %s, %s", gr, gc, k.typeC(), vec)
	sum := e.op("v", "arith.addf %s, %s : %s", s, g, vec)
	if k.TMAEpilogue {
		e.line("vector.store %s, %s[%s, %s] : %s, %s", sum, tile, r, c, smemTile(k.BM, k.BN, "f32"), vec)
	} else {
		e.line("vector.store %s, %%C[%s, %s] : %s, %s", sum, gr, gc, k.typeC(), vec)
	}
	endGuard()
	e.close("}")
	if !k.TMAEpilogue {
		return
	}
	// The threads' writes become visible to the TMA unit (the async proxy)
	// before one thread stores the tile.
	e.line("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}")
	sync()
	e.open("scf.if %s {", st.leader)
	for w := int64(0); w < k.Consumers; w++ {
		v := e.op("st", "memref.view %s[%s][] : %s to %s", st.smem, e.c(k.stagingBase()+w*rows*k.BN*f32Bytes), smemType, smemTile(rows, k.BN, "f32"))
		e.line("nvgpu.tma.async.store %s to %s[%s, %s] : %s -> %s", v, st.descC, st.n0, e.addC(st.m0, w*rows), smemTile(rows, k.BN, "f32"), k.tmaC())
	}
	// The block must not exit while the stores still read shared memory.
	e.line("nvvm.cp.async.bulk.commit.group")
	e.line("nvvm.cp.async.bulk.wait_group 0 {read}")
	e.close("}")
}

// clusterSetup finds the block's place in its cluster and the address of
// the empty barriers, which live in dynamic shared memory (past the ring
// and the staging tile) so that the cluster's consumers can arrive on
// them remotely, through mapa.
func (k *kernel) clusterSetup(st *kernelState) {
	e := st.e
	base := e.op("v", "memref.extract_aligned_pointer_as_index %s : %s -> index", st.smem, smemType)
	st.emptyPtr = e.op("v", "arith.index_cast %s : index to i64", e.addC(base, k.emptyBarrierBase()))
}

// clusterTileCoords is tileCoords for a grid of clusters: the clusters
// are rasterised over the grid of cluster tiles (CY x CX tiles each), and
// the block at (rx, ry) in its cluster takes tile (tm*CY + ry, tn*CX +
// rx), so that blocks along x share A's rows and along y B's columns.
func (k *kernel) clusterTileCoords(st *kernelState) (string, string) {
	e := st.e
	bx := e.op("bx", "gpu.block_id x")
	by := e.op("by", "gpu.block_id y")
	st.rx, st.ry = e.rem(bx, e.c(k.CX)), e.rem(by, e.c(k.CY))
	st.rank = e.add(st.rx, e.mulC(st.ry, k.CX))
	cx, cy := e.div(bx, e.c(k.CX)), e.div(by, e.c(k.CY))
	ctM, ctN := k.tilesM()/k.CY, k.tilesN()/k.CX
	tm, tn := k.tileOfGrid(e, e.add(e.mulC(cy, ctN), cx), ctM, ctN)
	return e.add(e.mulC(tm, k.CY), st.ry), e.add(e.mulC(tn, k.CX), st.rx)
}

// emptyAt is the shared-memory pointer of slot's empty barrier (clusters).
func (k *kernel) emptyAt(st *kernelState, slot string) string {
	e := st.e
	off := e.op("v", "arith.index_cast %s : index to i64", e.mulC(slot, 8))
	return e.op("v", "llvm.inttoptr %s : i64 to !llvm.ptr<3>", e.op("v", "arith.addi %s, %s : i64", st.emptyPtr, off))
}

// waitEmpty waits for the release of slot's given round.
func (k *kernel) waitEmpty(st *kernelState, slot, round string) {
	if st.emptyPtr == "" {
		k.waitParity(st, st.empty, slot, round)
		return
	}
	e := st.e
	parity := e.op("v", "arith.index_cast %s : index to i32", e.rem(round, e.c(2)))
	e.line("nvvm.mbarrier.try_wait.parity.shared %s, %s, %s : !llvm.ptr<3>, i32, i32", k.emptyAt(st, slot), parity, e.op("v", "arith.constant %d : i32", tryWaitTicks))
}

// release arrives on slot's empty barrier: in a cluster, on every block's
// (the slot of each is written by this block's multicasts too), through
// mapa and a cluster-scope remote arrive, which MLIR 19 has no op for.
func (k *kernel) release(st *kernelState, slot string) {
	e := st.e
	if st.emptyPtr == "" {
		e.op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.empty, slot, k.barrierType())
		return
	}
	addr := e.op("v", "llvm.ptrtoint %s : !llvm.ptr<3> to i32", k.emptyAt(st, slot))
	for r := int64(0); r < k.clusterSize(); r++ {
		rank := e.op("v", "arith.constant %d : i32", r)
		e.line(`llvm.inline_asm has_side_effects "{ .reg .b32 remote; mapa.shared::cluster.u32 remote, $0, $1; mbarrier.arrive.release.cluster.shared::cluster.b64 _, [remote]; }", "r,r" %s, %s : (i32, i32) -> ()`, addr, rank)
	}
}
