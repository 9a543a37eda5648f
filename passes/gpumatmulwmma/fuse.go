package gpumatmulwmma

import (
	"fmt"

	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/kernelemit"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// fuseEdgesPass is the stage after barrier insertion: it folds the split
// stage's edge launches into the WMMA launch before them, so that a split
// matmul is one kernel (what goopt compile's manifest and goopt bench
// launch). The fused grid is one-dimensional: its first blocks run the
// WMMA kernel on their tile (block (x, y) of the WMMA grid is block
// y*gx + x) and then, after a barrier that makes the tile's fragment
// stores visible to the whole block, add the K remainder over the tile;
// the blocks after them cover the strips of C the tiles leave, with the
// WMMA kernel's block size. A launch group it cannot fuse (a WMMA launch
// that is not the one-dimensional constant-size kernel it expects) stays
// as separate launches, with a remark.
func fuseEdgesPass(tb []int64) pass.Pass {
	return &pass.Func{
		Base: pass.Base{Arg: "gpu-matmul-wmma-fuse-edges", Desc: "Fold the edge kernels of a split matmul into its WMMA launch (goopt)", On: "func.func", Display: "GPUMatmulWMMAFuseEdges"},
		Fn: func(fn *ir.Operation, am *pass.AnalysisManager) error {
			var wmma *ir.Operation
			groups := map[*ir.Operation][]*ir.Operation{}
			var order []*ir.Operation
			for _, l := range passutil.Outermost(fn, "gpu.launch") {
				p, ok := edgeOf(l)
				switch {
				case !ok:
					wmma = l
				case p.kind == edgeWhole:
					l.RemoveAttr(edgeAttr)
				case wmma == nil || wmma.Block() != l.Block():
					am.Emit(l.Errorf("edge kernel of a split matmul without its WMMA launch"))
				default:
					if groups[wmma] == nil {
						order = append(order, wmma)
					}
					groups[wmma] = append(groups[wmma], l)
				}
			}
			for _, w := range order {
				if err := fuse(am.Context(), w, groups[w], tb); err != nil {
					am.Emit(w.Remarkf("edge kernels not fused into the WMMA launch: %v", err))
					for _, l := range groups[w] {
						l.RemoveAttr(edgeAttr)
					}
				}
			}
			return nil
		},
	}
}

// edgeOf reads the part an edge launch carries.
func edgeOf(l *ir.Operation) (edge, bool) {
	a, ok := l.Attr(edgeAttr).(*ir.DenseArrayAttr)
	if !ok || len(a.Ints) != 7 {
		return edge{}, false
	}
	v := a.Ints
	return edge{int(v[0]), rect{v[1], v[2], v[3], v[4], v[5], v[6]}}, true
}

// edgeOperands finds A, B and C in an edge launch: its first load is of
// C, the next two of A and B (as element writes them).
func edgeOperands(l *ir.Operation) (operands, bool) {
	var loads []*ir.Value
	ir.WalkOps(l, func(op *ir.Operation) {
		if op.Is("memref.load") {
			loads = append(loads, op.Operand(0))
		}
	})
	if len(loads) != 3 {
		return operands{}, false
	}
	return operands{loads[1], loads[2], loads[0]}, true
}

// fuse replaces w and its edge launches by one launch.
func fuse(ctx *ir.Context, w *ir.Operation, edges []*ir.Operation, tb []int64) error {
	lw, _ := gpu.AsLaunchOp(w)
	var grid, block [3]int64
	for d, v := range []*ir.Value{lw.GridSizeX(), lw.GridSizeY(), lw.GridSizeZ(), lw.BlockSizeX(), lw.BlockSizeY(), lw.BlockSizeZ()} {
		c, ok := ir.ConstantInt(v)
		if !ok {
			return fmt.Errorf("the WMMA launch's grid and block sizes are not constants")
		}
		if d < 3 {
			grid[d] = c
		} else {
			block[d-3] = c
		}
	}
	body := lw.Body().Front()
	if grid[2] != 1 || block[1] != 1 || block[2] != 1 || block[0]%edgeBlockX != 0 || len(lw.AsyncDependencies()) > 0 ||
		lw.ClusterSizeX() != nil || lw.DynamicSharedMemorySize() != nil || body.NumArguments() != 12 || len(lw.Body().Blocks()) != 1 {
		return fmt.Errorf("the WMMA launch is not a one-dimensional block of warps on a two-dimensional grid")
	}
	ops, ok := edgeOperands(edges[0])
	if !ok {
		return fmt.Errorf("cannot find A, B and C in the edge kernel")
	}
	var kRem *rect
	var strips []rect
	for _, l := range edges {
		p, _ := edgeOf(l)
		if p.kind == edgeKRemainder {
			r := p.rect
			kRem = &r
		} else {
			strips = append(strips, p.rect)
		}
	}
	// The WMMA grid's x runs over N tiles, y over M tiles.
	if kRem != nil && (kRem.J1-kRem.J0 != grid[0]*tb[1] || kRem.I1-kRem.I0 != grid[1]*tb[0]) {
		return fmt.Errorf("the WMMA grid %dx%d does not tile the full part", grid[0], grid[1])
	}
	threads := block[0]
	rowsPer := threads / edgeBlockX
	nw := grid[0] * grid[1]
	text := kernelText(ops, func(e *kernelemit.Emitter) {
		bx, by, tx, ty := e.Fresh("bx"), e.Fresh("by"), e.Fresh("tx"), e.Fresh("ty")
		total := nw
		for _, s := range strips {
			total += stripBlocks(s, rowsPer)[2]
		}
		openLaunch(e, bx, by, tx, ty, [3]int64{total, 1, 1}, [3]int64{threads, 1, 1})
		// The WMMA blocks: the tile's block ids first (the WMMA body goes
		// right after them), then the K remainder of the tile.
		e.Open("scf.if %s {", e.Cmp("ult", bx, e.C(nw)))
		wx := e.Op("wx", "arith.remui %s, %s : index", bx, e.C(grid[0]))
		wy := e.Op("wy", "arith.divui %s, %s : index", bx, e.C(grid[0]))
		if kRem != nil {
			e.Line("gpu.barrier")
			idx := e.Fresh("e")
			e.Open("scf.for %s = %s to %s step %s {", idx, tx, e.C(tb[0]*tb[1]), e.C(threads))
			i := e.AddC(e.Add(e.MulC(wy, tb[0]), e.Div(idx, e.C(tb[1]))), kRem.I0)
			j := e.AddC(e.Add(e.MulC(wx, tb[1]), e.Rem(idx, e.C(tb[1]))), kRem.J0)
			element(e, ops, i, j, kRem.K0, kRem.K1)
			e.Close("}")
		}
		e.Close("}")
		// The strips' blocks, one strip after the other (a block before a
		// strip's first wraps around to a large unsigned offset).
		off, first := e.Op("v", "arith.subi %s, %s : index", bx, e.C(nw)), int64(0)
		for _, s := range strips {
			g := stripBlocks(s, rowsPer)
			local := e.Op("v", "arith.subi %s, %s : index", off, e.C(first))
			e.Open("scf.if %s {", e.Cmp("ult", local, e.C(g[2])))
			row := e.Add(e.MulC(e.Div(local, e.C(g[0])), rowsPer), e.Div(tx, e.C(edgeBlockX)))
			col := e.Add(e.MulC(e.Rem(local, e.C(g[0])), edgeBlockX), e.Rem(tx, e.C(edgeBlockX)))
			guardedElement(e, ops, s, row, col)
			e.Close("}")
			first += g[2]
		}
		e.Line("gpu.terminator")
		e.Close("}")
	})
	var fused *ir.Operation
	if err := insertText(ctx, text, ops, w, &fused); err != nil {
		return err
	}
	// The WMMA body, on the fused launch's ids: its block (x, y) from the
	// linear block id, the same threads, the WMMA launch's sizes.
	fb := fused.Region(0).Front()
	dispatch := fb.First()
	for !dispatch.Is("scf.if") {
		dispatch = dispatch.Next()
	}
	ids := dispatch.Region(0).Front().First().Next()
	m := ir.NewMapping()
	for i, v := range []*ir.Value{ids.Prev().Result(0), ids.Result(0), fb.Argument(2), fb.Argument(3), fb.Argument(4), fb.Argument(5),
		lw.GridSizeX(), lw.GridSizeY(), lw.GridSizeZ(), lw.BlockSizeX(), lw.BlockSizeY(), lw.BlockSizeZ()} {
		m.Map(body.Argument(i), v)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(ids)
	for _, op := range body.Ops() {
		if !op.HasTrait(ir.Terminator) {
			b.Clone(op, m)
		}
	}
	for _, l := range edges {
		l.Erase()
	}
	w.Erase()
	return nil
}

// stripBlocks is the grid of a strip in blocks of 32 columns by rowsPer
// rows: columns, rows, and their product.
func stripBlocks(s rect, rowsPer int64) [3]int64 {
	cols := (s.J1 - s.J0 + edgeBlockX - 1) / edgeBlockX
	rows := (s.I1 - s.I0 + rowsPer - 1) / rowsPer
	return [3]int64{cols, rows, cols * rows}
}
