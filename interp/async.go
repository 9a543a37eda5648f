package interp

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// Asynchronous execution: the Hopper and Ampere ops that a thread issues
// and that complete later (cp.async, TMA copies, wgmma), and the waits
// that block a thread until they have (mbarrier phases).
//
// Blocking. A thread that must wait for a condition only other threads or
// in-flight copies can make true (mbarrier.try_wait.parity) calls
// Thread.Block: it is suspended like a thread at a collective op, and the
// scheduler (gpu.go) resumes it once the condition holds. A block whose
// threads are all blocked, waiting at collectives or done, with nothing in
// flight that could unblock them, is deadlocked: the error names the wait
// and what it waits for.
//
// Completion. Asynchronous copies complete as late as the hardware may
// complete them, so that a program that reads their data too early reads
// stale memory here too, and the check below reports it:
//   - cp.async (nvvm.cp.async.shared.global, nvgpu.device_async_copy)
//     lands at the issuing thread's wait.group that covers its group;
//   - TMA loads and stores land when the block can make no other progress:
//     every thread is blocked, at a collective, or done. A TMA load then
//     completes its bytes on its mbarrier.
//
// Checks. Every element of workgroup memory an asynchronous copy will
// write is marked in flight from the issue until the copy lands: any
// other access in between is an error naming both ops. Data a TMA load
// landed is tagged with the mbarrier phase it completed: a thread may read
// it only after observing that phase (a try_wait.parity or test.wait that
// returned true, by itself or by a thread it synchronised with through a
// block barrier), which catches a consumer that skips its wait or waits on
// the wrong parity. The async proxy (wgmma operands, TMA stores) reading
// an element a thread wrote through the generic proxy (st.shared) requires
// a fence.proxy.async by that thread in between.

// blockWait is what a blocked thread waits for.
type blockWait struct {
	op    *ir.Operation
	ready func() bool
	why   func() string
}

// Block suspends the thread until ready() holds; why explains, for a
// deadlock report, what it waits for. On the host, or in a kernel that was
// not compiled for suspension, a condition that does not already hold can
// never come true: that is the deadlock error at op.
func (t *Thread) Block(op *ir.Operation, ready func() bool, why func() string) error {
	for !ready() {
		if t.yield == nil {
			return runtimeError(op, "%s waits forever: %s", t, why())
		}
		t.wait, t.site, t.blocked = op, nil, &blockWait{op: op, ready: ready, why: why}
		if !t.yield(struct{}{}) {
			return errAborted
		}
	}
	return nil
}

// Suspending declares that op may block its thread (Thread.Block) or
// start asynchronous work, so kernels containing it run their threads as
// coroutines and track asynchronous state.
func (c *Compiler) Suspending(*ir.Operation) { c.collective, c.async = true, true }

// compileThreadOp compiles a suspending op that, when its predicate
// (slot pred, -1: none) holds, runs on its thread: the thread's own
// asynchronous state (commits, waits) or an issue.
func compileThreadOp(c *Compiler, op *ir.Operation, pred int, run func(fr *Frame, t *Thread) error) (Compiled, error) {
	c.Suspending(op)
	return Compiled{Exec: func(fr *Frame) error {
		t, err := ThreadOf(fr, op)
		if err != nil || !predicated(fr, pred) {
			return err
		}
		return run(fr, t)
	}}, nil
}

// asyncOp is an asynchronous operation in flight in a block.
type asyncOp interface {
	// land completes the operation.
	land(b *gpuBlock) error
	// issuer is the thread that issued it.
	issuer() *Thread
}

// threadAsync is a thread's asynchronous state.
type threadAsync struct {
	// cpPending are cp.async copies not yet committed; cpGroups the
	// committed groups, oldest first.
	cpPending []asyncOp
	cpGroups  [][]asyncOp
	// bulkPending and bulkGroups are TMA stores (cp.async.bulk groups).
	bulkPending []asyncOp
	bulkGroups  [][]asyncOp
	// wg tracks wgmma fences, groups and accumulators (nvvm_wgmma.go).
	wg wgmmaState
	// fences counts the thread's fence.proxy.async ops.
	fences int32
}

// blockAsync is a block's asynchronous state.
type blockAsync struct {
	// inflight are TMA copies to complete when the block stalls, in issue order.
	inflight []asyncOp
	// mbars are the block's initialised mbarriers by address.
	mbars map[Pointer]*mbarrier
	// landing is the copy whose data is being written (its own in-flight
	// marks do not stop it).
	landing asyncOp
	// window gives shared buffers addresses in the 256 KB shared window.
	window sharedWindow
}

// unblocked appends to runnable the blocked threads whose condition holds.
func (b *gpuBlock) unblocked(runnable []*Thread) []*Thread {
	for _, t := range b.threads {
		if t.blocked != nil && t.blocked.ready() {
			runnable = append(runnable, t)
		}
	}
	return runnable
}

// drain lands every TMA copy in flight and reports whether there was one.
func (b *gpuBlock) drain() (bool, error) {
	if len(b.async.inflight) == 0 {
		return false, nil
	}
	ops := b.async.inflight
	b.async.inflight = nil
	for _, a := range ops {
		if err := b.landOp(a); err != nil {
			return true, err
		}
	}
	return true, nil
}

// finish lands what is still in flight when every thread has finished:
// copies nobody waited for still complete before the kernel does.
func (b *gpuBlock) finish() error {
	if _, err := b.drain(); err != nil {
		return err
	}
	for _, t := range b.threads {
		ta := &t.async
		for _, g := range append(ta.cpGroups, ta.cpPending, ta.bulkPending) {
			for _, a := range g {
				if err := b.landOp(a); err != nil {
					return err
				}
			}
		}
		for _, g := range ta.bulkGroups {
			for _, a := range g {
				if err := b.landOp(a); err != nil {
					return err
				}
			}
		}
		ta.cpGroups, ta.cpPending, ta.bulkPending, ta.bulkGroups = nil, nil, nil, nil
	}
	return nil
}

// landOp lands a with a's own in-flight marks lifted.
func (b *gpuBlock) landOp(a asyncOp) error {
	saved := b.async.landing
	b.async.landing = a
	err := a.land(b)
	b.async.landing = saved
	return err
}

// waitGroups lands every group of groups but the newest n and returns those.
func waitGroups(b *gpuBlock, groups [][]asyncOp, n int) ([][]asyncOp, error) {
	for len(groups) > n {
		for _, a := range groups[0] {
			if err := b.landOp(a); err != nil {
				return nil, err
			}
		}
		groups = groups[1:]
	}
	return groups, nil
}

// blockedDeadlock reports the first blocked thread's wait, or nil.
func (b *gpuBlock) blockedDeadlock() error {
	for _, t := range b.threads {
		if t.blocked == nil {
			continue
		}
		d := runtimeError(t.blocked.op, "deadlock: %s of block %s waits forever: %s", t, fmtID(b.bid), t.blocked.why())
		return d
	}
	return nil
}

// syncObservations makes what any thread of the block observed of
// mbarrier phases observed by all: a block barrier orders every thread
// after every other's waits.
func (b *gpuBlock) syncObservations() {
	for _, m := range b.async.mbars {
		hi := int64(0)
		for _, s := range m.seen {
			hi = max(hi, s)
		}
		for i := range m.seen {
			m.seen[i] = hi
		}
	}
}

// ---- shared window ----

// Shared memory addresses. Hardware matrix descriptors hold 14 bits of a
// shared address shifted right by 4, so shared pointers converted to
// integers (llvm.ptrtoint of an address-space-3 pointer, the descriptors
// warpgroup.generate.descriptor builds) get addresses in a per-block
// window below 256 KB, each buffer 1024-byte aligned so that swizzle
// patterns, which the hardware applies to address bits, are the same
// relative to the buffer.
type sharedWindow struct {
	bufs  []*Buffer
	bases []int64
	next  int64
}

const (
	sharedWindowBase  = 1024
	sharedWindowAlign = 1024
	sharedWindowSize  = 1 << 18
)

// address returns the window address of p, which points into shared memory.
func (w *sharedWindow) address(p Pointer) (int64, error) {
	for i, b := range w.bufs {
		if b == p.Buf {
			return w.bases[i] + p.Off, nil
		}
	}
	if w.next == 0 {
		w.next = sharedWindowBase
	}
	size := int64(len(p.Buf.Data)) * max(ByteSize(p.Buf.Elem), 1)
	base := w.next
	if base+size > sharedWindowSize {
		return 0, fmt.Errorf("the block's shared memory exceeds the %d KB window of shared addresses", sharedWindowSize>>10)
	}
	w.bufs, w.bases = append(w.bufs, p.Buf), append(w.bases, base)
	w.next = (base + size + sharedWindowAlign - 1) / sharedWindowAlign * sharedWindowAlign
	return base + p.Off, nil
}

// pointer returns the shared pointer at window address a (into no buffer
// when none holds it).
func (w *sharedWindow) pointer(a int64) Pointer {
	for i, b := range w.bufs {
		size := int64(len(b.Data)) * max(ByteSize(b.Elem), 1)
		if a >= w.bases[i] && a < w.bases[i]+size {
			return Pointer{Buf: b, Off: a - w.bases[i]}
		}
	}
	return Pointer{Off: a}
}

// sharedAddress returns the shared window address of p for op.
func (t *Thread) sharedAddress(op *ir.Operation, p Pointer) (int64, error) {
	if p.Buf == nil || p.Buf.Space != sharedSpace {
		return 0, runtimeError(op, "%s is not a pointer into shared memory", p)
	}
	a, err := t.block.async.window.address(p)
	if err != nil {
		return 0, runtimeError(op, "%v", err)
	}
	return a, nil
}

const sharedSpace = 3

// ---- per-element asynchronous state of shared memory ----

// asyncCell is the asynchronous state of one element of workgroup memory.
type asyncCell struct {
	// inflight: an asynchronous copy will write the element.
	inflight asyncOp
	inOp     *ir.Operation
	// mbar and phase: the element holds data a TMA load landed in that
	// phase of mbar; readers must have observed the phase complete.
	mbar  *mbarrier
	phase int64
	tmaOp *ir.Operation
	// gw is the thread (linear id + 1) that last wrote the element through
	// the generic proxy, gwFence its fence.proxy.async count then.
	gw      int32
	gwFence int32
	gwOp    *ir.Operation
}

// cellsOf returns the asynchronous state of buf (a workgroup buffer of a
// kernel that uses asynchronous ops), or nil.
func cellsOf(buf *Buffer) ([]asyncCell, *gpuBlock) {
	s, ok := buf.Shadow.(*sharedShadow)
	if !ok || s.async == nil {
		return nil, nil
	}
	return s.async, s.b
}

// checkAsync is CheckAccess's part for kernels with asynchronous ops; a
// is the accessing block (another block of the cluster for distributed
// shared memory and multicast copies).
func (s *sharedShadow) checkAsync(op *ir.Operation, a *gpuBlock, m *MemRef, idx []int64, p int64, write bool) error {
	c := &s.async[p]
	if c.inflight != nil && c.inflight != a.async.landing {
		kind := "reads"
		if write {
			kind = "writes"
		}
		d := runtimeError(op, "%s workgroup memory %s at index %s before the asynchronous copy that writes it completed (in %s)",
			kind, m.Type, fmtIndex(idx), a.agentName(a.agent)+" of block "+fmtID(a.bid))
		d.AttachNote(c.inOp.Loc(), "the copy was issued here")
		return d
	}
	if write {
		if a.async.landing != nil {
			return nil
		}
		c.mbar, c.tmaOp = nil, nil
		// Fences are tracked for the owner's threads: a peer's generic
		// write (st.shared::cluster) is not followed to the async proxy.
		c.gw = 0
		if a == s.b && a.agent >= 0 {
			c.gw, c.gwFence, c.gwOp = a.agent+1, a.threads[a.agent].async.fences, op
		}
		return nil
	}
	// Only the owner's threads can wait on its mbarriers: a peer's read
	// of TMA data is ordered by the race check's clocks alone.
	if a == s.b && c.mbar != nil && !c.mbar.observedBy(a, a.agent, c.phase) {
		d := runtimeError(op, "reads workgroup memory %s at index %s, which a TMA load completing phase %d of an mbarrier wrote, but %s of block %s did not observe that phase (no mbarrier wait, or a wait on the wrong parity)",
			m.Type, fmtIndex(idx), c.phase, a.agentName(a.agent), fmtID(a.bid))
		d.AttachNote(c.tmaOp.Loc(), "the TMA load was issued here")
		d.AttachNote(c.mbar.initOp.Loc(), "the mbarrier was initialised here")
		return d
	}
	return nil
}

// asyncProxyRead checks a read of p's element at op by the async proxy
// (wgmma operands, TMA stores): a generic-proxy write to it needs a
// fence.proxy.async by its writer in between.
func asyncProxyRead(op *ir.Operation, buf *Buffer, pos int64) error {
	cells, b := cellsOf(buf)
	if cells == nil {
		return nil
	}
	c := &cells[pos]
	if c.gw == 0 || b.threads[c.gw-1].async.fences != c.gwFence {
		return nil
	}
	d := runtimeError(op, "reads shared memory through the async proxy that %s of block %s wrote through the generic proxy with no fence.proxy.async in between (missing fence)",
		b.threads[c.gw-1], fmtID(b.bid))
	d.AttachNote(c.gwOp.Loc(), "the generic-proxy write")
	return d
}

// markInflight marks the elements of buf covering bytes [off, off+n) as
// written by a, issued at op.
func markInflight(buf *Buffer, off, n int64, a asyncOp, op *ir.Operation) {
	cells, _ := cellsOf(buf)
	if cells == nil {
		return
	}
	es := max(ByteSize(buf.Elem), 1)
	for e := off / es; e <= (off+n-1)/es && e < int64(len(cells)); e++ {
		if e >= 0 {
			cells[e].inflight, cells[e].inOp = a, op
		}
	}
}

// inflightOverlap returns the first element of buf covering bytes [off,
// off+n) that an asynchronous copy in flight will write, or nil: a second
// copy to it is unordered with the first (a write-write race).
func inflightOverlap(buf *Buffer, off, n int64) *asyncCell {
	cells, _ := cellsOf(buf)
	if cells == nil {
		return nil
	}
	es := max(ByteSize(buf.Elem), 1)
	for e := max(off/es, 0); e <= (off+n-1)/es && e < int64(len(cells)); e++ {
		if cells[e].inflight != nil {
			return &cells[e]
		}
	}
	return nil
}

// clearInflight lifts a's marks from the elements of buf covering bytes
// [off, off+n).
func clearInflight(buf *Buffer, off, n int64, a asyncOp) {
	cells, _ := cellsOf(buf)
	if cells == nil {
		return
	}
	es := max(ByteSize(buf.Elem), 1)
	for e := off / es; e <= (off+n-1)/es && e < int64(len(cells)); e++ {
		if e >= 0 && cells[e].inflight == a {
			cells[e].inflight, cells[e].inOp = nil, nil
		}
	}
}
