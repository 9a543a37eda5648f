package gpuutil

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/memref"
	aff "github.com/goopt/goopt/ir/affine"

	"github.com/goopt/goopt/ir"
)

// Index ranges for barrier insertion: the interval of values an index may
// take over the whole execution of a launch (every thread, every loop
// iteration), from constants, the launch's constant sizes, loop bounds and
// integer arithmetic. Two accesses whose boxes are disjoint in some
// dimension never touch the same element, so they need no barrier
// whichever threads make them.

// interval is the closed range [lo, hi].
type interval struct{ lo, hi int64 }

// rangeLimit bounds the magnitudes the analysis works with, so that sums
// and products of in-range values cannot overflow int64.
const rangeLimit = int64(1) << 40

func (i interval) ok() bool { return i.lo <= i.hi && i.lo > -rangeLimit && i.hi < rangeLimit }

// disjoint reports whether two boxes of the same buffer certainly do not
// overlap; unknown boxes overlap everything.
func disjoint(a, b []interval) bool {
	if a == nil || b == nil || len(a) != len(b) {
		return false
	}
	for d := range a {
		if a[d].hi < b[d].lo || b[d].hi < a[d].lo {
			return true
		}
	}
	return false
}

// rangeAnalysis memoises the ranges of index values inside one launch.
type rangeAnalysis struct {
	launch *ir.Operation
	args   gpu.LaunchBodyArgs
	cfg    gpu.LaunchConfig
	memo   map[*ir.Value]*interval
}

func newRangeAnalysis(launch *ir.Operation, args gpu.LaunchBodyArgs) *rangeAnalysis {
	return &rangeAnalysis{launch: launch, args: args, cfg: gpu.LaunchConfigOf(launch), memo: map[*ir.Value]*interval{}}
}

// of returns the range of an integer or index value.
func (r *rangeAnalysis) of(v *ir.Value) (interval, bool) {
	if p, ok := r.memo[v]; ok {
		if p == nil {
			return interval{}, false
		}
		return *p, true
	}
	r.memo[v] = nil // a value reached again while computing it is unknown
	i, ok := r.compute(v)
	if ok && i.ok() {
		r.memo[v] = &i
		return i, true
	}
	return interval{}, false
}

func point(c int64) (interval, bool) { return interval{c, c}, true }

// sizeRange is [0, n-1] for an id whose count is the constant n.
func sizeRange(n *ir.Value) (interval, bool) {
	c, ok := memref.ConstantIndex(n)
	if !ok || c < 1 {
		return interval{}, false
	}
	return interval{0, c - 1}, true
}

func (r *rangeAnalysis) compute(v *ir.Value) (interval, bool) {
	if c, ok := memref.ConstantIndex(v); ok {
		return point(c)
	}
	if v.IsBlockArgument() {
		return r.blockArg(v)
	}
	d := v.DefiningOp()
	operand := func(i int) (interval, bool) {
		if i >= d.NumOperands() {
			return interval{}, false
		}
		return r.of(d.Operand(i))
	}
	switch d.Name() {
	case "gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim":
		dim := gpu.DimIndex(d.Attr("dimension"))
		if dim < 0 || !r.launch.IsAncestor(d) {
			return interval{}, false
		}
		switch d.Name() {
		case "gpu.thread_id":
			return sizeRange(r.cfg.Block[dim])
		case "gpu.block_id":
			return sizeRange(r.cfg.Grid[dim])
		case "gpu.block_dim":
			return r.of(r.cfg.Block[dim])
		default:
			return r.of(r.cfg.Grid[dim])
		}
	case "gpu.lane_id":
		return interval{0, 31}, true
	case "arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui":
		return operand(0)
	case "arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minsi",
		"arith.divsi", "arith.divui", "arith.floordivsi", "arith.ceildivsi", "arith.remsi", "arith.remui":
		x, ok1 := operand(0)
		y, ok2 := operand(1)
		if !ok1 || !ok2 {
			return interval{}, false
		}
		return binary(d.Name(), x, y)
	case "arith.select":
		x, ok1 := operand(1)
		y, ok2 := operand(2)
		if !ok1 || !ok2 {
			return interval{}, false
		}
		return interval{min(x.lo, y.lo), max(x.hi, y.hi)}, true
	case "affine.apply":
		m, ok := d.Attr("map").(*ir.AffineMapAttr)
		if !ok || len(m.Map.Results) != 1 {
			return interval{}, false
		}
		return r.expr(m.Map.Results[0], m.Map.NumDims, d.Operands())
	case "affine.min", "affine.max":
		m, ok := d.Attr("map").(*ir.AffineMapAttr)
		if !ok || len(m.Map.Results) == 0 {
			return interval{}, false
		}
		return r.minMax(m.Map, d.Operands(), d.Is("affine.max"))
	}
	return interval{}, false
}

// blockArg gives the ranges of the launch's ids and sizes and of loop
// induction variables.
func (r *rangeAnalysis) blockArg(v *ir.Value) (interval, bool) {
	for d := 0; d < 3; d++ {
		switch v {
		case r.args.ThreadIDs[d]:
			return sizeRange(r.cfg.Block[d])
		case r.args.BlockIDs[d]:
			return sizeRange(r.cfg.Grid[d])
		case r.args.BlockSizes[d]:
			return r.of(r.cfg.Block[d])
		case r.args.GridSizes[d]:
			return r.of(r.cfg.Grid[d])
		}
	}
	owner := v.OwnerBlock().ParentOp()
	if owner == nil || v.Index() != 0 {
		return interval{}, false
	}
	if owner.Is("scf.for") && owner.NumOperands() >= 3 {
		lb, ok1 := r.of(owner.Operand(0))
		ub, ok2 := r.of(owner.Operand(1))
		if !ok1 || !ok2 {
			return interval{}, false
		}
		return interval{lb.lo, ub.hi - 1}, true
	}
	if f, ok := affine.AsFor(owner); ok {
		lbMap, lbOps := f.LowerBound()
		ubMap, ubOps := f.UpperBound()
		lb, ok1 := r.minMax(lbMap, lbOps, true)
		ub, ok2 := r.minMax(ubMap, ubOps, false)
		if !ok1 || !ok2 {
			return interval{}, false
		}
		return interval{lb.lo, ub.hi - 1}, true
	}
	return interval{}, false
}

// minMax is the range of the max (or min) of a map's results.
func (r *rangeAnalysis) minMax(m *aff.Map, operands []*ir.Value, isMax bool) (interval, bool) {
	var out interval
	for i, e := range m.Results {
		x, ok := r.expr(e, m.NumDims, operands)
		if !ok {
			return interval{}, false
		}
		switch {
		case i == 0:
			out = x
		case isMax:
			out = interval{max(out.lo, x.lo), max(out.hi, x.hi)}
		default:
			out = interval{min(out.lo, x.lo), min(out.hi, x.hi)}
		}
	}
	return out, true
}

// expr evaluates an affine expression over the ranges of its operands
// (dims first, then symbols).
func (r *rangeAnalysis) expr(e aff.Expr, numDims int, operands []*ir.Value) (interval, bool) {
	switch x := e.(type) {
	case *aff.ConstantExpr:
		return point(x.Value)
	case *aff.DimExpr:
		if x.Pos >= len(operands) {
			return interval{}, false
		}
		return r.of(operands[x.Pos])
	case *aff.SymbolExpr:
		if numDims+x.Pos >= len(operands) {
			return interval{}, false
		}
		return r.of(operands[numDims+x.Pos])
	case *aff.BinaryExpr:
		lhs, ok1 := r.expr(x.LHS, numDims, operands)
		rhs, ok2 := r.expr(x.RHS, numDims, operands)
		if !ok1 || !ok2 {
			return interval{}, false
		}
		op := map[aff.ExprKind]string{
			aff.KindAdd: "arith.addi", aff.KindMul: "arith.muli", aff.KindMod: "arith.remsi",
			aff.KindFloorDiv: "arith.floordivsi", aff.KindCeilDiv: "arith.ceildivsi",
		}[x.Op]
		if x.Op == aff.KindMod {
			// Affine mod is never negative, unlike remsi.
			return modRange(lhs, rhs, true)
		}
		return binary(op, lhs, rhs)
	}
	return interval{}, false
}

// binary is the range of an integer arithmetic op on two ranges. Division
// and remainder are handled for constant positive divisors only.
func binary(name string, x, y interval) (interval, bool) {
	if !x.ok() || !y.ok() {
		return interval{}, false
	}
	switch name {
	case "arith.addi":
		return interval{x.lo + y.lo, x.hi + y.hi}, true
	case "arith.subi":
		return interval{x.lo - y.hi, x.hi - y.lo}, true
	case "arith.muli":
		if max(abs(x.lo), abs(x.hi)) >= 1<<20 && max(abs(y.lo), abs(y.hi)) >= 1<<20 {
			return interval{}, false
		}
		p := [4]int64{x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi}
		return interval{min(p[0], p[1], p[2], p[3]), max(p[0], p[1], p[2], p[3])}, true
	case "arith.maxsi":
		return interval{max(x.lo, y.lo), max(x.hi, y.hi)}, true
	case "arith.minsi":
		return interval{min(x.lo, y.lo), min(x.hi, y.hi)}, true
	}
	if y.lo != y.hi || y.lo <= 0 {
		return interval{}, false
	}
	c := y.lo
	switch name {
	case "arith.divui", "arith.divsi":
		if x.lo < 0 {
			return interval{}, false
		}
		return interval{x.lo / c, x.hi / c}, true
	case "arith.floordivsi":
		return interval{floorDiv(x.lo, c), floorDiv(x.hi, c)}, true
	case "arith.ceildivsi":
		return interval{-floorDiv(-x.lo, c), -floorDiv(-x.hi, c)}, true
	case "arith.remsi", "arith.remui":
		return modRange(x, y, false)
	}
	return interval{}, false
}

// modRange is the range of x mod c (c a positive constant); euclid selects
// the never-negative affine mod over the sign-following remainder.
func modRange(x, y interval, euclid bool) (interval, bool) {
	if y.lo != y.hi || y.lo <= 0 {
		return interval{}, false
	}
	c := y.lo
	if x.lo >= 0 {
		if x.hi < c {
			return x, true
		}
		return interval{0, c - 1}, true
	}
	if euclid {
		return interval{0, c - 1}, true
	}
	return interval{-(c - 1), c - 1}, true
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// accessBox returns the index box an access of op to the memref v may
// cover over the whole execution, or nil when it cannot be bounded. The
// indices are the operands that follow v (through the op's affine map
// where it has one, as the affine loads and stores do); a vector or MMA
// fragment value of the op widens the trailing dimensions by its shape.
func (r *rangeAnalysis) accessBox(op *ir.Operation, v *ir.Value) []interval {
	t, ok := v.Type().(*ir.MemRefType)
	if !ok || !t.HasStaticShape() || t.Rank() == 0 {
		return nil
	}
	pos := -1
	for i, o := range op.Operands() {
		if o == v {
			pos = i
			break
		}
	}
	if pos < 0 {
		return nil
	}
	idx := op.Operands()[pos+1:]
	box := make([]interval, t.Rank())
	if m, ok := op.Attr("map").(*ir.AffineMapAttr); ok {
		if len(m.Map.Results) != t.Rank() || len(idx) != m.Map.NumDims+m.Map.NumSymbols {
			return nil
		}
		for d, e := range m.Map.Results {
			if box[d], ok = r.expr(e, m.Map.NumDims, idx); !ok {
				return nil
			}
		}
	} else {
		if len(idx) != t.Rank() {
			return nil
		}
		for d, x := range idx {
			if x.Type() != ir.Index {
				return nil
			}
			if box[d], ok = r.of(x); !ok {
				return nil
			}
		}
	}
	ext, ok := r.extent(op, t)
	if !ok {
		return nil
	}
	for i, e := range ext {
		d := len(box) - len(ext) + i
		box[d].hi += e - 1
		if box[d].lo < 0 || box[d].hi >= t.Dims[d] {
			// Out of bounds, or a fragment wrapping into the next row:
			// the box no longer describes the elements touched.
			return nil
		}
	}
	return box
}

// extent is the shape an access covers from its index: 1 for a scalar, the
// vector shape, or an MMA fragment's rows and columns when its leading
// dimension is the memref's row length.
func (r *rangeAnalysis) extent(op *ir.Operation, t *ir.MemRefType) ([]int64, bool) {
	vals := append(op.Results(), op.Operands()...)
	for _, x := range vals {
		switch vt := x.Type().(type) {
		case *ir.VectorType:
			if vt.IsScalable() || len(vt.Dims) > t.Rank() {
				return nil, false
			}
			return vt.Dims, true
		case *gpu.MMAMatrixType:
			ld, ok := op.Attr("leadDimension").(*ir.IntegerAttr)
			if !ok || t.Rank() != 2 || ld.Int() != t.Dims[1] || op.HasAttr("transpose") {
				return nil, false
			}
			return []int64{vt.Rows, vt.Cols}, true
		}
	}
	return nil, true
}
