package interp

import (
	"errors"
	"fmt"
	"iter"

	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
)

// GPU execution model.
//
// gpu.launch and gpu.launch_func run every thread block of the grid, one
// block after the other. The threads of a block run on one goroutine-free
// schedule: when the kernel has no barrier or collective op, each thread
// runs to completion in turn; otherwise each thread is a coroutine
// (iter.Pull: a direct, deterministic control transfer, never parallel)
// that runs until it reaches gpu.barrier or a warp-collective op (shuffle,
// subgroup reduce, the subgroup_mma ops) and yields. When every thread has
// yielded or finished, the scheduler completes the warp collectives whose
// 32 lanes are all waiting at the same op, or, when every thread of the
// block waits at the same barrier, releases the barrier. Anything else is a
// deadlock in hardware and an error here, naming the op and how many
// threads reached it.
//
// Workgroup memory (memory space 3 or #gpu.address_space<workgroup>:
// memref.global, workgroup attributions) is instantiated per block and
// checked for data races: Buffer.Shadow keeps, per element, the last
// writer and up to two readers with the barrier epoch of the access, so a
// conflicting access by another thread in the same epoch is found in O(1).

const (
	warpSize           = 32
	maxThreadsPerBlock = 1024
)

func gpuHandlers() []Handler {
	return []Handler{
		{"gpu.launch", compileGPULaunch},
		{"gpu.launch_func", compileGPULaunchFunc},
		{"gpu.terminator", compileLeave},
		{"gpu.return", compileLeave},
		{"gpu.yield", compileLeave},
		{"gpu.thread_id", compileDimQuery(func(t *gpuThread, d int) int64 { return t.tid[d] })},
		{"gpu.block_id", compileDimQuery(func(t *gpuThread, d int) int64 { return t.block.bid[d] })},
		{"gpu.block_dim", compileDimQuery(func(t *gpuThread, d int) int64 { return t.block.grid.block[d] })},
		{"gpu.grid_dim", compileDimQuery(func(t *gpuThread, d int) int64 { return t.block.grid.grid[d] })},
		{"gpu.global_id", compileDimQuery(func(t *gpuThread, d int) int64 {
			return t.block.bid[d]*t.block.grid.block[d] + t.tid[d]
		})},
		{"gpu.cluster_id", compileDimQuery(func(t *gpuThread, d int) int64 { return t.block.bid[d] })},
		{"gpu.cluster_dim", compileDimQuery(func(t *gpuThread, d int) int64 { return t.block.grid.grid[d] })},
		{"gpu.cluster_block_id", compileDimQuery(func(*gpuThread, int) int64 { return 0 })},
		{"gpu.cluster_dim_blocks", compileDimQuery(func(*gpuThread, int) int64 { return 1 })},
		{"gpu.lane_id", compileThreadQuery(func(t *gpuThread) int64 { return int64(t.linear % warpSize) })},
		{"gpu.subgroup_id", compileThreadQuery(func(t *gpuThread) int64 { return int64(t.linear / warpSize) })},
		{"gpu.num_subgroups", compileThreadQuery(func(t *gpuThread) int64 {
			return int64((len(t.block.threads) + warpSize - 1) / warpSize)
		})},
		{"gpu.subgroup_size", compileThreadQuery(func(*gpuThread) int64 { return warpSize })},
		{"gpu.barrier", compileBarrier},
		{"gpu.shuffle", compileShuffle},
		{"gpu.subgroup_reduce", compileReduce(false)},
		{"gpu.all_reduce", compileReduce(true)},
		{"gpu.subgroup_mma_load_matrix", compileMMALoad},
		{"gpu.subgroup_mma_store_matrix", compileMMAStore},
		{"gpu.subgroup_mma_compute", compileMMACompute},
		{"gpu.subgroup_mma_constant_matrix", compileMMAConstant},
		{"gpu.subgroup_mma_elementwise", compileMMAElementwise},
		{"gpu.alloc", compileGPUAlloc},
		{"gpu.dealloc", compileGPUDealloc},
		{"gpu.memcpy", compileGPUMemcpy},
		{"gpu.memset", compileGPUMemset},
		{"gpu.wait", compileNop},
	}
}

// compileLeave compiles a terminator that leaves its region (its operands are read by the parent).
func compileLeave(*Compiler, *ir.Operation) (Compiled, error) { return Compiled{}, nil }

// ---- kernels and launches ----

// gpuKernel is a compiled kernel body: a gpu.launch region (in the host
// function's slot space) or a gpu.func.
type gpuKernel struct {
	op   *ir.Operation
	body *Region
	fn   *Func
	// inherit: threads start from a copy of the host frame (gpu.launch).
	inherit bool
	// ids are the slots of the launch body's block ids, thread ids, grid
	// sizes and block sizes (gpu.launch only).
	ids        [4][3]int
	hasIDs     bool
	args       []int
	wg, priv   []int
	wgT, privT []*ir.MemRefType
	// collective: the body has barriers or collective ops, so threads run as coroutines.
	collective bool
}

// collectiveOps are the ops that synchronise threads.
var collectiveOps = map[string]bool{
	"gpu.barrier": true, "gpu.shuffle": true, "gpu.subgroup_reduce": true, "gpu.all_reduce": true,
	"gpu.subgroup_mma_load_matrix": true, "gpu.subgroup_mma_store_matrix": true,
	"gpu.subgroup_mma_compute": true, "gpu.subgroup_mma_constant_matrix": true,
	"gpu.subgroup_mma_elementwise": true,
	// A call may reach a barrier in the callee.
	"func.call": true,
}

func hasCollectives(r *ir.Region) bool {
	found := false
	for _, op := range r.Ops() {
		ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
			if collectiveOps[o.Name()] {
				found = true
				return ir.Interrupt
			}
			return ir.Advance
		})
		if found {
			return true
		}
	}
	return false
}

func (k *gpuKernel) attributions(c *Compiler, wg, priv []*ir.Value) error {
	for _, v := range wg {
		t, ok := v.Type().(*ir.MemRefType)
		if !ok || !t.HasStaticShape() {
			return k.op.Errorf("workgroup attribution of type %s is not a statically shaped memref", v.Type())
		}
		k.wg, k.wgT = append(k.wg, c.Slot(v)), append(k.wgT, t)
	}
	for _, v := range priv {
		t, ok := v.Type().(*ir.MemRefType)
		if !ok || !t.HasStaticShape() {
			return k.op.Errorf("private attribution of type %s is not a statically shaped memref", v.Type())
		}
		k.priv, k.privT = append(k.priv, c.Slot(v)), append(k.privT, t)
	}
	return nil
}

// launchSizes reads the grid and block sizes of a launch.
type launchSizes struct {
	grid, block [3]int
	dsm         int
	hasDSM      bool
}

func sizeSlots(c *Compiler, op *ir.Operation) (launchSizes, error) {
	cfg := gpu.LaunchConfigOf(op)
	var s launchSizes
	for d := 0; d < 3; d++ {
		if cfg.Grid[d] == nil || cfg.Block[d] == nil {
			return s, op.Errorf("malformed launch configuration")
		}
		if cfg.Cluster[d] != nil {
			return s, unsupported(op, "thread block clusters")
		}
		s.grid[d], s.block[d] = c.Slot(cfg.Grid[d]), c.Slot(cfg.Block[d])
	}
	return s, nil
}

func compileGPULaunch(c *Compiler, op *ir.Operation) (Compiled, error) {
	sizes, err := sizeSlots(c, op)
	if err != nil {
		return Compiled{}, err
	}
	args, ok := gpu.LaunchBody(op)
	if !ok {
		return Compiled{}, op.Errorf("malformed body region")
	}
	k := &gpuKernel{op: op, inherit: true, hasIDs: true, collective: hasCollectives(op.Region(0))}
	for d := 0; d < 3; d++ {
		k.ids[0][d], k.ids[1][d] = c.Slot(args.BlockIDs[d]), c.Slot(args.ThreadIDs[d])
		k.ids[2][d], k.ids[3][d] = c.Slot(args.GridSizes[d]), c.Slot(args.BlockSizes[d])
	}
	if err := k.attributions(c, gpu.WorkgroupAttributions(op), gpu.PrivateAttributions(op)); err != nil {
		return Compiled{}, err
	}
	if k.body, err = c.Region(op.Region(0)); err != nil {
		return Compiled{}, err
	}
	return Compiled{Exec: func(fr *Frame) error {
		k.fn = fr.fn
		g, b, err := readSizes(fr, op, sizes)
		if err != nil {
			return err
		}
		return k.launch(fr, op, g, b, nil)
	}}, nil
}

func compileGPULaunchFunc(c *Compiler, op *ir.Operation) (Compiled, error) {
	sizes, err := sizeSlots(c, op)
	if err != nil {
		return Compiled{}, err
	}
	kop := gpu.LaunchedKernel(op)
	if kop == nil || kop.Name() != "gpu.func" || kop.NumRegions() == 0 || kop.Region(0).Empty() {
		return Compiled{}, op.Errorf("does not reference a gpu.func kernel with a body")
	}
	ft := gpu.FuncType(kop)
	if ft == nil {
		return Compiled{}, kop.Errorf("has no function type")
	}
	kc := &Compiler{m: c.m, slots: map[*ir.Value]int{}}
	k := &gpuKernel{op: kop, collective: hasCollectives(kop.Region(0))}
	entry := kop.Region(0).Front().Arguments()
	if len(entry) < len(ft.Inputs) {
		return Compiled{}, kop.Errorf("has fewer body arguments than inputs")
	}
	k.args = kc.Slots(entry[:len(ft.Inputs)])
	if err := k.attributions(kc, gpu.WorkgroupAttributions(kop), gpu.PrivateAttributions(kop)); err != nil {
		return Compiled{}, err
	}
	if k.body, err = kc.Region(kop.Region(0)); err != nil {
		return Compiled{}, err
	}
	k.fn = &Func{Name: ir.SymbolNameOf(kop), Op: kop, Type: ft, Body: k.body, Slots: len(kc.kinds), kinds: kc.kinds, args: k.args}
	operands := c.Slots(gpu.KernelOperands(op))
	if len(operands) != len(k.args) {
		return Compiled{}, op.Errorf("got %d kernel operands but expected %d", len(operands), len(k.args))
	}
	kinds := make([]slotKind, len(operands))
	for i, v := range gpu.KernelOperands(op) {
		kinds[i] = kindOf(v.Type())
	}
	return Compiled{Exec: func(fr *Frame) error {
		g, b, err := readSizes(fr, op, sizes)
		if err != nil {
			return err
		}
		vals := make([]kernelArg, len(operands))
		for i, s := range operands {
			vals[i] = kernelArg{kind: kinds[i], s: fr.S[s], m: fr.M[s], o: fr.O[s]}
		}
		return k.launch(fr, op, g, b, vals)
	}}, nil
}

type kernelArg struct {
	kind slotKind
	s    uint64
	m    *MemRef
	o    any
}

func readSizes(fr *Frame, op *ir.Operation, s launchSizes) (grid, block [3]int64, err error) {
	n := int64(1)
	for d := 0; d < 3; d++ {
		grid[d], block[d] = int64(fr.S[s.grid[d]]), int64(fr.S[s.block[d]])
		n *= max(block[d], 0)
	}
	for d := 0; d < 3; d++ {
		if grid[d] <= 0 || block[d] <= 0 {
			return grid, block, runtimeError(op, "invalid launch configuration: grid %s, block %s", fmtID(grid), fmtID(block))
		}
	}
	if n > maxThreadsPerBlock {
		return grid, block, runtimeError(op, "block %s has %d threads, more than the limit of %d", fmtID(block), n, maxThreadsPerBlock)
	}
	return grid, block, nil
}

func fmtID(v [3]int64) string { return fmt.Sprintf("(%d,%d,%d)", v[0], v[1], v[2]) }

// gpuGrid is one launch in flight.
type gpuGrid struct {
	k           *gpuKernel
	launchOp    *ir.Operation
	host        *Frame
	grid, block [3]int64
	args        []kernelArg
}

func (k *gpuKernel) launch(host *Frame, op *ir.Operation, grid, block [3]int64, args []kernelArg) error {
	g := &gpuGrid{k: k, launchOp: op, host: host, grid: grid, block: block, args: args}
	for z := int64(0); z < grid[2]; z++ {
		for y := int64(0); y < grid[1]; y++ {
			for x := int64(0); x < grid[0]; x++ {
				if err := g.runBlock([3]int64{x, y, z}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ---- thread blocks ----

// noAgent marks an empty reader slot in the shadow state.
const noAgent int32 = -1 << 30

// gpuBlock is one thread block being executed.
type gpuBlock struct {
	grid    *gpuGrid
	bid     [3]int64
	threads []*gpuThread
	shared  map[string]*MemRef
	// epoch counts the barriers the block has passed (from 1).
	epoch int32
	// agent is who is accessing memory now: a thread's linear id, or
	// -(w+1) for a collective access by warp w.
	agent int32
	// pending are loads of uninitialised workgroup memory in this epoch:
	// errors unless another thread's write in the same epoch makes them races.
	pending []pendingLoad
}

type pendingLoad struct {
	op    *ir.Operation
	m     *MemRef
	idx   []int64
	agent int32
}

// gpuThread is one thread: its ids, register file and collective state.
type gpuThread struct {
	block  *gpuBlock
	tid    [3]int64
	linear int
	fr     *Frame

	next  func() (struct{}, bool)
	stop  func()
	yield func(struct{}) bool
	done  bool
	err   error
	// wait is the collective op the thread waits at (nil when running or done).
	wait *ir.Operation
	coll collective
}

// errAborted unwinds a thread whose block stopped on another thread's error.
var errAborted = errors.New("interp: gpu thread aborted")

func (g *gpuGrid) runBlock(bid [3]int64) error {
	k := g.k
	b := &gpuBlock{grid: g, bid: bid, shared: map[string]*MemRef{}, epoch: 1}
	wg := make([]*MemRef, len(k.wg))
	for i, t := range k.wgT {
		m, err := allocMemRef(t, nil, nil)
		if err != nil {
			return runtimeError(k.op, "%v", err)
		}
		b.attachShadow(m.Buf)
		wg[i] = m
	}
	n := g.block[0] * g.block[1] * g.block[2]
	b.threads = make([]*gpuThread, 0, n)
	for z := int64(0); z < g.block[2]; z++ {
		for y := int64(0); y < g.block[1]; y++ {
			for x := int64(0); x < g.block[0]; x++ {
				t, err := b.newThread([3]int64{x, y, z}, wg)
				if err != nil {
					return err
				}
				b.threads = append(b.threads, t)
			}
		}
	}
	return b.run()
}

func (b *gpuBlock) newThread(tid [3]int64, wg []*MemRef) (*gpuThread, error) {
	g, k := b.grid, b.grid.k
	t := &gpuThread{block: b, tid: tid, linear: int(tid[0] + g.block[0]*(tid[1]+g.block[1]*tid[2]))}
	fr := &Frame{Machine: g.host.Machine, fn: k.fn, Env: t, idx: make([]int64, 0, 16)}
	if k.inherit {
		fr.S = append([]uint64(nil), g.host.S...)
		fr.M = append([]*MemRef(nil), g.host.M...)
		fr.O = append([]any(nil), g.host.O...)
	} else {
		fr.S, fr.M, fr.O = make([]uint64, k.fn.Slots), make([]*MemRef, k.fn.Slots), make([]any, k.fn.Slots)
		for i, a := range g.args {
			s := k.args[i]
			switch a.kind {
			case kindScalar:
				fr.S[s] = a.s
			case kindMemRef:
				fr.M[s] = a.m
			default:
				fr.O[s] = a.o
			}
		}
	}
	if k.hasIDs {
		for d := 0; d < 3; d++ {
			fr.S[k.ids[0][d]] = uint64(b.bid[d])
			fr.S[k.ids[1][d]] = uint64(tid[d])
			fr.S[k.ids[2][d]] = uint64(g.grid[d])
			fr.S[k.ids[3][d]] = uint64(g.block[d])
		}
	}
	for i, s := range k.wg {
		fr.M[s] = wg[i]
	}
	for i, s := range k.priv {
		m, err := allocMemRef(k.privT[i], nil, nil)
		if err != nil {
			return nil, runtimeError(k.op, "%v", err)
		}
		fr.M[s] = m
	}
	t.fr = fr
	return t, nil
}

// exec runs the thread's body to its end.
func (t *gpuThread) exec() error {
	_, err := t.fr.RunRegion(t.block.grid.k.body)
	for _, buf := range t.fr.allocas {
		buf.free()
	}
	t.fr.allocas = nil
	return err
}

// suspend makes the thread wait at the collective op until the scheduler resumes it.
func (t *gpuThread) suspend(op *ir.Operation) error {
	if t.yield == nil {
		return runtimeError(op, "internal error: collective op in a kernel scheduled without coroutines")
	}
	t.wait = op
	if !t.yield(struct{}{}) {
		return errAborted
	}
	return nil
}

func (t *gpuThread) name() string { return "thread " + fmtID(t.tid) }

// SharedGlobal gives each thread block its own instance of a workgroup
// memref.global; globals in other memory spaces are shared by the machine.
func (t *gpuThread) SharedGlobal(name string, create func() (*MemRef, error)) (*MemRef, error) {
	b := t.block
	if m, ok := b.shared[name]; ok {
		return m, nil
	}
	m, err := create()
	if err != nil {
		return nil, err
	}
	if m.Buf.Space != gpu.WorkgroupMemorySpace {
		mach := t.fr.Machine
		if buf, ok := mach.globals[name]; ok {
			m.Buf = buf
		} else {
			mach.globals[name] = m.Buf
		}
		b.shared[name] = m
		return m, nil
	}
	b.attachShadow(m.Buf)
	b.shared[name] = m
	return m, nil
}

func (b *gpuBlock) enter(t *gpuThread) { b.agent = int32(t.linear) }

func (b *gpuBlock) run() error {
	k := b.grid.k
	if !k.collective {
		for _, t := range b.threads {
			b.enter(t)
			if err := t.exec(); err != nil {
				return b.threadError(t, err)
			}
		}
		return b.endEpoch()
	}
	for _, t := range b.threads {
		t := t
		t.next, t.stop = iter.Pull(func(yield func(struct{}) bool) {
			t.yield = yield
			t.err = t.exec()
			t.done, t.wait = true, nil
		})
	}
	defer func() {
		for _, t := range b.threads {
			t.stop()
		}
	}()
	runnable := append([]*gpuThread(nil), b.threads...)
	nwarps := (len(b.threads) + warpSize - 1) / warpSize
	for {
		for _, t := range runnable {
			b.enter(t)
			t.wait = nil
			t.next()
			if t.err != nil && t.err != errAborted {
				return b.threadError(t, t.err)
			}
		}
		runnable = runnable[:0]
		for w := 0; w < nwarps; w++ {
			lanes := b.threads[w*warpSize : min((w+1)*warpSize, len(b.threads))]
			op := lanes[0].wait
			if op == nil || lanes[0].coll.blockScope || !allWaitAt(lanes, op) {
				continue
			}
			b.agent = -int32(w) - 1
			if err := lanes[0].coll.resolve(b, lanes); err != nil {
				return err
			}
			runnable = append(runnable, lanes...)
		}
		if len(runnable) > 0 {
			continue
		}
		first := b.threads[0].wait
		if first != nil && b.threads[0].coll.blockScope && allWaitAt(b.threads, first) {
			if r := b.threads[0].coll.resolve; r != nil {
				if err := r(b, b.threads); err != nil {
					return err
				}
			}
			if err := b.endEpoch(); err != nil {
				return err
			}
			b.epoch++
			runnable = append(runnable, b.threads...)
			continue
		}
		allDone := true
		for _, t := range b.threads {
			allDone = allDone && t.done
		}
		if allDone {
			return b.endEpoch()
		}
		return b.deadlock()
	}
}

func allWaitAt(ts []*gpuThread, op *ir.Operation) bool {
	for _, t := range ts {
		if t.wait != op {
			return false
		}
	}
	return true
}

// threadError locates a thread's failure: which thread of which block.
func (b *gpuBlock) threadError(t *gpuThread, err error) error {
	ds := ir.Diagnostics(err)
	if len(ds) == 0 {
		return err
	}
	ds[0].AttachNote(b.grid.launchOp.Loc(), "in %s of block %s", t.name(), fmtID(b.bid))
	return ds[0]
}

// deadlock explains why no thread of the block can make progress.
func (b *gpuBlock) deadlock() error {
	for _, t := range b.threads {
		if t.wait == nil || !t.coll.blockScope {
			continue
		}
		op := t.wait
		n := 0
		for _, u := range b.threads {
			if u.wait == op {
				n++
			}
		}
		d := runtimeError(op, "%s reached by %d of %d threads of block %s", op.Name(), n, len(b.threads), fmtID(b.bid))
		b.noteOther(d, op, b.threads)
		return d
	}
	nwarps := (len(b.threads) + warpSize - 1) / warpSize
	for w := 0; w < nwarps; w++ {
		lanes := b.threads[w*warpSize : min((w+1)*warpSize, len(b.threads))]
		for _, t := range lanes {
			if t.wait == nil {
				continue
			}
			op := t.wait
			n := 0
			for _, u := range lanes {
				if u.wait == op {
					n++
				}
			}
			d := op.Errorf("reached by %d of %d lanes of warp %d of block %s", n, len(lanes), w, fmtID(b.bid))
			b.noteOther(d, op, lanes)
			return d
		}
	}
	return runtimeError(b.grid.launchOp, "threads of block %s deadlocked", fmtID(b.bid))
}

// noteOther attaches where the first thread that did not reach op is.
func (b *gpuBlock) noteOther(d *ir.Diagnostic, op *ir.Operation, ts []*gpuThread) {
	for _, u := range ts {
		switch {
		case u.wait == op:
			continue
		case u.done:
			d.AttachNote(b.grid.launchOp.Loc(), "%s finished without reaching it", u.name())
		default:
			d.AttachNote(u.wait.Loc(), "%s waits at '%s' here", u.name(), u.wait.Name())
		}
		return
	}
}

// agentName names an accessor of shared memory.
func (b *gpuBlock) agentName(a int32) string {
	if a < 0 {
		return fmt.Sprintf("warp %d", -a-1)
	}
	return b.threads[a].name()
}

// sameAgent reports whether two accesses are ordered without a barrier:
// the same thread, or a warp-collective access and a thread of that warp.
func sameAgent(a, c int32) bool {
	switch {
	case a == c:
		return true
	case a < 0 && c >= 0:
		return int(c)/warpSize == int(-a-1)
	case c < 0 && a >= 0:
		return int(a)/warpSize == int(-c-1)
	}
	return false
}

// endEpoch reports loads of uninitialised workgroup memory that no other
// thread wrote in the epoch that ends.
func (b *gpuBlock) endEpoch() error {
	if len(b.pending) == 0 {
		return nil
	}
	p := b.pending[0]
	b.pending = nil
	d := uninitError(p.op, p.m, p.idx)
	d.AttachNote(b.grid.launchOp.Loc(), "in %s of block %s", b.agentName(p.agent), fmtID(b.bid))
	return d
}

// ---- shared-memory race detection ----

type shadowCell struct {
	wEpoch, rEpoch  int32
	writer, r1, r2  int32
	wOp, r1Op, r2Op *ir.Operation
}

// sharedShadow is the Buffer.Shadow of a workgroup buffer.
type sharedShadow struct {
	b     *gpuBlock
	cells []shadowCell
}

func (b *gpuBlock) attachShadow(buf *Buffer) {
	buf.Shadow = &sharedShadow{b: b, cells: make([]shadowCell, len(buf.Data))}
}

// CheckAccess implements AccessChecker.
func (s *sharedShadow) CheckAccess(op *ir.Operation, m *MemRef, idx []int64, p int64, write bool) error {
	b := s.b
	e, who := b.epoch, b.agent
	c := &s.cells[p]
	if c.wEpoch == e && !sameAgent(c.writer, who) {
		return b.raceError(op, m, idx, write, who, false, c.writer, c.wOp)
	}
	if write {
		if c.rEpoch == e {
			if !sameAgent(c.r1, who) {
				return b.raceError(op, m, idx, true, who, true, c.r1, c.r1Op)
			}
			if c.r2 != noAgent && !sameAgent(c.r2, who) {
				return b.raceError(op, m, idx, true, who, true, c.r2, c.r2Op)
			}
		}
		c.wEpoch, c.writer, c.wOp = e, who, op
		return nil
	}
	switch {
	case c.rEpoch != e:
		c.rEpoch, c.r1, c.r1Op, c.r2, c.r2Op = e, who, op, noAgent, nil
	case c.r2 == noAgent && c.r1 != who:
		c.r2, c.r2Op = who, op
	}
	return nil
}

// UninitLoad implements AccessChecker: the load is reported at the end of
// the epoch unless another thread's write in the epoch makes it a race.
func (s *sharedShadow) UninitLoad(op *ir.Operation, m *MemRef, idx []int64, _ int64) error {
	b := s.b
	b.pending = append(b.pending, pendingLoad{op: op, m: m, idx: append([]int64(nil), idx...), agent: b.agent})
	return nil
}

func (b *gpuBlock) raceError(op *ir.Operation, m *MemRef, idx []int64, write bool, who int32, otherRead bool, other int32, otherOp *ir.Operation) error {
	kind := func(w bool) string {
		if w {
			return "write"
		}
		return "read"
	}
	d := runtimeError(op, "data race on workgroup memory %s at index %s: %s by %s and %s by %s of block %s with no gpu.barrier in between",
		m.Type, fmtIndex(idx), kind(!otherRead), b.agentName(other), kind(write), b.agentName(who), fmtID(b.bid))
	if otherOp != nil {
		d.AttachNote(otherOp.Loc(), "conflicting %s by %s", kind(!otherRead), b.agentName(other))
	}
	return d
}

// ---- id queries ----

func threadOf(fr *Frame, op *ir.Operation) (*gpuThread, error) {
	t, ok := fr.Env.(*gpuThread)
	if !ok {
		return nil, runtimeError(op, "'%s' executed outside a GPU kernel", op.Name())
	}
	return t, nil
}

func compileDimQuery(get func(t *gpuThread, d int) int64) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		d := gpu.DimIndex(op.Attr("dimension"))
		if d < 0 || op.NumResults() != 1 {
			return Compiled{}, op.Errorf("malformed id query")
		}
		r := c.Slot(op.Result(0))
		return Compiled{Exec: func(fr *Frame) error {
			t, err := threadOf(fr, op)
			if err != nil {
				return err
			}
			fr.S[r] = uint64(get(t, d))
			return nil
		}}, nil
	}
}

func compileThreadQuery(get func(t *gpuThread) int64) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		r := c.Slot(op.Result(0))
		return Compiled{Exec: func(fr *Frame) error {
			t, err := threadOf(fr, op)
			if err != nil {
				return err
			}
			fr.S[r] = uint64(get(t))
			return nil
		}}, nil
	}
}
