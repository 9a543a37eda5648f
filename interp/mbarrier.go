package interp

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// mbarrier is the state of one initialised mbarrier object (PTX ISA,
// "Parallel Synchronization and Communication Instructions: mbarrier"):
// the 8 bytes at its shared-memory address are opaque to the program, so
// the interpreter keeps the state beside the memory, keyed by address.
//
// A phase completes when its pending arrival count and its pending
// transaction count (bytes expected by expect_tx and not yet delivered by
// TMA copies; it may go negative when bytes arrive before they are
// expected) both reach zero; the next phase then starts with the expected
// arrival count and no transactions. Phases are counted from 0: the phase
// in progress has parity phase % 2, and a wait for parity P is satisfied
// when the current phase's parity differs from P, that is when the last
// completed phase had parity P (so a wait for parity 1 on a fresh barrier
// returns at once, as on the hardware).
type mbarrier struct {
	initOp *ir.Operation
	// addr is where it lives, block the block whose shared memory that is.
	addr    Pointer
	block   *gpuBlock
	count   int64
	pending int64
	tx      int64
	phase   int64
	// seen[i] is the number of completed phases thread i has observed.
	seen []int64
	// acc joins the clocks of the phase's arrivals (and of the TMA loads
	// whose bytes it received); done joins every completed phase's
	// (hb.go). Both nil in blocks without clocks.
	acc, done vclock
}

// Transaction counts are limited to 2^20 - 1 each way.
const maxTxCount = 1<<20 - 1

// arrive counts n arrivals; complete says whether the phase may complete
// (nocomplete arrivals must not complete it).
// t (nil: none) is the arriving thread, whose clock the phase takes.
func (m *mbarrier) arrive(op *ir.Operation, t *Thread, n int64, complete bool) error {
	if n <= 0 || n > m.pending || !complete && n == m.pending {
		what := "more arrivals than the phase expects"
		if !complete && n == m.pending {
			what = "an arrive.nocomplete that would complete the phase"
		}
		d := runtimeError(op, "%s: %d arrival(s) with %d of %d pending in phase %d of the mbarrier", what, n, m.pending, m.count, m.phase)
		d.AttachNote(m.initOp.Loc(), "the mbarrier was initialised here")
		return d
	}
	// Clocks span the cluster: a remote arrival (through mapa) releases
	// into the phase as a local one does.
	if t != nil && t.vc != nil && m.acc != nil {
		m.acc.join(t.vc)
		t.release()
	}
	m.pending -= n
	m.maybeComplete()
	return nil
}

// expectTx raises the pending transaction count by n bytes.
func (m *mbarrier) expectTx(op *ir.Operation, n int64) error {
	if n < 0 || m.tx+n > maxTxCount {
		return runtimeError(op, "transaction count %d + %d bytes is outside the mbarrier's range", m.tx, n)
	}
	m.tx += n
	return nil
}

// completeTx delivers n bytes of a TMA copy whose issuer had clock vc
// (nil: none) at the issue.
func (m *mbarrier) completeTx(n int64, vc vclock) {
	if vc != nil && m.acc != nil {
		m.acc.join(vc)
	}
	m.tx -= n
	m.maybeComplete()
}

func (m *mbarrier) maybeComplete() {
	if m.pending == 0 && m.tx == 0 {
		if m.acc != nil {
			m.done.join(m.acc)
			clear(m.acc)
		}
		m.phase++
		m.pending = m.count
	}
}

// parityDone reports whether the phase of parity p has completed (try_wait.parity).
func (m *mbarrier) parityDone(p uint64) bool { return uint64(m.phase)%2 != p%2 }

// observe records that t saw every phase before the current one
// complete, and acquires their arrivals' clocks.
func (m *mbarrier) observe(t *Thread) {
	if t.block != m.block {
		return
	}
	m.seen[t.linear] = max(m.seen[t.linear], m.phase)
	if t.vc != nil && m.done != nil {
		t.vc.join(m.done)
	}
}

// observedBy reports whether agent (a thread, or every thread of a
// collective's scope) has observed phase complete.
func (m *mbarrier) observedBy(b *gpuBlock, agent int32, phase int64) bool {
	lo, hi := agentSpan(agent)
	for i := lo; i < hi && int(i) < len(m.seen); i++ {
		if m.seen[i] <= phase {
			return false
		}
	}
	return true
}

func (m *mbarrier) String() string {
	return fmt.Sprintf("phase %d (parity %d) with %d of %d arrivals and %d transaction bytes pending",
		m.phase, m.phase%2, m.pending, m.count, m.tx)
}

// mbarrierAt returns the mbarrier initialised at p in the thread's block.
func (t *Thread) mbarrierAt(op *ir.Operation, p Pointer) (*mbarrier, error) {
	if err := checkMbarrierPointer(op, p); err != nil {
		return nil, err
	}
	b := t.block
	if s, ok := p.Buf.Shadow.(*sharedShadow); ok && s.b != b && s.b.cluster != nil && s.b.cluster == b.cluster {
		// Another block's mbarrier, reached through mapa: arrivals on it
		// are how a cluster's consumers release a multicast slot.
		b = s.b
	}
	m := b.async.mbars[p]
	if m == nil {
		return nil, runtimeError(op, "uses an mbarrier at %s that was not initialised (mbarrier.init)", p)
	}
	return m, nil
}

func checkMbarrierPointer(op *ir.Operation, p Pointer) error {
	if p.Buf == nil || p.Buf.Space != sharedSpace {
		return runtimeError(op, "mbarrier at %s is not in shared memory", p)
	}
	if _, _, _, err := p.span(op, "mbarrier access", 8); err != nil {
		return err
	}
	if p.Off%8 != 0 {
		return runtimeError(op, "mbarrier at %s is not 8-byte aligned", p)
	}
	return nil
}

// initMbarrier (re)initialises the mbarrier at p to expect count arrivals.
func (t *Thread) initMbarrier(op *ir.Operation, p Pointer, count int64) error {
	if err := checkMbarrierPointer(op, p); err != nil {
		return err
	}
	if count < 1 || count > maxTxCount {
		return runtimeError(op, "mbarrier arrival count %d is not in [1, %d]", count, maxTxCount)
	}
	b := t.block
	if b.async.mbars == nil {
		b.async.mbars = map[Pointer]*mbarrier{}
	}
	m := &mbarrier{initOp: op, addr: p, block: b, count: count, pending: count, seen: make([]int64, len(b.threads))}
	m.acc, m.done = b.newClock(), b.newClock()
	b.async.mbars[p] = m
	return nil
}

// waitParity blocks t until the phase of parity p of m has completed, then
// records the observation. Its op's location names the deadlock.
func (t *Thread) waitParity(op *ir.Operation, m *mbarrier, p uint64) error {
	if m.block != t.block {
		return runtimeError(op, "waits on an mbarrier of block %s, which only its own threads can wait on", fmtID(m.block.bid))
	}
	err := t.Block(op, func() bool { return m.parityDone(p) }, func() string {
		return fmt.Sprintf("the mbarrier phase of parity %d never completes (the mbarrier is in %s)", p%2, m)
	})
	if err != nil {
		return err
	}
	m.observe(t)
	return nil
}

// testWait reports whether the phase token (the phase count an arrive
// returned) has completed, recording the observation when it has.
func (t *Thread) testWait(m *mbarrier, token int64) bool {
	if m.phase > token {
		m.observe(t)
		return true
	}
	return false
}

// ---- handlers shared by the nvvm and nvgpu dialects ----

// mbarrierAddr finds the address of the mbarrier an op names: a pointer
// operand (nvvm) or a group and an index (nvgpu).
type mbarrierAddr func(fr *Frame) (Pointer, error)

// compileMbarrierOp compiles an op on one initialised mbarrier: when its
// predicate (slot pred, -1: none) holds, run gets the thread and the
// mbarrier (its own block's or, through mapa, a peer's).
func compileMbarrierOp(c *Compiler, op *ir.Operation, addr mbarrierAddr, pred int, run func(fr *Frame, t *Thread, m *mbarrier) error) (Compiled, error) {
	c.Suspending(op)
	return Compiled{Exec: func(fr *Frame) error {
		t, err := ThreadOf(fr, op)
		if err != nil || !predicated(fr, pred) {
			return err
		}
		p, err := addr(fr)
		if err != nil {
			return err
		}
		m, err := t.mbarrierAt(op, p)
		if err != nil {
			return err
		}
		return run(fr, t, m)
	}}, nil
}

// compileMbarrierExpectTxOf compiles arrive.expect_tx: raise the
// transaction count by the bytes in slot tx, then arrive.
func compileMbarrierExpectTxOf(c *Compiler, op *ir.Operation, addr mbarrierAddr, tx int) (Compiled, error) {
	return compileMbarrierOp(c, op, addr, predicateSlot(c, op), func(fr *Frame, t *Thread, m *mbarrier) error {
		if err := m.expectTx(op, int64(uint32(fr.S[tx]))); err != nil {
			return err
		}
		return m.arrive(op, t, 1, true)
	})
}

// compileMbarrierTryWaitOf compiles try_wait.parity with the parity in
// slot parity.
func compileMbarrierTryWaitOf(c *Compiler, op *ir.Operation, addr mbarrierAddr, parity int) (Compiled, error) {
	return compileMbarrierOp(c, op, addr, -1, func(fr *Frame, t *Thread, m *mbarrier) error {
		return t.waitParity(op, m, fr.S[parity])
	})
}
