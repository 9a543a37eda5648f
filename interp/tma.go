package interp

import (
	"fmt"
	"math"

	"github.com/goopt/goopt/ir"
)

// TensorMap is a TMA descriptor (CUtensorMap, tile mode): the global
// tensor a TMA copy reads or writes, the box one copy moves, how the box
// is laid out in shared memory (swizzle) and what out-of-bounds elements
// read as. Dimensions are innermost first, as in PTX and
// cuTensorMapEncodeTiled.
//
// On the host, nvgpu.tma.create.descriptor makes one, held in the object
// slot of its !nvgpu.tensormap.descriptor value; gpu.launch and
// gpu.launch_func pass it to kernels as any value. A kernel lowered to the
// llvm dialect receives it as `!llvm.ptr {llvm.byval = !llvm.array<128 x
// i8>, nvvm.grid_constant}`: the Pointer to the descriptor's 128-byte image
// (Image), a read-only buffer that carries the TensorMap, so the TMA ops
// (which take the descriptor by address) find it from the pointer, and
// any other access reads bytes of an opaque, initialised object. An
// unrealized_conversion_cast between the two types passes either form.
type TensorMap struct {
	// Global views the tensor in global memory.
	Global *MemRef
	Elem   ir.Type
	// Dims, Strides (in elements) and Box are innermost first.
	Dims, Strides, Box []int64
	// Swizzle is the shared-memory swizzle span in bytes: 0 (none), 32, 64 or 128.
	Swizzle int64
	// OOBNaN fills out-of-bounds elements with NaN instead of zero.
	OOBNaN bool
	image  *Buffer
}

// tensorMapBytes is the size of a CUtensorMap.
const tensorMapBytes = 128

// swizzleDestAlign is the alignment a swizzled TMA copy's shared-memory
// address needs (measured on sm_90: the swizzle is a function of the
// address, so a box may start at any 128-byte line of the pattern).
const swizzleDestAlign = 128

// tmaCoordAlign is the alignment, in bytes, of a box's start in the
// innermost dimension: a box whose innermost coordinate times the element
// size is not a multiple of 16 raises an illegal instruction on sm_90
// (measured: f16 coordinates 0, 8, 64 work; 1, 3, 100 do not).
const tmaCoordAlign = 16

// checkBoxStart refuses a box whose innermost start coordinate the
// hardware cannot address.
func (tm *TensorMap) checkBoxStart(op *ir.Operation, coords []int64) error {
	if b := coords[0] * ByteSize(tm.Elem); b%tmaCoordAlign != 0 {
		return runtimeError(op, "TMA box starts at innermost coordinate %d (%d bytes), not a multiple of %d bytes: an illegal instruction on sm_90", coords[0], b, tmaCoordAlign)
	}
	return nil
}

// NewTensorMap describes m (a strided memref) for TMA copies of box
// (innermost first) with the given swizzle span in bytes.
func NewTensorMap(m *MemRef, box []int64, swizzle int64, oobNaN bool) (*TensorMap, error) {
	r := len(m.Sizes)
	if r == 0 || r > 5 || len(box) != r {
		return nil, fmt.Errorf("a tensor map needs a tensor of rank 1 to 5 and a box of the same rank, got rank %d and box %v", r, box)
	}
	if m.layout != nil {
		return nil, fmt.Errorf("a tensor map needs a strided memref, got %s", m.Type)
	}
	es := ByteSize(m.Type.Elem)
	tm := &TensorMap{Global: m, Elem: m.Type.Elem, Swizzle: swizzle, OOBNaN: oobNaN}
	for d := r - 1; d >= 0; d-- {
		tm.Dims = append(tm.Dims, m.Sizes[d])
		tm.Strides = append(tm.Strides, m.Strides[d])
	}
	tm.Box = append(tm.Box, box...)
	for i, b := range tm.Box {
		if b < 1 || b > 256 {
			return nil, fmt.Errorf("box dimension %d is %d, not in [1, 256]", i, b)
		}
	}
	switch swizzle {
	case 0:
	case 32, 64, 128:
		if tm.Box[0]*es > swizzle {
			return nil, fmt.Errorf("the inner box dimension of %d bytes exceeds the %d-byte swizzle span", tm.Box[0]*es, swizzle)
		}
	default:
		return nil, fmt.Errorf("swizzle of %d bytes is not 0, 32, 64 or 128", swizzle)
	}
	return tm, nil
}

// Image returns the pointer to the descriptor's 128-byte image, what a
// kernel lowered to the llvm dialect receives.
func (tm *TensorMap) Image() Pointer {
	if tm.image == nil {
		b := NewBuffer(ir.I8, tensorMapBytes)
		for i := range b.Init {
			b.Init[i] = true
		}
		b.ReadOnly = true
		b.tensorMap = tm
		tm.image = b
	}
	return Pointer{Buf: tm.image}
}

func (tm *TensorMap) String() string {
	return fmt.Sprintf("tensormap(%s dims %v box %v swizzle %d)", tm.Elem, tm.Dims, tm.Box, tm.Swizzle)
}

// boxBytes is the size of one box.
func (tm *TensorMap) boxBytes() int64 {
	n := ByteSize(tm.Elem)
	for _, b := range tm.Box {
		n *= b
	}
	return n
}

// tensorMapOf returns the tensor map an operand holds: a *TensorMap or a
// pointer to its image.
func tensorMapOf(op *ir.Operation, o any) (*TensorMap, error) {
	switch v := o.(type) {
	case *TensorMap:
		return v, nil
	case Pointer:
		if v.Buf != nil && v.Buf.tensorMap != nil && v.Off == 0 {
			return v.Buf.tensorMap, nil
		}
		return nil, runtimeError(op, "%s does not point to a TMA descriptor", v)
	}
	return nil, runtimeError(op, "use of an undefined TMA descriptor")
}

// swizzled applies the swizzle of span bytes to a shared address: the
// 16-byte chunk index (bits 4 and up) is XORed with the row index within
// the swizzle pattern (bits 7 and up), over span/16 chunks, so a 128-byte
// swizzle permutes the eight chunks of each 128-byte row of a 1024-byte
// span by row % 8 (CUTLASS's Swizzle<3,4,3>; 64 bytes: Swizzle<2,4,3>, 32
// bytes: Swizzle<1,4,3>).
func swizzled(addr, span int64) int64 {
	if span == 0 {
		return addr
	}
	mask := span/16 - 1
	return addr ^ ((addr>>7)&mask)<<4
}

// tmaLoad is a TMA tile load in flight: it lands the box in each of its
// targets (the issuing block's dst, or with multicast the same place in
// each block of the mask) in the descriptor's swizzle, delivering its
// bytes to each target's mbarrier.
type tmaLoad struct {
	op      *ir.Operation
	t       *Thread
	tm      *TensorMap
	dst     Pointer
	base    int64 // window address of dst
	coords  []int64
	targets []tmaTarget
}

// tmaTarget is one block's copy of a TMA load's box. vc is the issuer's
// clock at the issue (nil without clocks), the same for every block of a
// multicast since clocks span the cluster: the copy's writes happen after
// what the issuer did before (hb.go).
type tmaTarget struct {
	dst  Pointer
	mbar *mbarrier
	vc   vclock
}

func (l *tmaLoad) issuer() *Thread { return l.t }

// issueTMALoad starts the copy of tm's box at coords (innermost first) to
// the shared memory at dst, completing on mbar. A multicast load (mask >=
// 0, bit r for the cluster's block of rank r) writes the box to the same
// place in every block of the mask and completes on the mbarrier at the
// same place in each.
func (t *Thread) issueTMALoad(op *ir.Operation, tm *TensorMap, dst Pointer, mbar *mbarrier, coords []int64, mask int64) error {
	if len(coords) != len(tm.Dims) {
		return runtimeError(op, "has %d coordinates for a tensor map of rank %d", len(coords), len(tm.Dims))
	}
	if err := tm.checkBoxStart(op, coords); err != nil {
		return err
	}
	n := tm.boxBytes()
	base, err := t.sharedAddress(op, dst)
	if err != nil {
		return err
	}
	// A swizzled box needs only a 128-byte aligned destination: the
	// swizzle is a function of the shared address (sharedPointer), so a
	// box starting at line r of a 1024-byte span lands where the pattern
	// puts that line.
	align := int64(16)
	if tm.Swizzle > 0 {
		align = swizzleDestAlign
	}
	if base%align != 0 {
		return runtimeError(op, "TMA destination at shared address %d is not %d-byte aligned", base, align)
	}
	if _, _, _, err := dst.span(op, "TMA store to shared memory", n); err != nil {
		return err
	}
	l := &tmaLoad{op: op, t: t, tm: tm, dst: dst, base: base, coords: append([]int64(nil), coords...)}
	var vc vclock
	if t.vc != nil {
		vc = append(vclock(nil), t.vc...)
		t.release()
	}
	if mask < 0 {
		l.targets = []tmaTarget{{dst: dst, mbar: mbar, vc: vc}}
	} else {
		nb := int64(len(t.block.cluster.blocks))
		if mask == 0 || mask>>nb != 0 {
			return runtimeError(op, "multicast mask 0x%x names no block or a block outside the cluster of %d blocks", mask, nb)
		}
		for r := int64(0); r < nb; r++ {
			if mask&(1<<r) == 0 {
				continue
			}
			to := t.block.cluster.blocks[r]
			if to == t.block {
				l.targets = append(l.targets, tmaTarget{dst: dst, mbar: mbar, vc: vc})
				continue
			}
			d, err := t.block.mapShared(op, dst, to)
			if err != nil {
				return err
			}
			mp, err := t.block.mapShared(op, mbar.addr, to)
			if err != nil {
				return err
			}
			m := to.async.mbars[mp]
			if m == nil {
				return runtimeError(op, "multicasts to block %s (rank %d), whose mbarrier at %s is not initialised", fmtID(to.bid), r, mp)
			}
			l.targets = append(l.targets, tmaTarget{dst: d, mbar: m, vc: vc})
		}
	}
	for _, tg := range l.targets {
		if c := inflightOverlap(tg.dst.Buf, tg.dst.Off, n); c != nil {
			d := runtimeError(op, "TMA load to shared memory that an asynchronous copy still in flight writes (a refill issued before the earlier copy's data was consumed)")
			d.AttachNote(c.inOp.Loc(), "the copy in flight was issued here")
			return d
		}
	}
	for _, tg := range l.targets {
		markInflight(tg.dst.Buf, tg.dst.Off, n, l, op)
	}
	t.block.async.inflight = append(t.block.async.inflight, l)
	return nil
}

// boxElements calls f for each element of the box, in shared-memory
// order, with its global coordinates and whether they are in bounds.
func (tm *TensorMap) boxElements(coords []int64, f func(i int64, g []int64, in bool) error) error {
	r := len(tm.Box)
	idx := make([]int64, r)
	g := make([]int64, r)
	for i := int64(0); ; i++ {
		in := true
		for d := 0; d < r; d++ {
			g[d] = coords[d] + idx[d]
			in = in && g[d] >= 0 && g[d] < tm.Dims[d]
		}
		if err := f(i, g, in); err != nil {
			return err
		}
		d := 0
		for ; d < r; d++ {
			idx[d]++
			if idx[d] < tm.Box[d] {
				break
			}
			idx[d] = 0
		}
		if d == r {
			return nil
		}
	}
}

// globalPointer returns the pointer to the element at global coordinates g.
func (tm *TensorMap) globalPointer(g []int64) Pointer {
	off := tm.Global.Offset
	for d, v := range g {
		off += v * tm.Strides[d]
	}
	return Pointer{Buf: tm.Global.Buf, Off: off * ByteSize(tm.Elem)}
}

// sharedPointer returns where box element i lies in shared memory.
func (l *tmaLoad) sharedPointer(i, es int64) Pointer {
	a := swizzled(l.base+i*es, l.tm.Swizzle)
	return l.dst.Add(a - l.base)
}

func (l *tmaLoad) land(b *gpuBlock) error {
	for _, tg := range l.targets {
		if err := l.landIn(b, tg); err != nil {
			return err
		}
	}
	return nil
}

// landIn writes the box to one target. The issuing block b lands it.
func (l *tmaLoad) landIn(b *gpuBlock, tg tmaTarget) error {
	tm := l.tm
	es := ByteSize(tm.Elem)
	clearInflight(tg.dst.Buf, tg.dst.Off, tm.boxBytes(), l)
	fill := uint64(0)
	if ft, ok := tm.Elem.(*ir.FloatType); ok && tm.OOBNaN {
		fill = encodeFloat(ft, math.NaN())
	}
	cells, _ := cellsOf(tg.dst.Buf)
	phase := tg.mbar.phase
	// The copy writes on behalf of its issuer, at its issue-time clock:
	// a read of the slot that the issue is not ordered after races.
	if tg.vc != nil {
		savedAgent, savedVC := b.agent, b.landVC
		b.agent, b.landVC = int32(l.t.linear), tg.vc
		defer func() { b.agent, b.landVC = savedAgent, savedVC }()
	}
	err := tm.boxElements(l.coords, func(i int64, g []int64, in bool) error {
		v := Value{Type: tm.Elem, Bits: fill}
		if in {
			var err error
			if v, err = LoadPointer(l.op, tm.globalPointer(g), tm.Elem); err != nil {
				return err
			}
		}
		p := l.sharedPointer(i, es)
		p.Buf = tg.dst.Buf
		p.Off += tg.dst.Off - l.dst.Off
		if err := StorePointer(l.op, p, v); err != nil {
			return err
		}
		if cells != nil {
			des := max(ByteSize(p.Buf.Elem), 1)
			for e := p.Off / des; e <= (p.Off+es-1)/des; e++ {
				cells[e].mbar, cells[e].phase, cells[e].tmaOp = tg.mbar, phase, l.op
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	tg.mbar.completeTx(tm.boxBytes(), tg.vc)
	return nil
}

// tmaStore is a TMA tile store: the box, read from shared memory when it
// is issued, lands in global memory at the issuing thread's bulk wait.
type tmaStore struct {
	op     *ir.Operation
	t      *Thread
	tm     *TensorMap
	coords []int64
	data   []Value
}

func (s *tmaStore) issuer() *Thread { return s.t }

// issueTMAStore reads tm's box from the shared memory at src (through the
// async proxy, so generic writes to it need a fence.proxy.async) and
// queues its write to the tensor at coords.
func (t *Thread) issueTMAStore(op *ir.Operation, tm *TensorMap, src Pointer, coords []int64) error {
	if len(coords) != len(tm.Dims) {
		return runtimeError(op, "has %d coordinates for a tensor map of rank %d", len(coords), len(tm.Dims))
	}
	base, err := t.sharedAddress(op, src)
	if err != nil {
		return err
	}
	es := ByteSize(tm.Elem)
	s := &tmaStore{op: op, t: t, tm: tm, coords: append([]int64(nil), coords...)}
	l := &tmaLoad{tm: tm, dst: src, base: base}
	err = tm.boxElements(coords, func(i int64, _ []int64, _ bool) error {
		p := l.sharedPointer(i, es)
		if p.Buf != nil && p.Off >= 0 {
			des := max(ByteSize(p.Buf.Elem), 1)
			if err := asyncProxyRead(op, p.Buf, p.Off/des); err != nil {
				return err
			}
		}
		v, err := LoadPointer(op, p, tm.Elem)
		s.data = append(s.data, v)
		return err
	})
	if err != nil {
		return err
	}
	t.async.bulkPending = append(t.async.bulkPending, s)
	return nil
}

func (s *tmaStore) land(*gpuBlock) error {
	return s.tm.boxElements(s.coords, func(i int64, g []int64, in bool) error {
		if !in {
			return nil // out-of-bounds elements are not written
		}
		return StorePointer(s.op, s.tm.globalPointer(g), s.data[i])
	})
}

// ---- handlers shared by the nvvm and nvgpu dialects ----

// compileTMALoadOf compiles a TMA tile load: the box of the descriptor in
// slot desc at the coordinates in slots coords (innermost first) to the
// shared memory dst gives, completing on the mbarrier bar gives, under
// the op's predicate and to the blocks of its multicast mask, if any.
func compileTMALoadOf(c *Compiler, op *ir.Operation, bar mbarrierAddr, dst func(*Frame) (Pointer, error), desc int, coords []int) (Compiled, error) {
	mask := optionalSlot(c, op, "multicastMask")
	return compileMbarrierOp(c, op, bar, predicateSlot(c, op), func(fr *Frame, t *Thread, m *mbarrier) error {
		mcast := int64(-1)
		if mask >= 0 {
			mcast = int64(fr.S[mask] & 0xffff)
		}
		tm, p, err := tmaOperands(op, fr, desc, dst)
		if err != nil {
			return err
		}
		return t.issueTMALoad(op, tm, p, m, readCoords(fr, coords), mcast)
	})
}

// compileTMAStoreOf compiles a TMA tile store of the shared memory src
// gives to the box of the descriptor in slot desc at coords.
func compileTMAStoreOf(c *Compiler, op *ir.Operation, src func(*Frame) (Pointer, error), desc int, coords []int) (Compiled, error) {
	return compileThreadOp(c, op, predicateSlot(c, op), func(fr *Frame, t *Thread) error {
		tm, p, err := tmaOperands(op, fr, desc, src)
		if err != nil {
			return err
		}
		return t.issueTMAStore(op, tm, p, readCoords(fr, coords))
	})
}

// tmaOperands reads a TMA copy's descriptor (slot desc) and shared pointer.
func tmaOperands(op *ir.Operation, fr *Frame, desc int, smem func(*Frame) (Pointer, error)) (*TensorMap, Pointer, error) {
	tm, err := tensorMapOf(op, fr.O[desc])
	if err != nil {
		return nil, Pointer{}, err
	}
	p, err := smem(fr)
	return tm, p, err
}
