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

// Copy kernel shape: padThreads threads a block, each copying groups of
// elements whose loads are all issued before their stores, padInFlight
// bytes of them, so that a thread keeps as many bytes in flight whatever
// the group's width (the copy is bound by memory latency times the bytes
// in flight: 2-byte groups of odd rows need 16 loads).
const (
	padThreads  = 256
	padInFlight = 32
	warpSize    = 32
)

// nextPow2 is the least power of two >= n (n >= 1).
func nextPow2(n int64) int64 {
	p := int64(1)
	for p < n {
		p *= 2
	}
	return p
}

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
	// Groups of g elements: the widest access a row of cols elements keeps
	// aligned to its size in both src and the buffer (a row starts at a
	// multiple of cols, resp. stride, elements).
	g := groupElems(cols)
	rowGroups := cols / g
	// A block of tx x ty threads copies ty rows, tx*unroll groups of each:
	// thread (x, y) groups x + u*tx of row y, so that a warp's accesses
	// are consecutive (coalesced) and a thread's row and columns need no
	// division. Rows shorter than a block's reach take fewer groups a
	// thread and more rows a block.
	unroll := min(padInFlight/(g*f16Bytes), ceilDiv(rowGroups, warpSize))
	tx := min(max(nextPow2(ceilDiv(rowGroups, unroll)), warpSize), padThreads)
	ty := padThreads / tx
	reach := tx * unroll
	bx, by, ix, iy := "%"+stem+"_bx", "%"+stem+"_by", "%"+stem+"_tx", "%"+stem+"_ty"
	h.Open("gpu.launch blocks(%s, %s, %%%s_bz) in (%%%s_gx = %s, %%%s_gy = %s, %%%s_gz = %s) threads(%s, %s, %%%s_tz) in (%%%s_sx = %s, %%%s_sy = %s, %%%s_sz = %s) {",
		bx, by, stem, stem, h.C(ceilDiv(rowGroups, reach)), stem, h.C(ceilDiv(rows, ty)), stem, h.C(1), ix, iy, stem, stem, h.C(tx), stem, h.C(ty), stem, h.C(1))
	e := kernelemit.New(2, stem+"_c")
	r := e.Add(e.MulC(by, ty), iy)
	var rowIn string
	if rows%ty != 0 {
		// The last block row's threads past the end load a valid row
		// (clamped) and do not store it.
		rowIn = e.Cmp("ult", r, e.C(rows))
		r = e.Op("v", "arith.minui %s, %s : index", r, e.C(rows-1))
	}
	first := e.Add(e.MulC(bx, reach), ix)
	vec := fmt.Sprintf("vector<%dxf16>", g)
	type group struct{ in, c, v string }
	var gs []group
	for u := int64(0); u < unroll; u++ {
		q := e.AddC(first, u*tx)
		in := rowIn
		if rowGroups%reach != 0 {
			in = e.Cmp("ult", q, e.C(rowGroups))
			if rowIn != "" {
				in = e.Op("p", "arith.andi %s, %s : i1", in, rowIn)
			}
			q = e.Op("v", "arith.minui %s, %s : index", q, e.C(rowGroups-1))
		}
		c := e.MulC(q, g)
		var v string
		if g == 1 {
			v = e.Op("v", "memref.load %s[%s, %s] : %s", src, r, c, srcType)
		} else {
			v = e.Op("v", "vector.load %s[%s, %s] : %s, %s", src, r, c, srcType, vec)
		}
		gs = append(gs, group{in, c, v})
	}
	for _, x := range gs {
		if x.in != "" {
			e.Open("scf.if %s {", x.in)
		}
		if g == 1 {
			e.Line("memref.store %s, %s[%s, %s] : %s", x.v, buf, r, x.c, bufType)
		} else {
			e.Line("vector.store %s, %s[%s, %s] : %s, %s", x.v, buf, r, x.c, bufType, vec)
		}
		if x.in != "" {
			e.Close("}")
		}
	}
	h.Raw(e.Prelude(2) + e.Text())
	h.Line("gpu.terminator")
	h.Close("} {kernelModule = @%s}", kernelModule)
	viewType = fmt.Sprintf("memref<%dx%dxf16, strided<[%d, 1]>>", rows, cols, stride)
	view = h.Op(stem+"_view", "memref.subview %s[0, 0] [%d, %d] [1, 1] : %s to %s", buf, rows, cols, bufType, viewType)
	return view, viewType, buf, bufType
}
