package interp

// Happens-before through mbarriers.
//
// A block barrier ends an epoch for every thread at once, and the race
// check (gpu.go) orders accesses of different epochs by that alone. A
// warp-specialised kernel synchronises its warpgroups through mbarriers
// instead: a producer fills a ring slot, its TMA bytes complete the slot's
// "full" phase, a consumer waits for that phase, reads the slot and
// arrives on its "empty" mbarrier, which the producer waits on before it
// refills the slot — all within one epoch. So kernels with asynchronous
// ops (Compiler.Suspending) also keep a vector clock per thread, as race
// detectors do (FastTrack): thread i's own component counts its release
// points; each shadow access records its agent's own clock.
//   - An arrive on an mbarrier releases: the arriving thread's clock joins
//     the phase's, and its own component advances. A TMA load completing
//     bytes of a phase joins the clock its issuer had at the issue, so its
//     writes are ordered before the phase's waiters too.
//   - A wait that observes a phase complete (try_wait.parity, test.wait
//     returning true) acquires: the thread's clock joins every completed
//     phase's (arrivals on one mbarrier form a release sequence, so
//     observing a later phase orders the earlier ones' arrivals too).
//   - A warp or warpgroup collective (wgmma, shuffles, warp reductions)
//     synchronises its threads: their clocks join, then each advances. A
//     collective's own accesses are recorded with its first thread's clock,
//     which the join hands to every thread of the scope.
//   - Named barriers (nvvm_barrier.go) and the cluster barrier
//     (cluster.go) release at each arrival and acquire, at each wait, what
//     the arrivals of the generation waited for released.
//
// Two accesses of one epoch by different agents race unless the earlier
// one's agent clock is at most what the later accessor knows of it.
//
// Clusters. The clocks span every thread of the block's cluster (thread
// ci = rank*threads per block + linear id), so a remote arrive (through
// nvvm.mapa) releases into the peer's mbarrier, and the copies of a
// multicast TMA load carry their issuer's clock into every block of the
// mask, as they do locally. An access by another block of the cluster
// (distributed shared memory, multicast TMA data) is not ordered by the
// owner's block barriers, so a pair of accesses that involves another
// block is checked by clocks alone, whatever the epochs; for that, a block
// barrier also joins the clocks of the block's threads (it orders
// everything before it in the block before everything after, and a
// thread that then releases to another block passes that on).

// vclock is a vector clock over a cluster's threads.
type vclock []int32

func (v vclock) join(o vclock) {
	for i, x := range o {
		if x > v[i] {
			v[i] = x
		}
	}
}

// startClocks gives every thread of a kernel with asynchronous ops its
// clock over the n threads of its cluster, of which the block's are
// numbered from base.
func (b *gpuBlock) startClocks(base, n int) {
	k := b.grid.k
	b.base = base
	if k == nil || !k.async {
		return
	}
	b.clocks, b.clockLen = true, n
	for _, t := range b.threads {
		t.vc = make(vclock, n)
		t.vc[t.ci()] = 1
	}
}

// newClock returns a zero clock of the block's cluster, nil without clocks.
func (b *gpuBlock) newClock() vclock {
	if !b.clocks {
		return nil
	}
	return make(vclock, b.clockLen)
}

// ci is t's component in the cluster's clocks.
func (t *Thread) ci() int { return t.block.base + t.linear }

// release advances t's own clock after its clock was published (an
// arrive, a TMA issue).
func (t *Thread) release() {
	if t.vc != nil {
		t.vc[t.ci()]++
	}
}

// agentClock is the clock an access by agent records: the agent's (or
// its first thread's) own component, or the issue-time clock of the TMA
// copy being landed.
func (b *gpuBlock) agentClock(a int32) int32 {
	if !b.clocks {
		return 0
	}
	if b.landVC != nil && a >= 0 {
		return b.landVC[b.base+int(a)]
	}
	lo, _ := agentSpan(a)
	if int(lo) >= len(b.threads) {
		return 0
	}
	return b.threads[lo].vc[b.base+int(lo)]
}

// ordered reports whether an access by agent prev of block pb at clock
// clk happens before the access by agent cur of b now.
func (b *gpuBlock) ordered(pb *gpuBlock, prev, clk, cur int32) bool {
	if !b.clocks || !pb.clocks || prev == blockAgent {
		return false
	}
	src, _ := agentSpan(prev)
	if int(src) >= len(pb.threads) {
		return false
	}
	ci := pb.base + int(src)
	if b.landVC != nil && cur >= 0 {
		return b.landVC[ci] >= clk
	}
	lo, hi := agentSpan(cur)
	for i := lo; i < hi && int(i) < len(b.threads); i++ {
		if b.threads[i].vc[ci] >= clk {
			return true
		}
	}
	return false
}

// joinClocks synchronises the threads of a completed collective.
func (b *gpuBlock) joinClocks(ts []*Thread) {
	if !b.clocks || len(ts) < 2 {
		return
	}
	if cap(b.scratch) < b.clockLen {
		b.scratch = make(vclock, b.clockLen)
	}
	j := b.scratch[:b.clockLen]
	clear(j)
	for _, t := range ts {
		j.join(t.vc)
	}
	for _, t := range ts {
		copy(t.vc, j)
		t.vc[t.ci()]++
	}
}
