package gpumatmulhopper

import "fmt"

// Operands TMA cannot address. A tensor map's row stride must be a
// multiple of 16 bytes, so A with K not a multiple of 8 elements (K = 700:
// 1400-byte rows) or B with N not a multiple of 8 (N = 8191) has no TMA
// descriptor. The threads that would wait for such an operand's TMA load
// copy its boxes themselves instead: the producer warpgroup under warp
// specialisation, every thread of the block in rung 0. Each thread copies
// 16-byte chunks of the slot (a chunk is one swizzle unit) with the widest
// global loads the operand's row length keeps aligned (4, 2 or 1
// elements: a row of K elements starts at a multiple of K*2 bytes), zeros
// past the operand's edge (what TMA's oob = zero gives), and stores them
// where the 128-byte swizzle puts them, the layout wgmma's descriptors
// describe. Then a proxy fence makes the generic-proxy stores visible to
// wgmma (the async proxy) and each thread arrives on the slot's full
// barrier, whose count takes those arrivals (fullArrivals), besides the
// one arrive.expect_tx of the TMA-loaded operand if there is one. The
// ring, the barriers' protocol and the consumers do not change, except
// that the wgmma descriptor of a copied operand is computed in the kernel
// (there is no tensor map to generate it from).
//
// The loads are plain loads rather than cp.async: the copy needs no
// registers beyond one group in flight, and the interpreter checks it.

// Producer register budgets (setmaxnreg) when it copies operands: the
// cp.async loop needs addresses, more than the 40 of a TMA-only producer;
// loads and stores (odd rows) need a register per element in flight, and
// their latency is hidden only by many in flight (plainProducerUnroll
// chunks a thread), so that producer takes what two consumers leave
// above the 168 registers ptxas gives the kernel: 512 - 2*176 = 160,
// rounded down to the 8s setmaxnreg counts in.
const (
	manualProducerRegs = 56
	plainProducerRegs  = 152
)

// chunkElems is the f16 elements of one 16-byte chunk of the swizzle,
// rowChunks the chunks of a 128-byte swizzled row.
const (
	chunkElems = 16 / f16Bytes
	rowChunks  = swizzleElems / chunkElems
)

// manualA and manualB report whether the operand's rows are not a whole
// number of 16-byte units and it is not padded (pad-operands=false), so
// that its boxes are copied by threads.
func (k *kernel) manualA() bool { return !k.PadOperands && unalignedRows(k.K) }
func (k *kernel) manualB() bool { return !k.PadOperands && unalignedRows(k.N) }
func (k *kernel) manual() bool  { return k.manualA() || k.manualB() }

// anyTMA reports whether some operand is loaded by TMA.
func (k *kernel) anyTMA() bool { return !k.manualA() || !k.manualB() }

// tmaBytes is what a slot's TMA loads deliver to its full barrier.
func (k *kernel) tmaBytes() int64 {
	var n int64
	if !k.manualA() {
		n += k.aSlotBytes()
	}
	if !k.manualB() {
		n += k.bSlotBytes()
	}
	return n
}

// loaders is the number of threads that copy the operands TMA cannot
// load: the producer warpgroup, or the whole block without warp
// specialisation.
func (k *kernel) loaders() int64 {
	if k.WarpSpecialize {
		return warpgroupSize
	}
	return k.Consumers * warpgroupSize
}

// fullArrivals is the arrival count of a full barrier: the TMA issuer's
// arrive.expect_tx, and one arrive of each thread that copies.
func (k *kernel) fullArrivals() int64 {
	var n int64
	if k.anyTMA() {
		n = 1
	}
	if k.manual() {
		n += k.loaders()
	}
	return n
}

// plainCopies reports whether some copied operand has odd rows, copied
// by loads and stores.
func (k *kernel) plainCopies() bool {
	return k.manualA() && !asyncCopy(k.K) || k.manualB() && !asyncCopy(k.N)
}

// producerRegisters is the producer warpgroup's setmaxnreg budget.
func (k *kernel) producerRegisters() int64 {
	if k.plainCopies() {
		return plainProducerRegs
	}
	if k.manual() {
		return manualProducerRegs
	}
	return producerRegs
}

// groupElems is the widest access (in elements, at most a chunk) that
// stays aligned to its size in rows of n elements and never straddles a
// row's end.
func groupElems(n int64) int64 {
	for _, g := range []int64{chunkElems, 4, 2} {
		if n%g == 0 {
			return g
		}
	}
	return 1
}

// asyncCopy reports whether rows of n elements are copied by cp.async
// (groups of 2 or more elements: 4, 8 or 16 bytes) rather than by loads
// and stores (odd rows: 2-byte groups, which cp.async cannot copy).
func asyncCopy(n int64) bool { return groupElems(n) >= 2 }

// asyncCopies reports whether some copied operand uses cp.async.
func (k *kernel) asyncCopies() bool {
	return k.manualA() && asyncCopy(k.K) || k.manualB() && asyncCopy(k.N)
}

// copyLag is how many ring uses the producer warpgroup's cp.async copies
// stay in flight before it waits for them and publishes the slot: up to
// stages-2, since the producer's wait for the release of use u+stages
// needs the consumers to have seen use u+1 published. Rung 0 (the block
// copies, then computes) waits at once.
func (k *kernel) copyLag() int64 {
	if !k.WarpSpecialize || !k.asyncCopies() {
		return 0
	}
	return max(k.Stages-2, 0)
}

// loadManual writes the copy of K tile kt's boxes of the operands TMA
// cannot load into ring slot slot, by the thread lt of k.loaders(), the
// wait for it and its publication on full[slot]. Every loader runs it.
func (k *kernel) loadManual(st *kernelState, kt, slot, lt string) {
	if !k.manual() {
		return
	}
	k.copyStage(st, kt, slot, lt)
	if k.asyncCopies() {
		st.e.Line("nvvm.cp.async.wait.group 0")
	}
	k.publish(st, slot)
}

// produceCopies is loadManual in the producer warpgroup's loop, at ring
// use use: the copies of the last copyLag uses stay in flight, and the
// one before them is waited for and published.
func (k *kernel) produceCopies(st *kernelState, kt, use, slot, lt string) {
	lag := k.copyLag()
	if lag == 0 {
		k.loadManual(st, kt, slot, lt)
		return
	}
	e := st.e
	k.copyStage(st, kt, slot, lt)
	e.Open("scf.if %s {", e.Cmp("uge", kt, e.C(lag)))
	e.Line("nvvm.cp.async.wait.group %d", lag)
	k.publish(st, e.Rem(e.Op("v", "arith.subi %s, %s : index", use, e.C(lag)), e.C(k.Stages)))
	e.Close("}")
}

// drainCopies, after the producer's K loop of a tile, waits for the
// copies still in flight and publishes the tile's last copyLag uses.
func (k *kernel) drainCopies(st *kernelState) {
	lag := k.copyLag()
	if lag == 0 || !k.manual() {
		return
	}
	e := st.e
	e.Line("nvvm.cp.async.wait.group 0")
	j := e.Fresh("k")
	e.Open("scf.for %s = %s to %s step %s {", j, e.C(max(k.kTiles()-lag, 0)), e.C(k.kTiles()), e.C(1))
	k.publish(st, e.Rem(k.ringUse(st, j), e.C(k.Stages)))
	e.Close("}")
}

// publish makes a slot's copies visible to wgmma and arrives on its full
// barrier: the copies (generic proxy) are fenced against wgmma's reads
// (async proxy), and the arrive releases them to the consumers' wait.
func (k *kernel) publish(st *kernelState, slot string) {
	e := st.e
	e.Line("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}")
	e.Op("tok", "nvgpu.mbarrier.arrive %s[%s] : %s -> !nvgpu.mbarrier.token", st.full, slot, k.barrierType())
}

// copyStage issues the copies of K tile kt's boxes of the operands TMA
// cannot load into ring slot slot, by the thread lt of k.loaders(), and
// commits the cp.async ones as one group.
func (k *kernel) copyStage(st *kernelState, kt, slot, lt string) {
	e := st.e
	kc := e.MulC(kt, k.BK)
	flat := e.Op("sf", "memref.view %s[%s][] : %s to %s", st.smem, e.C(0), smemType, k.flatType())
	if k.manualA() {
		// Chunk q: row q/8 of the slot's BM rows, 16-byte column q%8, so
		// that 8 neighbouring threads read one 128-byte row segment.
		k.copyOperand(st, flat, "%A", k.typeA(), k.M, k.K, k.BM*rowChunks, lt, func(q string) (string, string, string) {
			r, c := e.Div(q, e.C(rowChunks)), e.Rem(q, e.C(rowChunks))
			at := e.Add(e.MulC(slot, k.aSlotBytes()/f16Bytes), k.swizzledChunk(st, r, c))
			return e.Add(st.m0, r), e.Add(kc, e.MulC(c, chunkElems)), at
		})
	}
	if k.manualB() {
		// Chunk q: column q%8 of box (q/8)%boxes, row q/(8*boxes): the
		// threads of a warp read a row of the slot's BN columns.
		boxes := k.BN / swizzleElems
		k.copyOperand(st, flat, "%B", k.typeB(), k.K, k.N, k.BK*boxes*rowChunks, lt, func(q string) (string, string, string) {
			c := e.Rem(q, e.C(rowChunks))
			j := e.Rem(e.Div(q, e.C(rowChunks)), e.C(boxes))
			r := e.Div(q, e.C(rowChunks*boxes))
			base := e.AddC(e.Add(e.MulC(slot, k.bSlotBytes()/f16Bytes), e.MulC(j, k.BK*swizzleElems)), k.bBase()/f16Bytes)
			col := e.Add(st.n0, e.Add(e.MulC(j, swizzleElems), e.MulC(c, chunkElems)))
			return e.Add(kc, r), col, e.Add(base, k.swizzledChunk(st, r, c))
		})
	}
	if k.asyncCopies() {
		e.Line("nvvm.cp.async.commit.group")
	}
}

// Chunks a loader copies per iteration of its copy loop: the loads of
// that many chunks are issued before their stores (odd rows), so that
// their latencies overlap within the loader's registers (the producer
// warpgroup's plainProducerRegs; in rung 0, what the accumulators
// leave); cp.async copies need no registers.
const (
	plainCopyUnroll         = 2
	plainProducerCopyUnroll = 8
	asyncCopyUnroll         = 4
)

// copyOperand writes the loop in which loader lt copies its share of an
// operand's chunks of a slot: chunk q of chunks is row row, columns
// col.. of src (rows x cols) to shared element at (chunk(q)).
func (k *kernel) copyOperand(st *kernelState, flat, src, srcType string, rows, cols, chunks int64, lt string, chunk func(q string) (row, col, at string)) {
	e := st.e
	u := int64(plainCopyUnroll)
	switch {
	case asyncCopy(cols):
		u = asyncCopyUnroll
	case k.WarpSpecialize:
		u = plainProducerCopyUnroll
	}
	for u > 1 && chunks%(k.loaders()*u) != 0 {
		u /= 2
	}
	q := e.Fresh("q")
	e.Open("scf.for %s = %s to %s step %s {", q, lt, e.C(chunks), e.C(k.loaders()*u))
	var stores []func()
	for i := int64(0); i < u; i++ {
		row, col, at := chunk(e.AddC(q, i*k.loaders()))
		stores = append(stores, k.copyChunk(st, flat, src, srcType, rows, cols, row, col, at))
	}
	for _, store := range stores {
		store()
	}
	e.Close("}")
}

// flatType is dynamic shared memory seen as f16 elements.
func (k *kernel) flatType() string {
	return fmt.Sprintf("memref<%dxf16, %s>", k.sharedBytes()/f16Bytes, workgroup)
}

// swizzledChunk is the offset in elements, in a 1024-byte aligned box of
// 128-byte rows, of row r's 16-byte chunk c under the 128-byte swizzle:
// the chunk index is XORed with the row's place in its group of 8
// (interp.swizzled, PTX's swizzle_128b). Offsets are kept in elements,
// sums of products by the chunk size, so that the lowering sees the
// stores aligned (vector-alignment-from-indices).
func (k *kernel) swizzledChunk(st *kernelState, r, c string) string {
	e := st.e
	x := e.Op("v", "arith.xori %s, %s : index", c, e.Rem(r, e.C(rowChunks)))
	return e.Add(e.MulC(r, swizzleElems), e.MulC(x, chunkElems))
}

// copyChunk copies (cp.async), or loads and returns the stores of, the
// chunk of src (rows x cols, type srcType) at row row, columns
// col..col+7, to element at of shared memory (flat), in groups of
// groupElems(cols). A group is wholly inside or outside the
// operand (cols is a multiple of the group); one outside is zeros: a
// cp.async reading 0 of its elements (it zero-fills the rest), or a
// load from a clamped, in-bounds address whose value is replaced, so
// that the copy does not branch. The clamped column is a product by the
// group size, for the alignment of the load.
func (k *kernel) copyChunk(st *kernelState, flat, src, srcType string, rows, cols int64, row, col, at string) (store func()) {
	e := st.e
	g := groupElems(cols)
	vec := fmt.Sprintf("vector<%dxf16>", g)
	inRow := e.Cmp("ult", row, e.C(rows))
	rc := e.Op("v", "arith.minui %s, %s : index", row, e.C(rows-1))
	var vals, ins []string
	for t := int64(0); t < chunkElems; t += g {
		c := e.AddC(col, t)
		in := e.Op("p", "arith.andi %s, %s : i1", inRow, e.Cmp("ult", c, e.C(cols)))
		cc := e.MulC(e.Op("v", "arith.minui %s, %s : index", e.Div(c, e.C(g)), e.C(cols/g-1)), g)
		if asyncCopy(cols) {
			n := e.Op("v", "arith.select %s, %s, %s : index", in, e.C(g), e.C(0))
			e.Op("cp", "nvgpu.device_async_copy %s[%s, %s], %s[%s], %d, %s : %s to %s", src, rc, cc, flat, e.AddC(at, t), g, n, srcType, k.flatType())
			continue
		}
		vals = append(vals, e.Op("v", "vector.load %s[%s, %s] : %s, %s", src, rc, cc, srcType, vec))
		ins = append(ins, in)
	}
	// The plain copy's stores, written when the caller's other loads
	// are issued.
	return func() {
		if len(vals) == 0 {
			return
		}
		zero := e.Op("v", "arith.constant dense<0.000000e+00> : %s", vec)
		for i, v := range vals {
			v = e.Op("v", "arith.select %s, %s, %s : %s", ins[i], v, zero, vec)
			e.Line("vector.store %s, %s[%s] : %s, %s", v, flat, e.AddC(at, int64(i)*g), k.flatType(), vec)
		}
	}
}

// wgmmaDescriptor returns the wgmma descriptor of the shared tile view
// (type viewType) of an operand: generated from its tensor map desc
// (type tmaType) when TMA loads it; when it is copied, computed as
// nvgpu.warpgroup.generate.descriptor's lowering does (128-byte swizzle,
// stride 8 rows of 128 bytes, leading offset box0 rows of 128 bytes,
// bits [4,18) of the shared address) and cast to descType.
func (k *kernel) wgmmaDescriptor(st *kernelState, stem, view, viewType, desc, tmaType, descType string, copied bool, box0 int64) string {
	e := st.e
	if !copied {
		return e.Op(stem, "nvgpu.warpgroup.generate.descriptor %s, %s : %s, %s -> %s", view, desc, viewType, tmaType, descType)
	}
	const span = swizzleElems * f16Bytes
	fields := int64(1)<<62 | (8*span>>4)<<32 | (box0*span>>4)<<16
	addr := e.Op("v", "arith.index_cast %s : index to i64", e.Op("v", "memref.extract_aligned_pointer_as_index %s : %s -> index", view, viewType))
	start := e.Op("v", "arith.andi %s, %s : i64", e.Op("v", "arith.shrui %s, %s : i64", addr, e.Op("v", "arith.constant 4 : i64")), e.Op("v", "arith.constant %d : i64", 0x3fff))
	word := e.Op("v", "arith.ori %s, %s : i64", start, e.Op("v", "arith.constant %d : i64", fields))
	return e.Op(stem, "builtin.unrealized_conversion_cast %s : i64 to %s", word, descType)
}
