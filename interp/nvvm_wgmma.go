package interp

import (
	"math"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvvm"
	"github.com/goopt/goopt/ir"
)

// Hopper's warpgroup MMA (wgmma) as warpgroup collectives: the 128
// consecutive, warpgroup-aligned threads that run nvvm.wgmma.fence.aligned,
// nvvm.wgmma.mma_async, nvvm.wgmma.commit.group.sync.aligned and
// nvvm.wgmma.wait.group.sync.aligned complete each together.
//
// mma_async reads A (64 x k) and B (k x n) from shared memory through
// 64-bit matrix descriptors, decoded as the hardware does (PTX ISA,
// "Matrix Descriptor Format"): bits 0-13 the start address >> 4, 16-29 the
// leading dimension byte offset >> 4, 32-45 the stride dimension byte
// offset >> 4, 49-51 the base offset (0 is all that is run), 62-63 the
// swizzle mode (0 none, 1 128-byte, 2 64-byte, 3 32-byte). A matrix is made
// of core matrices of 8 rows of 16 bytes; with the swizzle span W:
//
//	K-major (A row, B col), element (r, k) of r in M or N, k bytes in:
//	    none:     (r%8)*16 + (r/8)*SBO + (kb/16)*LBO + kb%16
//	    swizzled: (r%8)*W  + (r/8)*SBO + (kb/W)*LBO  + kb%W
//	MN-major (A col, B row), rb = r*size bytes in, k:
//	    none:     rb%16 + (rb/16)*SBO + (k%8)*16 + (k/8)*LBO
//	    swizzled: rb%W  + (rb/W)*LBO  + (k%8)*W  + (k/8)*SBO
//
// and the swizzle (tma.go's swizzled) is applied to the resulting shared
// address, as TMA applies it when it writes the tile. Operand reads are
// async-proxy reads: a generic write to them needs a fence.proxy.async.
//
// Accumulators. Thread t of the warpgroup (warp w = t/32, lane l = t%32)
// holds, for a 64 x n tile, the n/2 elements at rows 16w + l/4 + 8i and
// columns 8j + 2(l%4) + c, element 4j + 2i + c of its registers (f32 or
// s32 registers; f16 accumulators pack elements 2q and 2q+1 into register
// q, a vector<2xf16>). Results are computed when the mma_async is issued
// but may be read only after a wait.group retires its group: the result
// aggregate is marked pending, and an llvm.extractvalue from it before
// then is an error (chaining it into another mma_async is fine).

// wgmmaState is a thread's wgmma bookkeeping.
type wgmmaState struct {
	fenced      bool
	uncommitted []*wgmmaPending
	groups      [][]*wgmmaPending
}

// wgmmaPending marks the results of one mma_async until a wait retires it.
type wgmmaPending struct {
	op   *ir.Operation
	done bool
}

// checkReadable reports a read of an accumulator whose wgmma is in flight.
func (a *Aggregate) checkReadable(op *ir.Operation) error {
	if a.pending == nil || a.pending.done {
		return nil
	}
	d := runtimeError(op, "reads a wgmma accumulator before the nvvm.wgmma.wait.group.sync.aligned that retires the wgmma writing it")
	d.AttachNote(a.pending.op.Loc(), "the wgmma was issued here")
	return d
}

func compileWgmmaFence(c *Compiler, op *ir.Operation) (Compiled, error) {
	c.Suspending(op)
	return c.CollectiveKernel(op, Collective{Scope: WarpgroupScope, Combine: fullWarpgroup(op)},
		func(*Frame) Arrival { return Arrival{} },
		func(fr *Frame, a *Arrival) {
			if t := a.Thread; t != nil {
				t.async.wg.fenced = true
			}
		})
}

func compileWgmmaCommit(c *Compiler, op *ir.Operation) (Compiled, error) {
	c.Suspending(op)
	return c.CollectiveKernel(op, Collective{Scope: WarpgroupScope, Combine: fullWarpgroup(op)},
		func(*Frame) Arrival { return Arrival{} },
		func(fr *Frame, a *Arrival) {
			w := &a.Thread.async.wg
			w.groups = append(w.groups, w.uncommitted)
			w.uncommitted = nil
		})
}

func compileWgmmaWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	c.Suspending(op)
	n := nvvmIntAttr(op, "group")
	return c.CollectiveKernel(op, Collective{Scope: WarpgroupScope, Combine: fullWarpgroup(op)},
		func(*Frame) Arrival { return Arrival{} },
		func(fr *Frame, a *Arrival) {
			w := &a.Thread.async.wg
			for len(w.groups) > n {
				for _, p := range w.groups[0] {
					p.done = true
				}
				w.groups = w.groups[1:]
			}
			w.fenced = false
		})
}

// fullWarpgroup checks that a warpgroup collective has its 128 threads
// (on the host, the one thread stands for them).
func fullWarpgroup(op *ir.Operation) func(parts []*Arrival) error {
	return func(parts []*Arrival) error {
		if len(parts) != warpgroupSize && !parts[0].Thread.block.host {
			return runtimeError(op, "needs a full warpgroup of %d threads, got %d", warpgroupSize, len(parts))
		}
		return nil
	}
}

// wgmmaTile is one wgmma instruction's shape and types.
type wgmmaTile struct {
	m, n, k        int64
	typeA, typeB   string
	typeD          string
	kMajorA        bool
	kMajorB        bool
	scaleA, scaleB float64
}

// elemOf returns the memory type of a wgmma input type.
func wgmmaElem(op *ir.Operation, name string) (ir.Type, error) {
	switch name {
	case "f16":
		return ir.F16, nil
	case "bf16":
		return ir.BF16, nil
	case "tf32":
		return ir.F32, nil
	case "s8":
		return ir.I8, nil
	case "u8":
		return ir.I8, nil
	}
	return nil, unsupported(op, "wgmma inputs of type %s", name)
}

// wgmmaInput decodes one input element for the product.
func wgmmaInput(name string, bits uint64) float64 {
	switch name {
	case "f16":
		return decodeFloat(ir.F16, bits)
	case "bf16":
		return decodeFloat(ir.BF16, bits)
	case "tf32":
		// The tensor core reads tf32: the f32's top 19 bits.
		return float64(math.Float32frombits(uint32(bits) &^ 0x1fff))
	case "s8":
		return float64(int8(bits))
	}
	return float64(uint8(bits))
}

// wgmmaAddress returns the shared address of element (r, k) of a
// descriptor's matrix (r in M or N) of size-byte elements.
func wgmmaAddress(desc uint64, kMajor bool, size, r, k int64) int64 {
	start := int64(desc&0x3fff) << 4
	lbo := int64(desc>>16&0x3fff) << 4
	sbo := int64(desc>>32&0x3fff) << 4
	w := [4]int64{0, 128, 64, 32}[desc>>62]
	var off int64
	switch {
	case kMajor && w == 0:
		kb := k * size
		off = (r%8)*16 + (r/8)*sbo + (kb/16)*lbo + kb%16
	case kMajor:
		kb := k * size
		off = (r%8)*w + (r/8)*sbo + (kb/w)*lbo + kb%w
	case w == 0:
		rb := r * size
		off = rb%16 + (rb/16)*sbo + (k%8)*16 + (k/8)*lbo
	default:
		rb := r * size
		off = rb%w + (rb/w)*lbo + (k%8)*w + (k/8)*sbo
	}
	return swizzled(start+off, w)
}

// readWgmmaMatrix reads the rows x cols operand (A: m x k, B as n x k) of
// a descriptor into a row-major slice of decoded values.
func readWgmmaMatrix(op *ir.Operation, b *gpuBlock, desc uint64, kMajor bool, elem ir.Type, name string, rows, cols int64) ([]float64, error) {
	if desc>>49&7 != 0 {
		return nil, unsupported(op, "matrix descriptors with a nonzero base offset")
	}
	size := ByteSize(elem)
	out := make([]float64, rows*cols)
	for r := int64(0); r < rows; r++ {
		for k := int64(0); k < cols; k++ {
			a := wgmmaAddress(desc, kMajor, size, r, k)
			p := b.async.window.pointer(a)
			if p.Buf == nil {
				return nil, runtimeError(op, "matrix descriptor 0x%x addresses shared address %d, in no shared buffer of the block", desc, a)
			}
			if p.Off >= 0 {
				if err := asyncProxyRead(op, p.Buf, p.Off/max(ByteSize(p.Buf.Elem), 1)); err != nil {
					return nil, err
				}
			}
			v, err := LoadPointer(op, p, elem)
			if err != nil {
				return nil, err
			}
			out[r*cols+k] = wgmmaInput(name, v.Bits)
		}
	}
	return out, nil
}

// accPosition returns the (row, col) of accumulator element e of thread t
// (0..127) of a 64 x n tile.
func accPosition(t, e int) (int64, int64) {
	w, l := int64(t/warpSize), int64(t%warpSize)
	j, i, c := int64(e/4), int64(e/2%2), int64(e%2)
	return 16*w + l/4 + 8*i, 8*j + 2*(l%4) + c
}

// accElem is the register type of a wgmma accumulator of type d.
func accLayout(d string) (elem ir.Type, perReg int) {
	switch d {
	case "f16":
		return ir.F16, 2
	case "s32":
		return ir.I32, 1
	}
	return ir.F32, 1
}

// gatherAcc reads the 64 x n accumulator from each thread's registers.
func (w *wgmmaTile) gatherAcc(op *ir.Operation, regs [][]Value) ([]uint64, error) {
	elem, per := accLayout(w.typeD)
	want := int(w.n) / 2 / per
	acc := make([]uint64, w.m*w.n)
	for t, rs := range regs {
		if len(rs) != want {
			return nil, runtimeError(op, "thread %d of the warpgroup holds %d accumulator registers, want %d", t, len(rs), want)
		}
		for e := 0; e < want*per; e++ {
			r, c := accPosition(t, e)
			v := rs[e/per]
			bits := v.Bits
			if per > 1 {
				if v.Vec == nil {
					return nil, runtimeError(op, "use of an undefined accumulator register")
				}
				bits = v.Vec.Elems[e%per]
			}
			acc[r*w.n+c] = truncBits(bits, ir.BitWidth(elem))
		}
	}
	return acc, nil
}

// spreadAcc returns thread t's registers of the accumulator.
func (w *wgmmaTile) spreadAcc(acc []uint64, t int, regType ir.Type) []Value {
	elem, per := accLayout(w.typeD)
	n := int(w.n) / 2 / per
	out := make([]Value, n)
	for q := range out {
		if per > 1 {
			vt, _ := regType.(*ir.VectorType)
			vec := &Vector{Type: vt, Elems: make([]uint64, per)}
			for p := 0; p < per; p++ {
				r, c := accPosition(t, q*per+p)
				vec.Elems[p] = acc[r*w.n+c]
			}
			out[q] = Value{Type: regType, Vec: vec}
			continue
		}
		r, c := accPosition(t, q)
		out[q] = Value{Type: elem, Bits: acc[r*w.n+c]}
	}
	return out
}

// run computes D = A*B (+ C when scaleD) for one instruction.
func (w *wgmmaTile) run(op *ir.Operation, b *gpuBlock, descA, descB uint64, acc []uint64, scaleD bool) error {
	ea, err := wgmmaElem(op, w.typeA)
	if err != nil {
		return err
	}
	eb, err := wgmmaElem(op, w.typeB)
	if err != nil {
		return err
	}
	a, err := readWgmmaMatrix(op, b, descA, w.kMajorA, ea, w.typeA, w.m, w.k)
	if err != nil {
		return err
	}
	bt, err := readWgmmaMatrix(op, b, descB, w.kMajorB, eb, w.typeB, w.n, w.k)
	if err != nil {
		return err
	}
	elem, _ := accLayout(w.typeD)
	for i := int64(0); i < w.m; i++ {
		for j := int64(0); j < w.n; j++ {
			var sum float64
			if scaleD {
				sum = wgmmaAccValue(elem, acc[i*w.n+j])
			}
			for k := int64(0); k < w.k; k++ {
				sum += w.scaleA * a[i*w.k+k] * w.scaleB * bt[j*w.k+k]
			}
			acc[i*w.n+j] = mmaEncode(elem, sum)
		}
	}
	return nil
}

func wgmmaAccValue(t ir.Type, bits uint64) float64 {
	if ft, ok := t.(*ir.FloatType); ok {
		return decodeFloat(ft, bits)
	}
	return float64(int32(bits))
}

func compileWgmmaMmaAsync(c *Compiler, op *ir.Operation) (Compiled, error) {
	c.Suspending(op)
	shape, ok := op.Attr("shape").(*nvvm.ShapeAttr)
	if !ok || op.NumResults() != 1 {
		return Compiled{}, op.Errorf("malformed nvvm.wgmma.mma_async")
	}
	scale := func(name string) float64 {
		if nvvm.EnumValue(op, name) == "neg" {
			return -1
		}
		return 1
	}
	w := &wgmmaTile{m: shape.M, n: shape.N, k: shape.K,
		typeA: nvvm.EnumValue(op, "typeA"), typeB: nvvm.EnumValue(op, "typeB"), typeD: nvvm.EnumValue(op, "typeD"),
		kMajorA: nvvm.EnumValue(op, "layoutA") == "row", kMajorB: nvvm.EnumValue(op, "layoutB") == "col",
		scaleA: scale("scaleA"), scaleB: scale("scaleB")}
	if _, err := wgmmaElem(op, w.typeA); err != nil {
		return Compiled{}, err
	}
	scaleD := nvvm.EnumValue(op, "scaleD") != "zero"
	rt := op.Result(0).Type()
	var regType ir.Type
	if st, ok := rt.(*llvm.StructType); ok && len(st.Body) > 0 {
		regType = st.Body[0]
	}
	in, da, db, r := c.Slot(op.NamedOperand("inouts")), c.Slot(op.NamedOperand("descriptorA")), c.Slot(op.NamedOperand("descriptorB")), c.Slot(op.Result(0))
	combine := func(parts []*Arrival) error {
		if err := fullWarpgroup(op)(parts); err != nil {
			return err
		}
		p0 := parts[0]
		regs := make([][]Value, len(parts))
		for i, p := range parts {
			if p.In != p0.In {
				return runtimeError(op, "threads %d and %d of the warpgroup pass different matrix descriptors", p0.Thread.LinearID(), p.Thread.LinearID())
			}
			if !p.Thread.async.wg.fenced {
				return runtimeError(op, "%s issues a wgmma with no nvvm.wgmma.fence.aligned since its last wait", p.Thread)
			}
			agg, ok := p.Obj[0].(*Aggregate)
			if !ok {
				return runtimeError(op, "use of an undefined accumulator")
			}
			regs[i] = agg.Fields
		}
		if len(parts) != warpgroupSize {
			return unsupported(op, "wgmma outside a kernel's warpgroup")
		}
		acc, err := w.gatherAcc(op, regs)
		if err != nil {
			return err
		}
		if err := w.run(op, p0.Thread.block, p0.In[0], p0.In[1], acc, scaleD); err != nil {
			return err
		}
		pending := &wgmmaPending{op: op}
		for i, p := range parts {
			res := NewAggregate(rt, w.spreadAcc(acc, i, regTypeOf(regType, w)))
			res.pending = pending
			p.OutObj = res
			ws := &p.Thread.async.wg
			ws.uncommitted = append(ws.uncommitted, pending)
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpgroupScope, Combine: combine},
		func(fr *Frame) Arrival { return Arrival{In: [3]uint64{fr.S[da], fr.S[db]}, Obj: [3]any{fr.O[in]}} },
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}

// regTypeOf is the accumulator register type: the struct's field type, or
// what the accumulator type implies.
func regTypeOf(t ir.Type, w *wgmmaTile) ir.Type {
	if t != nil {
		return t
	}
	elem, per := accLayout(w.typeD)
	if per > 1 {
		return ir.Vector([]int64{int64(per)}, elem, nil)
	}
	return elem
}
