package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// The ops of dialects/llvm/ops_lowering.go are registered on branch
// memreftollvm; these tests run once it is merged.
func requireOps(t *testing.T, names ...string) {
	t.Helper()
	ctx := all.NewContext()
	for _, n := range names {
		if ctx.OpDef(n) == nil {
			t.Skipf("%s is not registered (dialects/llvm/ops_lowering.go, branch memreftollvm)", n)
		}
	}
}

// alloca'd memory holds what is stored, starts uninitialised and is freed
// at function exit; masked loads and stores touch only their lanes; memcpy
// carries initialisation bits; reductions fold in lane order.
func TestLLVMLoweringOps(t *testing.T) {
	requireOps(t, "llvm.alloca", "llvm.intr.masked.load", "llvm.intr.masked.store", "llvm.intr.memcpy",
		"llvm.intr.assume", "llvm.intr.vector.reduce.fadd", "llvm.intr.vector.reduce.smax")
	const src = `
llvm.func @f(%x: !llvm.ptr) -> !llvm.struct<(f32, i32, f32, f32)> {
  %c4 = llvm.mlir.constant(4 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %buf = llvm.alloca %c4 x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  "llvm.intr.memcpy"(%buf, %x, %c16) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %m = llvm.mlir.constant(dense<[true, false, true, false]> : vector<4xi1>) : vector<4xi1>
  %pt = llvm.mlir.constant(dense<-1.0> : vector<4xf32>) : vector<4xf32>
  %v = llvm.intr.masked.load %buf, %m, %pt {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  %z = llvm.mlir.constant(dense<0.0> : vector<4xf32>) : vector<4xf32>
  llvm.intr.masked.store %z, %buf, %m {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
  %w = llvm.load %buf {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
  %s0 = llvm.mlir.constant(10.0 : f32) : f32
  %sum = "llvm.intr.vector.reduce.fadd"(%s0, %v) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
  %wsum = "llvm.intr.vector.reduce.fadd"(%s0, %w) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
  %iv = llvm.mlir.constant(dense<[3, -7, 9, 2]> : vector<4xi32>) : vector<4xi32>
  %mx = "llvm.intr.vector.reduce.smax"(%iv) : (vector<4xi32>) -> i32
  %fm = llvm.intr.vector.reduce.fmaximum(%w) : (vector<4xf32>) -> f32
  %t = llvm.mlir.constant(true) : i1
  "llvm.intr.assume"(%t) : (i1) -> ()
  %u = llvm.mlir.undef : !llvm.struct<(f32, i32, f32, f32)>
  %r0 = llvm.insertvalue %sum, %u[0] : !llvm.struct<(f32, i32, f32, f32)>
  %r1 = llvm.insertvalue %mx, %r0[1] : !llvm.struct<(f32, i32, f32, f32)>
  %r2 = llvm.insertvalue %wsum, %r1[2] : !llvm.struct<(f32, i32, f32, f32)>
  %r3 = llvm.insertvalue %fm, %r2[3] : !llvm.struct<(f32, i32, f32, f32)>
  llvm.return %r3 : !llvm.struct<(f32, i32, f32, f32)>
}
llvm.func @uninit() -> f32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %c1 x f32 : (i32) -> !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> f32
  llvm.return %v : f32
}`
	m := machine(t, src)
	x := newBuf(ir.F32, 4)
	for i, v := range []float64{1, 2, 3, 4} {
		_ = x.SetFloat(v, int64(i))
	}
	ft, _ := m.FunctionType("f")
	res, err := m.Call("f", []interp.Value{interp.PointerValue(ft.Inputs[0], interp.PointerTo(x))})
	if err != nil {
		t.Fatal(err)
	}
	fs := res[0].Obj.(*interp.Aggregate).Fields
	// v = [1, -1, 3, -1]; w = [0, 2, 0, 4].
	if fs[0].Float() != 12 || fs[1].Int() != 9 || fs[2].Float() != 16 || fs[3].Float() != 4 {
		t.Errorf("got %v", res[0])
	}
	if _, err := m.Call("uninit", nil); err == nil || !strings.Contains(err.Error(), "load of uninitialised memory") {
		t.Errorf("uninitialised alloca: %v", err)
	}
}
