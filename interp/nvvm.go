package interp

import (
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// The nvvm dialect's simple ops: special registers, barriers, warp
// shuffles and votes, elect, fences. They run in kernels on the thread
// model of gpu.go: special registers read the running Thread (an error on
// the host, like gpu.thread_id), barriers are block collectives that end a
// race epoch (as gpu.barrier), and the warp ops are warp collectives with
// PTX's semantics for their mask operands. The matrix ops have their own
// files (nvvm_wmma.go, nvvm_wgmma.go, nvvm_mma.go), as do the
// asynchronous copies and mbarriers (nvvm_async.go).
//
// Machine-dependent registers get the values of a GPU with one SM that
// runs every block: smid 0, nsmid 1, nwarpid the most warps a block may
// have. Cluster registers follow the launch's cluster size (each block is
// a cluster of one without one).

func nvvmHandlers() []Handler {
	dim := func(get func(t *Thread) [3]int64, d int) func(t *Thread) int64 {
		return func(t *Thread) int64 { return get(t)[d] }
	}
	regs := map[string]func(t *Thread) int64{
		"laneid":          func(t *Thread) int64 { return int64(t.LaneID()) },
		"warpsize":        func(*Thread) int64 { return warpSize },
		"warpid":          func(t *Thread) int64 { return int64(t.WarpID()) },
		"nwarpid":         func(*Thread) int64 { return maxWarps },
		"smid":            func(*Thread) int64 { return 0 },
		"nsmid":           func(*Thread) int64 { return 1 },
		"cluster.ctarank": (*Thread).ClusterRank,
		"cluster.nctarank": func(t *Thread) int64 {
			c := t.ClusterDimBlocks()
			return c[0] * c[1] * c[2]
		},
	}
	for d, x := range []string{"x", "y", "z"} {
		regs["tid."+x] = dim((*Thread).ThreadID, d)
		regs["ntid."+x] = dim((*Thread).BlockDim, d)
		regs["ctaid."+x] = dim((*Thread).BlockID, d)
		regs["nctaid."+x] = dim((*Thread).GridDim, d)
		regs["clusterid."+x] = dim((*Thread).ClusterID, d)
		regs["nclusterid."+x] = dim((*Thread).ClusterDim, d)
		regs["cluster.ctaid."+x] = dim((*Thread).ClusterBlockID, d)
		regs["cluster.nctaid."+x] = dim((*Thread).ClusterDimBlocks, d)
	}
	var hs []Handler
	// In the dialect's order, so that DefaultHandlers is stable.
	for _, r := range nvvm.SpecialRegisters {
		if get, ok := regs[r.Name]; ok {
			hs = append(hs, Handler{nvvm.SregPrefix + r.Name, compileSreg(get)})
		}
	}
	return hs
}

func compileSreg(get func(t *Thread) int64) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		if op.NumResults() != 1 {
			return Compiled{}, op.Errorf("expected one result")
		}
		w, err := intWidth(op, op.Result(0).Type())
		if err != nil {
			return Compiled{}, err
		}
		r := c.Slot(op.Result(0))
		return Compiled{Exec: func(fr *Frame) error {
			t, err := ThreadOf(fr, op)
			if err != nil {
				return err
			}
			fr.S[r] = uint64(get(t)) & widthMask(w)
			return nil
		}}, nil
	}
}

// Lane masks of PTX's shfl.sync operand c: the clamp value in bits 0-4,
// the segment mask in bits 8-12.
const (
	laneBits    = 0x1f
	segMaskShft = 8
)

// compileShflSync implements PTX shfl.sync: for lane l with b the offset
// or source lane, c = mask_and_clamp, segmask = c[12:8] and
// maxLane = (l & segmask) | (c[4:0] & ~segmask), the source lane j is
// l-b (valid when j >= maxLane) for up, l+b (valid when j <= maxLane) for
// down, l^b (j <= maxLane) for bfly, and (l & segmask) | (b & ~segmask)
// (j <= maxLane) for idx; an invalid source gives the lane its own value.
// The second result of the struct form is the validity. A lane in its own
// thread_mask that reads a lane outside it, or a lane the (partial) warp
// does not have, is an error: PTX leaves the value undefined. A lane not in
// its own mask (upstream's lowering of a narrow gpu.shuffle makes every
// lane execute the shuffle) gets its own value and false.
func compileShflSync(c *Compiler, op *ir.Operation) (Compiled, error) {
	kind := nvvm.EnumValue(op, "kind")
	vt := op.Operand(1).Type()
	if kindOf(vt) != kindScalar {
		return Compiled{}, unsupported(op, "shuffles of %s", vt)
	}
	width := ir.BitWidth(vt)
	pair := op.Attr("return_value_and_is_valid") != nil
	rt := op.Result(0).Type()
	mask, v, off, mc, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Operand(2)), c.Slot(op.Operand(3)), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		for i, l := range lanes {
			member := uint32(l.In[0])
			lane := int64(i)
			b := int64(uint32(l.In[2]) & laneBits)
			cv := uint32(l.In[0] >> 32)
			seg := int64((cv >> segMaskShft) & laneBits)
			maxLane := lane&seg | int64(cv&laneBits)&^seg
			var j int64
			var valid bool
			switch kind {
			case "up":
				j = lane - b
				valid = j >= maxLane
			case "down":
				j = lane + b
				valid = j <= maxLane
			case "bfly":
				j = lane ^ b
				valid = j <= maxLane
			default: // idx
				j = lane&seg | b&^seg
				valid = j <= maxLane
			}
			if member&(1<<uint(i)) == 0 {
				l.Out = [2]uint64{l.In[1], 0}
				continue
			}
			if !valid {
				l.Out = [2]uint64{l.In[1], 0}
				continue
			}
			if j >= int64(len(lanes)) {
				return runtimeError(op, "lane %d reads lane %d, which its warp of %d threads does not have", i, j, len(lanes))
			}
			if member&(1<<uint(j)) == 0 {
				return runtimeError(op, "lane %d reads lane %d, which is not in its thread mask 0x%x", i, j, member)
			}
			l.Out = [2]uint64{truncBits(lanes[j].In[1], width), 1}
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival {
			// The mask and mask_and_clamp (both i32) share a word.
			return Arrival{In: [3]uint64{fr.S[mask] | fr.S[mc]<<32, fr.S[v], fr.S[off]}}
		},
		func(fr *Frame, a *Arrival) {
			if pair {
				fr.O[r] = NewAggregate(rt, []Value{{Type: vt, Bits: a.Out[0]}, {Type: ir.I1, Bits: a.Out[1]}})
				return
			}
			fr.S[r] = a.Out[0]
		})
}

// compileVoteBallot gives every lane of mask the bits of the lanes of
// mask whose predicate holds; lanes outside mask contribute nothing.
func compileVoteBallot(c *Compiler, op *ir.Operation) (Compiled, error) {
	mask, pred, r := c.Slot(op.Operand(0)), c.Slot(op.Operand(1)), c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		for _, l := range lanes {
			member := uint32(l.In[0])
			var ballot uint64
			for j, o := range lanes {
				if member&(1<<uint(j)) != 0 && o.In[1] != 0 {
					ballot |= 1 << uint(j)
				}
			}
			l.Out[0] = ballot
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{In: [3]uint64{fr.S[mask], fr.S[pred]}} },
		func(fr *Frame, a *Arrival) { fr.S[r] = a.Out[0] })
}

// compileBarWarpSync implements bar.warp.sync: the lanes of the mask wait
// for each other, and their memory accesses before it happen before
// those after it (the collective's completion orders them, as
// gpu.barrier's does for a block). A lane that runs it must be in the
// mask, and all lanes must name the same mask; a mask that leaves out
// lanes of the warp would let those lanes go on, which the warp-wide
// collective does not model, so it is an error too (bits past a partial
// warp's last lane do not count).
func compileBarWarpSync(c *Compiler, op *ir.Operation) (Compiled, error) {
	mask := c.Slot(op.Operand(0))
	combine := func(lanes []*Arrival) error {
		all := uint32(1)<<uint(len(lanes)) - 1
		if len(lanes) >= warpSize {
			all = ^uint32(0)
		}
		m := uint32(lanes[0].In[0])
		for i, l := range lanes {
			if uint32(l.In[0]) != m {
				return runtimeError(op, "lane %d names mask 0x%x, lane 0 0x%x: bar.warp.sync needs one mask", i, uint32(l.In[0]), m)
			}
		}
		if m&all != all {
			return runtimeError(op, "mask 0x%x leaves out lanes of its warp of %d threads (only whole-warp masks are executable)", m, len(lanes))
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{In: [3]uint64{fr.S[mask]}} },
		nil)
}

// compileElectSync elects the lowest lane of the warp, all of whose lanes
// take part (the collective makes sure they do).
func compileElectSync(c *Compiler, op *ir.Operation) (Compiled, error) {
	r := c.Slot(op.Result(0))
	combine := func(lanes []*Arrival) error {
		for i, l := range lanes {
			l.Out[0] = boolBits(i == 0)
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpScope, Combine: combine},
		func(*Frame) Arrival { return Arrival{} },
		func(fr *Frame, a *Arrival) { fr.S[r] = a.Out[0] })
}
