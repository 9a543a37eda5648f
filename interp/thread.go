package interp

import (
	"fmt"

	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
)

// The public face of the GPU execution model (gpu.go): what a handler of
// any dialect sees of the thread it runs on, and how it declares an op that
// threads complete together. The built-in gpu handlers use nothing else, so
// a new dialect (vector, nvvm, nvgpu) can do all they do without touching
// the scheduler.

const (
	warpgroupSize = 4 * warpSize
	maxWarps      = maxThreadsPerBlock / warpSize
	maxWarpgroups = maxThreadsPerBlock / warpgroupSize
)

// Thread is one GPU thread of a running kernel: its position in the grid,
// its block's shared memory, and its place in collective ops. A handler
// reaches it from its compiled closure with ThreadOf or Frame.Thread. A
// Combine can also meet the host thread (Arrival.Thread of a collective run
// on the host): the one thread, at (0,0,0), of a one-block grid.
type Thread struct {
	block  *gpuBlock
	tid    [3]int64
	linear int
	fr     *Frame

	next  func() (struct{}, bool)
	stop  func()
	yield func(struct{}) bool
	done  bool
	err   error
	// wait is the collective op the thread waits at and site its
	// declaration (both nil while running or done).
	wait    *ir.Operation
	site    *CollectiveOp
	arrival Arrival
	// blocked is what the thread waits for at wait when it is blocked
	// (Thread.Block) rather than at a collective.
	blocked *blockWait
	async   threadAsync
	// vc is the thread's vector clock in kernels with asynchronous ops (hb.go).
	vc vclock
	// clusterGen is the cluster barrier generation the thread arrived at,
	// clusterArrived whether it has yet to wait for it (cluster.go).
	clusterGen     int64
	clusterArrived bool
}

// Thread returns the GPU thread the frame runs on, or nil on the host.
func (fr *Frame) Thread() *Thread { return fr.thread }

// ThreadOf returns the GPU thread the frame runs on, or an error located at
// op when op runs on the host. Ops that ask where they run (ids, shared
// memory) have no meaning on the host; collectives do, through Frame.Arrive.
func ThreadOf(fr *Frame, op *ir.Operation) (*Thread, error) {
	if fr.thread == nil {
		return nil, runtimeError(op, "'%s' executed outside a GPU kernel", op.Name())
	}
	return fr.thread, nil
}

// ---- the host as a degenerate block ----
//
// Before the mapping to gpu.launch, a pipeline's stages hold warp ops (the
// subgroup_mma ops of WMMA generation) in host code. The host is one
// thread, so it runs collectives as the only thread of a one-thread block:
// a collective of any scope completes when that thread arrives, Combine
// runs at once over its one arrival (a fragment op computes the whole tile,
// as a one-lane warp does in a kernel), and a barrier is a no-op. There is
// nothing to race with, so the host's memory carries no shadow state.

// hostThread returns the machine's host thread, made on first use. It
// lives as long as the machine, like the host's instances of globals.
func (m *Machine) hostThread() *Thread {
	if m.host == nil {
		g := &gpuGrid{grid: [3]int64{1, 1, 1}, block: [3]int64{1, 1, 1}}
		b := &gpuBlock{grid: g, host: true, shared: map[string]*MemRef{}, globals: map[string]*MemRef{}, epoch: 1}
		m.host = &Thread{block: b}
		b.threads = []*Thread{m.host}
	}
	return m.host
}

// Arrive contributes in to the collective k for the thread the frame runs
// on and returns that thread's arrival, holding the results: in a kernel
// it is Thread.Arrive; on the host, Combine runs at once with the host
// thread as the whole scope (see above). Handlers of collective ops should
// arrive through it, so that their ops run on the host too.
func (fr *Frame) Arrive(k *CollectiveOp, in Arrival) (*Arrival, error) {
	t := fr.thread
	if t == nil {
		t = fr.Machine.hostThread()
	}
	return t.Arrive(k, in)
}

// ThreadID is the thread's index in its block (gpu.thread_id).
func (t *Thread) ThreadID() [3]int64 { return t.tid }

// BlockID is the index of the thread's block in the grid (gpu.block_id).
func (t *Thread) BlockID() [3]int64 { return t.block.bid }

// BlockDim is the number of threads of a block in each dimension (gpu.block_dim).
func (t *Thread) BlockDim() [3]int64 { return t.block.grid.block }

// GridDim is the number of blocks of the grid in each dimension (gpu.grid_dim).
func (t *Thread) GridDim() [3]int64 { return t.block.grid.grid }

// ClusterID is the index of the thread's cluster in the grid (gpu.cluster_id).
func (t *Thread) ClusterID() [3]int64 {
	b, c := t.block.bid, t.block.grid.cluster
	return [3]int64{b[0] / c[0], b[1] / c[1], b[2] / c[2]}
}

// ClusterDim is the number of clusters of the grid in each dimension (gpu.cluster_dim).
func (t *Thread) ClusterDim() [3]int64 {
	g, c := t.block.grid.grid, t.block.grid.cluster
	return [3]int64{g[0] / c[0], g[1] / c[1], g[2] / c[2]}
}

// ClusterBlockID is the index of the thread's block in its cluster (gpu.cluster_block_id).
func (t *Thread) ClusterBlockID() [3]int64 {
	b, c := t.block.bid, t.block.grid.cluster
	return [3]int64{b[0] % c[0], b[1] % c[1], b[2] % c[2]}
}

// ClusterDimBlocks is the number of blocks of a cluster in each dimension (gpu.cluster_dim_blocks).
func (t *Thread) ClusterDimBlocks() [3]int64 { return t.block.grid.cluster }

// ClusterRank is the linear index of the thread's block in its cluster,
// x fastest (%cluster_ctarank, the bit of a TMA multicast mask).
func (t *Thread) ClusterRank() int64 {
	i, c := t.ClusterBlockID(), t.block.grid.cluster
	return i[0] + c[0]*(i[1]+c[1]*i[2])
}

// LinearID is the thread's linear index in its block, x fastest: the order
// that cuts a block into warps and warpgroups.
func (t *Thread) LinearID() int { return t.linear }

// LaneID is the thread's lane in its warp (gpu.lane_id).
func (t *Thread) LaneID() int { return t.linear % warpSize }

// WarpID is the index of the thread's warp in its block (gpu.subgroup_id).
func (t *Thread) WarpID() int { return t.linear / warpSize }

// WarpgroupID is the index of the thread's warpgroup (four consecutive
// warps, the unit of Hopper's wgmma) in its block.
func (t *Thread) WarpgroupID() int { return t.linear / warpgroupSize }

// NumThreads is the number of threads of the block.
func (t *Thread) NumThreads() int { return len(t.block.threads) }

// String names the thread as diagnostics do: "thread (x,y,z)", or "the
// host thread".
func (t *Thread) String() string {
	if t.block.host {
		return "the host thread"
	}
	return "thread " + fmtID(t.tid)
}

// Shared returns the block's shared memory named name: a workgroup
// memref.global of that symbol name that the block has instantiated, or a
// buffer a handler made with AllocShared; nil when there is none yet.
func (t *Thread) Shared(name string) *MemRef { return t.block.shared[name] }

// AllocShared returns the block's shared memory named name, allocating it
// with type typ (uninitialised, checked for data races like any workgroup
// memory) when no thread of the block has yet. Every thread of the block
// gets the same memory; asking for it with another type is an error
// located at op. Names are those of workgroup memref.globals, so a handler
// can reach a global's per-block instance by its symbol name.
func (t *Thread) AllocShared(op *ir.Operation, name string, typ *ir.MemRefType) (*MemRef, error) {
	b := t.block
	if m, ok := b.shared[name]; ok {
		if m.Type != typ {
			return nil, runtimeError(op, "shared memory '%s' of block %s is %s, not %s", name, fmtID(b.bid), m.Type, typ)
		}
		return m, nil
	}
	m, err := allocMemRef(typ, nil, nil)
	if err != nil {
		return nil, runtimeError(op, "%v", err)
	}
	if !b.host {
		b.attachShadow(m.Buf)
	}
	b.shared[name] = m
	if b.grid != nil && b.grid.creators != nil {
		b.grid.creators[name] = func() (*MemRef, error) { return allocMemRef(typ, nil, nil) }
	}
	return m, nil
}

// sharedGlobal gives each thread block its own instance of a workgroup
// memref.global; globals in other memory spaces are shared by the machine.
func (t *Thread) sharedGlobal(name string, create func() (*MemRef, error)) (*MemRef, error) {
	return t.block.sharedGlobal(t.fr.Machine, name, create)
}

func (b *gpuBlock) sharedGlobal(mach *Machine, name string, create func() (*MemRef, error)) (*MemRef, error) {
	if m, ok := b.shared[name]; ok {
		return m, nil
	}
	if m, ok := b.globals[name]; ok {
		return m, nil
	}
	m, err := create()
	if err != nil {
		return nil, err
	}
	if m.Buf.Space != gpu.WorkgroupMemorySpace {
		if buf, ok := mach.globals[name]; ok {
			m.Buf = buf
		} else {
			mach.globals[name] = m.Buf
		}
		b.globals[name] = m
		return m, nil
	}
	b.attachShadow(m.Buf)
	b.shared[name] = m
	if b.grid != nil && b.grid.creators != nil {
		b.grid.creators[name] = create
	}
	return m, nil
}

// workgroupGlobal names the workgroup memref.global a host buffer is the
// host's instance of, and how to make a block's instance (see gpu.go).
type workgroupGlobal struct {
	name   string
	create func() (*MemRef, error)
}

// ---- collectives ----

// Scope is the set of threads that complete a collective op together.
type Scope uint8

const (
	// WarpScope: the 32 lanes of a warp (shuffle, subgroup reduce, WMMA).
	WarpScope Scope = iota + 1
	// WarpgroupScope: the 128 threads of four consecutive warps (wgmma).
	WarpgroupScope
	// BlockScope: every thread of the block. Completing a block-scope
	// collective is a barrier: it ends a race-detection epoch.
	BlockScope
)

var scopeNames = [...]string{WarpScope: "warp", WarpgroupScope: "warpgroup", BlockScope: "block"}

func (s Scope) String() string {
	if int(s) < len(scopeNames) && scopeNames[s] != "" {
		return scopeNames[s]
	}
	return fmt.Sprintf("Scope(%d)", uint8(s))
}

// Collective declares how an op completes across a scope. Each participant
// arrives (Thread.Arrive) with its inputs and is suspended; when every
// thread of its scope instance (its warp, its warpgroup, or the block) waits
// at the same op, Combine runs once and the participants resume with their
// results. Threads of a scope instance that reach different ops, or finish
// without reaching it, are a divergence error located at the op.
type Collective struct {
	Scope Scope
	// Combine computes the results from the participants' arrivals, given
	// in linear thread order (in a warp, parts[i] is lane i), and stores
	// each one's results in its arrival. It must not keep parts. Memory it
	// accesses is checked as accessed by the whole scope instance. An error
	// should be located at the op. Nil makes a pure rendezvous (gpu.barrier).
	Combine func(parts []*Arrival) error
}

// CollectiveOp is a collective declared for one op by Compiler.Collective.
type CollectiveOp struct {
	op      *ir.Operation
	scope   Scope
	combine func(parts []*Arrival) error
}

// Op returns the op the collective was declared for.
func (k *CollectiveOp) Op() *ir.Operation { return k.op }

// Scope returns the collective's scope.
func (k *CollectiveOp) Scope() Scope { return k.scope }

// Arrival is one participant's part in a collective: the inputs it brings
// and the results Combine leaves for it. The fixed-size fields keep a
// collective free of allocation; Obj can carry anything larger.
type Arrival struct {
	// Thread is the participant (set by Arrive).
	Thread *Thread
	// In holds scalar inputs in register form, Obj object inputs
	// (matrix fragments, vectors).
	In  [3]uint64
	Obj [3]any
	// Ref and Idx name a memory location the participant brings. Arrive
	// copies Idx, so a handler may pass a scratch slice.
	Ref *MemRef
	Idx []int64
	// Out and OutObj are the participant's results.
	Out    [2]uint64
	OutObj any
}

// Collective declares op as a collective of k.Scope. Kernels whose code
// (or callees) declare collectives run their threads as coroutines; others
// run each thread to completion, which is faster.
func (c *Compiler) Collective(op *ir.Operation, k Collective) (*CollectiveOp, error) {
	if k.Scope < WarpScope || k.Scope > BlockScope {
		return nil, op.Errorf("has a collective of unknown scope %s", k.Scope)
	}
	c.collective = true
	return &CollectiveOp{op: op, scope: k.Scope, combine: k.Combine}, nil
}

// Arrive contributes in to the collective k and suspends the thread until
// k's Combine has run for the thread's scope instance; it returns the
// thread's arrival, holding its results until the thread's next Arrive.
// The error is the abort of the thread when another thread failed, or
// Combine's error on the host thread, which completes k at once.
func (t *Thread) Arrive(k *CollectiveOp, in Arrival) (*Arrival, error) {
	idx := append(t.arrival.Idx[:0], in.Idx...)
	t.arrival = in
	t.arrival.Thread, t.arrival.Idx = t, idx
	if t.yield == nil {
		if t.block.host {
			return t.arriveAlone(k)
		}
		return nil, runtimeError(k.op, "internal error: collective op in a kernel scheduled without coroutines")
	}
	t.wait, t.site = k.op, k
	if !t.yield(struct{}{}) {
		return nil, errAborted
	}
	return &t.arrival, nil
}

// arriveAlone completes k for the host thread, the only thread of its
// block: its arrival is the whole scope instance.
func (t *Thread) arriveAlone(k *CollectiveOp) (*Arrival, error) {
	if k.combine == nil {
		return &t.arrival, nil
	}
	b := t.block
	b.parts = append(b.parts[:0], &t.arrival)
	if err := k.combine(b.parts); err != nil {
		return nil, err
	}
	return &t.arrival, nil
}

// ---- scope instances and memory agents ----

// size is the number of threads of a full instance of a sub-block scope.
func (s Scope) size() int {
	if s == WarpgroupScope {
		return warpgroupSize
	}
	return warpSize
}

// group returns the threads of instance g of scope s (the last one may be partial).
func (b *gpuBlock) group(s Scope, g int) []*Thread {
	if s == BlockScope {
		return b.threads
	}
	n := s.size()
	return b.threads[g*n : min((g+1)*n, len(b.threads))]
}

// numGroups returns how many instances of scope s the block has.
func (b *gpuBlock) numGroups(s Scope) int {
	if s == BlockScope {
		return 1
	}
	return (len(b.threads) + s.size() - 1) / s.size()
}

// Memory agents: who accesses workgroup memory, for race detection. A
// thread is its linear id (>= 0); a collective's Combine is a negative
// agent naming its scope instance: -(w+1) for warp w, then the warpgroups,
// then the whole block.
const blockAgent = -int32(maxWarps + maxWarpgroups + 1)

func collectiveAgent(s Scope, g int) int32 {
	switch s {
	case WarpScope:
		return -int32(g) - 1
	case WarpgroupScope:
		return -int32(maxWarps+g) - 1
	}
	return blockAgent
}

// agentSpan returns the linear ids [lo, hi) of the threads an agent stands for.
func agentSpan(a int32) (lo, hi int32) {
	if a >= 0 {
		return a, a + 1
	}
	x := -a - 1
	switch {
	case x < maxWarps:
		return x * warpSize, (x + 1) * warpSize
	case x < maxWarps+maxWarpgroups:
		g := x - maxWarps
		return g * warpgroupSize, (g + 1) * warpgroupSize
	}
	return 0, maxThreadsPerBlock
}

// sameAgent reports whether two accesses are ordered without a barrier: the
// same thread, or a collective and a thread (or collective) that took part
// in it, whose accesses the collective's rendezvous orders.
func sameAgent(a, c int32) bool {
	if a == c {
		return true
	}
	if a >= 0 && c >= 0 {
		return false
	}
	alo, ahi := agentSpan(a)
	clo, chi := agentSpan(c)
	return alo < chi && clo < ahi
}

// agentName names an accessor of shared memory.
func (b *gpuBlock) agentName(a int32) string {
	if a >= 0 {
		return b.threads[a].String()
	}
	x := -a - 1
	switch {
	case x < maxWarps:
		return fmt.Sprintf("warp %d", x)
	case x < maxWarps+maxWarpgroups:
		return fmt.Sprintf("warpgroup %d", x-maxWarps)
	}
	return "all threads"
}
