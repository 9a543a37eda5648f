package interp_test

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// call runs fn of src on args and returns its results.
func call(t *testing.T, src, fn string, args ...interp.Value) []interp.Value {
	t.Helper()
	res, err := machine(t, src).Call(fn, args)
	if err != nil {
		t.Fatalf("%s: %v", fn, err)
	}
	return res
}

func i32(v int32) interp.Value    { return interp.IntValue(ir.I32, int64(v)) }
func i64v(v int64) interp.Value   { return interp.IntValue(ir.I64, v) }
func f32v(v float32) interp.Value { return interp.FloatValue(ir.F32, float64(v)) }

// Integer ops share arith's kernels: checked against Go's arithmetic on
// random operands, including the signed/unsigned distinctions.
func TestLLVMIntegerOps(t *testing.T) {
	const src = `
llvm.func @ops(%a: i32, %b: i32) -> !llvm.array<16 x i32> {
  %u = llvm.mlir.undef : !llvm.array<16 x i32>
  %0 = llvm.add %a, %b overflow<nsw> : i32
  %1 = llvm.sub %a, %b : i32
  %2 = llvm.mul %a, %b : i32
  %3 = llvm.sdiv %a, %b : i32
  %4 = llvm.udiv %a, %b : i32
  %5 = llvm.srem %a, %b : i32
  %6 = llvm.urem %a, %b : i32
  %7 = llvm.and %a, %b : i32
  %8 = llvm.or %a, %b : i32
  %9 = llvm.xor %a, %b : i32
  %c31 = llvm.mlir.constant(31 : i32) : i32
  %s = llvm.and %b, %c31 : i32
  %10 = llvm.shl %a, %s : i32
  %11 = llvm.lshr %a, %s : i32
  %12 = llvm.ashr %a, %s : i32
  %13 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  %14 = llvm.intr.umin(%a, %b) : (i32, i32) -> i32
  %15 = llvm.intr.ctpop(%a) : (i32) -> i32
  %r0 = llvm.insertvalue %0, %u[0] : !llvm.array<16 x i32>
  %r1 = llvm.insertvalue %1, %r0[1] : !llvm.array<16 x i32>
  %r2 = llvm.insertvalue %2, %r1[2] : !llvm.array<16 x i32>
  %r3 = llvm.insertvalue %3, %r2[3] : !llvm.array<16 x i32>
  %r4 = llvm.insertvalue %4, %r3[4] : !llvm.array<16 x i32>
  %r5 = llvm.insertvalue %5, %r4[5] : !llvm.array<16 x i32>
  %r6 = llvm.insertvalue %6, %r5[6] : !llvm.array<16 x i32>
  %r7 = llvm.insertvalue %7, %r6[7] : !llvm.array<16 x i32>
  %r8 = llvm.insertvalue %8, %r7[8] : !llvm.array<16 x i32>
  %r9 = llvm.insertvalue %9, %r8[9] : !llvm.array<16 x i32>
  %r10 = llvm.insertvalue %10, %r9[10] : !llvm.array<16 x i32>
  %r11 = llvm.insertvalue %11, %r10[11] : !llvm.array<16 x i32>
  %r12 = llvm.insertvalue %12, %r11[12] : !llvm.array<16 x i32>
  %r13 = llvm.insertvalue %13, %r12[13] : !llvm.array<16 x i32>
  %r14 = llvm.insertvalue %14, %r13[14] : !llvm.array<16 x i32>
  %r15 = llvm.insertvalue %15, %r14[15] : !llvm.array<16 x i32>
  llvm.return %r15 : !llvm.array<16 x i32>
}`
	m := machine(t, src)
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 200; n++ {
		a, b := int32(r.Uint32()), int32(r.Uint32())
		if n%4 == 0 {
			a, b = int32(r.IntN(200)-100), int32(r.IntN(20)-10)
		}
		if b == 0 || a == math.MinInt32 && b == -1 {
			continue
		}
		res, err := m.Call("ops", []interp.Value{i32(a), i32(b)})
		if err != nil {
			t.Fatal(err)
		}
		agg := res[0].Obj.(*interp.Aggregate)
		s := uint32(b) & 31
		want := []int32{a + b, a - b, a * b, a / b, int32(uint32(a) / uint32(b)), a % b, int32(uint32(a) % uint32(b)),
			a & b, a | b, a ^ b, a << s, int32(uint32(a) >> s), a >> s, max(a, b), int32(min(uint32(a), uint32(b))),
			int32(bits.OnesCount32(uint32(a)))}
		for i, w := range want {
			if got := int32(agg.Fields[i].Int()); got != w {
				t.Errorf("op %d of (%d, %d): got %d, want %d", i, a, b, got, w)
			}
		}
	}
}

// Float ops, comparisons, select and casts against Go's float32.
func TestLLVMFloatOpsAndCasts(t *testing.T) {
	const src = `
llvm.func @f(%a: f32, %b: f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)> {
  %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %0 = llvm.fadd %a, %b : f32
  %1 = llvm.fsub %a, %b {fastmathFlags = #llvm.fastmath<fast>} : f32
  %2 = llvm.fmul %a, %b : f32
  %3 = llvm.fdiv %a, %b : f32
  %4 = llvm.fneg %a : f32
  %5 = llvm.intr.fma(%a, %b, %a) : (f32, f32, f32) -> f32
  %6 = llvm.fcmp "olt" %a, %b : f32
  %7 = llvm.fcmp "uge" %a, %b : f32
  %8 = llvm.select %6, %a, %b : i1, f32
  %9 = llvm.fptosi %2 : f32 to i32
  %10 = llvm.fpext %a : f32 to f64
  %11 = llvm.fptrunc %10 : f64 to f16
  %12 = llvm.sext %9 : i32 to i64
  %13 = llvm.sitofp %12 : i64 to f32
  %s0 = llvm.insertvalue %0, %u[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s1 = llvm.insertvalue %1, %s0[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s2 = llvm.insertvalue %2, %s1[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s3 = llvm.insertvalue %3, %s2[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s4 = llvm.insertvalue %4, %s3[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s5 = llvm.insertvalue %5, %s4[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s6 = llvm.insertvalue %6, %s5[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s7 = llvm.insertvalue %7, %s6[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s8 = llvm.insertvalue %8, %s7[8] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s9 = llvm.insertvalue %9, %s8[9] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s10 = llvm.insertvalue %10, %s9[10] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s11 = llvm.insertvalue %11, %s10[11] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s12 = llvm.insertvalue %12, %s11[12] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  %s13 = llvm.insertvalue %13, %s12[13] : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
  llvm.return %s13 : !llvm.struct<(f32, f32, f32, f32, f32, f32, i1, i1, f32, i32, f64, f16, i64, f32)>
}`
	m := machine(t, src)
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 100; n++ {
		a, b := float32(r.Float64()*200-100), float32(r.Float64()*200-100)
		res, err := m.Call("f", []interp.Value{f32v(a), f32v(b)})
		if err != nil {
			t.Fatal(err)
		}
		fs := res[0].Obj.(*interp.Aggregate).Fields
		sel := b
		if a < b {
			sel = a
		}
		wantF := map[int]float32{0: a + b, 1: a - b, 2: a * b, 3: a / b, 4: -a,
			5: float32(math.FMA(float64(a), float64(b), float64(a))), 8: sel, 13: float32(int32(a * b))}
		for i, w := range wantF {
			if got := float32(fs[i].Float()); got != w {
				t.Errorf("field %d of (%g, %g): got %g, want %g", i, a, b, got, w)
			}
		}
		if (fs[6].Bits != 0) != (a < b) || (fs[7].Bits != 0) != (a >= b) {
			t.Errorf("comparisons of (%g, %g): %v %v", a, b, fs[6], fs[7])
		}
		if fs[9].Int() != int64(int32(a*b)) || fs[12].Int() != int64(int32(a*b)) {
			t.Errorf("fptosi/sext of %g: %v %v", a*b, fs[9], fs[12])
		}
		if fs[10].Float() != float64(a) || fs[11].Float() != interp.FloatValue(ir.F16, float64(a)).Float() {
			t.Errorf("fpext/fptrunc of %g: %v %v", a, fs[10], fs[11])
		}
	}
}

// Branches with block arguments, a switch and direct calls: a loop that
// sums f(i) for i < n, with f picking by i % 3.
func TestLLVMControlFlowAndCalls(t *testing.T) {
	const src = `
llvm.func @pick(%i: i64) -> i64 {
  %c3 = llvm.mlir.constant(3 : i64) : i64
  %r = llvm.urem %i, %c3 : i64
  %t = llvm.trunc %r : i64 to i32
  llvm.switch %t : i32, ^def [
    0: ^zero,
    1: ^one(%i : i64)
  ]
^zero:
  %z = llvm.mlir.constant(100 : i64) : i64
  llvm.return %z : i64
^one(%x: i64):
  %m = llvm.mul %x, %x : i64
  llvm.return %m : i64
^def:
  %n = llvm.sub %c3, %i : i64
  llvm.return %n : i64
}
llvm.func @sum(%n: i64) -> i64 {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^head(%c0, %c0 : i64, i64)
^head(%i: i64, %acc: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^body, ^exit(%acc : i64)
^body:
  %v = llvm.call @pick(%i) : (i64) -> i64
  %a2 = llvm.add %acc, %v : i64
  %i2 = llvm.add %i, %c1 : i64
  llvm.br ^head(%i2, %a2 : i64, i64)
^exit(%r: i64):
  llvm.return %r : i64
}`
	for _, n := range []int64{0, 1, 5, 17} {
		want := int64(0)
		for i := int64(0); i < n; i++ {
			switch i % 3 {
			case 0:
				want += 100
			case 1:
				want += i * i
			default:
				want += 3 - i
			}
		}
		if got := call(t, src, "sum", i64v(n))[0].Int(); got != want {
			t.Errorf("sum(%d) = %d, want %d", n, got, want)
		}
	}
}

// Calling a declaration fails at the call, naming the function; a
// declaration on a path not taken is harmless.
func TestLLVMExternalCall(t *testing.T) {
	const src = `
llvm.func @ext(i32) -> i32
llvm.func @f(%c: i1, %a: i32) -> i32 {
  llvm.cond_br %c, ^yes, ^no
^yes:
  %r = llvm.call @ext(%a) : (i32) -> i32
  llvm.return %r : i32
^no:
  llvm.return %a : i32
}`
	m := machine(t, src)
	if res, err := m.Call("f", []interp.Value{interp.IntValue(ir.I1, 0), i32(7)}); err != nil || res[0].Int() != 7 {
		t.Fatalf("untaken call: %v %v", res, err)
	}
	_, err := m.Call("f", []interp.Value{interp.IntValue(ir.I1, 1), i32(7)})
	if err == nil || !strings.Contains(err.Error(), "test.mlir:6:8: error: call to 'ext', an external function") {
		t.Fatalf("got %v", err)
	}
	if _, err := m.Call("ext", []interp.Value{i32(1)}); err == nil || !strings.Contains(err.Error(), "'ext' is external") {
		t.Fatalf("calling a declaration directly: %v", err)
	}
}

// llvm.unreachable is an error at the op.
func TestLLVMUnreachable(t *testing.T) {
	const src = `
llvm.func @f() {
  llvm.unreachable
}`
	_, err := machine(t, src).Call("f", nil)
	if err == nil || !strings.Contains(err.Error(), "test.mlir:3:3: error: reached 'llvm.unreachable'") {
		t.Fatalf("got %v", err)
	}
}

// A function over a memref's bare pointer: GEP by element, loads and
// stores read and write the memref's buffer (what memref ops wrote).
func TestLLVMPointerLoadStore(t *testing.T) {
	const src = `
llvm.func @axpy(%a: f32, %x: !llvm.ptr, %y: !llvm.ptr, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^head(%c0 : i64)
^head(%i: i64):
  %lt = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %lt, ^body, ^exit
^body:
  %px = llvm.getelementptr inbounds %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %py = llvm.getelementptr inbounds %y[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %vx = llvm.load %px {alignment = 4 : i64} : !llvm.ptr -> f32
  %vy = llvm.load %py {alignment = 4 : i64} : !llvm.ptr -> f32
  %r = llvm.intr.fma(%a, %vx, %vy) : (f32, f32, f32) -> f32
  llvm.store %r, %py {alignment = 4 : i64} : f32, !llvm.ptr
  %i2 = llvm.add %i, %c1 : i64
  llvm.br ^head(%i2 : i64)
^exit:
  llvm.return
}`
	mt := ir.MemRef([]int64{8}, ir.F32, nil, nil)
	x, y := interp.NewMemRef(mt, nil), interp.NewMemRef(mt, nil)
	x.FillRandom(1)
	y.FillRandom(2)
	want := y.Clone()
	for i := int64(0); i < 8; i++ {
		xv, _ := x.Float32At(i)
		yv, _ := y.Float32At(i)
		_ = want.SetFloat(float64(float32(math.FMA(2, float64(xv), float64(yv)))), i)
	}
	ptr := ir.Type(nil)
	m := machine(t, src)
	ft, err := m.FunctionType("axpy")
	if err != nil {
		t.Fatal(err)
	}
	ptr = ft.Inputs[1]
	if _, err := m.Call("axpy", []interp.Value{f32v(2), interp.PointerValue(ptr, interp.PointerTo(x)),
		interp.PointerValue(ptr, interp.PointerTo(y)), i64v(8)}); err != nil {
		t.Fatal(err)
	}
	if d := y.Compare(want, 0); d != nil {
		t.Fatalf("y: %v", d)
	}
	// One past the end is a located out-of-bounds error.
	_, err = m.Call("axpy", []interp.Value{f32v(2), interp.PointerValue(ptr, interp.PointerTo(x)),
		interp.PointerValue(ptr, interp.PointerTo(y)), i64v(9)})
	if err == nil || !strings.Contains(err.Error(), "test.mlir:12:9: error: out-of-bounds load of 4 bytes at byte offset 32") {
		t.Fatalf("got %v", err)
	}
}

// GEP through structs, arrays and vectors with the NVPTX layout; a global
// with an initializer; aggregates and pointers stored in memory; ptrtoint
// and inttoptr round trips; extract/insertelement and shufflevector.
func TestLLVMLayoutGlobalsAndAggregates(t *testing.T) {
	const src = `
llvm.mlir.global internal @tab(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x i32>>
llvm.mlir.global internal constant @ro(42 : i64) {addr_space = 0 : i32} : i64
llvm.mlir.global internal @cell() {addr_space = 0 : i32} : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>

// offsets of struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>: 0, 8, 16, 32; size 48
llvm.func @offsets() -> !llvm.array<5 x i64> {
  %null = llvm.mlir.zero : !llvm.ptr
  %p1 = llvm.getelementptr %null[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %p2 = llvm.getelementptr %null[0, 2, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %p3 = llvm.getelementptr %null[0, 3, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %p4 = llvm.getelementptr %null[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %p5 = llvm.getelementptr %null[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<packed (i8, i32)>
  %i1 = llvm.ptrtoint %p1 : !llvm.ptr to i64
  %i2 = llvm.ptrtoint %p2 : !llvm.ptr to i64
  %i3 = llvm.ptrtoint %p3 : !llvm.ptr to i64
  %i4 = llvm.ptrtoint %p4 : !llvm.ptr to i64
  %i5 = llvm.ptrtoint %p5 : !llvm.ptr to i64
  %u = llvm.mlir.undef : !llvm.array<5 x i64>
  %a1 = llvm.insertvalue %i1, %u[0] : !llvm.array<5 x i64>
  %a2 = llvm.insertvalue %i2, %a1[1] : !llvm.array<5 x i64>
  %a3 = llvm.insertvalue %i3, %a2[2] : !llvm.array<5 x i64>
  %a4 = llvm.insertvalue %i4, %a3[3] : !llvm.array<5 x i64>
  %a5 = llvm.insertvalue %i5, %a4[4] : !llvm.array<5 x i64>
  llvm.return %a5 : !llvm.array<5 x i64>
}

// tab[i][j] through a dynamic GEP, plus the constant global.
llvm.func @tab_at(%i: i64, %j: i64) -> i64 {
  %g = llvm.mlir.addressof @tab : !llvm.ptr
  %p = llvm.getelementptr %g[0, %i, %j] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<2 x array<3 x i32>>
  %v = llvm.load %p : !llvm.ptr -> i32
  %w = llvm.sext %v : i32 to i64
  %r = llvm.mlir.addressof @ro : !llvm.ptr
  %k = llvm.load %r : !llvm.ptr -> i64
  %s = llvm.add %w, %k : i64
  llvm.return %s : i64
}

// Stores a struct holding a pointer to @tab's second row, loads it back
// field by field and follows the pointer through a ptrtoint/inttoptr
// round trip.
llvm.func @roundtrip(%f: f32) -> f32 {
  %cell = llvm.mlir.addressof @cell : !llvm.ptr
  %tab = llvm.mlir.addressof @tab : !llvm.ptr
  %row = llvm.getelementptr %tab[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x i32>>
  %c7 = llvm.mlir.constant(7 : i8) : i8
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %v0 = llvm.mlir.constant(dense<[1.0, 2.0, 3.0]> : vector<3xf32>) : vector<3xf32>
  %v = llvm.insertelement %f, %v0[%c2 : i32] : vector<3xf32>
  %arr = llvm.mlir.constant([5 : i16, 6 : i16]) : !llvm.array<2 x i16>
  %u = llvm.mlir.undef : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %s0 = llvm.insertvalue %c7, %u[0] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %s1 = llvm.insertvalue %row, %s0[1] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %s2 = llvm.insertvalue %v, %s1[2] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %s3 = llvm.insertvalue %arr, %s2[3] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  llvm.store %s3, %cell : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>, !llvm.ptr
  %l = llvm.load %cell : !llvm.ptr -> !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %lp = llvm.extractvalue %l[1] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %int = llvm.ptrtoint %lp : !llvm.ptr to i64
  %back = llvm.inttoptr %int : i64 to !llvm.ptr
  %e = llvm.load %back : !llvm.ptr -> i32
  %ef = llvm.sitofp %e : i32 to f32
  %lv = llvm.extractvalue %l[2] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %sh = llvm.shufflevector %lv, %lv [2, 0] : vector<3xf32>
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %x = llvm.extractelement %sh[%c0 : i64] : vector<2xf32>
  %h = llvm.extractvalue %l[3, 1] : !llvm.struct<(i8, ptr, vector<3xf32>, array<2 x i16>)>
  %hf = llvm.sitofp %h : i16 to f32
  %r1 = llvm.fadd %x, %ef : f32
  %r2 = llvm.fmul %r1, %hf : f32
  llvm.return %r2 : f32
}

llvm.func @write_ro() {
  %r = llvm.mlir.addressof @ro : !llvm.ptr
  %c = llvm.mlir.constant(1 : i64) : i64
  llvm.store %c, %r : i64, !llvm.ptr
  llvm.return
}`
	m := machine(t, src)
	res, err := m.Call("offsets", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []int64{8, 20, 34, 48, 5} {
		if got := res[0].Obj.(*interp.Aggregate).Fields[i].Int(); got != w {
			t.Errorf("offset %d: got %d, want %d", i, got, w)
		}
	}
	for i := int64(0); i < 2; i++ {
		for j := int64(0); j < 3; j++ {
			res, err := m.Call("tab_at", []interp.Value{i64v(i), i64v(j)})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := res[0].Int(), 3*i+j+1+42; got != want {
				t.Errorf("tab[%d][%d] + 42 = %d, want %d", i, j, got, want)
			}
		}
	}
	res, err = m.Call("roundtrip", []interp.Value{f32v(1.5)})
	if err != nil {
		t.Fatal(err)
	}
	// (f + tab[1][0]) * arr[1] = (1.5 + 4) * 6
	if got := res[0].Float(); got != 33 {
		t.Errorf("roundtrip = %g, want 33", got)
	}
	if _, err := m.Call("write_ro", nil); err == nil || !strings.Contains(err.Error(), "test.mlir:78:3: error: store to constant memory") {
		t.Errorf("store to a constant global: %v", err)
	}
}
