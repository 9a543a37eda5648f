package interp

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// Clusters. The blocks of a thread block cluster run together: the
// scheduler (runBlocks, gpu.go) lets each block run until it can make no
// progress by itself, in turn, so a block waiting for another (a cluster
// barrier, a remote mbarrier, a multicast TMA load) resumes once the other
// has done its part.
//   - nvvm.cluster.arrive(.relaxed) and nvvm.cluster.wait are the cluster
//     barrier: a wait returns once every thread of every block of the
//     cluster has arrived at the generation the thread arrived at. It
//     orders the arrivals (not relaxed ones) before the waits in the race
//     check's vector clocks, which span the cluster (hb.go).
//   - nvvm.mapa maps a pointer into the block's shared memory to the same
//     variable in the shared memory of the cluster's block of a rank.
//     Accesses to another block's shared memory (distributed shared
//     memory) are bounds-, initialisation- and race-checked; an mbarrier
//     reached that way is the peer's (mbarrier.go), so a remote arrive
//     releases into the peer's phase as a local one does.
//   - A multicast TMA load writes its box to the same offset of the
//     shared memory of every block of its mask, at its issuer's clock, and
//     completes its bytes on the mbarrier at the same offset in each.

// gpuCluster is the state the blocks of one cluster share.
type gpuCluster struct {
	// blocks by cluster rank (x fastest).
	blocks []*gpuBlock
	// The cluster barrier: arrived threads of the generation in progress
	// out of total, completed generations, and the clock its arrivals
	// released in the generation in progress (acc) and in the last
	// completed one (done); nil without clocks.
	arrived, total, gen int64
	acc, done           vclock
}

// runCluster makes and runs the blocks of the cluster whose first block is origin.
func (g *gpuGrid) runCluster(origin [3]int64) error {
	c := g.cluster
	cl := &gpuCluster{}
	for z := int64(0); z < c[2]; z++ {
		for y := int64(0); y < c[1]; y++ {
			for x := int64(0); x < c[0]; x++ {
				b, err := g.newBlock([3]int64{origin[0] + x, origin[1] + y, origin[2] + z})
				if err != nil {
					return err
				}
				b.cluster = cl
				cl.blocks = append(cl.blocks, b)
				cl.total += int64(len(b.threads))
			}
		}
	}
	for i, b := range cl.blocks {
		b.rank = i
		b.startClocks(i*len(b.threads), int(cl.total))
	}
	cl.acc, cl.done = cl.blocks[0].newClock(), cl.blocks[0].newClock()
	return runBlocks(cl.blocks)
}

// clusterBlock returns the block of rank r of t's cluster.
func (t *Thread) clusterBlock(op *ir.Operation, r int64) (*gpuBlock, error) {
	cl := t.block.cluster
	if cl == nil || r < 0 || r >= int64(len(cl.blocks)) {
		n := 1
		if cl != nil {
			n = len(cl.blocks)
		}
		return nil, runtimeError(op, "block rank %d is not in the cluster of %d blocks", r, n)
	}
	return cl.blocks[r], nil
}

// mapShared returns the pointer of block to that points where p points in
// b's shared memory: the same variable, the same offset.
func (b *gpuBlock) mapShared(op *ir.Operation, p Pointer, to *gpuBlock) (Pointer, error) {
	if to == b {
		return p, nil
	}
	if p.Buf == nil || p.Buf.Space != sharedSpace {
		return Pointer{}, runtimeError(op, "%s is not a pointer into shared memory", p)
	}
	for i, m := range b.wg {
		if m.Buf == p.Buf {
			return Pointer{Buf: to.wg[i].Buf, Off: p.Off}, nil
		}
	}
	for name, m := range b.shared {
		if m.Buf != p.Buf {
			continue
		}
		create := b.grid.creators[name]
		if create == nil {
			break
		}
		inst, err := to.sharedGlobal(b.grid.host.Machine, name, create)
		if err != nil {
			return Pointer{}, runtimeError(op, "%v", err)
		}
		return Pointer{Buf: inst.Buf, Off: p.Off}, nil
	}
	return Pointer{}, runtimeError(op, "%s points into no shared variable of block %s", p, fmtID(b.bid))
}

// remote reports whether an access to the shared memory of b comes from
// another block of its cluster.
func (b *gpuBlock) remote() bool {
	return b.grid != nil && b.grid.running != nil && b.grid.running != b
}

// ---- handlers ----

func compileClusterArrive(relaxed bool) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		return compileThreadOp(c, op, -1, func(_ *Frame, t *Thread) error { return t.clusterArrive(op, relaxed) })
	}
}

func (t *Thread) clusterArrive(op *ir.Operation, relaxed bool) error {
	cl := t.block.cluster
	if t.clusterArrived {
		return runtimeError(op, "%s arrives at the cluster barrier again before waiting for its previous arrival", t)
	}
	t.clusterArrived, t.clusterGen = true, cl.gen
	if cl.acc != nil && !relaxed {
		cl.acc.join(t.vc)
		t.release()
	}
	cl.arrived++
	if cl.arrived == cl.total {
		cl.arrived = 0
		cl.gen++
		if cl.acc != nil {
			copy(cl.done, cl.acc)
			clear(cl.acc)
		}
	}
	return nil
}

func compileClusterWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileThreadOp(c, op, -1, func(_ *Frame, t *Thread) error { return t.clusterWait(op) })
}

func (t *Thread) clusterWait(op *ir.Operation) error {
	if !t.clusterArrived {
		return runtimeError(op, "%s waits at the cluster barrier without having arrived (nvvm.cluster.arrive)", t)
	}
	cl, gen := t.block.cluster, t.clusterGen
	err := t.Block(op, func() bool { return cl.gen > gen }, func() string {
		return fmt.Sprintf("the cluster barrier has %d of the %d threads of its %d blocks", cl.arrived, cl.total, len(cl.blocks))
	})
	if err != nil {
		return err
	}
	t.clusterArrived = false
	// No later generation can have completed (it needs this thread's
	// next arrival), so the last completed one is the thread's.
	if cl.done != nil {
		t.vc.join(cl.done)
	}
	return nil
}

// compileMapa maps a shared (or generic) pointer to the same place in the
// shared memory of the cluster's block of the given rank.
func compileMapa(c *Compiler, op *ir.Operation) (Compiled, error) {
	a, rank, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	return compileThreadOp(c, op, -1, func(fr *Frame, t *Thread) error {
		to, err := t.clusterBlock(op, int64(int32(fr.S[rank])))
		if err != nil {
			return err
		}
		p, err := t.block.mapShared(op, ptrOf(fr, a), to)
		if err != nil {
			return err
		}
		fr.O[r] = p
		return nil
	})
}
