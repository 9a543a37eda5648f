package gpumatmulhopper

import (
	"fmt"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"regexp"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

// Sizes the tiles do not divide. The grid and the K loop round up; the
// TMA loads of boxes that reach past A's or B's edge are zero-filled by
// the hardware (the descriptors say oob = zero), so a partial K tile adds
// zero products and a partial M or N tile computes zeros past the edge,
// with no guard in the main loop. Only the epilogue must not touch C out
// of bounds, and only in the tiles that reach past C's edge (byTile): the
// direct epilogue tests its accesses there, the TMA epilogue clamps its
// reads of C into C and relies on the TMA store clipping the box. Every
// box still moves its full byte count (zeros included), so the mbarrier
// transaction counts do not change at the edges. Rows TMA cannot address
// at all are producer_fallback.go's.

// tmaStrideAlign is the alignment, in bytes, of a TMA tensor map's global
// strides (cuTensorMapEncodeTiled).
const tmaStrideAlign = 16

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// tilesM and tilesN are the grid: the tiles of C, the last ones partial
// when the tile does not divide the size.
func (k *kernel) tilesM() int64 { return ceilDiv(k.M, k.BM) }
func (k *kernel) tilesN() int64 { return ceilDiv(k.N, k.BN) }

// partialMN reports whether some block's C tile reaches past C's edge:
// the epilogue then guards its accesses of C.
func (k *kernel) partialMN() bool { return k.M%k.BM != 0 || k.N%k.BN != 0 }

// elemBytes is the size of an A or B element (f16 and bf16 alike).
func (k *kernel) elemBytes() int64 { return f16Bytes }

// fitBounds adapts the kernel to rows TMA cannot address. TMA addresses
// rows by byte strides that are multiples of 16: A's rows (K elements)
// or B's (N elements) that are not are padded by a copy launch (pad.go)
// or, with pad-operands=false, copied by threads instead
// (producer_fallback.go), and C's rows (N f32) that are not make the
// epilogue store C directly (epilogue=tma would need a descriptor of C).
// A cluster multicasts TMA loads, so its operands must be TMA's: with
// thread copies such a matmul is refused at the loop of the dimension at
// fault, as is pingpong.
func (k *kernel) fitBounds(mm *gpuutil.MatmulNest) error {
	k.fitEpilogue()
	if k.PingPong && k.manual() {
		// pingpong's register epilogue (8-byte accesses of C) and its
		// one-box A loads assume TMA-addressable rows; the copied-operand
		// producer is not built for whole-tile consumers.
		dim := 1
		if k.manualA() {
			dim = 2
		}
		return kernelemit.Locatedf(mm.Loop[dim].Operation, "pingpong needs rows of A and B that are multiples of %d bytes (K = %d, N = %d %s elements): drop pingpong for this size, or leave pad-operands on", tmaStrideAlign, k.K, k.N, k.Elem)
	}
	if k.clusterSize() == 1 {
		return nil
	}
	for _, r := range []struct {
		dim    int
		copied bool
		bytes  int64
		what   string
	}{
		{2, k.manualA(), k.K * k.elemBytes(), fmt.Sprintf("a row of A (K = %d %s elements)", k.K, k.Elem)},
		{1, k.manualB(), k.N * k.elemBytes(), fmt.Sprintf("a row of B (N = %d %s elements)", k.N, k.Elem)},
	} {
		if r.copied {
			return kernelemit.Locatedf(mm.Loop[r.dim].Operation, "%s is %d bytes, not a multiple of the %d bytes TMA strides need, and a cluster multicasts TMA loads: use cluster=1,1, or leave pad-operands on (rows padded to a multiple of %d elements)", r.what, r.bytes, tmaStrideAlign, tmaStrideAlign/k.elemBytes())
		}
	}
	return nil
}

// fitEpilogue makes the epilogue direct when C's rows are not a multiple
// of 16 bytes: a TMA store needs a descriptor of C.
func (k *kernel) fitEpilogue() {
	if k.TMAEpilogue && k.N*f32Bytes%tmaStrideAlign != 0 {
		k.TMAEpilogue = false
	}
}

// abElem returns the element type of A and B the kernel supports for
// the given memref element type, with a message when there is none.
func abElem(t ir.Type) (string, bool) {
	switch {
	case t == ir.F16:
		return "f16", true
	case t == ir.BF16:
		return "bf16", true
	}
	return "", false
}

// f16Word is the type f16 where the kernel text spells it (after x in a
// shape, after < or : or a space), not the tail of bf16.
// elemHint says why an input type has no kernel variant.
func elemHint(t ir.Type) string {
	if t == ir.F32 {
		// wgmma reads tf32 operands from shared memory K-major only (no
		// transpose), while the kernel's B tile is N-major as B is.
		return " (tf32 wgmma needs B K-major in shared memory, which this kernel's TMA loads of a row-major B do not give)"
	}
	return ""
}

var f16Word = regexp.MustCompile(`(^|[^b])f16\b`)

// source is the kernel's text for k's element type. kernel.text spells
// A's and B's element type f16 (C and the accumulator are f32, so every
// f16 in it is A's or B's); bf16 has the same size, swizzle and wgmma
// shape, so the bf16 kernel is the same text with the type renamed.
func (k *kernel) source() string {
	t := k.text()
	if k.Elem == "" || k.Elem == "f16" {
		return t
	}
	return f16Word.ReplaceAllString(t, "${1}"+k.Elem)
}

// byTile writes the epilogue's C update, body, for the block's tile:
// unguarded when every tile is whole; otherwise twice, chosen per tile at
// run time, so that only the tiles reaching past C's edge (the last row
// and column of tiles) pay for a test per access, and the others run the
// same loop as at a divisible size.
func (k *kernel) byTile(st *kernelState, body func(guarded bool)) {
	if !k.partialMN() {
		body(false)
		return
	}
	e := st.e
	inM := e.Cmp("ule", e.AddC(st.m0, k.BM), e.C(k.M))
	inN := e.Cmp("ule", e.AddC(st.n0, k.BN), e.C(k.N))
	e.Open("scf.if %s {", e.Op("p", "arith.andi %s, %s : i1", inM, inN))
	body(false)
	e.Close("} else {")
	e.Open("// a tile past C's edge")
	body(true)
	e.Close("}")
}

// guardC opens, when guarded, an scf.if on the epilogue's element (gr, gc)
// being inside C, and returns what closes it. An access of cVec elements
// is wholly in or out: gc is a multiple of cVec and so is N.
func (k *kernel) guardC(e *kernelemit.Emitter, gr, gc string, guarded bool) func() {
	if !guarded {
		return func() {}
	}
	in := e.Op("p", "arith.andi %s, %s : i1", e.Cmp("ult", gr, e.C(k.M)), e.Cmp("ult", gc, e.C(k.N)))
	e.Open("scf.if %s {", in)
	return func() { e.Close("}") }
}

// cVec is the width of the epilogue's accesses of C: 4 f32 (16 bytes)
// when N allows, else the widest that divides N, so that an access never
// straddles a row of C and is aligned to its size.
func (k *kernel) cVec() int64 {
	for _, w := range []int64{epilogueVec, 2} {
		if k.N%w == 0 {
			return w
		}
	}
	return 1
}
