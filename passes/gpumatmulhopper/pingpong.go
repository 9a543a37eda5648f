package gpumatmulhopper

import "fmt"

// Rung 7, pingpong: CUTLASS's ping-pong schedule. The block is persistent
// and warp-specialised; its i-th tile goes whole to consumer warpgroup
// i % consumers (the accumulator covers the block tile: 128x128 f32 is two
// m64 wgmmas per k step, 128 registers a thread), the producer fills one
// ring in tile order, and the consumers take turns in the main loop: a
// consumer starts tile i's wgmmas once the consumer of tile i-1 has issued
// all of its own, so that the tensor cores run one consumer's main loop
// while the other stores its tile. That epilogue, C += accumulator, needs
// no shared memory: each thread reads its registers out of the
// accumulator (wgmma's fragment layout) and updates C in place with
// 8-byte accesses, so the ring keeps all of shared memory (7 stages of
// 128x128x64 f16).
//
// The turns are mbarriers, turn[c] for consumer c, each completed by the
// 128 threads of consumer c-1 once they have issued a tile's main loop.
// Consumer c's j-th wait on turn[c] is for tile i-1 of its predecessor,
// phase (i-1) / consumers: a phase cannot complete twice before its wait,
// since the predecessor's next arrival waits on this consumer's turn in
// between. The turns also keep the full barriers' parity unambiguous:
// when a consumer waits for ring use g, the uses of the tile before have
// all landed (their consumer waited for them), so full[g % stages] is at
// most one phase behind.

// impliedByPingPong sets what pingpong implies: a persistent
// warp-specialised kernel whose epilogue stores from registers.
func (k *kernel) impliedByPingPong(on bool) {
	if !on {
		return
	}
	k.PingPong, k.Persistent, k.WarpSpecialize, k.TMAEpilogue, k.RegisterEpilogue = true, true, true, false, true
}

// checkPingPong validates what only pingpong requires.
func (k *kernel) checkPingPong() error {
	if !k.PingPong {
		return nil
	}
	switch {
	case k.Consumers < 2:
		return fmt.Errorf("pingpong needs at least 2 consumers to take turns, got %d", k.Consumers)
	case k.OverlapEpilogue:
		return fmt.Errorf("overlap-epilogue does not apply to pingpong: its epilogue stores from registers, with no staging tile")
	case k.BM*k.BN/warpgroupSize > maxAccumulatorRegs:
		return fmt.Errorf("pingpong gives each consumer warpgroup the whole %dx%d tile, %d accumulator registers a thread (at most %d): use tb-tile=128,128,64 or 64,256,64", k.BM, k.BN, k.BM*k.BN/warpgroupSize, maxAccumulatorRegs)
	}
	return nil
}

// aBoxes is the number of A boxes of a slot: one per consumer warpgroup's
// rows, or the whole tile's rows when each consumer owns whole tiles.
func (k *kernel) aBoxes() int64 {
	if k.PingPong {
		return 1
	}
	return k.Consumers
}

// releasers is the arrivals that free a ring slot: every consumer
// warpgroup's, or under pingpong only the one whose tile the slot holds.
func (k *kernel) releasers() int64 {
	if k.PingPong {
		return 1
	}
	return k.Consumers
}

func (k *kernel) turnBarrierType() string {
	return fmt.Sprintf("!nvgpu.mbarrier.group<memorySpace = %s, num_barriers = %d>", workgroup, k.Consumers)
}

// initTurns initialises turn[c] to complete on the arrivals of a whole
// warpgroup, the consumer before c (run by the leader thread).
func (k *kernel) initTurns(st *kernelState) {
	e := st.e
	for c := int64(0); c < k.Consumers; c++ {
		e.Line("nvgpu.mbarrier.init %s[%s], %s : %s", st.turn, e.C(c), e.C(warpgroupSize), k.turnBarrierType())
	}
}

// pingPongConsumer writes the consumer warpgroup wg's part of rung 7: a
// loop over the block's tiles wg, wg + consumers, ..., each waiting for
// its turn, running the main loop on the whole tile, passing the turn on,
// then storing the tile from registers.
func (k *kernel) pingPongConsumer(st *kernelState, wg string) {
	e := st.e
	n := k.Consumers
	first := k.releasingThreads(st)
	fragRow, fragCol := k.fragment(st)
	nextTurn := e.Rem(e.AddC(wg, 1), e.C(n))
	closeTiles := k.persistentTiles(st, wg, n)
	// Wait until the consumer of the block's previous tile has issued its
	// main loop (none before the block's first tile).
	e.Open("scf.if %s {", e.Cmp("uge", st.tileIndex, e.C(1)))
	round := e.Div(e.Op("v", "arith.subi %s, %s : index", st.tileIndex, e.C(1)), e.C(n))
	parity := e.Op("parity", "arith.trunci %s : i32 to i1", e.Op("v", "arith.index_cast %s : index to i32", e.Rem(round, e.C(2))))
	e.Line("nvgpu.mbarrier.try_wait.parity %s[%s], %s, %s : %s", st.turn, wg, parity, e.C(tryWaitTicks), k.turnBarrierType())
	e.Close("}")
	// The consumer owns the whole tile: its wgmmas read all of the
	// slot's A rows.
	res := k.consumerLoop(st, e.C(0), first)
	// Every wgmma of the tile is issued: the next consumer's main loop
	// may start while this one's last wgmmas complete.
	e.Op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.turn, nextTurn, k.turnBarrierType())
	k.registerEpilogue(st, res, fragRow, fragCol, func() {
		e.Line("nvvm.wgmma.wait.group.sync.aligned 0")
		k.releaseLast(st, first)
	})
	closeTiles()
}

// fragment returns the thread's place in wgmma's accumulator fragment
// (PTX ISA, wgmma .m64nNk16 register fragments), row and column within
// its warpgroup's tile: warp w of the warpgroup holds rows 16w + lane/4
// (and +8) of each 64-row tile, at columns 8j + 2(lane%4) and +1 of each
// 8-column block j.
func (k *kernel) fragment(st *kernelState) (row, col string) {
	e := st.e
	lane := e.Rem(st.tid, e.C(32))
	row = e.Add(e.MulC(e.Div(e.Rem(st.tid, e.C(warpgroupSize)), e.C(32)), 16), e.Div(lane, e.C(4)))
	return row, e.MulC(e.Rem(lane, e.C(4)), 2)
}

// persistentTiles opens a persistent block's loop over its tiles first,
// first + every, ... (first: "" for 0, or an index value), in the static
// schedule: the block's i-th tile is unit blockIdx.x + i*gridDim.x of the
// rasterised tile grid. In a cluster (rung 7) the unit is a cluster tile
// (CY x CX tiles), walked by the cluster's index, and the block takes the
// tile at its place in it, so the blocks of a cluster count the same ring
// uses and multicast into each other's slots for the same K tiles. It
// sets st's tile origin and tileIndex (i) and returns the closer. The
// grid counts on every cluster being resident at once: clusters of 4 do
// not pack the 132 SMs of a GPU whose GPCs hold 16 or 18 SMs, so
// cluster=4,1 wants sm-count=128.
func (k *kernel) persistentTiles(st *kernelState, first string, every int64) func() {
	e := st.e
	cs := k.clusterSize()
	units, grid := k.tiles()/cs, k.gridSize()/cs
	unit0 := e.Op("bx", "gpu.block_id x")
	if cs > 1 {
		unit0 = e.Div(unit0, e.C(cs))
	}
	start := unit0
	if first != "" {
		start = e.Add(unit0, e.MulC(first, grid))
	}
	t := e.Fresh("t")
	e.Open("scf.for %s = %s to %s step %s {", t, start, e.C(units), e.C(every*grid))
	st.tileIndex = e.Div(e.Op("v", "arith.subi %s, %s : index", t, unit0), e.C(grid))
	var tm, tn string
	if cs == 1 {
		tm, tn = k.tileOf(e, t)
	} else {
		ctm, ctn := k.tileOfGrid(e, t, k.tilesM()/k.CY, k.tilesN()/k.CX)
		tm, tn = e.Add(e.MulC(ctm, k.CY), st.ry), e.Add(e.MulC(ctn, k.CX), st.rx)
	}
	st.m0 = e.MulC(tm, k.BM)
	st.n0 = e.MulC(tn, k.BN)
	return func() { e.Close("}") }
}

// clusterRank places a block of the persistent grid, a row of clusters
// of clusterSize blocks, in its cluster: rank blockIdx.x % clusterSize,
// along x (sharing A) or y (sharing B).
func (k *kernel) clusterRank(st *kernelState) {
	e := st.e
	st.rank = e.Rem(e.Op("bx", "gpu.block_id x"), e.C(k.clusterSize()))
	st.rx, st.ry = st.rank, e.C(0)
	if k.CY > 1 {
		st.rx, st.ry = e.C(0), st.rank
	}
}
