package memref

import (
	"slices"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

const dyn = ir.Dynamic

func mem(shape []int64, layout ir.Attribute) *ir.MemRefType {
	return ir.MemRef(shape, ir.F32, layout, nil)
}

func TestCanonicalStrides(t *testing.T) {
	tests := []struct {
		shape, want []int64
	}{
		{nil, []int64{}},
		{[]int64{8}, []int64{1}},
		{[]int64{4, 8, 16}, []int64{128, 16, 1}},
		{[]int64{4, dyn, 16}, []int64{dyn, 16, 1}},
		{[]int64{dyn, 4}, []int64{4, 1}},
		{[]int64{2, 3, dyn}, []int64{dyn, dyn, 1}},
	}
	for _, tc := range tests {
		if got := CanonicalStrides(tc.shape); !slices.Equal(got, tc.want) {
			t.Errorf("CanonicalStrides(%v) = %v, want %v", tc.shape, got, tc.want)
		}
	}
}

func TestStridesAndOffset(t *testing.T) {
	d0, d1, s0 := affine.Dim(0), affine.Dim(1), affine.Symbol(0)
	tests := []struct {
		name    string
		t       *ir.MemRefType
		strides []int64
		offset  int64
		ok      bool
	}{
		{"identity", mem([]int64{4, 8}, nil), []int64{8, 1}, 0, true},
		{"strided", mem([]int64{4, 8}, ir.StridedLayout(dyn, []int64{16, 1})), []int64{16, 1}, dyn, true},
		{"map const", mem([]int64{8, 8}, ir.AffineMapOf(affine.NewMap(2, 0, []affine.Expr{affine.Add(affine.Mul(d1, affine.Const(8)), d0)}))), []int64{1, 8}, 0, true},
		{"map sym stride", mem([]int64{dyn, 4}, ir.AffineMapOf(affine.NewMap(2, 1, []affine.Expr{affine.Add(affine.Mul(d0, s0), d1)}))), []int64{dyn, 1}, 0, true},
		{"map offset", mem([]int64{4}, ir.AffineMapOf(affine.NewMap(1, 1, []affine.Expr{affine.Add(d0, s0)}))), []int64{1}, dyn, true},
		{"map const offset", mem([]int64{4}, ir.AffineMapOf(affine.NewMap(1, 0, []affine.Expr{affine.AddConst(affine.MulConst(d0, 2), 3)}))), []int64{2}, 3, true},
		{"unused dim", mem([]int64{4, 4}, ir.AffineMapOf(affine.NewMap(2, 0, []affine.Expr{d1}))), []int64{0, 1}, 0, true},
		{"permutation", mem([]int64{4, 4}, ir.AffineMapOf(affine.NewMap(2, 0, []affine.Expr{d1, d0}))), nil, 0, false},
		{"semi-affine", mem([]int64{4}, ir.AffineMapOf(affine.NewMap(1, 0, []affine.Expr{affine.Mod(d0, affine.Const(2))}))), nil, 0, false},
	}
	for _, tc := range tests {
		s, o, ok := StridesAndOffset(tc.t)
		if ok != tc.ok || (ok && (o != tc.offset || !slices.Equal(s, tc.strides))) {
			t.Errorf("%s: StridesAndOffset(%s) = %v, %d, %v; want %v, %d, %v", tc.name, tc.t, s, o, ok, tc.strides, tc.offset, tc.ok)
		}
	}
}

func TestSubViewResultType(t *testing.T) {
	tests := []struct {
		src                     *ir.MemRefType
		offsets, sizes, strides []int64
		want                    string
	}{
		{mem([]int64{8, 8}, nil), []int64{dyn, 4}, []int64{2, 2}, []int64{1, 1}, "memref<2x2xf32, strided<[8, 1], offset: ?>>"},
		{mem([]int64{8, 8}, nil), []int64{0, 0}, []int64{2, 2}, []int64{1, 1}, "memref<2x2xf32, strided<[8, 1]>>"},
		{mem([]int64{8, 8}, nil), []int64{1, 2}, []int64{4, 2}, []int64{2, 3}, "memref<4x2xf32, strided<[16, 3], offset: 10>>"},
		{mem([]int64{dyn, 8}, nil), []int64{1, 2}, []int64{4, dyn}, []int64{dyn, 1}, "memref<4x?xf32, strided<[?, 1], offset: 10>>"},
		{mem([]int64{dyn, dyn}, nil), []int64{1, 2}, []int64{4, 4}, []int64{1, 1}, "memref<4x4xf32, strided<[?, 1], offset: ?>>"},
		{mem([]int64{16, 16}, ir.StridedLayout(5, []int64{32, 2})), []int64{1, 1}, []int64{4, 4}, []int64{1, 2}, "memref<4x4xf32, strided<[32, 4], offset: 39>>"},
	}
	for _, tc := range tests {
		got, ok := SubViewResultType(tc.src, tc.offsets, tc.sizes, tc.strides)
		if !ok || got.String() != tc.want {
			t.Errorf("SubViewResultType(%s, %v, %v, %v) = %v, %v; want %s", tc.src, tc.offsets, tc.sizes, tc.strides, got, ok, tc.want)
		}
	}
	if _, ok := SubViewResultType(mem([]int64{8, 8}, nil), []int64{0}, []int64{2, 2}, []int64{1, 1}); ok {
		t.Error("SubViewResultType accepted offsets of the wrong rank")
	}
}

func TestRankReduction(t *testing.T) {
	got, ok := RankReducedSubViewType(1, mem([]int64{8, 8}, nil), []int64{2, 0}, []int64{1, 8}, []int64{1, 1})
	if !ok || got.String() != "memref<8xf32, strided<[1], offset: 16>>" {
		t.Errorf("RankReducedSubViewType = %v, %v", got, ok)
	}
	mask, ok := RankReductionMask([]int64{1, 4, 1, 8}, []int64{4, 8})
	if !ok || !slices.Equal(mask, []bool{true, false, true, false}) {
		t.Errorf("RankReductionMask = %v, %v", mask, ok)
	}
	if _, ok := RankReductionMask([]int64{2, 4}, []int64{4}); ok {
		t.Error("RankReductionMask dropped a non-unit dimension")
	}
}

func TestTransposeResultType(t *testing.T) {
	got, ok := TransposeResultType(mem([]int64{4, 8}, nil), []int{1, 0})
	if !ok {
		t.Fatal("TransposeResultType failed")
	}
	s, o, ok := StridesAndOffset(got)
	if !ok || o != 0 || !slices.Equal(s, []int64{1, 8}) || !slices.Equal(got.Dims, []int64{8, 4}) {
		t.Errorf("TransposeResultType = %s (strides %v offset %d)", got, s, o)
	}
}

func TestReshapeTypes(t *testing.T) {
	re := ReassociationIndices{{0, 1}, {2}}
	c, ok := CollapsedType(mem([]int64{2, 4, 8}, nil), re)
	if !ok || c.String() != "memref<8x8xf32>" {
		t.Errorf("CollapsedType identity = %v, %v", c, ok)
	}
	c, ok = CollapsedType(mem([]int64{2, 4, 8}, ir.StridedLayout(3, []int64{64, 16, 1})), re)
	if !ok || c.String() != "memref<8x8xf32, strided<[16, 1], offset: 3>>" {
		t.Errorf("CollapsedType strided = %v, %v", c, ok)
	}
	if _, ok := CollapsedType(mem([]int64{4, 4}, ir.StridedLayout(0, []int64{1, 4})), ReassociationIndices{{0, 1}}); ok {
		t.Error("CollapsedType accepted non-contiguous dims")
	}
	e, ok := ExpandedType(mem([]int64{8, 8}, ir.StridedLayout(dyn, []int64{16, 1})), []int64{2, 4, 8}, re)
	if !ok || e.String() != "memref<2x4x8xf32, strided<[64, 16, 1], offset: ?>>" {
		t.Errorf("ExpandedType = %v, %v", e, ok)
	}
}

func TestHasIdentityLayout(t *testing.T) {
	if !HasIdentityLayout(mem([]int64{4, 8}, ir.StridedLayout(0, []int64{8, 1}))) {
		t.Error("strided<[8, 1]> on 4x8 should be the identity")
	}
	if HasIdentityLayout(mem([]int64{4, 8}, ir.StridedLayout(0, []int64{16, 1}))) {
		t.Error("strided<[16, 1]> on 4x8 is not the identity")
	}
}

func TestStridedLinearLayoutMap(t *testing.T) {
	m := StridedLinearLayoutMap([]int64{dyn, 1}, dyn)
	if m.NumDims != 2 || m.NumSymbols != 2 {
		t.Errorf("StridedLinearLayoutMap = %s", m)
	}
	s, o, ok := mapStridesAndOffset(m, []int64{4, 4})
	if !ok || o != dyn || !slices.Equal(s, []int64{dyn, 1}) {
		t.Errorf("round trip = %v %d %v", s, o, ok)
	}
}
