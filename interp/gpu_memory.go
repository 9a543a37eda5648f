package interp

import (
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
)

// Host-side gpu memory ops. The interpreter has one memory, so gpu.alloc is
// an allocation, gpu.memcpy a copy, and async tokens carry no value: every
// op completes before the next one starts.

func compileGPUAlloc(c *Compiler, op *ir.Operation) (Compiled, error) {
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return Compiled{}, op.Errorf("result #0 must be a memref")
	}
	sizes, syms := c.Slots(gpu.Segment(op, 1)), c.Slots(gpu.Segment(op, 2))
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		m, err := allocSized(fr, op, t, sizes, syms)
		if err != nil {
			return err
		}
		fr.M[r] = m
		return nil
	}}, nil
}

func compileGPUDealloc(c *Compiler, op *ir.Operation) (Compiled, error) {
	// The memref follows the async dependencies.
	return deallocOf(c, op, op.Operand(op.NumOperands()-1)), nil
}

func compileGPUMemcpy(c *Compiler, op *ir.Operation) (Compiled, error) {
	n := op.NumOperands()
	dst, src := c.Slot(op.Operand(n-2)), c.Slot(op.Operand(n-1))
	return Compiled{Exec: func(fr *Frame) error {
		a, b := fr.M[src], fr.M[dst]
		if a == nil || b == nil || a.Buf.Freed || b.Buf.Freed {
			return runtimeError(op, "copy with a null or freed memref")
		}
		if a.NumElements() != b.NumElements() || len(a.Sizes) != len(b.Sizes) {
			return runtimeError(op, "copy from sizes %s to sizes %s", fmtIndex(a.Sizes), fmtIndex(b.Sizes))
		}
		vals, init := a.Elements()
		i := 0
		var err error
		b.forEach(func(idx []int64, p int64) {
			if err == nil && (p < 0 || p >= int64(len(b.Buf.Data))) {
				err = accessError(op, "store", b, idx)
			}
			if err == nil {
				b.Buf.Data[p], b.Buf.Init[p] = vals[i], init[i]
			}
			i++
		})
		return err
	}}, nil
}

func compileGPUMemset(c *Compiler, op *ir.Operation) (Compiled, error) {
	n := op.NumOperands()
	dst, val := c.Slot(op.Operand(n-2)), c.Slot(op.Operand(n-1))
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[dst]
		if m == nil || m.Buf.Freed {
			return runtimeError(op, "memset of a null or freed memref")
		}
		vals := make([]uint64, m.NumElements())
		for i := range vals {
			vals[i] = fr.S[val]
		}
		if err := m.SetElements(vals); err != nil {
			return runtimeError(op, "%v", err)
		}
		return nil
	}}, nil
}
