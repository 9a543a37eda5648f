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
// block (or, with clusters, one cluster of blocks, see cluster.go) after
// the other. The threads of a block run on one goroutine-free
// schedule: when the kernel has no barrier or collective op, each thread
// runs to completion in turn; otherwise each thread is a coroutine
// (iter.Pull: a direct, deterministic control transfer, never parallel)
// that runs until it reaches a collective op (declared by its handler with
// Compiler.Collective, see thread.go: gpu.barrier, shuffle, the reductions,
// the subgroup_mma ops, and any other dialect's) and yields. When every
// thread has yielded or finished, the scheduler completes the collectives
// of warp (32 lanes) and warpgroup (128 threads) scope whose threads all
// wait at the same op; only when none is left does it complete a
// block-scope collective at which every thread of the block waits, which
// also ends a barrier epoch. Anything else is a deadlock in hardware and an
// error here, naming the op and how many threads of its scope reached it.
//
// Workgroup memory (memory space 3 or #gpu.address_space<workgroup>:
// memref.global, workgroup attributions) is instantiated per block and
// checked for data races: Buffer.Shadow keeps, per element, the last
// writer and up to two readers with the barrier epoch of the access, so a
// conflicting access by another thread in the same epoch is found in O(1).
//
// A workgroup memref.get_global executed on the host (where stages before
// the mapping to gpu.launch run, or where a pass hoisted it) yields the
// host's instance of the global, which no kernel can see: shared memory is
// the block's and starts undefined. memref.get_global is pure, so hoisting
// it out of a launch cannot change what the kernel means; a kernel that
// reaches such a host buffer (a gpu.launch capturing the value, a
// gpu.launch_func argument) therefore uses its block's instance of the
// global, the same one the kernel's own get_global yields, at the host
// view's offset, sizes and strides. Its accesses are race-checked, and
// values the host stored there read as uninitialised in the kernel.

const (
	warpSize           = 32
	maxThreadsPerBlock = 1024
)

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
	ids    [4][3]int
	hasIDs bool
	// clusterIDs are the slots of the body's cluster ids and sizes (-1: none).
	clusterIDs [2][3]int
	args       []int
	wg, priv   []int
	wgT, privT []*ir.MemRefType
	// collective: the body (or a callee) declares collective ops
	// (Compiler.Collective), so threads run as coroutines.
	collective bool
	// async: the body has ops that block or run asynchronously
	// (Compiler.Suspending), so shared memory tracks their state.
	async bool
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
	// cluster are the cluster size slots (-1: no clusters).
	cluster [3]int
	dsm     int
	hasDSM  bool
}

func sizeSlots(c *Compiler, op *ir.Operation) (launchSizes, error) {
	cfg := gpu.LaunchConfigOf(op)
	s := launchSizes{cluster: [3]int{-1, -1, -1}}
	for d := 0; d < 3; d++ {
		if cfg.Grid[d] == nil || cfg.Block[d] == nil {
			return s, op.Errorf("malformed launch configuration")
		}
		if cfg.Cluster[d] != nil {
			s.cluster[d] = c.Slot(cfg.Cluster[d])
		}
		s.grid[d], s.block[d] = c.Slot(cfg.Grid[d]), c.Slot(cfg.Block[d])
	}
	if cfg.DynamicSharedMemory != nil {
		s.dsm, s.hasDSM = c.Slot(cfg.DynamicSharedMemory), true
	}
	return s, nil
}

// dynamicShared is the launch's dynamic shared memory in bytes (0 when it
// gives none).
func (s launchSizes) dynamicShared(fr *Frame) int64 {
	if !s.hasDSM {
		return 0
	}
	return int64(int32(fr.S[s.dsm]))
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
	k := &gpuKernel{op: op, inherit: true, hasIDs: true, clusterIDs: [2][3]int{{-1, -1, -1}, {-1, -1, -1}}}
	for d := 0; d < 3; d++ {
		k.ids[0][d], k.ids[1][d] = c.Slot(args.BlockIDs[d]), c.Slot(args.ThreadIDs[d])
		k.ids[2][d], k.ids[3][d] = c.Slot(args.GridSizes[d]), c.Slot(args.BlockSizes[d])
		if args.ClusterIDs[d] != nil {
			k.clusterIDs[0][d], k.clusterIDs[1][d] = c.Slot(args.ClusterIDs[d]), c.Slot(args.ClusterSizes[d])
		}
	}
	if err := k.attributions(c, gpu.WorkgroupAttributions(op), gpu.PrivateAttributions(op)); err != nil {
		return Compiled{}, err
	}
	// The body shares the host function's slots but not its collectives:
	// the launch itself is no suspension point for the host.
	hostCollective, hostAsync := c.collective, c.async
	c.collective, c.async = false, false
	k.body, err = c.Region(op.Region(0))
	k.collective, c.collective = c.collective, hostCollective
	k.async, c.async = c.async, hostAsync
	if err != nil {
		return Compiled{}, err
	}
	return Compiled{Exec: func(fr *Frame) error {
		k.fn = fr.fn
		g, b, cl, err := readSizes(fr, op, sizes)
		if err != nil {
			return err
		}
		return k.launch(fr, op, g, b, cl, sizes.dynamicShared(fr), nil)
	}}, nil
}

func compileGPULaunchFunc(c *Compiler, op *ir.Operation) (Compiled, error) {
	sizes, err := sizeSlots(c, op)
	if err != nil {
		return Compiled{}, err
	}
	kop := gpu.LaunchedKernel(op)
	if kop != nil && kop.Name() == "llvm.func" {
		// A kernel after convert-gpu-to-nvvm (llvm_launch.go).
		return compileLLVMLaunchFunc(c, op, kop, sizes)
	}
	if kop == nil || kop.Name() != "gpu.func" || kop.NumRegions() == 0 || kop.Region(0).Empty() {
		return Compiled{}, op.Errorf("does not reference a gpu.func kernel with a body")
	}
	ft := gpu.FuncType(kop)
	if ft == nil {
		return Compiled{}, kop.Errorf("has no function type")
	}
	kc := &Compiler{m: c.m, slots: map[*ir.Value]int{}}
	k := &gpuKernel{op: kop}
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
	k.collective, k.async = kc.collective, kc.async
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
		g, b, cl, err := readSizes(fr, op, sizes)
		if err != nil {
			return err
		}
		vals := make([]kernelArg, len(operands))
		for i, s := range operands {
			vals[i] = kernelArg{kind: kinds[i], s: fr.S[s], m: fr.M[s], o: fr.O[s]}
		}
		return k.launch(fr, op, g, b, cl, sizes.dynamicShared(fr), vals)
	}}, nil
}

type kernelArg struct {
	kind slotKind
	s    uint64
	m    *MemRef
	o    any
}

func readSizes(fr *Frame, op *ir.Operation, s launchSizes) (grid, block, cluster [3]int64, err error) {
	n, nc := int64(1), int64(1)
	for d := 0; d < 3; d++ {
		grid[d], block[d], cluster[d] = int64(fr.S[s.grid[d]]), int64(fr.S[s.block[d]]), 1
		if s.cluster[d] >= 0 {
			cluster[d] = int64(fr.S[s.cluster[d]])
		}
		n *= max(block[d], 0)
		nc *= max(cluster[d], 0)
	}
	for d := 0; d < 3; d++ {
		if grid[d] <= 0 || block[d] <= 0 {
			return grid, block, cluster, runtimeError(op, "invalid launch configuration: grid %s, block %s", fmtID(grid), fmtID(block))
		}
		if cluster[d] <= 0 || grid[d]%cluster[d] != 0 {
			return grid, block, cluster, runtimeError(op, "cluster %s does not divide grid %s", fmtID(cluster), fmtID(grid))
		}
	}
	if n > maxThreadsPerBlock {
		return grid, block, cluster, runtimeError(op, "block %s has %d threads, more than the limit of %d", fmtID(block), n, maxThreadsPerBlock)
	}
	if nc > maxClusterBlocks {
		return grid, block, cluster, runtimeError(op, "cluster %s has %d blocks, more than the limit of %d", fmtID(cluster), nc, maxClusterBlocks)
	}
	return grid, block, cluster, nil
}

// maxClusterBlocks is the most blocks a (non-portable) cluster may have.
const maxClusterBlocks = 16

func fmtID(v [3]int64) string { return fmt.Sprintf("(%d,%d,%d)", v[0], v[1], v[2]) }

// gpuGrid is one launch in flight.
type gpuGrid struct {
	k           *gpuKernel
	launchOp    *ir.Operation
	host        *Frame
	grid, block [3]int64
	// cluster is the cluster size in blocks ((1,1,1) without clusters).
	cluster [3]int64
	args    []kernelArg
	// dynamicShared is the launch's dynamic_shared_memory_size: the bytes of
	// the kernel's extern shared array (a zero-sized shared global).
	dynamicShared int64
	// hostShared are the kernel's slots that start with a view of a host
	// instance of a workgroup global: each block sees its own instance.
	hostShared []hostShared
	// creators make a block's instance of a shared global by name, so that
	// mapa can reach another block's before it used it (cluster.go).
	creators map[string]func() (*MemRef, error)
	// running is the block whose thread (or collective) runs now: accesses
	// to another block's shared memory are remote (cluster.go).
	running *gpuBlock
}

type hostShared struct {
	slot int
	view *MemRef
}

func (k *gpuKernel) launch(host *Frame, op *ir.Operation, grid, block, cluster [3]int64, dynamicShared int64, args []kernelArg) error {
	if dynamicShared < 0 {
		return runtimeError(op, "invalid dynamic shared memory size %d", dynamicShared)
	}
	g := &gpuGrid{k: k, launchOp: op, host: host, grid: grid, block: block, cluster: cluster, args: args, dynamicShared: dynamicShared}
	if k.inherit {
		for s, m := range host.M {
			if m != nil && m.Buf.workgroup != nil {
				g.hostShared = append(g.hostShared, hostShared{slot: s, view: m})
			}
		}
	}
	for i, a := range args {
		if a.kind == kindMemRef && a.m != nil && a.m.Buf.workgroup != nil {
			g.hostShared = append(g.hostShared, hostShared{slot: k.args[i], view: a.m})
		}
	}
	g.creators = map[string]func() (*MemRef, error){}
	c := cluster
	for z := int64(0); z < grid[2]; z += c[2] {
		for y := int64(0); y < grid[1]; y += c[1] {
			for x := int64(0); x < grid[0]; x += c[0] {
				if err := g.runCluster([3]int64{x, y, z}); err != nil {
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
	grid *gpuGrid
	// host: the block is the host's degenerate one (Machine.hostThread).
	host    bool
	bid     [3]int64
	threads []*Thread
	// shared is the block's workgroup memory by name; globals caches the
	// block's views of memref.globals in other memory spaces.
	shared, globals map[string]*MemRef
	// parts is the reused argument of a collective's Combine.
	parts []*Arrival
	// epoch counts the barriers the block has passed (from 1).
	epoch int32
	// agent is who is accessing memory now (see collectiveAgent).
	agent int32
	// pending are loads of uninitialised workgroup memory in this epoch:
	// errors unless another thread's write in the same epoch makes them races.
	pending []pendingLoad
	// hostShared are the block's views of grid.hostShared, in that order.
	hostShared []*MemRef
	// async is the state of asynchronous copies and mbarriers (async.go).
	async blockAsync
	// clocks: the threads keep vector clocks (hb.go); landVC is the
	// issue-time clock of the TMA copy being landed, scratch a reused join.
	// base is the clock component of the block's thread 0 (its rank times
	// its thread count), clockLen the cluster's thread count.
	clocks   bool
	landVC   vclock
	scratch  vclock
	base     int
	clockLen int
	// rank is the block's rank in its cluster.
	rank int
	// named are the block's named barriers (nvvm_barrier.go).
	named [numNamedBarriers]*namedBarrier
	// runnable are the threads to resume in the next step; finished: every
	// thread is done and the block's copies have landed.
	runnable []*Thread
	finished bool
	// cluster is the block's cluster (of one block without clusters), wg
	// its workgroup attributions.
	cluster *gpuCluster
	wg      []*MemRef
}

type pendingLoad struct {
	op    *ir.Operation
	m     *MemRef
	idx   []int64
	agent int32
}

// errAborted unwinds a thread whose block stopped on another thread's error.
var errAborted = errors.New("interp: gpu thread aborted")

// newBlock makes the block bid of the launch with its threads.
func (g *gpuGrid) newBlock(bid [3]int64) (*gpuBlock, error) {
	k := g.k
	b := &gpuBlock{grid: g, bid: bid, shared: map[string]*MemRef{}, globals: map[string]*MemRef{}, epoch: 1}
	wg := make([]*MemRef, len(k.wg))
	for i, t := range k.wgT {
		m, err := allocMemRef(t, nil, nil)
		if err != nil {
			return nil, runtimeError(k.op, "%v", err)
		}
		b.attachShadow(m.Buf)
		wg[i] = m
	}
	for _, h := range g.hostShared {
		v, err := b.hostView(h.view)
		if err != nil {
			return nil, runtimeError(g.launchOp, "%v", err)
		}
		b.hostShared = append(b.hostShared, v)
	}
	n := g.block[0] * g.block[1] * g.block[2]
	b.threads = make([]*Thread, 0, n)
	for z := int64(0); z < g.block[2]; z++ {
		for y := int64(0); y < g.block[1]; y++ {
			for x := int64(0); x < g.block[0]; x++ {
				t, err := b.newThread([3]int64{x, y, z}, wg)
				if err != nil {
					return nil, err
				}
				b.threads = append(b.threads, t)
			}
		}
	}
	b.wg = wg
	return b, nil
}

func (b *gpuBlock) newThread(tid [3]int64, wg []*MemRef) (*Thread, error) {
	g, k := b.grid, b.grid.k
	t := &Thread{block: b, tid: tid, linear: int(tid[0] + g.block[0]*(tid[1]+g.block[1]*tid[2]))}
	fr := &Frame{Machine: g.host.Machine, fn: k.fn, thread: t, idx: make([]int64, 0, 16)}
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
			if k.clusterIDs[0][d] >= 0 {
				fr.S[k.clusterIDs[0][d]] = uint64(b.bid[d] / g.cluster[d])
				fr.S[k.clusterIDs[1][d]] = uint64(g.cluster[d])
			}
		}
	}
	for i, h := range g.hostShared {
		fr.M[h.slot] = b.hostShared[i]
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

// hostView returns the block's view of the workgroup global whose host
// instance m views: the same offset, sizes, strides and layout over the
// block's instance (both buffers have the global's type, which the
// verifier makes every get_global's result type).
func (b *gpuBlock) hostView(m *MemRef) (*MemRef, error) {
	w := m.Buf.workgroup
	inst, err := b.sharedGlobal(b.grid.host.Machine, w.name, w.create)
	if err != nil {
		return nil, err
	}
	v := *m
	v.Buf = inst.Buf
	return &v, nil
}

// exec runs the thread's body to its end.
func (t *Thread) exec() error {
	_, err := t.fr.RunRegion(t.block.grid.k.body)
	for _, buf := range t.fr.allocas {
		buf.free()
	}
	t.fr.allocas = nil
	return err
}

func (b *gpuBlock) enter(t *Thread) { b.agent, b.grid.running = int32(t.linear), b }

// runBlocks runs the blocks of a cluster together: each block runs until
// it finishes or can make no progress by itself, in turn, until all have
// finished; a round in which none progressed is a deadlock, reported at
// the first unfinished block. Kernels with no collective or blocking op
// run each thread to its end in turn.
func runBlocks(blocks []*gpuBlock) error {
	if !blocks[0].grid.k.collective {
		for _, b := range blocks {
			for _, t := range b.threads {
				b.enter(t)
				if err := t.exec(); err != nil {
					return b.threadError(t, err)
				}
			}
			if err := b.endEpoch(); err != nil {
				return err
			}
		}
		return nil
	}
	for _, b := range blocks {
		b.start()
	}
	defer func() {
		for _, b := range blocks {
			for _, t := range b.threads {
				t.stop()
			}
		}
	}()
	for {
		progress, all := false, true
		for _, b := range blocks {
			if b.finished {
				continue
			}
			b.grid.running = b
			p, err := b.step()
			if err != nil {
				return err
			}
			progress = progress || p
			all = all && b.finished
		}
		if all {
			return nil
		}
		if !progress {
			for _, b := range blocks {
				if !b.finished {
					if err := b.blockedDeadlock(); err != nil {
						return err
					}
					return b.deadlock()
				}
			}
		}
	}
}

// start makes the block's threads coroutines, all runnable.
func (b *gpuBlock) start() {
	for _, t := range b.threads {
		t := t
		t.next, t.stop = iter.Pull(func(yield func(struct{}) bool) {
			t.yield = yield
			t.err = t.exec()
			t.done, t.wait, t.site = true, nil, nil
		})
	}
	b.runnable = append(b.runnable[:0], b.threads...)
}

// step runs the block until it finishes (b.finished) or no thread of it
// can run: every thread is done, blocked on a condition nothing in the
// block can make true, or at a collective others of its scope have not
// reached. It reports whether anything ran.
func (b *gpuBlock) step() (bool, error) {
	progress := false
	if len(b.runnable) == 0 {
		b.runnable = b.unblocked(b.runnable)
	}
	for {
		for _, t := range b.runnable {
			progress = true
			b.enter(t)
			t.wait, t.site, t.blocked = nil, nil, nil
			t.next()
			if t.err != nil && t.err != errAborted {
				return true, b.threadError(t, t.err)
			}
		}
		b.runnable = b.runnable[:0]
		for _, s := range [...]Scope{WarpScope, WarpgroupScope} {
			for g := 0; g < b.numGroups(s); g++ {
				ts := b.group(s, g)
				if !readyAt(ts, s) {
					continue
				}
				b.agent = collectiveAgent(s, g)
				if err := b.combine(ts); err != nil {
					return true, err
				}
				b.joinClocks(ts)
				b.runnable = append(b.runnable, ts...)
			}
		}
		if b.runnable = b.unblocked(b.runnable); len(b.runnable) > 0 {
			continue
		}
		if readyAt(b.threads, BlockScope) {
			b.agent = blockAgent
			if err := b.combine(b.threads); err != nil {
				return true, err
			}
			if err := b.endEpoch(); err != nil {
				return true, err
			}
			b.epoch++
			b.syncObservations()
			b.joinClocks(b.threads)
			b.runnable = append(b.runnable, b.threads...)
			continue
		}
		allDone := true
		for _, t := range b.threads {
			allDone = allDone && t.done
		}
		if allDone {
			b.agent = blockAgent
			b.finished = true
			if err := b.finish(); err != nil {
				return true, err
			}
			return true, b.endEpoch()
		}
		// Nothing can run: asynchronous copies complete now, as late as
		// they may (async.go).
		b.agent = blockAgent
		landed, err := b.drain()
		if err != nil {
			return true, err
		}
		if b.runnable = b.unblocked(b.runnable); landed || len(b.runnable) > 0 {
			progress = true
			continue
		}
		return progress, nil
	}
}

// readyAt reports whether every thread of ts waits at the same collective op of scope s.
func readyAt(ts []*Thread, s Scope) bool {
	site := ts[0].site
	if site == nil || site.scope != s {
		return false
	}
	for _, t := range ts[1:] {
		if t.wait != site.op {
			return false
		}
	}
	return true
}

// combine completes the collective ts wait at.
func (b *gpuBlock) combine(ts []*Thread) error {
	f := ts[0].site.combine
	if f == nil {
		return nil
	}
	parts := b.parts[:0]
	for _, t := range ts {
		parts = append(parts, &t.arrival)
	}
	b.parts = parts
	return f(parts)
}

// threadError locates a thread's failure: which thread of which block.
func (b *gpuBlock) threadError(t *Thread, err error) error {
	ds := ir.Diagnostics(err)
	if len(ds) == 0 {
		return err
	}
	ds[0].AttachNote(b.grid.launchOp.Loc(), "in %s of block %s", t, fmtID(b.bid))
	return ds[0]
}

// deadlock explains why no thread of the block can make progress: a
// collective that only some threads of its scope instance reached.
func (b *gpuBlock) deadlock() error {
	for _, t := range b.threads {
		if t.wait == nil || t.site == nil || t.site.scope != BlockScope {
			continue
		}
		op := t.wait
		d := runtimeError(op, "%s reached by %d of %d threads of block %s", op.Name(), countAt(b.threads, op), len(b.threads), fmtID(b.bid))
		b.noteOther(d, op, b.threads)
		return d
	}
	for _, s := range [...]Scope{WarpScope, WarpgroupScope} {
		unit := "threads"
		if s == WarpScope {
			unit = "lanes"
		}
		for g := 0; g < b.numGroups(s); g++ {
			ts := b.group(s, g)
			for _, t := range ts {
				if t.wait == nil || t.site == nil || t.site.scope != s {
					continue
				}
				op := t.wait
				d := op.Errorf("reached by %d of %d %s of %s %d of block %s", countAt(ts, op), len(ts), unit, s, g, fmtID(b.bid))
				b.noteOther(d, op, ts)
				return d
			}
		}
	}
	return runtimeError(b.grid.launchOp, "threads of block %s deadlocked", fmtID(b.bid))
}

func countAt(ts []*Thread, op *ir.Operation) int {
	n := 0
	for _, t := range ts {
		if t.wait == op {
			n++
		}
	}
	return n
}

// noteOther attaches where the first thread that did not reach op is.
func (b *gpuBlock) noteOther(d *ir.Diagnostic, op *ir.Operation, ts []*Thread) {
	for _, u := range ts {
		switch {
		case u.wait == op:
			continue
		case u.done:
			d.AttachNote(b.grid.launchOp.Loc(), "%s finished without reaching it", u)
		default:
			d.AttachNote(u.wait.Loc(), "%s waits at '%s' here", u, u.wait.Name())
		}
		return
	}
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
	// wClk, r1Clk, r2Clk are the accessors' clocks (hb.go).
	wClk, r1Clk, r2Clk int32
	// wR, r1R, r2R are the cluster ranks of the accessors' blocks.
	wR, r1R, r2R uint8
}

// sharedShadow is the Buffer.Shadow of a workgroup buffer.
type sharedShadow struct {
	b     *gpuBlock
	cells []shadowCell
	// async is the asynchronous state of each element in kernels with
	// asynchronous ops (async.go), else nil.
	async []asyncCell
}

func (b *gpuBlock) attachShadow(buf *Buffer) {
	s := &sharedShadow{b: b, cells: make([]shadowCell, len(buf.Data))}
	if k := b.grid.k; k != nil && k.async {
		s.async = make([]asyncCell, len(buf.Data))
	}
	buf.Shadow = s
}

// accessor is the block whose thread (or collective, or landing copy)
// accesses b's shared memory now: b, or another block of its cluster.
func (b *gpuBlock) accessor() *gpuBlock {
	if b.remote() {
		return b.grid.running
	}
	return b
}

// peer is the block of rank r of b's cluster.
func (b *gpuBlock) peer(r uint8) *gpuBlock {
	if b.cluster == nil {
		return b
	}
	return b.cluster.blocks[r]
}

// live reports whether an access recorded at epoch ep (0: none) by a
// block of rank pr must be checked against an access by a block of rank r
// now: one of the same epoch, or, when either block is not b, any (b's
// block barriers order neither; the clocks decide, hb.go).
func (b *gpuBlock) live(ep int32, pr, r uint8) bool {
	return ep != 0 && (ep == b.epoch || int(pr) != b.rank || int(r) != b.rank)
}

// CheckAccess implements AccessChecker.
func (s *sharedShadow) CheckAccess(op *ir.Operation, m *MemRef, idx []int64, p int64, write bool) error {
	b := s.b
	a := b.accessor()
	if s.async != nil {
		if err := s.checkAsync(op, a, m, idx, p, write); err != nil {
			return err
		}
	}
	e, who, r := b.epoch, a.agent, uint8(a.rank)
	clk := a.agentClock(who)
	c := &s.cells[p]
	if b.live(c.wEpoch, c.wR, r) && a.conflict(b.peer(c.wR), c.writer, c.wClk, who) {
		return b.raceError(op, m, idx, write, a, who, false, b.peer(c.wR), c.writer, c.wOp)
	}
	if write {
		if b.live(c.rEpoch, c.r1R, r) {
			if a.conflict(b.peer(c.r1R), c.r1, c.r1Clk, who) {
				return b.raceError(op, m, idx, true, a, who, true, b.peer(c.r1R), c.r1, c.r1Op)
			}
			if c.r2 != noAgent && a.conflict(b.peer(c.r2R), c.r2, c.r2Clk, who) {
				return b.raceError(op, m, idx, true, a, who, true, b.peer(c.r2R), c.r2, c.r2Op)
			}
		}
		c.wEpoch, c.writer, c.wOp, c.wClk, c.wR = e, who, op, clk, r
		return nil
	}
	switch {
	case !b.live(c.rEpoch, c.r1R, r):
		c.r1, c.r1Op, c.r1Clk, c.r1R, c.r2, c.r2Op = who, op, clk, r, noAgent, nil
	case c.r1 == who && c.r1R == r:
		c.r1Clk = clk
	case a.ordered(b.peer(c.r1R), c.r1, c.r1Clk, who):
		// The first read happens before this one: a write racing with it
		// races with this one too, so this one takes its place.
		c.r1, c.r1Op, c.r1Clk, c.r1R = who, op, clk, r
	case c.r2 == noAgent || c.r2 == who && c.r2R == r || a.ordered(b.peer(c.r2R), c.r2, c.r2Clk, who):
		c.r2, c.r2Op, c.r2Clk, c.r2R = who, op, clk, r
	}
	c.rEpoch = e
	return nil
}

// UninitLoad implements AccessChecker: the load is reported at the end of
// the epoch unless another thread's write in the epoch makes it a race.
func (s *sharedShadow) UninitLoad(op *ir.Operation, m *MemRef, idx []int64, _ int64) error {
	b := s.b
	if b.remote() {
		return uninitError(op, m, idx)
	}
	b.pending = append(b.pending, pendingLoad{op: op, m: m, idx: append([]int64(nil), idx...), agent: b.agent})
	return nil
}

// conflict reports whether an access by agent prev of block pb at clock
// clk conflicts with one by agent who of b now: different agents, not
// ordered by mbarrier synchronisation.
func (b *gpuBlock) conflict(pb *gpuBlock, prev, clk, who int32) bool {
	return !(pb == b && sameAgent(prev, who)) && !b.ordered(pb, prev, clk, who)
}

// raceError reports a race on b's shared memory between an access by
// agent who of block a and an earlier one by agent other of block ob.
func (b *gpuBlock) raceError(op *ir.Operation, m *MemRef, idx []int64, write bool, a *gpuBlock, who int32, otherRead bool, ob *gpuBlock, other int32, otherOp *ir.Operation) error {
	kind := func(w bool) string {
		if w {
			return "write"
		}
		return "read"
	}
	between := "no gpu.barrier in between"
	if b.clocks {
		between += " and no mbarrier phase, named barrier or cluster barrier ordering them"
	}
	d := runtimeError(op, "data race on workgroup memory %s at index %s: %s by %s and %s by %s of block %s with %s",
		m.Type, fmtIndex(idx), kind(!otherRead), b.peerAgentName(ob, other), kind(write), b.peerAgentName(a, who), fmtID(b.bid), between)
	if otherOp != nil {
		d.AttachNote(otherOp.Loc(), "conflicting %s by %s", kind(!otherRead), b.peerAgentName(ob, other))
	}
	return d
}

// peerAgentName names agent of block a, an accessor of b's shared memory.
func (b *gpuBlock) peerAgentName(a *gpuBlock, agent int32) string {
	if a == b {
		return b.agentName(agent)
	}
	return fmt.Sprintf("%s of block %s (cluster rank %d)", a.agentName(agent), fmtID(a.bid), a.rank)
}

// ---- id queries ----

func compileDimQuery(get func(t *Thread) [3]int64) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		d := gpu.DimIndex(op.Attr("dimension"))
		if d < 0 || op.NumResults() != 1 {
			return Compiled{}, op.Errorf("malformed id query")
		}
		r := c.Slot(op.Result(0))
		return Compiled{Exec: func(fr *Frame) error {
			t, err := ThreadOf(fr, op)
			if err != nil {
				return err
			}
			fr.S[r] = uint64(get(t)[d])
			return nil
		}}, nil
	}
}

func compileThreadQuery(get func(t *Thread) int64) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		r := c.Slot(op.Result(0))
		return Compiled{Exec: func(fr *Frame) error {
			t, err := ThreadOf(fr, op)
			if err != nil {
				return err
			}
			fr.S[r] = uint64(get(t))
			return nil
		}}, nil
	}
}
