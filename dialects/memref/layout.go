package memref

import (
	"slices"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// This file holds the strided-layout arithmetic of memref types (MLIR's
// BuiltinTypes.cpp getStridesAndOffset and friends, and the memref ops' result
// type inference). Everything here is pure: it reads types and builds new ones.

// CanonicalStrides returns the row-major (identity layout) strides of shape:
// the innermost stride is 1 and each outer stride is the product of the inner
// sizes, Dynamic once a dynamic size has been crossed.
func CanonicalStrides(shape []int64) []int64 {
	strides := make([]int64, len(shape))
	running := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		strides[i] = running
		if running == ir.Dynamic || shape[i] == ir.Dynamic {
			running = ir.Dynamic
		} else {
			running *= shape[i]
		}
	}
	return strides
}

// StridesAndOffset returns the strides and offset of a memref type's layout.
// ok is false when the layout is not strided (a multi-result or semi-affine
// map). Unknown values are ir.Dynamic.
func StridesAndOffset(t *ir.MemRefType) (strides []int64, offset int64, ok bool) {
	switch l := t.Layout.(type) {
	case nil:
		return CanonicalStrides(t.Dims), 0, true
	case *ir.StridedLayoutAttr:
		if len(l.Strides) != len(t.Dims) {
			return nil, 0, false
		}
		return slices.Clone(l.Strides), l.Offset, true
	case *ir.AffineMapAttr:
		return mapStridesAndOffset(l.Map, t.Dims)
	}
	return nil, 0, false
}

// IsStrided reports whether t's layout can be expressed as strides and an offset.
func IsStrided(t *ir.MemRefType) bool {
	_, _, ok := StridesAndOffset(t)
	return ok
}

// mapStridesAndOffset extracts strides and offset from a single-result affine
// layout map of the form sum(d_i * c_i) + c, where each coefficient is a
// constant or symbolic (hence Dynamic).
func mapStridesAndOffset(m *affine.Map, shape []int64) ([]int64, int64, bool) {
	if m.NumDims != len(shape) {
		return nil, 0, false
	}
	if m.IsIdentity() {
		return CanonicalStrides(shape), 0, true
	}
	if m.NumResults() != 1 {
		return nil, 0, false
	}
	lin := linearForm{strides: make([]int64, len(shape))}
	if !lin.add(m.Result(0), 1) {
		return nil, 0, false
	}
	return lin.strides, lin.offset, true
}

// linearForm accumulates sum(d_i * strides[i]) + offset with Dynamic for any
// symbolic part.
type linearForm struct {
	strides []int64
	offset  int64
}

// add adds scale * e (scale is a constant or Dynamic) and reports whether e is
// linear in the dims with constant-or-symbolic coefficients.
func (l *linearForm) add(e affine.Expr, scale int64) bool {
	switch x := e.(type) {
	case *affine.ConstantExpr:
		l.offset = addDyn(l.offset, mulDyn(scale, x.Value))
		return true
	case *affine.SymbolExpr:
		l.offset = ir.Dynamic
		return true
	case *affine.DimExpr:
		l.strides[x.Pos] = addDyn(l.strides[x.Pos], scale)
		return true
	case *affine.BinaryExpr:
		switch x.Op {
		case affine.KindAdd:
			return l.add(x.LHS, scale) && l.add(x.RHS, scale)
		case affine.KindMul:
			if c, ok := coefficient(x.RHS); ok {
				return l.add(x.LHS, mulDyn(scale, c))
			}
			if c, ok := coefficient(x.LHS); ok {
				return l.add(x.RHS, mulDyn(scale, c))
			}
		}
	}
	return false
}

// coefficient returns e's value when e is dim-free: a constant, or Dynamic
// for anything symbolic.
func coefficient(e affine.Expr) (int64, bool) {
	if c, ok := e.(*affine.ConstantExpr); ok {
		return c.Value, true
	}
	if affine.IsSymbolicOrConstant(e) {
		return ir.Dynamic, true
	}
	return 0, false
}

func addDyn(a, b int64) int64 {
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a + b
}

func mulDyn(a, b int64) int64 {
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a * b
}

// HasIdentityLayout reports whether t is laid out row-major with offset 0
// (identity map, no layout, or an equivalent strided layout).
func HasIdentityLayout(t *ir.MemRefType) bool {
	if t.Layout == nil {
		return true
	}
	strides, offset, ok := StridesAndOffset(t)
	return ok && offset == 0 && slices.Equal(strides, CanonicalStrides(t.Dims)) &&
		!slices.Contains(strides, ir.Dynamic)
}

// StridedLinearLayoutMap returns MLIR's makeStridedLinearLayoutMap: the map
// (d0, ..., dn)[s...] -> (offset + sum(d_i * stride_i)), where each Dynamic
// value becomes the next symbol (the offset's first).
func StridedLinearLayoutMap(strides []int64, offset int64) *affine.Map {
	nsym := 0
	term := func(v int64) affine.Expr {
		if v == ir.Dynamic {
			nsym++
			return affine.Symbol(nsym - 1)
		}
		return affine.Const(v)
	}
	e := term(offset)
	for i, s := range strides {
		e = affine.Add(e, affine.Mul(affine.Dim(i), term(s)))
	}
	return affine.NewMap(len(strides), nsym, []affine.Expr{e})
}

// CanonicalizeLayout returns t with its layout replaced by the identity when
// it is equivalent to it and by its simplest strided form otherwise, as
// MLIR's canonicalizeStridedLayout; non-strided layouts are kept.
func CanonicalizeLayout(t *ir.MemRefType) *ir.MemRefType {
	if HasIdentityLayout(t) {
		return ir.MemRef(t.Dims, t.Elem, nil, t.MemorySpace)
	}
	return t
}

// EquivalentLayouts reports whether a and b have the same shape, element
// type and memory space and lay out their elements identically.
func EquivalentLayouts(a, b *ir.MemRefType) bool {
	if a == b {
		return true
	}
	if a.Elem != b.Elem || a.MemorySpace != b.MemorySpace || !slices.Equal(a.Dims, b.Dims) {
		return false
	}
	sa, oa, okA := StridesAndOffset(a)
	sb, ob, okB := StridesAndOffset(b)
	if !okA || !okB {
		return a.Layout == b.Layout
	}
	return oa == ob && slices.Equal(sa, sb)
}

// WithStridedLayout returns a memref of the given shape whose layout is
// strided<strides, offset>, or the identity layout when those are canonical.
func WithStridedLayout(shape []int64, elem ir.Type, strides []int64, offset int64, memSpace ir.Attribute) *ir.MemRefType {
	if offset == 0 && slices.Equal(strides, CanonicalStrides(shape)) && !slices.Contains(strides, ir.Dynamic) {
		return ir.MemRef(shape, elem, nil, memSpace)
	}
	return ir.MemRef(shape, elem, ir.StridedLayout(offset, strides), memSpace)
}

// SubViewResultType infers the type of `memref.subview` of src with the given
// static offsets, sizes and strides (ir.Dynamic for dynamic ones), before any
// rank reduction: MLIR's SubViewOp::inferResultType. The result always carries
// a strided layout. ok is false when src is not strided or the lists do not
// have src's rank.
func SubViewResultType(src *ir.MemRefType, offsets, sizes, strides []int64) (*ir.MemRefType, bool) {
	srcStrides, srcOffset, ok := StridesAndOffset(src)
	if !ok || len(offsets) != src.Rank() || len(sizes) != src.Rank() || len(strides) != src.Rank() {
		return nil, false
	}
	offset := srcOffset
	target := make([]int64, len(strides))
	for i := range offsets {
		offset = addDyn(offset, mulDyn(offsets[i], srcStrides[i]))
		target[i] = mulDyn(srcStrides[i], strides[i])
	}
	return ir.MemRef(sizes, src.Elem, ir.StridedLayout(offset, target), src.MemorySpace), true
}

// RankReductionMask returns, for a reduced shape obtained from shape by
// dropping some unit dimensions, which dimensions of shape were dropped
// (MLIR's computeRankReductionMask). ok is false when reduced is not such a shape.
func RankReductionMask(shape, reduced []int64) (dropped []bool, ok bool) {
	dropped = make([]bool, len(shape))
	if len(reduced) > len(shape) {
		return nil, false
	}
	j := 0
	for i, d := range shape {
		if j < len(reduced) && reduced[j] == d {
			j++
			continue
		}
		if d != 1 {
			return nil, false
		}
		dropped[i] = true
	}
	if j != len(reduced) {
		return nil, false
	}
	return dropped, true
}

// RankReducedSubViewType returns the subview type of rank resultRank
// obtained by dropping unit dimensions from the inferred type, as MLIR's
// SubViewOp::inferRankReducedResultType. ok is false when that is impossible.
func RankReducedSubViewType(resultRank int, src *ir.MemRefType, offsets, sizes, strides []int64) (*ir.MemRefType, bool) {
	full, ok := SubViewResultType(src, offsets, sizes, strides)
	if !ok || resultRank > full.Rank() {
		return nil, false
	}
	if resultRank == full.Rank() {
		return full, true
	}
	toDrop := full.Rank() - resultRank
	fs, off, _ := StridesAndOffset(full)
	var shape, st []int64
	for i, d := range full.Dims {
		if d == 1 && toDrop > 0 {
			toDrop--
			continue
		}
		shape = append(shape, d)
		st = append(st, fs[i])
	}
	if toDrop > 0 {
		return nil, false
	}
	return ir.MemRef(shape, full.Elem, ir.StridedLayout(off, st), full.MemorySpace), true
}

// TransposeResultType returns the type of `memref.transpose` of src by the
// permutation perm (result dim i is source dim perm[i]), MLIR's
// inferTransposeResultType: sizes and strides are permuted and the layout is
// the strided linear map. ok is false when src is not strided.
func TransposeResultType(src *ir.MemRefType, perm []int) (*ir.MemRefType, bool) {
	strides, offset, ok := StridesAndOffset(src)
	if !ok || len(perm) != src.Rank() {
		return nil, false
	}
	shape := make([]int64, len(perm))
	pstrides := make([]int64, len(perm))
	for i, p := range perm {
		shape[i] = src.Dims[p]
		pstrides[i] = strides[p]
	}
	m := StridedLinearLayoutMap(pstrides, offset)
	return ir.MemRef(shape, src.Elem, ir.AffineMapOf(m), src.MemorySpace), true
}

// ReassociationIndices groups source dimensions for expand/collapse_shape.
type ReassociationIndices [][]int64

// CollapsedType returns the type of collapsing src by reassoc (MLIR's
// CollapseShapeOp::computeCollapsedType): sizes of a group multiply (Dynamic
// if any is); a source without layout gives a result without layout,
// otherwise each group's stride is that of its innermost non-unit dimension.
// ok is false when a group is provably not contiguous in memory (dynamic
// strides are given the benefit of the doubt, as MLIR's verifier does).
func CollapsedType(src *ir.MemRefType, reassoc ReassociationIndices) (*ir.MemRefType, bool) {
	shape := make([]int64, len(reassoc))
	for i, g := range reassoc {
		size := int64(1)
		for _, d := range g {
			if d < 0 || int(d) >= src.Rank() {
				return nil, false
			}
			size = mulDyn(size, src.Dims[d])
		}
		shape[i] = size
	}
	if src.Layout == nil {
		return ir.MemRef(shape, src.Elem, nil, src.MemorySpace), true
	}
	strides, offset, ok := StridesAndOffset(src)
	if !ok {
		return nil, false
	}
	out := make([]int64, len(reassoc))
	for i, g := range reassoc {
		if len(g) == 0 {
			out[i] = 1
			continue
		}
		ref := g
		for len(ref) > 1 && src.Dims[ref[len(ref)-1]] == 1 {
			ref = ref[:len(ref)-1]
		}
		last := ref[len(ref)-1]
		if src.Dims[last] != ir.Dynamic || len(ref) == 1 {
			out[i] = strides[last]
		} else {
			// A dynamic size may be 1 at run time, making its stride meaningless.
			out[i] = ir.Dynamic
		}
	}
	for i, g := range reassoc {
		stride := out[i]
		for k := len(g) - 1; k >= 1; k-- {
			stride = mulDyn(stride, src.Dims[g[k]])
			outer := g[k-1]
			if src.Dims[outer] == 1 {
				continue
			}
			if stride != ir.Dynamic && strides[outer] != ir.Dynamic && stride != strides[outer] {
				return nil, false
			}
		}
	}
	return ir.MemRef(shape, src.Elem, ir.StridedLayout(offset, out), src.MemorySpace), true
}

// ExpandedType returns the type of expanding src to resultShape by reassoc
// (MLIR's ExpandShapeOp::computeExpandedType): each group's strides are
// derived from the collapsed dimension's stride and the inner expanded sizes.
// ok is false when src is not strided.
func ExpandedType(src *ir.MemRefType, resultShape []int64, reassoc ReassociationIndices) (*ir.MemRefType, bool) {
	if src.Layout == nil {
		return ir.MemRef(resultShape, src.Elem, nil, src.MemorySpace), true
	}
	strides, offset, ok := StridesAndOffset(src)
	if !ok || len(reassoc) != len(strides) {
		return nil, false
	}
	out := make([]int64, len(resultShape))
	for i, g := range reassoc {
		running := strides[i]
		for k := len(g) - 1; k >= 0; k-- {
			d := g[k]
			if d < 0 || int(d) >= len(resultShape) {
				return nil, false
			}
			out[d] = running
			running = mulDyn(running, resultShape[d])
		}
	}
	return ir.MemRef(resultShape, src.Elem, ir.StridedLayout(offset, out), src.MemorySpace), true
}
