package affinefusion

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// privatize shrinks the local buffers used only by the fused nest to the
// footprint of one iteration of its depth outer loops (createPrivateMemRef):
// a memref.alloc whose every use is an affine access inside nest (or a
// dealloc) and whose accesses all touch the same constant-size box.
func privatize(ctx *ir.Context, nest affine.ForOp, depth int) {
	var allocs []*ir.Operation
	for o := nest.Block().First(); o != nil && o != nest.Operation; o = o.Next() {
		if o.Is("memref.alloc") && o.NumOperands() == 0 {
			allocs = append(allocs, o)
		}
	}
	for _, al := range allocs {
		privatizeOne(ctx, nest, depth, al)
	}
}

func privatizeOne(ctx *ir.Context, nest affine.ForOp, depth int, al *ir.Operation) {
	m := al.Result(0)
	mt, ok := m.Type().(*ir.MemRefType)
	if !ok || mt.Layout != nil {
		return
	}
	var accs []*analysis.MemRefAccess
	var dealloc *ir.Operation
	for _, u := range m.Uses() {
		o := u.Owner()
		switch {
		case o.Is("memref.dealloc") && dealloc == nil && nest.IsBeforeInBlock(o):
			dealloc = o
		case (o.Is(affine.LoadName) || o.Is(affine.StoreName)) && nest.IsAncestor(o) && (o.Is(affine.LoadName) || u.Index() == 1):
			a, _ := analysis.NewMemRefAccess(o)
			accs = append(accs, a)
		default:
			return
		}
	}
	if len(accs) == 0 {
		return
	}
	var bb *analysis.BoundingBox
	for i, a := range accs {
		r, err := analysis.ComputeRegion(a, depth)
		if err != nil {
			return
		}
		b, err := r.ConstantBoundingSizeAndShape()
		if err != nil {
			return
		}
		if i == 0 {
			bb = b
			continue
		}
		if !sameBox(bb, b) {
			return
		}
	}
	if bb.NumElements() >= numElements(mt) {
		return
	}
	nt := ir.MemRef(bb.Shape, mt.Elem, nil, mt.MemorySpace)
	b := ir.NewBuilder(ctx)
	// At the start of the block, as upstream's createPrivateMemRef.
	b.SetInsertionPointToStart(nest.Block())
	nm := memref.BuildAllocOp(b, al.Loc(), nil, nil, nt).Result(0)
	// Box parameters: IVs (dims) then symbols, as the box's maps expect.
	nd := 0
	for _, v := range bb.Params {
		if _, isIV := affine.ForInductionVarOwner(v); isIV {
			nd++
		}
	}
	ns := len(bb.Params) - nd
	for _, a := range accs {
		am := a.Map
		nd0, ns0 := am.NumDims, am.NumSymbols
		res := make([]aff.Expr, len(am.Results))
		for d, e := range am.Results {
			orig := aff.ShiftSymbols(aff.ShiftDims(e, nd0, nd, 0), ns0, ns, 0)
			res[d] = aff.Sub(orig, bb.Lb[d].Results[0])
		}
		ops := append(append(append(append([]*ir.Value(nil), bb.Params[:nd]...), a.Operands[:nd0]...), bb.Params[nd:]...), a.Operands[nd0:]...)
		mp, mo := affine.CanonicalizeMapAndOperands(aff.NewMap(nd+nd0, ns+ns0, res), ops)
		mp, mo = affine.CanonicalizeMapAndOperands(aff.SimplifyMap(mp), mo)
		if a.IsStore {
			a.Op.SetOperand(1, nm)
		} else {
			a.Op.SetOperand(0, nm)
		}
		affine.SetAccessMap(a.Op, mp, mo)
	}
	if dealloc != nil {
		dealloc.SetOperand(0, nm)
	}
	al.Erase()
}

func sameBox(a, b *analysis.BoundingBox) bool {
	if len(a.Shape) != len(b.Shape) || len(a.Params) != len(b.Params) {
		return false
	}
	for i := range a.Shape {
		if a.Shape[i] != b.Shape[i] || a.Lb[i] != b.Lb[i] {
			return false
		}
	}
	for i := range a.Params {
		if a.Params[i] != b.Params[i] {
			return false
		}
	}
	return true
}

func numElements(t *ir.MemRefType) int64 {
	n := int64(1)
	for _, d := range t.Dims {
		if d == ir.Dynamic {
			return 1 << 62
		}
		n *= d
	}
	return n
}
