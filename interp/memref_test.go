package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// TestMemRefViews checks views and layouts against hand-computed elements.
func TestMemRefViews(t *testing.T) {
	src := `
func.func @f(%a: memref<4x6xf32>) -> (f32, f32, f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = memref.subview %a[1, 2] [2, 2] [1, 2] : memref<4x6xf32> to memref<2x2xf32, strided<[6, 2], offset: 8>>
  %v0 = memref.load %s[%c1, %c1] : memref<2x2xf32, strided<[6, 2], offset: 8>>
  %r = memref.reinterpret_cast %a to offset: [3], sizes: [3, 7], strides: [7, 1] : memref<4x6xf32> to memref<3x7xf32, strided<[7, 1], offset: 3>>
  %v1 = memref.load %r[%c2, %c1] : memref<3x7xf32, strided<[7, 1], offset: 3>>
  %c = memref.collapse_shape %a [[0, 1]] : memref<4x6xf32> into memref<24xf32>
  %e = memref.expand_shape %c [[0, 1, 2]] output_shape [2, 3, 4] : memref<24xf32> into memref<2x3x4xf32>
  %v2 = memref.load %e[%c1, %c2, %c1] : memref<2x3x4xf32>
  %t = memref.alloc() : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %x = arith.constant 5.0 : f32
  memref.store %x, %t[%c1, %c2] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %v3 = memref.load %t[%c1, %c2] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %d = memref.dim %e, %c2 : memref<2x3x4xf32>
  return %v0, %v1, %v2, %v3, %d : f32, f32, f32, f32, index
}`
	m := machine(t, src)
	a := newBuf(ir.F32, 4, 6)
	for i := int64(0); i < 24; i++ {
		_ = a.SetFloat(float64(i), i/6, i%6)
	}
	res, err := m.Call("f", []interp.Value{interp.MemRefValue(a)})
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, r := range res {
		parts = append(parts, r.String())
	}
	// subview (1,1) -> 8 + 6 + 2 = 16; reinterpret (2,1) -> 3 + 14 + 1 = 18; expand (1,2,1) -> 12+8+1 = 21.
	if got, want := strings.Join(parts, ", "), "16 : f32, 18 : f32, 21 : f32, 5 : f32, 4 : index"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestCopyPropagatesPoison: copying uninitialised memory is fine, reading it is not.
func TestCopyPropagatesPoison(t *testing.T) {
	src := `
func.func @f(%a: memref<4xf32>) -> f32 {
  %m = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 1.0 : f32
  memref.store %x, %m[%c0] : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  %w = memref.load %a[%c2] : memref<4xf32>
  return %w : f32
}`
	wantCallError(t, src, "f", "test.mlir:10:8: error: load of uninitialised memory from memref<4xf32> at index [2]", newBuf(ir.F32, 4))
}

// TestAllocaDiesWithFunction: an alloca returned from its function is freed.
func TestAllocaDiesWithFunction(t *testing.T) {
	src := `
func.func @g() -> memref<2xf32> {
  %m = memref.alloca() : memref<2xf32>
  return %m : memref<2xf32>
}
func.func @f(%a: memref<4xf32>) -> f32 {
  %m = call @g() : () -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<2xf32>
  return %v : f32
}`
	wantCallError(t, src, "f", "load from freed memref memref<2xf32>", newBuf(ir.F32, 4))
}

func TestRandomArgsDeterministic(t *testing.T) {
	ft := ir.Function([]ir.Type{ir.MemRef([]int64{3, ir.Dynamic}, ir.F16, nil, nil), ir.I32}, nil)
	a, err := interp.RandomArgs(ft, 5)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := interp.RandomArgs(ft, 5)
	c, _ := interp.RandomArgs(ft, 6)
	if !a[0].Ref.Equal(b[0].Ref) || a[1].Bits != b[1].Bits {
		t.Error("same seed gave different arguments")
	}
	if a[0].Ref.Equal(c[0].Ref) {
		t.Error("different seeds gave equal arguments")
	}
	if got := a[0].Ref.Sizes; got[1] != interp.DynamicSize {
		t.Errorf("dynamic size %d", got[1])
	}
}
