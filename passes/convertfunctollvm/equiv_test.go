package convertfunctollvm_test

import (
	"math/rand"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// equivSrc has functions whose boundary func-to-llvm changes: scalars
// through loops with block arguments and calls with several results, and
// memrefs passed to and returned from calls.
const equivSrc = `
func.func @step(%acc: i32, %x: i32) -> (i32, i32) {
  %a = arith.muli %acc, %x : i32
  %b = arith.addi %acc, %x overflow<nsw> : i32
  return %a, %b : i32, i32
}
func.func @loop(%n: index, %x: i32) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %m = arith.remui %n, %c16 : index
  cf.br ^bb1(%c0, %x : index, i32)
^bb1(%i: index, %acc: i32):
  %c = arith.cmpi slt, %i, %m : index
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %p, %q = call @step(%acc, %x) : (i32, i32) -> (i32, i32)
  %r = arith.xori %p, %q : i32
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j, %r : index, i32)
^bb3:
  return %acc, %i : i32, index
}
func.func @pass(%m: memref<4x?xf32>) -> memref<4x?xf32> {
  return %m : memref<4x?xf32>
}
func.func @dyn(%m: memref<4x?xf32>, %i: index) -> (index, memref<4x?xf32>) {
  %r = call @pass(%m) : (memref<4x?xf32>) -> memref<4x?xf32>
  return %i, %r : index, memref<4x?xf32>
}
`

// bareSrc is for the bare-pointer convention: static memrefs only.
const bareSrc = `
func.func @one(%m: memref<8xf32>, %x: f32) -> (memref<8xf32>, f32) {
  %y = arith.mulf %x, %x : f32
  return %m, %y : memref<8xf32>, f32
}
func.func @caller(%m: memref<8xf32>, %x: f32) -> (memref<8xf32>, f32) {
  %r, %y = call @one(%m, %x) : (memref<8xf32>, f32) -> (memref<8xf32>, f32)
  return %r, %y : memref<8xf32>, f32
}
`

// convertPair parses src twice and runs pipeline over the second copy.
func convertPair(t *testing.T, src, pipeline string) (before, after *interp.Machine) {
	t.Helper()
	orig, conv := passtest.LowerPair(t, "in.mlir", []byte(src), passtest.Pipeline(nil, pipeline))
	var err error
	if before, err = interp.New(orig, interp.Options{}); err != nil {
		t.Fatal(err)
	}
	if after, err = interp.New(conv, interp.Options{}); err != nil {
		t.Fatal(err)
	}
	return before, after
}

func call(t *testing.T, m *interp.Machine, fn string, args ...interp.Value) []interp.Value {
	t.Helper()
	rs, err := m.Call(fn, args)
	if err != nil {
		t.Fatalf("@%s: %v", fn, err)
	}
	return rs
}

func field(t *testing.T, v interp.Value, path ...int64) interp.Value {
	t.Helper()
	a, ok := v.Obj.(*interp.Aggregate)
	if !ok {
		t.Fatalf("%v is not an aggregate", v)
	}
	f, err := a.Field(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// edgeInts mixes the integer limits into random inputs.
func edgeInt(r *rand.Rand) int64 {
	edges := []int64{0, 1, -1, 2147483647, -2147483648, 255}
	if r.Intn(3) == 0 {
		return edges[r.Intn(len(edges))]
	}
	return int64(int32(r.Uint32()))
}

// TestScalarEquivalence runs @loop before and after convert-func-to-llvm
// (both index bitwidths) on random inputs: the llvm.func takes the same
// scalars (index as an integer) and returns its two results in a struct.
func TestScalarEquivalence(t *testing.T) {
	for _, width := range []int{64, 32} {
		pipeline := "convert-func-to-llvm,reconcile-unrealized-casts"
		if width == 32 {
			pipeline = "convert-func-to-llvm{index-bitwidth=32},reconcile-unrealized-casts"
		}
		before, after := convertPair(t, equivSrc, pipeline)
		r := rand.New(rand.NewSource(int64(width)))
		for i := 0; i < 20; i++ {
			n, x := r.Int63n(40), edgeInt(r)
			want := call(t, before, "loop", interp.IntValue(ir.Index, n), interp.IntValue(ir.I32, x))
			got := call(t, after, "loop", interp.IntValue(ir.Integer(width), n), interp.IntValue(ir.I32, x))
			if len(got) != 1 {
				t.Fatalf("llvm.func returned %d values, want one struct", len(got))
			}
			acc, idx := field(t, got[0], 0), field(t, got[0], 1)
			if acc.Bits != want[0].Bits || idx.Bits != want[1].Bits {
				t.Fatalf("index-bitwidth=%d loop(%d, %d): got (%d, %d), want (%d, %d)", width, n, x, acc.Bits, idx.Bits, want[0].Bits, want[1].Bits)
			}
		}
	}
}

// TestMemRefEquivalence passes a memref through calls under the expanded
// convention: the llvm.func takes the descriptor's fields and returns a
// descriptor describing the same view (same buffer, sizes and strides).
func TestMemRefEquivalence(t *testing.T) {
	before, after := convertPair(t, equivSrc, "convert-func-to-llvm,reconcile-unrealized-casts")
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 5; i++ {
		cols := 1 + r.Int63n(6)
		ctx := all.NewContext()
		ty, err := parser.ParseType(ctx, "memref<4x?xf32>")
		if err != nil {
			t.Fatal(err)
		}
		m := interp.NewMemRef(ty.(*ir.MemRefType), []int64{4, cols})
		idx := r.Int63n(100)
		want := call(t, before, "dyn", interp.Value{Type: ty, Ref: m}, interp.IntValue(ir.Index, idx))
		if want[1].Ref != m {
			t.Fatalf("the original does not return its argument")
		}
		p := interp.PointerValue(llvm.Ptr(0), interp.PointerTo(m))
		i64 := func(v int64) interp.Value { return interp.IntValue(ir.I64, v) }
		got := call(t, after, "dyn", p, p, i64(m.Offset), i64(4), i64(cols), i64(m.Strides[0]), i64(m.Strides[1]), i64(idx))
		if v := field(t, got[0], 0); v.Bits != uint64(idx) {
			t.Fatalf("index result %d, want %d", v.Bits, idx)
		}
		d := field(t, got[0], 1)
		if ptr, ok := field(t, d, 1).Obj.(interp.Pointer); !ok || ptr.Buf != m.Buf {
			t.Fatalf("aligned pointer of the returned descriptor is not the argument's buffer: %v", field(t, d, 1))
		}
		for _, c := range []struct {
			path []int64
			want int64
		}{{[]int64{3, 0}, 4}, {[]int64{3, 1}, cols}, {[]int64{4, 0}, m.Strides[0]}, {[]int64{4, 1}, m.Strides[1]}} {
			if v := field(t, d, c.path...); int64(v.Bits) != c.want {
				t.Fatalf("descriptor field %v = %d, want %d", c.path, v.Bits, c.want)
			}
		}
	}
}

// TestBarePtrEquivalence does the same under the bare-pointer convention:
// one pointer in, the same pointer back, the scalar result equal.
func TestBarePtrEquivalence(t *testing.T) {
	before, after := convertPair(t, bareSrc, "convert-func-to-llvm{use-bare-ptr-memref-call-conv},reconcile-unrealized-casts")
	ctx := all.NewContext()
	ty, err := parser.ParseType(ctx, "memref<8xf32>")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 10; i++ {
		m := interp.NewMemRef(ty.(*ir.MemRefType), nil)
		x := interp.FloatValue(ir.F32, r.NormFloat64()*100)
		want := call(t, before, "caller", interp.Value{Type: ty, Ref: m}, x)
		got := call(t, after, "caller", interp.PointerValue(llvm.Ptr(0), interp.PointerTo(m)), x)
		if ptr, ok := field(t, got[0], 0).Obj.(interp.Pointer); !ok || ptr.Buf != m.Buf || ptr.Off != 0 {
			t.Fatalf("returned pointer %v is not the argument", field(t, got[0], 0))
		}
		if y := field(t, got[0], 1); y.Bits != want[1].Bits {
			t.Fatalf("scalar result %x, want %x", y.Bits, want[1].Bits)
		}
	}
}
