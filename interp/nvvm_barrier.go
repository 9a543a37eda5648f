package interp

import (
	"fmt"

	"github.com/goopt/goopt/ir"
)

// Named barriers (PTX bar.sync / barrier.sync with a thread count, and
// bar.arrive): the 16 barriers of a block, each completing when its
// thread count has arrived. nvvm.barrier waits for the completion;
// nvvm.barrier.arrive only counts the thread, as a producer warp signals
// consumers that wait. A barrier taking in every thread of the block with
// id 0 is the block barrier (gpu.barrier: it ends an epoch of the race
// check); any other completion synchronises the threads that arrived with
// those that waited, in the vector clocks of hb.go: each arrival
// releases, each waiter acquires what the generation it waited for
// gathered.

const numNamedBarriers = 16

// namedBarrier is the state of one named barrier of a block.
type namedBarrier struct {
	// expected is the thread count of the generation in progress (set by
	// its first arrival), arrived how many have arrived, gen counts the
	// completed generations.
	expected, arrived, gen int64
	firstOp                *ir.Operation
	// acc joins the arrivals' clocks; waiters are the threads waiting for
	// the generation in progress, which acquire acc when it completes.
	acc     vclock
	waiters []*Thread
}

// namedBarrier returns the block's barrier id, checking id and count.
func (t *Thread) namedBarrier(op *ir.Operation, id, count int64) (*namedBarrier, error) {
	b := t.block
	if id < 0 || id >= numNamedBarriers {
		return nil, runtimeError(op, "barrier id %d is not in [0, %d)", id, numNamedBarriers)
	}
	if count <= 0 || count%warpSize != 0 || count > (int64(len(b.threads))+warpSize-1)/warpSize*warpSize {
		return nil, runtimeError(op, "barrier thread count %d is not a positive multiple of the warp size up to the block's %d threads", count, len(b.threads))
	}
	if b.named[id] == nil {
		b.named[id] = &namedBarrier{acc: b.newClock()}
	}
	return b.named[id], nil
}

// arrive counts t at the generation in progress and reports its number;
// wait adds t to the threads that acquire its completion.
func (nb *namedBarrier) arrive(op *ir.Operation, t *Thread, id, count int64, wait bool) (int64, error) {
	if nb.arrived == 0 {
		nb.expected, nb.firstOp = count, op
	} else if count != nb.expected {
		d := runtimeError(op, "barrier %d arrived at with a count of %d threads while its generation expects %d (in %s)", id, count, nb.expected, t)
		d.AttachNote(nb.firstOp.Loc(), "the generation's first arrival")
		return 0, d
	}
	gen := nb.gen
	if nb.acc != nil {
		nb.acc.join(t.vc)
		t.release()
	}
	if wait {
		nb.waiters = append(nb.waiters, t)
	}
	nb.arrived++
	if nb.arrived == nb.expected {
		for _, w := range nb.waiters {
			if w.vc != nil {
				w.vc.join(nb.acc)
			}
		}
		if nb.acc != nil {
			clear(nb.acc)
		}
		nb.waiters, nb.arrived = nb.waiters[:0], 0
		nb.gen++
	}
	return gen, nil
}

// compileNVVMBarrier compiles nvvm.barrier0 and nvvm.barrier. Without a
// thread count it is gpu.barrier; with one, a barrier taking in the whole
// block at id 0 is too, and any other is a named barrier.
func compileNVVMBarrier(c *Compiler, op *ir.Operation) (Compiled, error) {
	count := op.NamedOperand("numberOfThreads")
	if op.Name() == "nvvm.barrier0" || count == nil {
		return compileBarrier(c, op)
	}
	block, err := compileBarrier(c, op)
	if err != nil {
		return Compiled{}, err
	}
	named := compileNamedBarrier(c, op, true)
	id := optionalSlot(c, op, "barrierId")
	n := c.Slot(count)
	return Compiled{Exec: func(fr *Frame) error {
		if t := fr.thread; t != nil && (id < 0 || int32(fr.S[id]) == 0) && int64(int32(fr.S[n])) == int64(len(t.block.threads)) && t.block.named[0] == nil {
			return block.Exec(fr)
		}
		return named(fr)
	}}, nil
}

// compileNVVMBarrierArrive compiles bar.arrive.
func compileNVVMBarrierArrive(c *Compiler, op *ir.Operation) (Compiled, error) {
	return Compiled{Exec: compileNamedBarrier(c, op, false)}, nil
}

// compileNamedBarrier returns the execution of a named barrier op that
// arrives and, with wait, waits for the generation to complete.
func compileNamedBarrier(c *Compiler, op *ir.Operation, wait bool) func(*Frame) error {
	c.Suspending(op)
	id := optionalSlot(c, op, "barrierId")
	n := c.Slot(op.NamedOperand("numberOfThreads"))
	return func(fr *Frame) error {
		t, err := ThreadOf(fr, op)
		if err != nil {
			return err
		}
		bid := int64(0)
		if id >= 0 {
			bid = int64(int32(fr.S[id]))
		}
		count := int64(int32(fr.S[n]))
		nb, err := t.namedBarrier(op, bid, count)
		if err != nil {
			return err
		}
		gen, err := nb.arrive(op, t, bid, count, wait)
		if err != nil || !wait {
			return err
		}
		return t.Block(op, func() bool { return nb.gen > gen }, func() string {
			return fmt.Sprintf("barrier %d has %d of its %d threads", bid, nb.arrived, nb.expected)
		})
	}
}
