package interp

import (
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// The nvvm dialect's asynchronous ops on the model of async.go: mbarriers
// (mbarrier.go) addressed by pointer, Ampere's cp.async with its commit and
// wait groups, TMA tile copies (tma.go) and the proxy fence. The `.shared`
// twins take a pointer in address space 3 and behave the same.

func nvvmAsyncHandlers() []Handler {
	var hs []Handler
	for _, sfx := range []string{"", ".shared"} {
		hs = append(hs,
			Handler{"nvvm.mbarrier.init" + sfx, compileMbarrierInit},
			Handler{"nvvm.mbarrier.arrive" + sfx, compileMbarrierArrive},
			Handler{"nvvm.mbarrier.arrive.nocomplete" + sfx, compileMbarrierArriveNoComplete},
			Handler{"nvvm.mbarrier.arrive.expect_tx" + sfx, compileMbarrierExpectTx},
			Handler{"nvvm.mbarrier.try_wait.parity" + sfx, compileMbarrierTryWait},
			Handler{"nvvm.mbarrier.test.wait" + sfx, compileMbarrierTestWait},
			Handler{"nvvm.mbarrier.inval" + sfx, compileMbarrierInval},
		)
	}
	return hs
}

// predicateSlot returns the slot of op's optional predicate operand, or -1.
func predicateSlot(c *Compiler, op *ir.Operation) int { return optionalSlot(c, op, "predicate") }

// optionalSlot returns the slot of op's optional operand name, or -1 when
// op does not have it.
func optionalSlot(c *Compiler, op *ir.Operation, name string) int {
	if v := op.NamedOperand(name); v != nil {
		return c.Slot(v)
	}
	return -1
}

func predicated(fr *Frame, s int) bool { return s < 0 || fr.S[s]&1 != 0 }

func compileMbarrierInit(c *Compiler, op *ir.Operation) (Compiled, error) {
	addr, count := c.Slot(op.Operand(0)), c.Slot(op.Operand(1))
	return compileThreadOp(c, op, predicateSlot(c, op), func(fr *Frame, t *Thread) error {
		return t.initMbarrier(op, ptrOf(fr, addr), int64(int32(fr.S[count])))
	})
}

// nvvmMbarrier addresses the mbarrier at op's pointer operand.
func nvvmMbarrier(c *Compiler, op *ir.Operation) mbarrierAddr {
	a := c.Slot(op.Operand(0))
	return func(fr *Frame) (Pointer, error) { return ptrOf(fr, a), nil }
}

// compileMbarrierArrive returns the phase count it arrived in (the token).
func compileMbarrierArrive(c *Compiler, op *ir.Operation) (Compiled, error) {
	r := c.Slot(op.Result(0))
	return compileMbarrierOp(c, op, nvvmMbarrier(c, op), -1, func(fr *Frame, t *Thread, m *mbarrier) error {
		fr.S[r] = uint64(m.phase)
		return m.arrive(op, t, 1, true)
	})
}

func compileMbarrierArriveNoComplete(c *Compiler, op *ir.Operation) (Compiled, error) {
	n, r := c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return compileMbarrierOp(c, op, nvvmMbarrier(c, op), -1, func(fr *Frame, t *Thread, m *mbarrier) error {
		fr.S[r] = uint64(m.phase)
		return m.arrive(op, t, int64(int32(fr.S[n])), false)
	})
}

func compileMbarrierExpectTx(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileMbarrierExpectTxOf(c, op, nvvmMbarrier(c, op), c.Slot(op.Operand(1)))
}

// compileMbarrierTryWait blocks the thread until the phase of the parity
// operand has completed: upstream's lowering of the op loops on
// mbarrier.try_wait.parity until it succeeds.
func compileMbarrierTryWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileMbarrierTryWaitOf(c, op, nvvmMbarrier(c, op), c.Slot(op.Operand(1)))
}

func compileMbarrierTestWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	state, r := c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return compileMbarrierOp(c, op, nvvmMbarrier(c, op), -1, func(fr *Frame, t *Thread, m *mbarrier) error {
		fr.S[r] = boolBits(t.testWait(m, int64(fr.S[state])))
		return nil
	})
}

// compileMbarrierInval ends an mbarrier's life: its memory may be reused
// and any later use of it as an mbarrier needs a new init.
func compileMbarrierInval(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileMbarrierOp(c, op, nvvmMbarrier(c, op), -1, func(_ *Frame, _ *Thread, m *mbarrier) error {
		delete(m.block.async.mbars, m.addr)
		return nil
	})
}

// ---- cp.async ----

// cpAsyncCopy is one cp.async in flight: size bytes to dst, of which the
// first srcSize are read from src and the rest are zero.
type cpAsyncCopy struct {
	op             *ir.Operation
	t              *Thread
	dst, src       Pointer
	size, srcBytes int64
}

func (a *cpAsyncCopy) issuer() *Thread { return a.t }

func (a *cpAsyncCopy) land(b *gpuBlock) error {
	clearInflight(a.dst.Buf, a.dst.Off, a.size, a)
	data := make([]byte, a.size)
	if a.srcBytes > 0 {
		raw, err := LoadBytes(a.op, a.src, a.srcBytes)
		if err != nil {
			return err
		}
		copy(data, raw)
	}
	saved := b.agent
	if b.agent != blockAgent {
		b.agent = int32(a.t.linear)
	}
	err := StoreBytes(a.op, a.dst, data)
	b.agent = saved
	return err
}

// issueCpAsync starts a cp.async of size bytes (srcBytes read) from src
// to dst; it lands at the thread's wait.group covering it.
func (t *Thread) issueCpAsync(op *ir.Operation, dst, src Pointer, size, srcBytes int64) error {
	if srcBytes < 0 || srcBytes > size {
		return runtimeError(op, "reads %d source bytes of a %d-byte copy", srcBytes, size)
	}
	if dst.Buf == nil || dst.Buf.Space != sharedSpace {
		return runtimeError(op, "destination %s is not in shared memory", dst)
	}
	if err := checkAlign(op, "cp.async destination", dst, size); err != nil {
		return err
	}
	if err := checkAlign(op, "cp.async source", src, size); err != nil {
		return err
	}
	if _, _, _, err := dst.span(op, "cp.async store", size); err != nil {
		return err
	}
	a := &cpAsyncCopy{op: op, t: t, dst: dst, src: src, size: size, srcBytes: srcBytes}
	markInflight(dst.Buf, dst.Off, size, a, op)
	t.async.cpPending = append(t.async.cpPending, a)
	return nil
}

// commitCpAsync groups the thread's uncommitted cp.async ops.
func (t *Thread) commitCpAsync() {
	t.async.cpGroups = append(t.async.cpGroups, t.async.cpPending)
	t.async.cpPending = nil
}

// waitCpAsync lands all but the newest n committed groups.
func (t *Thread) waitCpAsync(n int) error {
	g, err := waitGroups(t.block, t.async.cpGroups, n)
	t.async.cpGroups = g
	return err
}

func compileCpAsync(c *Compiler, op *ir.Operation) (Compiled, error) {
	size := int64(nvvmIntAttr(op, "size"))
	dst, src := c.Slot(op.Operand(0)), c.Slot(op.Operand(1))
	cpSize := optionalSlot(c, op, "cpSize")
	return compileThreadOp(c, op, -1, func(fr *Frame, t *Thread) error {
		n := size
		if cpSize >= 0 {
			n = int64(int32(fr.S[cpSize]))
		}
		return t.issueCpAsync(op, ptrOf(fr, dst), ptrOf(fr, src), size, n)
	})
}

func nvvmIntAttr(op *ir.Operation, name string) int {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return int(a.Int())
	}
	return 0
}

func compileCpAsyncCommit(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileThreadOp(c, op, -1, func(_ *Frame, t *Thread) error {
		t.commitCpAsync()
		return nil
	})
}

func compileCpAsyncWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	n := nvvmIntAttr(op, "n")
	return compileThreadOp(c, op, -1, func(_ *Frame, t *Thread) error { return t.waitCpAsync(n) })
}

// ---- TMA ----

func compileTMALoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	if len(op.NamedOperands("im2colOffsets")) > 0 {
		return Compiled{}, unsupported(op, "TMA copies in im2col mode")
	}
	dst, bar := c.Slot(op.NamedOperand("dstMem")), c.Slot(op.NamedOperand("mbar"))
	return compileTMALoadOf(c, op, func(fr *Frame) (Pointer, error) { return ptrOf(fr, bar), nil }, func(fr *Frame) (Pointer, error) { return ptrOf(fr, dst), nil },
		c.Slot(op.NamedOperand("tmaDescriptor")), c.Slots(op.NamedOperands("coordinates")))
}

func readCoords(fr *Frame, slots []int) []int64 {
	out := make([]int64, len(slots))
	for i, s := range slots {
		out[i] = int64(int32(fr.S[s]))
	}
	return out
}

func compileTMAStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	src := c.Slot(op.NamedOperand("srcMem"))
	return compileTMAStoreOf(c, op, func(fr *Frame) (Pointer, error) { return ptrOf(fr, src), nil },
		c.Slot(op.NamedOperand("tmaDescriptor")), c.Slots(op.NamedOperands("coordinates")))
}

func compileBulkCommit(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileThreadOp(c, op, -1, func(_ *Frame, t *Thread) error {
		t.async.bulkGroups = append(t.async.bulkGroups, t.async.bulkPending)
		t.async.bulkPending = nil
		return nil
	})
}

// compileBulkWait lands the thread's TMA stores of all but the newest
// group operand groups (the .read variant only promises the source may be
// reused, which holds from the issue on here).
func compileBulkWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	n := nvvmIntAttr(op, "group")
	read := op.HasAttr("read")
	return compileThreadOp(c, op, -1, func(_ *Frame, t *Thread) error {
		if read {
			return nil
		}
		g, err := waitGroups(t.block, t.async.bulkGroups, n)
		t.async.bulkGroups = g
		return err
	})
}

// compileFenceProxy counts the thread's proxy fences: a fence.proxy.async
// orders its earlier generic-proxy writes before later async-proxy reads
// (async.go). Other proxy kinds order nothing the interpreter tracks.
func compileFenceProxy(c *Compiler, op *ir.Operation) (Compiled, error) {
	kind := nvvm.EnumValue(op, "kind")
	async := kind == "async" || kind == "async.shared" || kind == "async.global"
	return Compiled{Exec: func(fr *Frame) error {
		if t := fr.thread; t != nil && async {
			t.async.fences++
		}
		return nil
	}}, nil
}
