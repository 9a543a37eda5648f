package gpumapaffine

import (
	"slices"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
)

// linForm is the element offset of an access in its memref's buffer as an
// affine function of the IVs a pos map numbers: coef[d]*iv[d] summed,
// plus cst. Plans whose rows start at offsets vw does not divide (8191-
// element rows) address the buffer through this offset, so that every
// vector they access starts at a multiple of vw.
type linForm struct {
	coef []int64
	cst  int64
}

// linearOf is acc's linForm over the nd IVs of pos; false when the memref
// is not a static identity-layout global buffer or an index depends on
// anything but the IVs.
func linearOf(acc *analysis.MemRefAccess, pos map[*ir.Value]int, nd int) (linForm, bool) {
	t := acc.MemRefType()
	if t.Rank() == 0 || !t.HasStaticShape() || !identityLayout(t) || t.MemorySpaceInt() != 0 {
		return linForm{}, false
	}
	lf := linForm{coef: make([]int64, nd)}
	stride := int64(1)
	idx := indicesOver(acc, pos, nd)
	for r := t.Rank() - 1; r >= 0; r-- {
		li := idx[r]
		if li.other {
			return linForm{}, false
		}
		for d, c := range li.coef {
			lf.coef[d] += c * stride
		}
		lf.cst += li.cst * stride
		stride *= t.Shape()[r]
	}
	return lf, true
}

func (a linForm) equal(b linForm) bool { return a.cst == b.cst && slices.Equal(a.coef, b.coef) }

// alignedOps reports whether ops (a loop body over the nd IVs of pos, x
// the loop's, step 1) can run on vw-element vectors addressed by their
// buffer offset: every access that depends on x is an affine load or
// store at offset x plus one linForm shared by all of them (returned),
// the others are loads, and the rest computes on scalar numbers. Row
// lengths and row alignment do not matter: the plan masks what a vector
// holds outside the row.
func alignedOps(ops []*ir.Operation, pos map[*ir.Value]int, nd, x int) (linForm, bool) {
	var shared *linForm
	for _, op := range ops {
		if op.NumRegions() > 0 {
			return linForm{}, false
		}
		acc, ok := analysis.NewMemRefAccess(op)
		if !ok {
			if !ir.IsMemoryEffectFree(op) {
				return linForm{}, false
			}
			for _, v := range append(op.Operands(), op.Results()...) {
				if !scalarNumber(v.Type()) {
					return linForm{}, false
				}
			}
			continue
		}
		if !op.Is(affine.LoadName) && !op.Is(affine.StoreName) {
			return linForm{}, false
		}
		lf, ok := linearOf(acc, pos, nd)
		if !ok {
			return linForm{}, false
		}
		switch {
		case lf.coef[x] == 0 && !acc.IsStore:
		case lf.coef[x] != 1:
			return linForm{}, false
		case shared == nil:
			shared = &lf
		case !shared.equal(lf):
			return linForm{}, false
		}
	}
	if shared == nil {
		return linForm{}, false
	}
	return *shared, true
}

// flat is v (a static identity-layout memref) as a 1-D memref of all its
// elements, so that an access may be addressed by its buffer offset. It
// is a memref.reinterpret_cast, which convert-gpu-to-nvvm lowers itself
// (collapse_shape would need expand-strided-metadata first).
func (k *kb) flat(v *ir.Value) *ir.Value {
	t := v.Type().(*ir.MemRefType)
	if t.Rank() == 1 {
		return v
	}
	n := int64(1)
	for _, d := range t.Shape() {
		n *= d
	}
	ft := ir.MemRef([]int64{n}, t.ElementType(), nil, t.MemorySpace)
	return memref.BuildReinterpretCastOp(k.b, k.loc, v, nil, nil, nil, ft,
		ir.NamedAttribute{Name: "static_offsets", Value: ir.DenseI64Array(0)},
		ir.NamedAttribute{Name: "static_sizes", Value: ir.DenseI64Array(n)},
		ir.NamedAttribute{Name: "static_strides", Value: ir.DenseI64Array(1)}).Result(0)
}

// evalLin emits lf at the IV values ivs (nil entries count as 0).
func (k *kb) evalLin(lf linForm, ivs []*ir.Value) *ir.Value {
	s := k.idx(lf.cst)
	for d, c := range lf.coef {
		if c != 0 && ivs[d] != nil {
			s = k.add(s, k.mulc(ivs[d], c))
		}
	}
	return s
}

// alignedVec is one vector of vw elements at buffer offset q0 (a multiple
// of vw) of a range [s, s+n) of elements: off is q0-s, valid[e] whether
// element e is in the range, full whether all are.
type alignedVec struct {
	q0, off *ir.Value
	valid   []*ir.Value
	full    *ir.Value
}

// alignedAt describes the vector at q0 of the range [s, s+n).
func (k *kb) alignedAt(q0, s *ir.Value, n, vw int64) *alignedVec {
	a := &alignedVec{q0: q0, off: k.bin("arith.subi", q0, s)}
	for e := int64(0); e < vw; e++ {
		// off+e is below 0 exactly when it wraps to a huge unsigned value.
		a.valid = append(a.valid, k.ltc(k.addc(a.off, e), n))
	}
	a.full = k.bin("arith.andi", a.valid[0], a.valid[vw-1])
	return a
}

// alignedBase is the index, in vectors of vw, of the first vector of the
// range starting at s: s/vw. Callers form offsets as (base+j)*vw, a
// product convert-vector-to-llvm's alignment analysis sees as a multiple
// of vw (s rounded down by a subtraction would not be).
func (k *kb) alignedBase(s *ir.Value, vw int64) *ir.Value {
	return k.bin("arith.divui", s, k.idx(vw))
}
