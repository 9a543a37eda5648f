package finalizememreftollvm_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/passes/convertvectortollvm"
	"github.com/goopt/goopt/passes/finalizememreftollvm"
	"github.com/goopt/goopt/printer"
	"github.com/goopt/goopt/rewrite/convert"
)

// equivProgram exercises the lowered memref and vector ops inside
// functions of scalar arguments (the function boundary stays func.func):
// globals (constant, uninitialized, workgroup), strided and offset views
// made with reinterpret_cast, dim, vector loads and stores, broadcast,
// splat, extract/insert and fma. (llvm.alloca and the reduction, masked
// and memcpy intrinsics have no interpreter handlers yet, so alloca,
// reductions, masked accesses and copy are checked by lit tests only.)
const equivProgram = `
memref.global "private" constant @table : memref<2x4xf32> = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]>
memref.global "private" @scratch : memref<16xf32> = uninitialized
memref.global "private" @smem : memref<4x8xf16, 3> = uninitialized
memref.global "private" @buf48 : memref<4x8xf32> = uninitialized
memref.global "private" @buf28 : memref<2x8xf32> = uninitialized

func.func @strided(%x: f32, %a: index, %b: index) -> (f32, f32, index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i = arith.remui %a, %c2 : index
  %j = arith.remui %b, %c3 : index
  %buf = memref.get_global @buf48 : memref<4x8xf32>
  %base, %off, %s:2, %t:2 = memref.extract_strided_metadata %buf : memref<4x8xf32> -> memref<f32>, index, index, index, index, index
  %view = memref.reinterpret_cast %base to offset: [9], sizes: [2, 3], strides: [8, 2] : memref<f32> to memref<2x3xf32, strided<[8, 2], offset: 9>>
  %c0f = arith.constant 0.0 : f32
  %c1f = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %r = %c0 to %c4 step %c1 {
    scf.for %q = %c0 to %c8 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %qi = arith.index_cast %q : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %qf = arith.sitofp %qi : i32 to f32
      %h = arith.mulf %rf, %x : f32
      %v = arith.addf %h, %qf : f32
      memref.store %v, %buf[%r, %q] : memref<4x8xf32>
    }
  }
  %e = memref.load %view[%i, %j] : memref<2x3xf32, strided<[8, 2], offset: 9>>
  memref.store %x, %view[%i, %j] : memref<2x3xf32, strided<[8, 2], offset: 9>>
  %k = arith.addi %j, %c1 : index
  %w = memref.load %buf[%k, %i] : memref<4x8xf32>
  %d = memref.dim %view, %c1 : memref<2x3xf32, strided<[8, 2], offset: 9>>
  %o = arith.addi %i, %c3 : index
  %dyn = memref.reinterpret_cast %base to offset: [%o], sizes: [%c2, 2], strides: [%c8, %c3] : memref<f32> to memref<?x2xf32, strided<[?, ?], offset: ?>>
  %g = memref.load %dyn[%i, %c1] : memref<?x2xf32, strided<[?, ?], offset: ?>>
  %ge = arith.addf %g, %e : f32
  return %ge, %w, %d : f32, f32, index
}

func.func @globals(%x: f32, %a: index) -> (f32, f32) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i = arith.remui %a, %c2 : index
  %j = arith.remui %a, %c4 : index
  %t = memref.get_global @table : memref<2x4xf32>
  %s = memref.get_global @scratch : memref<16xf32>
  %v = memref.load %t[%i, %j] : memref<2x4xf32>
  %y = arith.mulf %v, %x : f32
  memref.store %y, %s[%j] : memref<16xf32>
  %z = memref.load %s[%j] : memref<16xf32>
  return %v, %z : f32, f32
}

func.func @vectors(%x: f32, %y: f32, %a: index) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i = arith.remui %a, %c2 : index
  %col = arith.muli %i, %c4 : index
  %t = memref.get_global @table : memref<2x4xf32>
  %buf = memref.get_global @buf28 : memref<2x8xf32>
  %row = vector.load %t[%i, %c0] : memref<2x4xf32>, vector<4xf32>
  %bx = vector.broadcast %x : f32 to vector<4xf32>
  %f = vector.fma %row, %bx, %bx : vector<4xf32>
  vector.store %f, %buf[%c1, %col] : memref<2x8xf32>, vector<4xf32>
  %back = vector.load %buf[%c1, %col] : memref<2x8xf32>, vector<4xf32>
  %m = vector.broadcast %y : f32 to vector<2x4xf32>
  %m2 = vector.insert %back, %m[1] : vector<4xf32> into vector<2x4xf32>
  %e = vector.extract %m2[1, 3] : f32 from vector<2x4xf32>
  %e0 = vector.extract %m2[0, 2] : f32 from vector<2x4xf32>
  %e2 = vector.extract %back[%i] : f32 from vector<4xf32>
  return %e, %e0, %e2 : f32, f32, f32
}

func.func @shared(%a: index, %h: f16) -> vector<8xf16> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = arith.remui %a, %c4 : index
  %s = memref.get_global @smem : memref<4x8xf16, 3>
  %v = vector.splat %h : vector<8xf16>
  vector.store %v, %s[%r, %c0] : memref<4x8xf16, 3>, vector<8xf16>
  %w = vector.load %s[%r, %c0] : memref<4x8xf16, 3>, vector<8xf16>
  return %w : vector<8xf16>
}
`

// lower runs convert-vector-to-llvm, finalize-memref-to-llvm and the cast
// reconciliation on module.
func lower(t *testing.T, ctx *ir.Context, module *ir.Operation, valign bool) {
	t.Helper()
	if err := convertvectortollvm.Convert(ctx, module, convertvectortollvm.Options{VectorAlignmentFromIndices: valign}); err != nil {
		t.Fatal(err)
	}
	if err := finalizememreftollvm.Convert(ctx, module, finalizememreftollvm.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := convert.ReconcileUnrealizedCasts(module); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
}

// TestExecutionEquivalence runs each function before and after the
// lowering on random inputs with the reference interpreter and compares
// the results bit for bit.
func TestExecutionEquivalence(t *testing.T) {
	for _, valign := range []bool{false, true} {
		ctx := all.NewContext()
		parse := func() *ir.Operation {
			f, err := parser.ParseFile(ctx, "equiv.mlir", []byte(equivProgram))
			if err != nil {
				t.Fatal(err)
			}
			return f.Module
		}
		before, after := parse(), parse()
		lower(t, ctx, after, valign)
		out := printer.String(after, printer.Options{})
		ir.WalkOps(after, func(op *ir.Operation) {
			if n := op.Name(); len(n) > 7 && (n[:7] == "memref." || n[:7] == "vector.") {
				t.Fatalf("'%s' left after lowering:\n%s", n, out)
			}
		})
		rng := rand.New(rand.NewSource(1))
		f32 := ir.F32
		for trial := 0; trial < 8; trial++ {
			x := interp.FloatValue(f32, rng.Float64()*8-4)
			y := interp.FloatValue(f32, rng.Float64()*8-4)
			a := interp.IndexValue(rng.Int63n(1000))
			b := interp.IndexValue(rng.Int63n(1000))
			h := interp.FloatValue(ir.F16, float64(rng.Intn(64))/8)
			calls := map[string][]interp.Value{
				"strided": {x, a, b},
				"globals": {x, a},
				"vectors": {x, y, a},
				"shared":  {a, h},
			}
			for fn, args := range calls {
				want := run(t, before, fn, args)
				got := run(t, after, fn, args)
				if fmt.Sprint(bitsOf(want)) != fmt.Sprint(bitsOf(got)) {
					t.Errorf("@%s%v (vector alignment from indices %v): before %v, after %v\n%s", fn, args, valign, want, got, out)
				}
			}
		}
	}
}

func run(t *testing.T, module *ir.Operation, fn string, args []interp.Value) []interp.Value {
	t.Helper()
	m, err := interp.New(module, interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Call(fn, args)
	if err != nil {
		t.Fatalf("@%s: %v", fn, err)
	}
	return res
}

// bitsOf renders results comparably: scalars by their bits, vectors by
// their lanes.
func bitsOf(vs []interp.Value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = fmt.Sprintf("%v/%x", v, v.Bits)
	}
	return out
}
