package interp

import (
	"fmt"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/ir"
)

// The nvgpu dialect's ops, each with the meaning upstream's lowering
// (convert-nvgpu-to-nvvm, MLIR 19) gives it, run on the same machinery as
// the nvvm ops it lowers to, so that a kernel is equivalent before and
// after the conversion:
//   - nvgpu.mbarrier.create is the block's shared buffer of n i64
//     mbarriers (the shared global upstream creates); the group value
//     holds it, and mbarrier ops address barrier i at byte 8i. Tokens hold
//     the phase count an arrive returned, as the nvvm-level i64 does.
//   - nvgpu.tma.create.descriptor, on the host, makes a *TensorMap (box
//     sizes in memref order, reversed to TMA's innermost-first order);
//     tma.async.load/store take coordinates innermost first, as the nvvm
//     ops they become.
//   - nvgpu.warpgroup.generate.descriptor builds upstream's 64-bit
//     descriptor from the buffer's shared address; nvgpu.warpgroup.mma
//     runs upstream's expansion (fence, one wgmma per 64-row tile and k
//     step with the descriptors advanced as upstream advances them,
//     commit, wait for waitGroup) on nvvm_wgmma.go's model, and its
//     accumulator is what each thread holds after the conversion: a
//     struct of M/64 structs of the thread's N/2 registers.
//   - nvgpu.device_async_copy / create_group / wait are cp.async, its
//     commit and its wait.

// scalarObject is a scalar held in an object slot: the value of an nvgpu
// type that lowers to an integer (mbarrier tokens, wgmma descriptors,
// async tokens). unrealized_conversion_cast unboxes it to that integer.
type scalarObject struct{ bits uint64 }

func (s scalarObject) String() string { return fmt.Sprintf("0x%x", s.bits) }

func objectBits(o any) (uint64, bool) {
	s, ok := o.(scalarObject)
	return s.bits, ok
}

// mbarrierGroup is the value of an !nvgpu.mbarrier.group: the block's buffer of mbarriers.
type mbarrierGroup struct {
	buf *Buffer
	n   int64
}

// nvgpuMbarrier returns the pointer to barrier id of the group in slot g.
func nvgpuMbarrier(fr *Frame, op *ir.Operation, g int, id int) (Pointer, error) {
	grp, ok := fr.O[g].(*mbarrierGroup)
	if !ok {
		return Pointer{}, runtimeError(op, "use of an undefined mbarrier group")
	}
	i := int64(fr.S[id])
	if i < 0 || i >= grp.n {
		return Pointer{}, runtimeError(op, "mbarrier index %d is out of the group of %d", i, grp.n)
	}
	return Pointer{Buf: grp.buf, Off: 8 * i}, nil
}

func compileNVGPUMbarrierCreate(c *Compiler, op *ir.Operation) (Compiled, error) {
	c.Suspending(op)
	gt, ok := op.Result(0).Type().(*nvgpu.MBarrierGroupType)
	if !ok {
		return Compiled{}, op.Errorf("malformed nvgpu.mbarrier.create")
	}
	if !nvgpu.IsSharedMemorySpace(gt.MemorySpace) {
		return Compiled{}, unsupported(op, "mbarriers outside shared memory")
	}
	mt := ir.MemRef([]int64{int64(gt.NumBarriers)}, ir.I64, nil, ir.IntAttr(ir.Integer(64), sharedSpace))
	name := fmt.Sprintf("__nvgpu_mbarrier_%p", op)
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		t, err := ThreadOf(fr, op)
		if err != nil {
			return err
		}
		m, err := t.AllocShared(op, name, mt)
		if err != nil {
			return err
		}
		fr.O[r] = &mbarrierGroup{buf: m.Buf, n: int64(gt.NumBarriers)}
		return nil
	}}, nil
}

func compileNVGPUMbarrierInit(c *Compiler, op *ir.Operation) (Compiled, error) {
	g, count, id := c.Slot(op.NamedOperand("barriers")), c.Slot(op.NamedOperand("count")), c.Slot(op.NamedOperand("mbarId"))
	return compileThreadOp(c, op, predicateSlot(c, op), func(fr *Frame, t *Thread) error {
		p, err := nvgpuMbarrier(fr, op, g, id)
		if err != nil {
			return err
		}
		return t.initMbarrier(op, p, int64(int32(fr.S[count])))
	})
}

// nvgpuMbarrierOf addresses the mbarrier at op's mbarId of its group.
func nvgpuMbarrierOf(c *Compiler, op *ir.Operation) mbarrierAddr {
	g, id := c.Slot(op.NamedOperand("barriers")), c.Slot(op.NamedOperand("mbarId"))
	return func(fr *Frame) (Pointer, error) { return nvgpuMbarrier(fr, op, g, id) }
}

func compileNVGPUMbarrierArrive(nocomplete bool) CompileFunc {
	return func(c *Compiler, op *ir.Operation) (Compiled, error) {
		r, count := c.Slot(op.Result(0)), -1
		if nocomplete {
			count = c.Slot(op.NamedOperand("count"))
		}
		return compileMbarrierOp(c, op, nvgpuMbarrierOf(c, op), -1, func(fr *Frame, t *Thread, m *mbarrier) error {
			fr.O[r] = scalarObject{uint64(m.phase)}
			if nocomplete {
				return m.arrive(op, t, int64(int32(fr.S[count])), false)
			}
			return m.arrive(op, t, 1, true)
		})
	}
}

func compileNVGPUExpectTx(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileMbarrierExpectTxOf(c, op, nvgpuMbarrierOf(c, op), c.Slot(op.NamedOperand("txcount")))
}

func compileNVGPUTryWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	return compileMbarrierTryWaitOf(c, op, nvgpuMbarrierOf(c, op), c.Slot(op.NamedOperand("phaseParity")))
}

func compileNVGPUTestWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	tok, r := c.Slot(op.NamedOperand("token")), c.Slot(op.Result(0))
	return compileMbarrierOp(c, op, nvgpuMbarrierOf(c, op), -1, func(fr *Frame, t *Thread, m *mbarrier) error {
		phase, ok := objectBits(fr.O[tok])
		if !ok {
			return runtimeError(op, "use of an undefined mbarrier token")
		}
		fr.S[r] = boolBits(t.testWait(m, int64(phase)))
		return nil
	})
}

// ---- TMA ----

func compileNVGPUCreateDescriptor(c *Compiler, op *ir.Operation) (Compiled, error) {
	dt, ok := op.Result(0).Type().(*nvgpu.TensorMapDescriptorType)
	if !ok {
		return Compiled{}, op.Errorf("malformed nvgpu.tma.create.descriptor")
	}
	if dt.Interleave != nvgpu.InterleaveNone {
		return Compiled{}, unsupported(op, "interleaved tensor maps")
	}
	src, boxes, r := c.Slot(op.NamedOperand("tensor")), c.Slots(op.NamedOperands("boxDimensions")), c.Slot(op.Result(0))
	sw, nan := int64(dt.Swizzle.Bytes()), dt.OOB == nvgpu.OOBNaN
	return Compiled{Exec: func(fr *Frame) error {
		m := fr.M[src]
		if m == nil {
			return runtimeError(op, "use of a null memref")
		}
		box := make([]int64, len(boxes))
		for i, s := range boxes {
			box[len(boxes)-1-i] = int64(fr.S[s])
		}
		tm, err := NewTensorMap(m, box, sw, nan)
		if err != nil {
			return runtimeError(op, "%v", err)
		}
		fr.O[r] = tm
		return nil
	}}, nil
}

// memrefPointer is the pointer to the first element of m's view, what
// upstream's lowering passes for a memref operand (getStridedElementPtr
// with no indices).
func memrefPointer(op *ir.Operation, m *MemRef) (Pointer, error) {
	if m == nil {
		return Pointer{}, runtimeError(op, "use of a null memref")
	}
	if m.layout != nil {
		return Pointer{}, unsupported(op, "memrefs with a non-strided layout")
	}
	return PointerTo(m), nil
}

func compileNVGPUTMALoad(c *Compiler, op *ir.Operation) (Compiled, error) {
	dst := c.Slot(op.NamedOperand("dst"))
	return compileTMALoadOf(c, op, nvgpuMbarrierOf(c, op), func(fr *Frame) (Pointer, error) { return memrefPointer(op, fr.M[dst]) },
		c.Slot(op.NamedOperand("tensorMapDescriptor")), c.Slots(op.NamedOperands("coordinates")))
}

func compileNVGPUTMAStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	src := c.Slot(op.NamedOperand("src"))
	return compileTMAStoreOf(c, op, func(fr *Frame) (Pointer, error) { return memrefPointer(op, fr.M[src]) },
		c.Slot(op.NamedOperand("tensorMapDescriptor")), c.Slots(op.NamedOperands("coordinates")))
}

// ---- warpgroup MMA ----

// Descriptor fields as upstream's generate.descriptor lowering fills them.
const (
	descStrideShift = 32
	descLeadShift   = 16
	descSwizzleBit  = 62
)

func compileNVGPUGenerateDescriptor(c *Compiler, op *ir.Operation) (Compiled, error) {
	tmt, ok := op.NamedOperand("tensorMap").Type().(*nvgpu.TensorMapDescriptorType)
	box := tmt.MemRef()
	if !ok || box == nil || len(box.Dims) == 0 {
		return Compiled{}, op.Errorf("malformed nvgpu.warpgroup.generate.descriptor")
	}
	span, code := int64(tmt.Swizzle.Bytes()), uint64(0)
	switch span {
	case 128:
		code = 1
	case 64:
		code = 2
	case 32:
		code = 3
	default:
		span = 1
	}
	fixed := code<<descSwizzleBit | uint64((span<<3)>>4)<<descStrideShift | uint64((box.Dims[0]*span)>>4)<<descLeadShift
	src, r := c.Slot(op.NamedOperand("tensor")), c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		t, err := ThreadOf(fr, op)
		if err != nil {
			return err
		}
		p, err := memrefPointer(op, fr.M[src])
		if err != nil {
			return err
		}
		a, err := t.sharedAddress(op, p)
		if err != nil {
			return err
		}
		fr.O[r] = scalarObject{fixed | uint64(a)>>4&0x3fff}
		return nil
	}}, nil
}

// accumulatorType is the llvm struct a thread holds of a warpgroup
// accumulator after the conversion: M/64 structs of N/2 registers (f32 or
// i32 accumulators; upstream's f16 accumulator registers are not run).
func accumulatorType(op *ir.Operation, t ir.Type) (*llvm.StructType, *ir.VectorType, error) {
	at, ok := t.(*nvgpu.WarpgroupAccumulatorType)
	vt := at.Vector()
	if !ok || vt == nil || len(vt.Dims) != 2 || vt.Dims[0]%wgmmaRows != 0 {
		return nil, nil, op.Errorf("malformed warpgroup accumulator %s", t)
	}
	if vt.Elem != ir.F32 && vt.Elem != ir.I32 {
		return nil, nil, unsupported(op, "warpgroup accumulators of %s", vt.Elem)
	}
	inner := make([]ir.Type, vt.Dims[1]/2)
	for i := range inner {
		inner[i] = vt.Elem
	}
	it := llvm.Struct(false, inner...)
	outer := make([]ir.Type, vt.Dims[0]/wgmmaRows)
	for i := range outer {
		outer[i] = it
	}
	return llvm.Struct(false, outer...), vt, nil
}

const wgmmaRows = 64

func compileNVGPUInitAccumulator(c *Compiler, op *ir.Operation) (Compiled, error) {
	st, vt, err := accumulatorType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		tiles := make([]Value, len(st.Body))
		for i, tt := range st.Body {
			regs := make([]Value, vt.Dims[1]/2)
			for j := range regs {
				regs[j] = Value{Type: vt.Elem}
			}
			tiles[i] = AggregateValue(NewAggregate(tt, regs))
		}
		fr.O[r] = NewAggregate(st, tiles)
		return nil
	}}, nil
}

// wgmmaTypeOf is the wgmma type name of an element type (tf32 for f32 inputs).
func wgmmaTypeOf(t ir.Type, acc bool) string {
	switch {
	case t == ir.F16:
		return "f16"
	case t == ir.BF16:
		return "bf16"
	case t == ir.F32 && acc:
		return "f32"
	case t == ir.F32 || t == ir.TF32:
		return "tf32"
	case t == ir.I32 && acc:
		return "s32"
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 8 {
		if it.Signedness == ir.Unsigned {
			return "u8"
		}
		return "s8"
	}
	return ""
}

// compileNVGPUWarpgroupMma runs upstream's expansion of the op as one
// warpgroup collective.
func compileNVGPUWarpgroupMma(c *Compiler, op *ir.Operation) (Compiled, error) {
	c.Suspending(op)
	da, okA := op.NamedOperand("descriptorA").Type().(*nvgpu.WarpgroupMatrixDescriptorType)
	db, okB := op.NamedOperand("descriptorB").Type().(*nvgpu.WarpgroupMatrixDescriptorType)
	if !okA || !okB || da.MemRef() == nil || db.MemRef() == nil || len(da.MemRef().Dims) != 2 || len(db.MemRef().Dims) != 2 {
		return Compiled{}, op.Errorf("malformed nvgpu.warpgroup.mma")
	}
	ta, tb := da.MemRef(), db.MemRef()
	st, vt, err := accumulatorType(op, op.Result(0).Type())
	if err != nil {
		return Compiled{}, err
	}
	totalM, totalN, totalK := ta.Dims[0], tb.Dims[1], ta.Dims[1]
	w := &wgmmaTile{m: wgmmaRows, n: totalN, typeA: wgmmaTypeOf(ta.Elem, false), typeB: wgmmaTypeOf(tb.Elem, false),
		typeD: wgmmaTypeOf(vt.Elem, true), kMajorA: !op.HasAttr("transposeA"), kMajorB: !op.HasAttr("transposeB"), scaleA: 1, scaleB: 1}
	if w.typeA == "" || w.typeB == "" {
		return Compiled{}, unsupported(op, "wgmma inputs of %s and %s", ta.Elem, tb.Elem)
	}
	w.k = map[string]int64{"f16": 16, "bf16": 16, "tf32": 8, "s8": 32, "u8": 32}[w.typeA]
	if totalM != int64(len(st.Body))*wgmmaRows || totalN != vt.Dims[1] {
		return Compiled{}, op.Errorf("accumulator %s does not match A %s and B %s", vt, ta, tb)
	}
	wait := 1
	if a, ok := op.Attr("waitGroup").(*ir.IntegerAttr); ok {
		wait = int(a.Int())
	}
	bytesA, bytesB := ByteSize(ta.Elem), ByteSize(tb.Elem)
	sa, sb, sc, r := c.Slot(op.NamedOperand("descriptorA")), c.Slot(op.NamedOperand("descriptorB")), c.Slot(op.NamedOperand("matrixC")), c.Slot(op.Result(0))
	combine := func(parts []*Arrival) error {
		if len(parts) != warpgroupSize {
			if err := fullWarpgroup(op)(parts); err != nil {
				return err
			}
			return unsupported(op, "wgmma outside a kernel's warpgroup")
		}
		p0 := parts[0]
		accs := make([]*Aggregate, len(parts))
		for i, p := range parts {
			if p.In != p0.In {
				return runtimeError(op, "threads %d and %d of the warpgroup pass different matrix descriptors", p0.Thread.LinearID(), p.Thread.LinearID())
			}
			agg, ok := p.Obj[0].(*Aggregate)
			if !ok || len(agg.Fields) != len(st.Body) {
				return runtimeError(op, "use of an undefined accumulator")
			}
			accs[i] = agg
		}
		b := p0.Thread.block
		pending := &wgmmaPending{op: op}
		tiles := make([][]Value, len(parts))
		for i := int64(0); i < int64(len(st.Body)); i++ {
			regs := make([][]Value, len(parts))
			for t, agg := range accs {
				tile, ok := agg.Fields[i].Obj.(*Aggregate)
				if !ok {
					return runtimeError(op, "use of an undefined accumulator")
				}
				regs[t] = tile.Fields
			}
			acc, err := w.gatherAcc(op, regs)
			if err != nil {
				return err
			}
			for kk := int64(0); kk < totalK/w.k; kk++ {
				// Upstream's descriptor steps (in 16-byte units).
				incA := ((w.k * kk) + totalK*ta.Dims[1]*i) * bytesA >> 4
				incB := tb.Dims[0] * w.k * kk * bytesB >> 4
				if err := w.run(op, b, p0.In[0]+uint64(incA), p0.In[1]+uint64(incB), acc, true); err != nil {
					return err
				}
			}
			for t := range parts {
				tiles[t] = append(tiles[t], AggregateValue(NewAggregate(st.Body[i], w.spreadAcc(acc, t, vt.Elem))))
			}
		}
		for t, p := range parts {
			res := NewAggregate(st, tiles[t])
			res.pending = pending
			p.OutObj = res
			// fence; mma_async...; commit; wait(waitGroup), per thread.
			ws := &p.Thread.async.wg
			ws.groups = append(ws.groups, []*wgmmaPending{pending})
			for len(ws.groups) > wait {
				for _, q := range ws.groups[0] {
					q.done = true
				}
				ws.groups = ws.groups[1:]
			}
			ws.fenced = false
		}
		return nil
	}
	return c.CollectiveKernel(op, Collective{Scope: WarpgroupScope, Combine: combine},
		func(fr *Frame) Arrival {
			da, _ := objectBits(fr.O[sa])
			db, _ := objectBits(fr.O[sb])
			return Arrival{In: [3]uint64{da, db}, Obj: [3]any{fr.O[sc]}}
		},
		func(fr *Frame, a *Arrival) { fr.O[r] = a.OutObj })
}

// compileNVGPUMmaStore stores each thread's accumulator registers at
// their (row, column) of the destination, as upstream's lowering does:
// tile i at rows 64i, warp w = tid.x / 32 at rows 16w, lane l at row l/4
// (+8) and columns 8j + 2(l%4) (+1).
func compileNVGPUMmaStore(c *Compiler, op *ir.Operation) (Compiled, error) {
	st, vt, err := accumulatorType(op, op.NamedOperand("matrixD").Type())
	if err != nil {
		return Compiled{}, err
	}
	src, dst := c.Slot(op.NamedOperand("matrixD")), c.Slot(op.NamedOperand("dstMemref"))
	return Compiled{Exec: func(fr *Frame) error {
		t, err := ThreadOf(fr, op)
		if err != nil {
			return err
		}
		agg, ok := fr.O[src].(*Aggregate)
		if !ok || len(agg.Fields) != len(st.Body) {
			return runtimeError(op, "use of an undefined accumulator")
		}
		if err := agg.checkReadable(op); err != nil {
			return err
		}
		m := fr.M[dst]
		if m == nil || m.Rank() != 2 {
			return runtimeError(op, "destination is not a 2-D memref")
		}
		tid := t.ThreadID()[0]
		warp, lane := tid/warpSize, tid%warpSize
		idx := make([]int64, 2)
		for i, f := range agg.Fields {
			tile, ok := f.Obj.(*Aggregate)
			if !ok {
				return runtimeError(op, "use of an undefined accumulator")
			}
			for e, v := range tile.Fields {
				r, c := accPosition(int(lane), e)
				idx[0], idx[1] = int64(i)*wgmmaRows+16*warp+r, c
				if err := Store(op, m, idx, truncBits(v.Bits, ir.BitWidth(vt.Elem))); err != nil {
					return err
				}
			}
		}
		return nil
	}}, nil
}

// ---- cp.async ----

func compileNVGPUAsyncCopy(c *Compiler, op *ir.Operation) (Compiled, error) {
	c.Suspending(op)
	dst, src := c.Slot(op.NamedOperand("dst")), c.Slot(op.NamedOperand("src"))
	di, si := c.Slots(op.NamedOperands("dstIndices")), c.Slots(op.NamedOperands("srcIndices"))
	se := optionalSlot(c, op, "srcElements")
	n := int64(0)
	if a, ok := op.Attr("dstElements").(*ir.IntegerAttr); ok {
		n = a.Int()
	}
	r := c.Slot(op.Result(0))
	return Compiled{Exec: func(fr *Frame) error {
		t, err := ThreadOf(fr, op)
		if err != nil {
			return err
		}
		dp, err := elementPointer(op, fr.M[dst], fr.gather(di))
		if err != nil {
			return err
		}
		sp, err := elementPointer(op, fr.M[src], fr.gather(si))
		if err != nil {
			return err
		}
		es := ByteSize(fr.M[dst].Type.Elem)
		read := n
		if se >= 0 {
			read = int64(fr.S[se])
		}
		fr.O[r] = scalarObject{0}
		return t.issueCpAsync(op, dp, sp, n*es, read*es)
	}}, nil
}

// elementPointer is the pointer to m's element at idx (in bounds).
func elementPointer(op *ir.Operation, m *MemRef, idx []int64) (Pointer, error) {
	if m == nil || !m.inBounds(idx) || m.layout != nil {
		return Pointer{}, accessError(op, "access", m, idx)
	}
	p, err := m.linear(idx)
	if err != nil {
		return Pointer{}, runtimeError(op, "%v", err)
	}
	return Pointer{Buf: m.Buf, Off: p * ByteSize(m.Buf.Elem)}, nil
}

func compileNVGPUCreateGroup(c *Compiler, op *ir.Operation) (Compiled, error) {
	r := c.Slot(op.Result(0))
	return compileThreadOp(c, op, -1, func(fr *Frame, t *Thread) error {
		t.commitCpAsync()
		fr.O[r] = scalarObject{uint64(len(t.async.cpGroups))}
		return nil
	})
}

func compileNVGPUAsyncWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	n := 0
	if a, ok := op.Attr("numGroups").(*ir.IntegerAttr); ok {
		n = int(a.Int())
	}
	return compileThreadOp(c, op, -1, func(_ *Frame, t *Thread) error { return t.waitCpAsync(n) })
}
