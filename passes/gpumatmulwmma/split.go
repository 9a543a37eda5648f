package gpumatmulwmma

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"github.com/goopt/goopt/passes/internal/passutil"
)

const (
	// edgeBlockX x edgeBlockY threads per block of an edge kernel: a warp
	// spans 32 consecutive columns of C (coalesced B and C accesses, one
	// broadcast A element per row).
	edgeBlockX = 32
	edgeBlockY = 8
	// fragmentStrideBytes is the row stride WMMA fragment loads and stores
	// need: a multiple of 16 bytes (8 f16, 4 f32 elements).
	fragmentStrideBytes = 16
)

// rect is a part of the matmul's iteration space: rows [I0, I1) and
// columns [J0, J1) of C, over [K0, K1) of k.
type rect struct{ I0, I1, J0, J1, K0, K1 int64 }

func (r rect) empty() bool { return r.I0 >= r.I1 || r.J0 >= r.J1 || r.K0 >= r.K1 }

// split is the index-set splitting of one matmul nest: Full, the part the
// thread-block tile divides (the WMMA kernel's), and Edges, the rest, each
// a guarded kernel launched after it. Why says why there is no full part
// (Full empty) when there is one reason other than size.
type split struct {
	Full  rect
	Edges []rect
	Why   string
}

// planSplit divides the nest's iteration space. The full part is
// [0, M - M%TM) x [0, N - N%TN) over [0, K - K%TK) (offset by the loops'
// lower bounds); the edges are the K remainder over the full part of C
// and the two strips of C the tile does not cover, over all of k. When C's
// rows are not a multiple of 16 bytes the WMMA kernel cannot load or
// store its accumulator fragments, and the whole nest is one edge kernel.
func planSplit(mm *gpuutil.MatmulNest, tb []int64) split {
	lo, hi := mm.Lower, mm.Upper
	var full [3]int64
	for d := range full {
		full[d] = lo[d] + mm.Size(d) - mm.Size(d)%tb[d]
	}
	whole := rect{lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]}
	ct := mm.C.Type().(*ir.MemRefType)
	if ld := ct.Dims[len(ct.Dims)-1]; ld < 0 || ld*elemBytes(ct.Elem)%fragmentStrideBytes != 0 {
		return split{Edges: []rect{whole}, Why: fmt.Sprintf("the rows of C (%s) are not a multiple of %d bytes, which WMMA accumulator loads and stores need", ct, fragmentStrideBytes)}
	}
	f := rect{lo[0], full[0], lo[1], full[1], lo[2], full[2]}
	if f.empty() {
		return split{Edges: []rect{whole}, Why: fmt.Sprintf("the matmul (%dx%dx%d) is smaller than one thread-block tile (%dx%dx%d)", mm.Size(0), mm.Size(1), mm.Size(2), tb[0], tb[1], tb[2])}
	}
	s := split{Full: f}
	for _, r := range []rect{
		{lo[0], full[0], lo[1], full[1], full[2], hi[2]}, // the K remainder of the full part
		{lo[0], full[0], full[1], hi[1], lo[2], hi[2]},   // the columns right of it
		{full[0], hi[0], lo[1], hi[1], lo[2], hi[2]},     // the rows below both
	} {
		if !r.empty() {
			s.Edges = append(s.Edges, r)
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
// the body's own ops in the body's order) launched after the full part.
// A nest with no full part, or whose C rows WMMA cannot address, becomes
// one edge kernel, with a remark saying why.
func splitPass(tb []int64) pass.Pass {
	return &pass.Func{
		Base: pass.Base{Arg: "gpu-matmul-wmma-split", Desc: "Split matmul nests into the part the thread-block tile divides and guarded edge kernels (goopt)", On: "func.func", Display: "GPUMatmulWMMASplit"},
		Fn: func(fn *ir.Operation, am *pass.AnalysisManager) error {
			for _, root := range passutil.OutermostFors(fn) {
				mm, err := gpuutil.MatchMatmulNest(looputil.GetPerfectlyNestedLoops(root))
				if err != nil {
					continue // not a matmul: the tiling stage says so
				}
				if tb[0] <= 0 || tb[1] <= 0 || tb[2] <= 0 {
					return nil // invalid tile sizes: the tiling stage says so
				}
				s := planSplit(mm, tb)
				if len(s.Edges) == 0 {
					continue
				}
				if err := insertEdges(am.Context(), mm, s.Edges); err != nil {
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

// insertEdges writes one edge kernel per part as MLIR text and places its
// ops after the nest, on mm's A, B and C, with the nest's location.
func insertEdges(ctx *ir.Context, mm *gpuutil.MatmulNest, parts []rect) error {
	text := edgeKernels(mm, parts)
	f, err := parser.ParseFile(ctx, "wmma-edges.mlir", []byte(text))
	if err != nil {
		return err
	}
	body := f.Module.Region(0).Front().First().Region(0).Front()
	m := ir.NewMapping()
	for i, v := range []*ir.Value{mm.A, mm.B, mm.C} {
		m.Map(body.Argument(i), v)
	}
	root := mm.Band[0].Operation
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(root)
	for _, op := range body.Ops() {
		if op.HasTrait(ir.Terminator) {
			return nil
		}
		c := b.Clone(op, m)
		ir.WalkOps(c, func(o *ir.Operation) { o.SetLoc(root.Loc()) })
	}
	return errors.New("the edge kernel text has no terminator")
}

// edgeKernels returns a function @edges(%A, %B, %C) launching one guarded
// kernel per part, in order. The body repeats the nest's: C's element
// loaded once, then for each k in order the product of A's and B's
// elements (extended to C's type when the body extends them) added to
// it, so each element of C sees the same operations as in the nest.
func edgeKernels(mm *gpuutil.MatmulNest, parts []rect) string {
	mt := func(v *ir.Value) *ir.MemRefType { return v.Type().(*ir.MemRefType) }
	at, bt, ct := mt(mm.A), mt(mm.B), mt(mm.C)
	e := kernelemit.New(1, "c")
	for _, r := range parts {
		gx := (r.J1 - r.J0 + edgeBlockX - 1) / edgeBlockX
		gy := (r.I1 - r.I0 + edgeBlockY - 1) / edgeBlockY
		bx, by, bz, tx, ty, tz := e.Fresh("bx"), e.Fresh("by"), e.Fresh("bz"), e.Fresh("tx"), e.Fresh("ty"), e.Fresh("tz")
		e.Open("gpu.launch blocks(%s, %s, %s) in (%s = %s, %s = %s, %s = %s) threads(%s, %s, %s) in (%s = %s, %s = %s, %s = %s) {",
			bx, by, bz, e.Fresh("gx"), e.C(gx), e.Fresh("gy"), e.C(gy), e.Fresh("gz"), e.C(1),
			tx, ty, tz, e.Fresh("sx"), e.C(edgeBlockX), e.Fresh("sy"), e.C(edgeBlockY), e.Fresh("sz"), e.C(1))
		j := e.AddC(e.Add(e.MulC(bx, edgeBlockX), tx), r.J0)
		i := e.AddC(e.Add(e.MulC(by, edgeBlockY), ty), r.I0)
		in := e.Op("p", "arith.andi %s, %s : i1", e.Cmp("ult", i, e.C(r.I1)), e.Cmp("ult", j, e.C(r.J1)))
		e.Open("scf.if %s {", in)
		c0 := e.Op("ld", "memref.load %%C[%s, %s] : %s", i, j, ct)
		k, acc, sum := e.Fresh("k"), e.Fresh("acc"), e.Fresh("sum")
		e.Open("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (%s) {", sum, k, e.C(r.K0), e.C(r.K1), e.C(1), acc, c0, ct.Elem)
		factor := func(operand string, t *ir.MemRefType, idx0, idx1 string) string {
			v := e.Op("x", "memref.load %s[%s, %s] : %s", operand, idx0, idx1, t)
			if t.Elem != ct.Elem {
				v = e.Op("x", "arith.extf %s : %s to %s", v, t.Elem, ct.Elem)
			}
			return v
		}
		a := factor("%A", at, i, k)
		bv := factor("%B", bt, k, j)
		p := e.Op("x", "arith.mulf %s, %s : %s", a, bv, ct.Elem)
		s := e.Op("x", "arith.addf %s, %s : %s", acc, p, ct.Elem)
		e.Line("scf.yield %s : %s", s, ct.Elem)
		e.Close("}")
		e.Line("memref.store %s, %%C[%s, %s] : %s", sum, i, j, ct)
		e.Close("}")
		e.Line("gpu.terminator")
		e.Close("}")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @edges(%%A: %s, %%B: %s, %%C: %s) {\n", at, bt, ct)
	b.WriteString(e.Prelude(1))
	b.WriteString(e.Text())
	b.WriteString("  return\n}\n")
	return b.String()
}
