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
//   - A warp or warpgroup collective (wgmma, shuffles, named barriers)
//     synchronises its threads: their clocks join, then each advances. A
//     collective's own accesses are recorded with its first thread's clock,
//     which the join hands to every thread of the scope.
//
// Two accesses of one epoch by different agents race unless the earlier
// one's agent clock is at most what the later accessor knows of it.

// vclock is a vector clock over a block's threads.
type vclock []int32

func (v vclock) join(o vclock) {
	for i, x := range o {
		if x > v[i] {
			v[i] = x
		}
	}
}

// clocked reports whether the block keeps vector clocks.
func (b *gpuBlock) clocked() bool { return b.clocks }

// startClocks gives every thread of a kernel with asynchronous ops its clock.
func (b *gpuBlock) startClocks() {
	k := b.grid.k
	if k == nil || !k.async {
		return
	}
	b.clocks = true
	for _, t := range b.threads {
		t.vc = make(vclock, len(b.threads))
		t.vc[t.linear] = 1
	}
}

// release advances t's own clock after its clock was published (an
// arrive, a TMA issue).
func (t *Thread) release() {
	if t.vc != nil {
		t.vc[t.linear]++
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
		return b.landVC[a]
	}
	lo, _ := agentSpan(a)
	if int(lo) >= len(b.threads) {
		return 0
	}
	return b.threads[lo].vc[lo]
}

// ordered reports whether an access by prev at clock clk happens before
// the access by cur now.
func (b *gpuBlock) ordered(prev, clk, cur int32) bool {
	if !b.clocks || prev == blockAgent {
		return false
	}
	src, _ := agentSpan(prev)
	if int(src) >= len(b.threads) {
		return false
	}
	if b.landVC != nil && cur >= 0 {
		return b.landVC[src] >= clk
	}
	lo, hi := agentSpan(cur)
	for i := lo; i < hi && int(i) < len(b.threads); i++ {
		if b.threads[i].vc[src] >= clk {
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
	if cap(b.scratch) < len(b.threads) {
		b.scratch = make(vclock, len(b.threads))
	}
	j := b.scratch[:len(b.threads)]
	clear(j)
	for _, t := range ts {
		j.join(t.vc)
	}
	for _, t := range ts {
		copy(t.vc, j)
		t.vc[t.linear]++
	}
}
