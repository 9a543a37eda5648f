package gpuutil

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// depAccess is an access the parallelism test compares: an affine access,
// or a subgroup_mma tile access described by its (16-aligned) origin.
type depAccess struct {
	*analysis.MemRefAccess
	tile bool
}

// collectAccesses returns the accesses nested in root, outside the ops of
// skip, to memrefs outside workgroup memory (private to a block, and
// ordered by barriers within it). subgroup_mma accesses must have
// 16-aligned origins and a leading dimension equal to the row length, so
// that two tiles either coincide or are disjoint.
func collectAccesses(root *ir.Operation, skip map[*ir.Operation]bool) ([]depAccess, error) {
	var out []depAccess
	var err error
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if skip[op] {
			return ir.Skip
		}
		a, ok := accessOf(op)
		if !ok || isWorkgroup(a.memref) {
			return ir.Advance
		}
		if !op.Is(mmaLoadName) && !op.Is(mmaStoreName) {
			acc, _ := analysis.NewMemRefAccess(op)
			out = append(out, depAccess{MemRefAccess: acc})
			return ir.Advance
		}
		var acc *analysis.MemRefAccess
		if acc, err = tileAccess(op, a); err != nil {
			return ir.Interrupt
		}
		out = append(out, depAccess{MemRefAccess: acc, tile: true})
		return ir.Advance
	})
	return out, err
}

// tileAccess describes a subgroup_mma load or store by its tile origin.
func tileAccess(op *ir.Operation, a nestAccess) (*analysis.MemRefAccess, error) {
	t, ok := a.memref.Type().(*ir.MemRefType)
	if !ok || t.Rank() != 2 || t.Layout != nil || t.Dims[1] < 0 {
		return nil, op.Errorf("tile access needs a static 2-d memref with the identity layout")
	}
	if ld, ok := op.Attr("leadDimension").(*ir.IntegerAttr); !ok || ld.Int() != t.Dims[1] {
		return nil, op.Errorf("leading dimension differs from the row length %d: tiles may overlap", t.Dims[1])
	}
	start := 1
	if a.write {
		start = 2
	}
	idx := op.Operands()[start:]
	m, operands := affine.FullyComposeMapAndOperands(aff.IdentityMap(len(idx)), idx)
	for _, e := range m.Results {
		if !alignedToTile(e, m.NumDims, operands) {
			return nil, op.Errorf("tile origin is not provably a multiple of %d", mmaTile)
		}
	}
	return &analysis.MemRefAccess{Op: op, MemRef: a.memref, Map: m, Operands: operands, IsStore: a.write}, nil
}

// alignedToTile reports whether e, over operands (dims first), is a
// multiple of the tile size for every value the operands take: constants,
// and affine.for IVs with constant lower bound lb and step s (each IV is
// replaced by lb + s * d).
func alignedToTile(e aff.Expr, numDims int, operands []*ir.Value) bool {
	dims := make([]aff.Expr, numDims)
	syms := make([]aff.Expr, len(operands)-numDims)
	for i, v := range operands {
		var r aff.Expr
		if c, ok := affine.ConstantIntValue(v); ok {
			r = aff.Const(c)
		} else if f, ok := affine.ForInductionVarOwner(v); ok {
			lb, lok := f.ConstantLowerBound()
			if !lok {
				return false
			}
			r = aff.Add(aff.Const(lb), aff.MulConst(aff.Dim(i), f.Step()))
		} else {
			return false
		}
		if i < numDims {
			dims[i] = r
		} else {
			syms[i-numDims] = r
		}
	}
	return aff.IsMultipleOf(aff.SimplifyExpr(aff.Replace(e, dims, syms), len(operands), 0), mmaTile)
}

// carriedDependence returns an access of a dependence carried by loop f
// among accs, or nil when f is parallel for them. A tile access and an
// element access of the same memref are not comparable: they count as a
// dependence when one of them writes.
func carriedDependence(accs []depAccess, f affine.ForOp) *ir.Operation {
	depth := analysis.LoopDepth(f.Operation) + 1
	inside := func(a depAccess) bool { return f.IsAncestor(a.Op) }
	for _, s := range accs {
		if !inside(s) {
			continue
		}
		for _, d := range accs {
			if !inside(d) || s.MemRef != d.MemRef || (!s.IsStore && !d.IsStore) {
				continue
			}
			if s.tile != d.tile {
				return s.Op
			}
			if analysis.CheckDependence(s.MemRefAccess, d.MemRefAccess, depth, false).HasDependence {
				return s.Op
			}
		}
	}
	return nil
}
