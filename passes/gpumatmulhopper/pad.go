package gpumatmulhopper

import (
	"fmt"

	"github.com/goopt/goopt/passes/internal/kernelemit"
)

// Operand padding (pad-operands, the default). A tensor map's row stride
// must be a multiple of 16 bytes, and a TMA box cannot start at an
// element whose offset in the row is not a multiple of 16 bytes (an
// illegal instruction on sm_90, measured), so A with K % 8 != 0 or B
// with N % 8 != 0 has no tensor map of its own. The host function first
// copies such an operand into a scratch buffer (memref.alloc) whose rows
// are padded to a multiple of 8 elements, in a copy kernel launched
// before the matmul's; the matmul's tensor map describes the buffer
// through a subview with the operand's real extent (K x M, row stride
// roundup(K, 8) elements), so TMA's out-of-bounds zero fill covers the
// tail exactly as at a size the tiles do not divide, and the pad columns
// are never read (they need no zeroing). The kernel is then the one of an
// aligned size: every operand by TMA, clusters and pingpong included. The
// thread copies of producer_fallback.go remain for pad-operands=false.

// Copy kernel. Each thread writes 8-byte chunks of the buffer: 4
// elements at (r, c..c+3), c a multiple of 4 (an aligned vector store;
// columns past the row's cols are pad columns, whose contents do not
// matter). The chunk's source elements are src's flat [f, f+4), f =
// r*cols + c, contiguous in src; with rows of a multiple of 4 elements
// they are one aligned vector load, otherwise (odd rows, or rows of 2
// mod 4 elements) they straddle the two aligned 8-byte words at 4q and
// 4(q+1), q = f/4, which are loaded and funnel-shifted into the chunk.
// Every access is then 8 bytes whatever the row length (2-byte groups of
// odd rows copied an 8191-wide operand at 57% of the H200's bandwidth).
// The chunks are numbered row by row, consecutive lanes taking
// consecutive chunks (coalesced loads and stores, no idle threads at the
// end of a row), and a thread issues its padChunks chunks' loads before
// their stores: padInFlight bytes stored, twice that loaded (the second
// word of a lane is the first of the next lane's, an L1 hit), in flight.
//
// Words past the last whole one of src do not exist: a word index is
// clamped to it, whose bits then land in elements that are either past
// src's end (pad columns of the last row) or among src's last total%4
// elements, which the threads owning their chunks copy one by one after
// their vector store (tail).
const (
	padThreads  = 256
	padInFlight = 32
	warpSize    = 32
	chunkF16    = 4 // elements of an 8-byte chunk
	padChunks   = padInFlight / (chunkF16 * f16Bytes)
)

// kernelModule is the gpu.module the launches of a host function with
// padded operands are outlined into together (gpu-kernel-outlining puts
// each launch in a module of its own otherwise): one PTX module, one
// manifest.
const kernelModule = kernelFunc + "_kernels"

// launchAttrs is the attribute dictionary of the matmul's gpu.launch:
// its kernel module when copy launches precede it.
func (k *kernel) launchAttrs() string {
	if !k.padA() && !k.padB() {
		return ""
	}
	return fmt.Sprintf(" {kernelModule = @%s}", kernelModule)
}

// padElems is the row length rows are padded to a multiple of: 16 bytes
// of f16.
const padElems = tmaStrideAlign / f16Bytes

// unalignedRows reports whether rows of n f16 elements are not a whole
// number of 16-byte units.
func unalignedRows(n int64) bool { return n*f16Bytes%tmaStrideAlign != 0 }

// padA and padB report whether the operand is copied into a padded
// buffer before the matmul.
func (k *kernel) padA() bool { return k.PadOperands && unalignedRows(k.K) }
func (k *kernel) padB() bool { return k.PadOperands && unalignedRows(k.N) }

// padOperand writes, on the host (h), the padded buffer of src (type
// srcType, rows x cols f16), the launch copying src into it, and the
// subview of its first cols columns the tensor map describes. It returns
// the subview and its type, and the buffer (for its dealloc) and its type.
// stem names the copy launch's values apart from the other launches'.
func padOperand(h *kernelemit.Emitter, stem, src, srcType string, rows, cols int64) (view, viewType, buf, bufType string) {
	stride := ceilDiv(cols, padElems) * padElems
	bufType = fmt.Sprintf("memref<%dx%dxf16>", rows, stride)
	buf = h.Op(stem+"_pad", "memref.alloc() : %s", bufType)
	p := newPadCopy(rows, cols)
	bx, ix := "%"+stem+"_bx", "%"+stem+"_tx"
	h.Open("gpu.launch blocks(%s, %%%s_by, %%%s_bz) in (%%%s_gx = %s, %%%s_gy = %s, %%%s_gz = %s) threads(%s, %%%s_ty, %%%s_tz) in (%%%s_sx = %s, %%%s_sy = %s, %%%s_sz = %s) {",
		bx, stem, stem, stem, h.C(p.blocks()), stem, h.C(1), stem, h.C(1), ix, stem, stem, stem, h.C(p.threads), stem, h.C(1), stem, h.C(1))
	e := kernelemit.New(2, stem+"_c")
	p.emit(e, bx, ix, src, srcType, buf, bufType)
	h.Raw(e.Prelude(2) + e.Text())
	h.Line("gpu.terminator")
	h.Close("} {kernelModule = @%s}", kernelModule)
	viewType = fmt.Sprintf("memref<%dx%dxf16, strided<[%d, 1]>>", rows, cols, stride)
	view = h.Op(stem+"_view", "memref.subview %s[0, 0] [%d, %d] [1, 1] : %s to %s", buf, rows, cols, bufType, viewType)
	return view, viewType, buf, bufType
}

// padCopy is the copy kernel's geometry for rows x cols elements.
type padCopy struct {
	rows, cols int64
	rowChunks  int64 // chunks a row: the buffer's first 4*rowChunks <= stride columns
	chunks     int64 // of the whole buffer
	words      int64 // whole 8-byte words of src
	threads    int64 // a block's
	unroll     int64 // chunks a thread
}

func newPadCopy(rows, cols int64) padCopy {
	p := padCopy{rows: rows, cols: cols, rowChunks: ceilDiv(cols, chunkF16)}
	p.chunks = rows * p.rowChunks
	p.words = rows * cols / chunkF16
	// Small operands take fewer threads and chunks a thread rather than
	// blocks of mostly idle threads.
	p.threads = min(padThreads, ceilDiv(p.chunks, warpSize)*warpSize)
	p.unroll = min(padChunks, ceilDiv(p.chunks, p.threads))
	return p
}

// blockChunks is the chunks a block copies: thread x's u-th chunk is x +
// u*threads of the block's.
func (p padCopy) blockChunks() int64 { return p.threads * p.unroll }

func (p padCopy) blocks() int64 { return ceilDiv(p.chunks, p.blockChunks()) }

// aligned reports whether a chunk is one aligned word of src (rows of a
// multiple of 4 elements).
func (p padCopy) aligned() bool { return p.cols%chunkF16 == 0 }

// tailChunk is a chunk holding some of src's last elements, which no
// whole word covers (flat indices elems), and which of a thread's chunks
// it is.
type tailChunk struct {
	chunk, u int64
	elems    []int64
}

// tail lists the chunks holding src's elements past its last whole word
// (at most 3 elements; none with rows of a multiple of 4 elements), in
// the order of their elements.
func (p padCopy) tail() []tailChunk {
	var ts []tailChunk
	for f := chunkF16 * p.words; f < p.rows*p.cols; f++ {
		t := f/p.cols*p.rowChunks + f%p.cols/chunkF16
		if n := len(ts); n > 0 && ts[n-1].chunk == t {
			ts[n-1].elems = append(ts[n-1].elems, f)
			continue
		}
		ts = append(ts, tailChunk{chunk: t, u: t % p.blockChunks() / p.threads, elems: []int64{f}})
	}
	return ts
}

// emit writes the kernel body of the block bx's thread ix.
func (p padCopy) emit(e *kernelemit.Emitter, bx, ix, src, srcType, buf, bufType string) {
	const vec = "vector<4xf16>"
	flat, flatType := "", fmt.Sprintf("memref<%dxf16>", p.rows*p.cols)
	if !p.aligned() && p.words > 0 {
		flat = e.Op("v", "memref.reinterpret_cast %s to offset: [0], sizes: [%d], strides: [1] : %s to %s", src, p.rows*p.cols, srcType, flatType)
	}
	// word loads the aligned word at 4*min(q, last word) of src, q at
	// most maxQ (the index written as a product: vector-alignment-from-
	// indices then gives the load 8-byte alignment).
	word := func(q string, maxQ int64) string {
		if maxQ >= p.words {
			q = e.Op("v", "arith.minui %s, %s : index", q, e.C(p.words-1))
		}
		return e.Op("v", "vector.load %s[%s] : %s, %s", flat, e.MulC(q, chunkF16), flatType, vec)
	}
	type chunk struct{ in, t, r, c, f, w0, w1 string }
	var cs []chunk
	first := e.Add(e.MulC(bx, p.blockChunks()), ix)
	for u := int64(0); u < p.unroll; u++ {
		x := chunk{t: e.AddC(first, u*p.threads)}
		if p.chunks%p.blockChunks() != 0 {
			// The last block's threads past the end load a valid chunk
			// (clamped) and do not store it.
			x.in = e.Cmp("ult", x.t, e.C(p.chunks))
			x.t = e.Op("v", "arith.minui %s, %s : index", x.t, e.C(p.chunks-1))
		}
		x.r, x.c = x.t, e.C(0)
		if p.rowChunks > 1 {
			x.r = e.Div(x.t, e.C(p.rowChunks))
			x.c = e.MulC(e.Rem(x.t, e.C(p.rowChunks)), chunkF16)
		}
		switch {
		case p.aligned():
			x.w0 = e.Op("v", "vector.load %s[%s, %s] : %s, %s", src, x.r, x.c, srcType, vec)
		case p.words > 0:
			x.f = e.Add(e.MulC(x.r, p.cols), x.c)
			q := e.Div(x.f, e.C(chunkF16))
			// f is below rows*cols: q is past the last whole word only
			// where src ends in a partial one.
			maxQ := (p.rows*p.cols - 1) / chunkF16
			x.w0, x.w1 = word(q, maxQ), word(e.AddC(q, 1), maxQ+1)
		}
		cs = append(cs, x)
	}
	tail := p.tail()
	for u, x := range cs {
		if x.in != "" {
			e.Open("scf.if %s {", x.in)
		}
		if x.w0 != "" {
			v := x.w0
			if x.w1 != "" {
				v = funnel(e, x.f, x.w0, x.w1)
			}
			e.Line("vector.store %s, %s[%s, %s] : %s, %s", v, buf, x.r, x.c, bufType, vec)
		}
		for _, tc := range tail {
			if tc.u != int64(u) {
				continue
			}
			// After the chunk's store, which wrote these elements from a
			// clamped word.
			e.Open("scf.if %s {", e.Cmp("eq", x.t, e.C(tc.chunk)))
			for _, f := range tc.elems {
				r, c := e.C(f/p.cols), e.C(f%p.cols)
				v := e.Op("v", "memref.load %s[%s, %s] : %s", src, r, c, srcType)
				e.Line("memref.store %s, %s[%s, %s] : %s", v, buf, r, c, bufType)
			}
			e.Close("}")
		}
		if x.in != "" {
			e.Close("}")
		}
	}
}

// funnel returns the 4 elements of src from flat index f, from the words
// w0 and w1 at 4q and 4(q+1), q = f/4: with s = 16*(f-4q) bits, w0 >> s
// | w1 << (64-s) (little-endian: element i of a word is its bits
// 16i..16i+15), or w0 where s is 0 (w1 << 64 would be poison: the left
// shift takes (64-s) mod 64 and the select discards it).
func funnel(e *kernelemit.Emitter, f, w0, w1 string) string {
	// vector.splat rather than vector.broadcast: upstream's
	// convert-gpu-to-nvvm lowers the splat, not a broadcast.
	const vec, word = "vector<4xf16>", "vector<1xi64>"
	bits := func(n string) string {
		return e.Op("v", "arith.index_cast %s : index to i64", e.MulC(n, 16))
	}
	i64 := func(w string) string {
		return e.Op("v", "vector.extract %s[0] : i64 from %s", e.Op("v", "vector.bitcast %s : %s to %s", w, vec, word), word)
	}
	s := e.Rem(f, e.C(chunkF16))
	back := e.Rem(e.Op("v", "arith.subi %s, %s : index", e.C(chunkF16), s), e.C(chunkF16))
	a, b := i64(w0), i64(w1)
	lo := e.Op("v", "arith.shrui %s, %s : i64", a, bits(s))
	hi := e.Op("v", "arith.shli %s, %s : i64", b, bits(back))
	v := e.Op("v", "arith.select %s, %s, %s : i64", e.Cmp("eq", s, e.C(0)), a, e.Op("v", "arith.ori %s, %s : i64", lo, hi))
	return e.Op("v", "vector.bitcast %s : %s to %s", e.Op("v", "vector.splat %s : %s", v, word), word, vec)
}
