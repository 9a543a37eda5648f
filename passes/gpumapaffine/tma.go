package gpumapaffine

import (
	"fmt"

	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/passes/internal/kernelemit"
)

// tmaBoxCols is the width of a TMA transpose's load boxes: 32 4-byte
// elements are the 128 bytes a swizzle_128b box row may span. A tile of
// T columns is loaded as T/32 boxes of T rows.
const tmaBoxCols = 32

const workgroupSpace = "#gpu.address_space<workgroup>"

// tmaTranspose is transpose=tma (the TMA transpose of seed 000): per
// TxT tile (transpose-tile: 32, 64 or 128), one thread loads the tile of
// A with TMA loads (T/32 boxes of T rows by 32 columns) into
// 128-byte-swizzled workgroup memory (4-way bank conflicts for the
// transposed reads instead of 32-way), the block reads it transposed into
// a second, plain tile, and one thread stores that to B with one TMA
// store. The tensor maps zero-fill the loads and
// clip the stores past the edges, so no size needs a guard; they need
// rows that are multiples of 16 bytes.
type tmaTranspose struct {
	a, b  *ir.Value
	at    *ir.MemRefType // A: rows x cols
	bt    *ir.MemRefType
	elem  ir.Type
	rows  int64 // A's rows (the y loop)
	cols  int64 // A's columns (the x loop)
	tile  int64
	store *ir.Operation
}

// planTMATranspose accepts the plain transposes B[x][y] = A[y][x] of
// whole 2-D buffers of 32-bit elements whose rows are 16-byte multiples;
// anything else is a refusal located at the op at fault.
func planTMATranspose(nt *nest, store *ir.Operation, tile int64) (*tmaTranspose, error) {
	const y, x = 0, 1
	if tile != 32 && tile != 64 && tile != 128 {
		return nil, refuse(store, "transpose=tma needs transpose-tile 32, 64 or 128, got %d", tile)
	}
	for d := range nt.band {
		if nt.lb[d] != 0 || nt.step[d] != 1 {
			return nil, refuse(nt.band[d].Operation, "transpose=tma needs loops from 0 by 1 over whole memrefs")
		}
	}
	ops := bodyOps(nt.body)
	if len(ops) != 2 || ops[1] != store || store.Operand(0).DefiningOp() != ops[0] {
		return nil, refuse(store, "transpose=tma moves elements as they are: the stored value must be a load of the source")
	}
	load, _ := analysis.NewMemRefAccess(ops[0])
	sacc, _ := analysis.NewMemRefAccess(store)
	if load == nil || load.IsStore {
		return nil, refuse(ops[0], "transpose=tma: the stored value must be an affine.load")
	}
	li, si := nt.indices(load), nt.indices(sacc)
	if len(li) != 2 || !li[0].only(y) || !li[1].only(x) || li[0].cst != 0 || li[1].cst != 0 || si[0].cst != 0 || si[1].cst != 0 {
		return nil, refuse(ops[0], "transpose=tma needs B[x][y] = A[y][x] with no offsets")
	}
	t := &tmaTranspose{a: load.MemRef, b: sacc.MemRef, at: load.MemRefType(), bt: sacc.MemRefType(), rows: nt.n[y], cols: nt.n[x], tile: tile, store: store}
	t.elem = t.at.ElementType()
	for _, c := range []struct {
		op   *ir.Operation
		mt   *ir.MemRefType
		r, c int64
	}{{ops[0], t.at, t.rows, t.cols}, {store, t.bt, t.cols, t.rows}} {
		mt := c.mt
		if !mt.HasStaticShape() || !identityLayout(mt) || mt.MemorySpaceInt() != 0 || mt.Shape()[0] != c.r || mt.Shape()[1] != c.c {
			return nil, refuse(c.op, "transpose=tma needs the loops to cover the whole of a static %dx%d global memref, not %s", c.r, c.c, mt)
		}
		if w := elemBits(mt.ElementType()); w != 32 {
			return nil, refuse(c.op, "transpose=tma moves 32-bit elements, not %s", mt.ElementType())
		}
		if c.c*4%16 != 0 {
			return nil, refuse(c.op, "transpose=tma needs rows that are multiples of 16 bytes (a TMA global stride): %s has rows of %d bytes", mt, c.c*4)
		}
	}
	if t.bt.ElementType() != t.elem {
		return nil, refuse(store, "transpose=tma: %s and %s differ in element type", t.at, t.bt)
	}
	return t, nil
}

func elemBits(t ir.Type) int {
	switch t := t.(type) {
	case *ir.FloatType:
		return t.Width()
	case *ir.IntegerType:
		return t.Width
	}
	return 0
}

func tmaMap(rows, cols int64, elem ir.Type, swizzle string) string {
	return fmt.Sprintf("!nvgpu.tensormap.descriptor<tensor = memref<%dx%dx%s, 3>, swizzle = %s, l2promo = none, oob = zero, interleave = none>", rows, cols, elem, swizzle)
}

// text writes the kernel as a function of %A and %B whose body is the
// host code (the tensor maps) and the gpu.launch.
func (t *tmaTranspose) text() string {
	elem := t.elem.String()
	flat := "memref<*x" + elem + ">"
	T := t.tile
	boxes := T / tmaBoxCols
	mapA, mapB := tmaMap(T, tmaBoxCols, t.elem, "swizzle_128b"), tmaMap(T, T, t.elem, "none")
	smemTile := func(r, c int64) string { return fmt.Sprintf("memref<%dx%dx%s, %s>", r, c, elem, workgroupSpace) }
	box, in, out := smemTile(T, tmaBoxCols), smemTile(boxes*T, tmaBoxCols), smemTile(T, T)
	smemT := "memref<?xi8, " + workgroupSpace + ">"
	barT := "!nvgpu.mbarrier.group<memorySpace = " + workgroupSpace + ", num_barriers = 1>"
	tileBytes := T * T * 4
	const threads = 256

	h := kernelemit.New(1, "hc")
	ca := h.Op("a", "memref.cast %%A : %s to %s", t.at, flat)
	cb := h.Op("b", "memref.cast %%B : %s to %s", t.bt, flat)
	da := h.Op("tma_a", "nvgpu.tma.create.descriptor %s box[%s, %s] : %s -> %s", ca, h.C(T), h.C(tmaBoxCols), flat, mapA)
	db := h.Op("tma_b", "nvgpu.tma.create.descriptor %s box[%s, %s] : %s -> %s", cb, h.C(T), h.C(T), flat, mapB)
	bytes := h.Op("smem_bytes", "arith.constant %d : i32", 2*tileBytes)
	h.Open("gpu.launch blocks(%%bx, %%by, %%bz) in (%%gx = %s, %%gy = %s, %%gz = %s) threads(%%tx, %%ty, %%tz) in (%%sx = %s, %%sy = %s, %%sz = %s) dynamic_shared_memory_size %s {",
		h.C(ceilDiv(t.cols, T)), h.C(ceilDiv(t.rows, T)), h.C(1), h.C(threads), h.C(1), h.C(1), bytes)

	e := kernelemit.New(2, "c")
	x0, y0 := e.MulC("%bx", T), e.MulC("%by", T)
	smem := e.Op("smem", "gpu.dynamic_shared_memory : %s", smemT)
	// The swizzled boxes first, one after the other (box b's rows at
	// b*T..): a 128-byte swizzle needs 1024-byte-aligned destinations, and
	// each box is a multiple of 1024 bytes.
	inAll := e.Op("in", "memref.view %s[%s][] : %s to %s", smem, e.C(0), smemT, in)
	outT := e.Op("out", "memref.view %s[%s][] : %s to %s", smem, e.C(tileBytes), smemT, out)
	bar := e.Op("bar", "nvgpu.mbarrier.create -> %s", barT)
	leader := e.Cmp("eq", "%tx", e.C(0))
	e.Open("scf.if %s {", leader)
	e.Line("nvgpu.mbarrier.init %s[%s], %s : %s", bar, e.C(0), e.C(1), barT)
	e.Close("}")
	// The initialised barrier is visible to every thread before any waits.
	e.Line("gpu.barrier")
	e.Open("scf.if %s {", leader)
	e.Line("nvgpu.mbarrier.arrive.expect_tx %s[%s], %s : %s", bar, e.C(0), e.C(tileBytes), barT)
	for b := int64(0); b < boxes; b++ {
		v := e.Op("box", "memref.view %s[%s][] : %s to %s", smem, e.C(b*T*tmaBoxCols*4), smemT, box)
		// Coordinates are innermost first: A's column x0+32b, row y0.
		e.Line("nvgpu.tma.async.load %s[%s, %s], %s[%s] to %s : %s, %s -> %s", da, e.AddC(x0, b*tmaBoxCols), y0, bar, e.C(0), v, mapA, barT, box)
	}
	e.Close("}")
	parity := e.Op("parity", "arith.constant false")
	e.Line("nvgpu.mbarrier.try_wait.parity %s[%s], %s, %s : %s", bar, e.C(0), parity, e.C(10000000), barT)
	// out[r][c] = A's element (y0+c, x0+r): box r/32, its row c, column
	// r%32; consecutive threads on consecutive c (B's row, contiguous).
	// Under swizzle_128b, 16-byte chunk j of a box row c lies at chunk
	// j^(c%8) (boxes start 1024-byte aligned, T is a multiple of 8).
	for i := int64(0); i < T*T; i += threads {
		idx := e.AddC("%tx", i)
		r, c := e.Div(idx, e.C(T)), e.Rem(idx, e.C(T))
		row := e.Add(e.MulC(e.Div(r, e.C(tmaBoxCols)), T), c)
		rr := e.Rem(r, e.C(tmaBoxCols))
		chunk := e.Op("v", "arith.xori %s, %s : index", e.Div(rr, e.C(4)), e.Rem(c, e.C(8)))
		col := e.Add(e.MulC(chunk, 4), e.Rem(rr, e.C(4)))
		v := e.Op("v", "memref.load %s[%s, %s] : %s", inAll, row, col, in)
		e.Line("memref.store %s, %s[%s, %s] : %s", v, outT, r, c, out)
	}
	// The threads' writes become visible to the TMA unit (the async proxy)
	// before one thread stores the tile.
	e.Line("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}")
	e.Line("gpu.barrier")
	e.Open("scf.if %s {", leader)
	// B's column y0, row x0.
	e.Line("nvgpu.tma.async.store %s to %s[%s, %s] : %s -> %s", outT, db, y0, x0, out, mapB)
	// The block must not exit while the store still reads shared memory.
	e.Line("nvvm.cp.async.bulk.commit.group")
	e.Line("nvvm.cp.async.bulk.wait_group 0 {read}")
	e.Close("}")
	h.Raw(e.Prelude(2) + e.Text())
	h.Line("gpu.terminator")
	h.Close("}")
	return fmt.Sprintf("func.func @gpu_map_affine_tma(%%A: %s, %%B: %s) {\n%s%s  return\n}\n", t.at, t.bt, h.Prelude(1), h.Text())
}

// build parses the kernel text and clones its body before the nest (at
// k's insertion point, with k's location), A and B for its arguments, and
// returns the gpu.launch.
func (t *tmaTranspose) build(k *kb) (*ir.Operation, error) {
	f, err := parser.ParseFile(k.ctx, "gpu-map-affine-tma.mlir", []byte(t.text()))
	if err != nil {
		return nil, fmt.Errorf("cannot build the TMA transpose: %v", err)
	}
	fn := f.Module.Region(0).Front().Ops()[0]
	body := fn.Region(0).Front()
	m := ir.NewMapping()
	m.Map(body.Argument(0), t.a)
	m.Map(body.Argument(1), t.b)
	var launch *ir.Operation
	for _, op := range bodyOps(body) {
		c := k.b.Clone(op, m)
		ir.WalkOps(c, func(o *ir.Operation) { o.SetLoc(k.loc) })
		if c.Is("gpu.launch") {
			launch = c
		}
	}
	return launch, nil
}
