package gpumatmulwmma

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"github.com/goopt/goopt/passes/internal/passutil"
)

const (
	// edgeBlockX x edgeBlockY threads per block of a split edge kernel: a
	// warp spans 32 consecutive columns of C (coalesced B and C accesses,
	// one broadcast A element per row).
	edgeBlockX = 32
	edgeBlockY = 8
	// fragmentStrideBytes is the row stride WMMA fragment loads and stores
	// need: a multiple of 16 bytes (8 f16, 4 f32 elements).
	fragmentStrideBytes = 16
	// fragmentOrigin divides the row and column where the WMMA mapping
	// places an accumulator fragment (its 16x16 tiles).
	fragmentOrigin = 16
	// edgeAttr tags the split stage's edge launches with their part
	// (edgeKind, then the rect's six bounds) for the fuse stage.
	edgeAttr = "gpu_matmul_wmma.edge"
)

// Kinds of edge parts.
const (
	edgeKRemainder = iota // the K remainder over the full part: run by the WMMA blocks
	edgeStrip             // rows or columns of C outside the full part: extra blocks
	edgeWhole             // the whole matmul (no WMMA kernel): left alone
)

// rect is a part of the matmul's iteration space: rows [I0, I1) and
// columns [J0, J1) of C, over [K0, K1) of k.
type rect struct{ I0, I1, J0, J1, K0, K1 int64 }

func (r rect) empty() bool { return r.I0 >= r.I1 || r.J0 >= r.J1 || r.K0 >= r.K1 }

// edge is one part of the split outside the WMMA kernel.
type edge struct {
	kind int
	rect
}

// split is the index-set splitting of one matmul nest: Full, the part the
// thread-block tile divides (the WMMA kernel's), and Edges, the rest. Why
// says why there is no full part when Full is empty.
type split struct {
	Full  rect
	Edges []edge
	Why   string
}

// planSplit divides the nest's iteration space. The full part is
// [0, M - M%TM) x [0, N - N%TN) over [0, K - K%TK) (offset by the loops'
// lower bounds); the edges are the K remainder over the full part of C
// and the two strips of C the tile does not cover, over all of k. When C's
// rows are not a multiple of 16 bytes, or the loops start C's rows or
// columns off a fragment boundary, the WMMA kernel cannot load or store
// its accumulator fragments, and the whole nest is one edge kernel.
func planSplit(mm *gpuutil.MatmulNest, tb []int64) split {
	lo, hi := mm.Lower, mm.Upper
	var full [3]int64
	for d := range full {
		full[d] = lo[d] + mm.Size(d) - mm.Size(d)%tb[d]
	}
	whole := []edge{{edgeWhole, rect{lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]}}}
	ct := mm.C.Type().(*ir.MemRefType)
	if ld := ct.Dims[len(ct.Dims)-1]; ld < 0 || ld*elemBytes(ct.Elem)%fragmentStrideBytes != 0 {
		return split{Edges: whole, Why: fmt.Sprintf("the rows of C (%s) are not a multiple of %d bytes, which WMMA accumulator loads and stores need", ct, fragmentStrideBytes)}
	}
	if lo[0]%fragmentOrigin != 0 || lo[1]%fragmentOrigin != 0 {
		return split{Edges: whole, Why: fmt.Sprintf("the loops start C at [%d, %d], and WMMA fragments of C start at multiples of %d", lo[0], lo[1], fragmentOrigin)}
	}
	f := rect{lo[0], full[0], lo[1], full[1], lo[2], full[2]}
	if f.empty() {
		return split{Edges: whole, Why: fmt.Sprintf("the matmul (%dx%dx%d) is smaller than one thread-block tile (%dx%dx%d)", mm.Size(0), mm.Size(1), mm.Size(2), tb[0], tb[1], tb[2])}
	}
	s := split{Full: f}
	for _, e := range []edge{
		{edgeKRemainder, rect{lo[0], full[0], lo[1], full[1], full[2], hi[2]}},
		{edgeStrip, rect{lo[0], full[0], full[1], hi[1], lo[2], hi[2]}}, // the columns right of the full part
		{edgeStrip, rect{full[0], hi[0], lo[1], hi[1], lo[2], hi[2]}},   // the rows below both
	} {
		if !e.empty() {
			s.Edges = append(s.Edges, e)
		}
	}
	return s
}

func elemBytes(t ir.Type) int64 {
	if t == ir.F16 || t == ir.BF16 {
		return 2
	}
	return 4
}

// splitPass is the pipeline's boundary stage: it splits every matmul nest
// whose sizes the thread-block tile tb does not divide into the full-tile
// nest, which the WMMA stages after it take, and edge kernels: guarded
// gpu.launch ops (one thread per element of C, the k loop in a register,
// the body's operations in the body's order) launched after the full
// part, tagged for fuseEdgesPass. A nest with no full part, or whose C
// rows WMMA cannot address, becomes one edge kernel, with a remark.
func splitPass(tb []int64) pass.Pass {
	return &pass.Func{
		Base: pass.Base{Arg: "gpu-matmul-wmma-split", Desc: "Split matmul nests into the part the thread-block tile divides and guarded edge kernels (goopt)", On: "func.func", Display: "GPUMatmulWMMASplit"},
		Fn: func(fn *ir.Operation, am *pass.AnalysisManager) error {
			if tb[0] <= 0 || tb[1] <= 0 || tb[2] <= 0 {
				return nil // invalid tile sizes: the tiling stage says so
			}
			// A nest that is not a matmul is the tiling stage's to report.
			for _, mm := range passutil.MatmulNests(fn) {
				root := mm.Band[0]
				s := planSplit(mm, tb)
				if len(s.Edges) == 0 {
					continue
				}
				ops := operands{mm.A, mm.B, mm.C}
				text := kernelText(ops, func(e *kernelemit.Emitter) {
					for _, p := range s.Edges {
						edgeLaunch(e, ops, p)
					}
				})
				if err := insertText(am.Context(), text, ops, root.Operation, nil); err != nil {
					am.Emit(root.Errorf("cannot build the edge kernels: %v", err))
					continue
				}
				if s.Full.empty() {
					am.Emit(root.Remarkf("matmul mapped to a guarded SIMT kernel, not WMMA: %s", s.Why))
					root.Erase()
					continue
				}
				for d, hi := range [3]int64{s.Full.I1, s.Full.J1, s.Full.K1} {
					mm.Loop[d].SetConstantUpperBound(hi)
				}
			}
			return nil
		},
	}
}

// operands are the matmul's A, B and C.
type operands [3]*ir.Value

func (o operands) types() (a, b, c *ir.MemRefType) {
	return o[0].Type().(*ir.MemRefType), o[1].Type().(*ir.MemRefType), o[2].Type().(*ir.MemRefType)
}

// kernelText returns a function @k(%A, %B, %C) whose body body writes.
func kernelText(ops operands, body func(*kernelemit.Emitter)) string {
	at, bt, ct := ops.types()
	e := kernelemit.New(1, "c")
	body(e)
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @k(%%A: %s, %%B: %s, %%C: %s) {\n", at, bt, ct)
	b.WriteString(e.Prelude(1))
	b.WriteString(e.Text())
	b.WriteString("  return\n}\n")
	return b.String()
}

// insertText parses a kernelText function and clones its body's ops,
// on ops, after at with at's location. With launch set, the first
// gpu.launch cloned is returned through it.
func insertText(ctx *ir.Context, text string, ops operands, at *ir.Operation, launch **ir.Operation) error {
	f, err := parser.ParseFile(ctx, "wmma-edges.mlir", []byte(text))
	if err != nil {
		return err
	}
	body := f.Module.Region(0).Front().First().Region(0).Front()
	m := ir.NewMapping()
	for i, v := range ops {
		m.Map(body.Argument(i), v)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(at)
	for _, op := range body.Ops() {
		if op.HasTrait(ir.Terminator) {
			return nil
		}
		c := b.Clone(op, m)
		ir.WalkOps(c, func(o *ir.Operation) { o.SetLoc(at.Loc()) })
		if launch != nil && *launch == nil && c.Is("gpu.launch") {
			*launch = c
		}
	}
	return errors.New("the edge kernel text has no terminator")
}

// edgeLaunch writes one guarded kernel for part p, tagged with it.
func edgeLaunch(e *kernelemit.Emitter, ops operands, p edge) {
	gx := (p.J1 - p.J0 + edgeBlockX - 1) / edgeBlockX
	gy := (p.I1 - p.I0 + edgeBlockY - 1) / edgeBlockY
	bx, by, tx, ty := e.Fresh("bx"), e.Fresh("by"), e.Fresh("tx"), e.Fresh("ty")
	openLaunch(e, bx, by, tx, ty, [3]int64{gx, gy, 1}, [3]int64{edgeBlockX, edgeBlockY, 1})
	guardedElement(e, ops, p.rect, e.Add(e.MulC(by, edgeBlockY), ty), e.Add(e.MulC(bx, edgeBlockX), tx))
	e.Line("gpu.terminator")
	e.Close("} {%s = array<i64: %d, %d, %d, %d, %d, %d, %d>}", edgeAttr, p.kind, p.I0, p.I1, p.J0, p.J1, p.K0, p.K1)
}

// openLaunch opens a gpu.launch on a constant grid and block.
func openLaunch(e *kernelemit.Emitter, bx, by, tx, ty string, grid, block [3]int64) {
	e.Open("gpu.launch blocks(%s, %s, %s) in (%s = %s, %s = %s, %s = %s) threads(%s, %s, %s) in (%s = %s, %s = %s, %s = %s) {",
		bx, by, e.Fresh("bz"), e.Fresh("gx"), e.C(grid[0]), e.Fresh("gy"), e.C(grid[1]), e.Fresh("gz"), e.C(grid[2]),
		tx, ty, e.Fresh("tz"), e.Fresh("sx"), e.C(block[0]), e.Fresh("sy"), e.C(block[1]), e.Fresh("sz"), e.C(block[2]))
}

// guardedElement updates the element (row, col) of r's part of C (offsets
// from r's origin) when it lies inside r.
func guardedElement(e *kernelemit.Emitter, ops operands, r rect, row, col string) {
	i, j := e.AddC(row, r.I0), e.AddC(col, r.J0)
	in := e.Op("p", "arith.andi %s, %s : i1", e.Cmp("ult", i, e.C(r.I1)), e.Cmp("ult", j, e.C(r.J1)))
	e.Open("scf.if %s {", in)
	element(e, ops, i, j, r.K0, r.K1)
	e.Close("}")
}

// element writes C[i, j] += sum over k in [k0, k1) of A[i, k] * B[k, j]
// with the nest's operations: C's element loaded once, then for each k in
// order the product (of the factors extended to C's type when they are
// narrower) added to it. An f16 C is summed in f32 and rounded once, at
// the store: the tensor cores, which compute the rest of C, keep their
// partial sums wider than f16 too, and a per-product f16 rounding over a
// deep K makes the edges measurably less accurate than the WMMA part
// (on the H200, 2x its error against an fp64 reference at K = 1000).
func element(e *kernelemit.Emitter, ops operands, i, j string, k0, k1 int64) {
	at, bt, ct := ops.types()
	accT := ct.Elem
	if ct.Elem == ir.F16 {
		accT = ir.F32
	}
	widen := func(v string, t ir.Type) string {
		if t != accT {
			return e.Op("x", "arith.extf %s : %s to %s", v, t, accT)
		}
		return v
	}
	c0 := widen(e.Op("ld", "memref.load %%C[%s, %s] : %s", i, j, ct), ct.Elem)
	k, acc, sum := e.Fresh("k"), e.Fresh("acc"), e.Fresh("sum")
	e.Open("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {", sum, k, e.C(k0), e.C(k1), e.C(1), acc, c0, accT)
	factor := func(operand string, t *ir.MemRefType, idx0, idx1 string) string {
		return widen(e.Op("x", "memref.load %s[%s, %s] : %s", operand, idx0, idx1, t), t.Elem)
	}
	a := factor("%A", at, i, k)
	b := factor("%B", bt, k, j)
	p := e.Op("x", "arith.mulf %s, %s : %s", a, b, accT)
	e.Line("scf.yield %s : %s", e.Op("x", "arith.addf %s, %s : %s", acc, p, accT), accT)
	e.Close("}")
	if accT != ct.Elem {
		sum = e.Op("x", "arith.truncf %s : %s to %s", sum, accT, ct.Elem)
	}
	e.Line("memref.store %s, %%C[%s, %s] : %s", sum, i, j, ct)
}
