package interp

import (
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// affine.dma_start and affine.dma_wait.
//
// Execution model. A DMA is synchronous in the interpreter: the whole
// transfer happens when affine.dma_start runs, and affine.dma_wait only
// checks that a transfer was signalled on its tag. Copying at the start
// rather than at the wait is the stricter choice for checking programs:
// code between the two that reads the destination sees the new data in
// the interpreter, which a real asynchronous engine does not promise, but
// code that overwrites the source before the wait (a race on hardware) is
// not hidden either way, and every transfer whose wait is reached is
// complete there as on hardware.
//
// The transfer moves num_elements elements. Elements are numbered in
// row-major order of each memref's logical index space, starting at the
// element the access map gives. Without a stride both sides are
// contiguous in that order. With %stride and %num_elt_per_stride, one side
// is strided: element k lies at start + (k / num_elt_per_stride) * stride
// + k mod num_elt_per_stride, and the other side is contiguous. The
// strided side is the larger memref (upstream's copy generation strides
// the original memref and fills or drains a compact fast buffer, in both
// directions); between memrefs of equal size it is the source.
//
// Checks: every element of both sides must lie inside its memref (the run
// fails naming the op and the element), neither memref may be freed, the
// destination may not be constant, and the tag index must be in bounds.
// Uninitialised source elements are copied as such (as memref.copy does):
// reading them later is the error, so a DMA that writes back elements its
// program never wrote shows up as a mismatch or an uninitialised read.
// dma_start stores the element count into the tag element (an i32);
// dma_wait fails when no dma_start has signalled its tag.

// dmaSide is one memref operand of a DMA with its compiled access map.
type dmaSide struct {
	slot int
	fn   *affineFn // nil for memref.dma_*: idx holds the index slots
	idx  []int
	rank int
}

// newDMAIndexSide is a side of memref.dma_start/dma_wait, indexed by
// plain index operands.
func newDMAIndexSide(c *Compiler, memref *ir.Value, indices []*ir.Value) *dmaSide {
	s := &dmaSide{slot: c.Slot(memref), rank: len(indices)}
	for _, v := range indices {
		s.idx = append(s.idx, c.Slot(v))
	}
	return s
}

func newDMASide(c *Compiler, op *ir.Operation, m *affine.Map, memref *ir.Value, operands []*ir.Value) (*dmaSide, error) {
	f, err := newAffineFn(c, op, m, operands)
	if err != nil {
		return nil, err
	}
	return &dmaSide{slot: c.Slot(memref), fn: f, rank: len(m.Results)}, nil
}

// start evaluates the side's start element and returns its memref and the
// row-major ordinal of that element.
func (s *dmaSide) start(op *ir.Operation, fr *Frame, what string) (*MemRef, int64, error) {
	m := fr.M[s.slot]
	if m == nil {
		return nil, 0, runtimeError(op, "dma %s is a null memref", what)
	}
	if m.Buf.Freed {
		return nil, 0, runtimeError(op, "dma %s %s is freed", what, m.Type)
	}
	if s.rank != len(m.Sizes) {
		return nil, 0, runtimeError(op, "dma %s map has %d results for a memref of rank %d", what, s.rank, len(m.Sizes))
	}
	idx := make([]int64, s.rank)
	if s.fn == nil {
		for i, sl := range s.idx {
			idx[i] = int64(fr.S[sl])
		}
	} else if err := s.fn.eval(fr, idx); err != nil {
		return nil, 0, runtimeError(op, "%v", err)
	}
	if !m.inBounds(idx) {
		return nil, 0, runtimeError(op, "dma %s start %s out of bounds for %s", what, fmtIndex(idx), m.Type)
	}
	var ord int64
	for d, v := range idx {
		ord = ord*m.Sizes[d] + v
	}
	return m, ord, nil
}

// position returns the buffer position of the element with row-major
// ordinal ord, or an error naming the element when it is outside m.
func dmaPosition(op *ir.Operation, m *MemRef, ord int64, what string, idx []int64) (int64, error) {
	if ord < 0 || ord >= m.NumElements() {
		return 0, runtimeError(op, "dma %s element %d is outside %s (%d elements)", what, ord, m.Type, m.NumElements())
	}
	for d := len(m.Sizes) - 1; d >= 0; d-- {
		idx[d] = ord % m.Sizes[d]
		ord /= m.Sizes[d]
	}
	p, err := m.Index(idx...)
	if err != nil {
		return 0, runtimeError(op, "dma %s: %v", what, err)
	}
	return p, nil
}

func compileAffineDmaStart(c *Compiler, op *ir.Operation) (Compiled, error) {
	d, ok := affineDma(op)
	if !ok {
		return Compiled{}, op.Errorf("malformed dma_start")
	}
	ops := op.Operands()
	src, err := newDMASide(c, op, d.srcMap, ops[d.src], ops[d.src+1:d.dst])
	if err != nil {
		return Compiled{}, err
	}
	dst, err := newDMASide(c, op, d.dstMap, ops[d.dst], ops[d.dst+1:d.tag])
	if err != nil {
		return Compiled{}, err
	}
	tag, err := newDMASide(c, op, d.tagMap, ops[d.tag], ops[d.tag+1:d.num])
	if err != nil {
		return Compiled{}, err
	}
	var strideOps []*ir.Value
	if len(ops) == d.num+3 {
		strideOps = ops[d.num+1:]
	}
	return dmaStart(c, op, src, dst, tag, ops[d.num], strideOps), nil
}

// compileMemRefDmaStart runs memref.dma_start, whose operands are src and
// its indices, dst and its indices, the element count, the tag and its
// indices, then optionally stride and elements per stride.
func compileMemRefDmaStart(c *Compiler, op *ir.Operation) (Compiled, error) {
	ops := op.Operands()
	rankOf := func(i int) (int, bool) {
		if i >= len(ops) {
			return 0, false
		}
		mt, ok := ops[i].Type().(*ir.MemRefType)
		if !ok {
			return 0, false
		}
		return mt.Rank(), true
	}
	sr, ok1 := rankOf(0)
	dpos := 1 + sr
	dr, ok2 := rankOf(dpos)
	npos := dpos + 1 + dr
	tr, ok3 := rankOf(npos + 1)
	end := npos + 2 + tr
	if !ok1 || !ok2 || !ok3 || (len(ops) != end && len(ops) != end+2) {
		return Compiled{}, op.Errorf("malformed dma_start")
	}
	src := newDMAIndexSide(c, ops[0], ops[1:dpos])
	dst := newDMAIndexSide(c, ops[dpos], ops[dpos+1:npos])
	tag := newDMAIndexSide(c, ops[npos+1], ops[npos+2:end])
	var strideOps []*ir.Value
	if len(ops) == end+2 {
		strideOps = ops[end:]
	}
	return dmaStart(c, op, src, dst, tag, ops[npos], strideOps), nil
}

// compileMemRefDmaWait runs memref.dma_wait %tag[%i...], %n.
func compileMemRefDmaWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	ops := op.Operands()
	if len(ops) < 2 {
		return Compiled{}, op.Errorf("malformed dma_wait")
	}
	if mt, ok := ops[0].Type().(*ir.MemRefType); !ok || len(ops) != mt.Rank()+2 {
		return Compiled{}, op.Errorf("malformed dma_wait")
	}
	return dmaWait(op, newDMAIndexSide(c, ops[0], ops[1:len(ops)-1])), nil
}

// dmaStart is the transfer of the model above.
func dmaStart(c *Compiler, op *ir.Operation, src, dst, tag *dmaSide, numV *ir.Value, strideOps []*ir.Value) Compiled {
	num := c.Slot(numV)
	strided := len(strideOps) == 2
	var stride, perStride int
	if strided {
		stride, perStride = c.Slot(strideOps[0]), c.Slot(strideOps[1])
	}
	return Compiled{Exec: func(fr *Frame) error {
		a, aOrd, err := src.start(op, fr, "source")
		if err != nil {
			return err
		}
		b, bOrd, err := dst.start(op, fr, "destination")
		if err != nil {
			return err
		}
		t, tOrd, err := tag.start(op, fr, "tag")
		if err != nil {
			return err
		}
		if b.Buf.ReadOnly {
			return runtimeError(op, "dma to constant memory %s", b.Type)
		}
		n := int64(fr.S[num])
		if n < 0 {
			return runtimeError(op, "dma of %d elements", n)
		}
		// at gives the ordinal of element k on each side.
		contiguous := func(base int64) func(int64) int64 { return func(k int64) int64 { return base + k } }
		srcAt, dstAt := contiguous(aOrd), contiguous(bOrd)
		if strided {
			st, per := int64(fr.S[stride]), int64(fr.S[perStride])
			if st <= 0 || per <= 0 {
				return runtimeError(op, "dma stride %d and elements per stride %d must be positive", st, per)
			}
			stridedAt := func(base int64) func(int64) int64 {
				return func(k int64) int64 { return base + k/per*st + k%per }
			}
			if b.NumElements() > a.NumElements() {
				dstAt = stridedAt(bOrd)
			} else {
				srcAt = stridedAt(aOrd)
			}
		}
		ia, ib := make([]int64, len(a.Sizes)), make([]int64, len(b.Sizes))
		// Read everything first so that overlapping source and
		// destination behave as a copy through a buffer.
		type elem struct {
			v    uint64
			init bool
		}
		vals := make([]elem, n)
		for k := int64(0); k < n; k++ {
			p, err := dmaPosition(op, a, srcAt(k), "source", ia)
			if err != nil {
				return err
			}
			vals[k] = elem{a.Buf.Data[p], a.Buf.Init[p]}
		}
		for k := int64(0); k < n; k++ {
			p, err := dmaPosition(op, b, dstAt(k), "destination", ib)
			if err != nil {
				return err
			}
			b.Buf.Data[p], b.Buf.Init[p] = vals[k].v, vals[k].init
		}
		it := make([]int64, len(t.Sizes))
		p, err := dmaPosition(op, t, tOrd, "tag", it)
		if err != nil {
			return err
		}
		t.Buf.Data[p], t.Buf.Init[p] = uint64(uint32(n)), true
		return nil
	}}
}

func compileAffineDmaWait(c *Compiler, op *ir.Operation) (Compiled, error) {
	m, err := mapAttr(op, "tag_map")
	if err != nil {
		return Compiled{}, err
	}
	if op.NumOperands() != m.NumInputs()+2 {
		return Compiled{}, op.Errorf("malformed dma_wait")
	}
	tag, err := newDMASide(c, op, m, op.Operand(0), op.Operands()[1:1+m.NumInputs()])
	if err != nil {
		return Compiled{}, err
	}
	return dmaWait(op, tag), nil
}

// dmaWait checks that a transfer was signalled on the tag.
func dmaWait(op *ir.Operation, tag *dmaSide) Compiled {
	return Compiled{Exec: func(fr *Frame) error {
		t, ord, err := tag.start(op, fr, "tag")
		if err != nil {
			return err
		}
		it := make([]int64, len(t.Sizes))
		p, err := dmaPosition(op, t, ord, "tag", it)
		if err != nil {
			return err
		}
		if !t.Buf.Init[p] {
			return runtimeError(op, "dma_wait on tag %s%s that no dma_start has signalled", t.Type, fmtIndex(it))
		}
		return nil
	}}
}

// dmaOperands locates the parts of an affine.dma_start's operand list.
type dmaOperands struct {
	srcMap, dstMap, tagMap *affine.Map
	src, dst, tag, num     int
}

func affineDma(op *ir.Operation) (dmaOperands, bool) {
	var d dmaOperands
	var err error
	if d.srcMap, err = mapAttr(op, "src_map"); err != nil {
		return d, false
	}
	if d.dstMap, err = mapAttr(op, "dst_map"); err != nil {
		return d, false
	}
	if d.tagMap, err = mapAttr(op, "tag_map"); err != nil {
		return d, false
	}
	d.dst = d.src + 1 + d.srcMap.NumInputs()
	d.tag = d.dst + 1 + d.dstMap.NumInputs()
	d.num = d.tag + 1 + d.tagMap.NumInputs()
	n := op.NumOperands()
	return d, n == d.num+1 || n == d.num+3
}
