package interp_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// floats returns a vector result's elements as float64s.
func floats(t *testing.T, v interp.Value) []float64 {
	t.Helper()
	if v.Vec == nil {
		t.Fatalf("%v is not a vector", v)
	}
	ft := v.Vec.Type.Elem.(*ir.FloatType)
	out := make([]float64, len(v.Vec.Elems))
	for i, b := range v.Vec.Elems {
		out[i] = interp.Value{Type: ft, Bits: b}.Float()
	}
	return out
}

func ints(t *testing.T, v interp.Value) []int64 {
	t.Helper()
	if v.Vec == nil {
		t.Fatalf("%v is not a vector", v)
	}
	out := make([]int64, len(v.Vec.Elems))
	for i, b := range v.Vec.Elems {
		out[i] = interp.Value{Type: v.Vec.Type.Elem, Bits: b}.Int()
	}
	return out
}

// iota4x4 fills a 4x4 f32 memref with 0..15 and returns it.
func iota4x4() *interp.MemRef {
	m := newBuf(ir.F32, 4, 4)
	for i := 0; i < 16; i++ {
		_ = m.SetFloat(float64(i), int64(i/4), int64(i%4))
	}
	return m
}

// Transfers read the padding where a dimension not marked in_bounds runs
// past the memref or the mask bit is clear, transpose through the
// permutation map, and skip such elements when writing.
func TestVectorTransfer(t *testing.T) {
	const src = `
func.func @f(%m: memref<4x4xf32>, %o: memref<4x4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<2x3xf32>, vector<4xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %a = vector.transfer_read %m[%c1, %c2], %pad : memref<4x4xf32>, vector<4xf32>
  %k = vector.create_mask %c3 : vector<4xi1>
  %b = vector.transfer_read %m[%c3, %c1], %pad, %k : memref<4x4xf32>, vector<4xf32>
  %c = vector.transfer_read %m[%c2, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x4xf32>, vector<2x3xf32>
  %d = vector.transfer_read %m[%c1, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<4x4xf32>, vector<4xf32>
  %w = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : vector<4xf32>
  vector.transfer_write %w, %o[%c2, %c1] : vector<4xf32>, memref<4x4xf32>
  return %a, %b, %c, %d : vector<4xf32>, vector<4xf32>, vector<2x3xf32>, vector<4xf32>
}`
	m := machine(t, src)
	out := newBuf(ir.F32, 4, 4)
	res, err := m.Call("f", []interp.Value{interp.MemRefValue(iota4x4()), interp.MemRefValue(out)})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{
		{6, 7, -1, -1},          // row 1 from column 2: two elements past the end
		{13, 14, 15, -1},        // masked to three
		{9, 13, -1, 10, 14, -1}, // transposed: [j][i] = m[2+i][1+j]; row 4 is out of bounds
		{5, 5, 5, 5},            // broadcast of m[1][1]
	}
	for i, w := range want {
		if got := floats(t, res[i]); !slices.Equal(got, w) {
			t.Errorf("result %d = %v, want %v", i, got, w)
		}
	}
	// The output starts as zeros; the write covers o[2][1..3], and its
	// last element, past the end of the row, is dropped.
	for j, want := range []float64{0, 10, 11, 12} {
		bits, _, err := out.At(2, int64(j))
		if err != nil {
			t.Fatal(err)
		}
		if got := (interp.Value{Type: ir.F32, Bits: bits}).Float(); got != want {
			t.Errorf("o[2][%d] = %v, want %v", j, got, want)
		}
	}
	if bits, _, _ := out.At(3, 0); bits != 0 {
		t.Errorf("transfer_write wrapped into o[3][0]")
	}
}

// An in_bounds dimension that runs past the memref is an error, not padding.
func TestVectorTransferInBoundsViolation(t *testing.T) {
	const src = `
func.func @f(%m: memref<4x4xf32>) -> vector<4xf32> {
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c2, %c2], %pad {in_bounds = [true]} : memref<4x4xf32>, vector<4xf32>
  return %a : vector<4xf32>
}`
	_, err := machine(t, src).Call("f", []interp.Value{interp.MemRefValue(iota4x4())})
	if err == nil || !strings.Contains(err.Error(), "out-of-bounds") && !strings.Contains(err.Error(), "out of bounds") {
		t.Fatalf("got %v, want an out-of-bounds error", err)
	}
}

func TestVectorMemoryAndShapes(t *testing.T) {
	const src = `
func.func @f(%m: memref<4x4xf32>, %i: index) -> (vector<4xf32>, vector<4xf32>, f32, vector<2x2xf32>, vector<4x4xf32>, vector<16xf32>, vector<2xi32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = vector.load %m[%c1, %c0] : memref<4x4xf32>, vector<4xf32>
  %b = vector.broadcast %v : vector<4xf32> to vector<4x4xf32>
  %s = arith.constant 2.0 : f32
  %sp = vector.splat %s : vector<4xf32>
  %f = vector.fma %v, %sp, %v : vector<4xf32>
  vector.store %f, %m[%c0, %c0] : memref<4x4xf32>, vector<4xf32>
  %e = vector.extract %b[3, %i] : f32 from vector<4x4xf32>
  %ss = vector.extract_strided_slice %b {offsets = [1, 2], sizes = [2, 2], strides = [1, 1]} : vector<4x4xf32> to vector<2x2xf32>
  %z = arith.constant dense<0.0> : vector<4x4xf32>
  %is = vector.insert_strided_slice %ss, %z {offsets = [2, 1], strides = [1, 1]} : vector<2x2xf32> into vector<4x4xf32>
  %ins = vector.insert %s, %is [0, 3] : f32 into vector<4x4xf32>
  %flat = vector.shape_cast %ins : vector<4x4xf32> to vector<16xf32>
  %one = arith.constant dense<[1.0, -2.0]> : vector<2xf32>
  %bits = vector.bitcast %one : vector<2xf32> to vector<2xi32>
  %k = vector.constant_mask [2] : vector<4xi1>
  %pass = arith.constant dense<7.0> : vector<4xf32>
  %ml = vector.maskedload %m[%c1, %c0], %k, %pass : memref<4x4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%c1, %c0], %k, %pass : memref<4x4xf32>, vector<4xi1>, vector<4xf32>
  return %v, %f, %e, %ss, %ins, %flat, %bits, %ml : vector<4xf32>, vector<4xf32>, f32, vector<2x2xf32>, vector<4x4xf32>, vector<16xf32>, vector<2xi32>, vector<4xf32>
}`
	mem := iota4x4()
	res, err := machine(t, src).Call("f", []interp.Value{interp.MemRefValue(mem), interp.IndexValue(2)})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		i    int
		want []float64
	}{
		{0, []float64{4, 5, 6, 7}},
		{1, []float64{12, 15, 18, 21}},
		{3, []float64{6, 7, 6, 7}},
		{4, []float64{0, 0, 0, 2, 0, 0, 0, 0, 0, 6, 7, 0, 0, 6, 7, 0}},
		{5, []float64{0, 0, 0, 2, 0, 0, 0, 0, 0, 6, 7, 0, 0, 6, 7, 0}},
		{7, []float64{4, 5, 7, 7}},
	}
	for _, c := range checks {
		if got := floats(t, res[c.i]); !slices.Equal(got, c.want) {
			t.Errorf("result %d = %v, want %v", c.i, got, c.want)
		}
	}
	if got := res[2].Float(); got != 6 {
		t.Errorf("extract = %v, want 6", got)
	}
	if got := ints(t, res[6]); got[0] != 0x3f800000 || uint32(got[1]) != 0xc0000000 {
		t.Errorf("bitcast = %#x, want [0x3f800000 0xc0000000]", got)
	}
	for j, want := range []float64{12, 15, 18, 21} {
		if bits, _, _ := mem.At(0, int64(j)); (interp.Value{Type: ir.F32, Bits: bits}).Float() != want {
			t.Errorf("store: m[0][%d] = %v, want %v", j, bits, want)
		}
	}
	for j, want := range []float64{7, 7, 6, 7} {
		if bits, _, _ := mem.At(1, int64(j)); (interp.Value{Type: ir.F32, Bits: bits}).Float() != want {
			t.Errorf("maskedstore: m[1][%d] = %v, want %v", j, bits, want)
		}
	}
}

// A dynamic extract position out of range is reported at the op.
func TestVectorExtractOutOfRange(t *testing.T) {
	const src = `
func.func @f(%v: vector<4xf32>, %i: index) -> f32 {
  %e = vector.extract %v[%i] : f32 from vector<4xf32>
  return %e : f32
}`
	v := &interp.Vector{Type: ir.Vector([]int64{4}, ir.F32, nil), Elems: make([]uint64, 4)}
	_, err := machine(t, src).Call("f", []interp.Value{interp.VectorValue(v), interp.IndexValue(4)})
	if err == nil || !strings.Contains(err.Error(), "position 4 out of range [0, 4)") {
		t.Fatalf("got %v", err)
	}
}

func TestVectorReductionContractMasks(t *testing.T) {
	const src = `
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @f(%n: index) -> (f32, i32, f32, vector<2x2xf32>, vector<2x3xi1>, vector<2x3xi1>, i32) {
  %v = arith.constant dense<[1.0, 5.0, -3.0, 2.0]> : vector<4xf32>
  %acc = arith.constant 10.0 : f32
  %sum = vector.reduction <add>, %v, %acc : vector<4xf32> into f32
  %iv = arith.constant dense<[3, -7, 2, 9]> : vector<4xi32>
  %mn = vector.reduction <minsi>, %iv : vector<4xi32> into i32
  %mx = vector.reduction <maximumf>, %v : vector<4xf32> into f32
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf16>
  %b = arith.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : vector<3x2xf16>
  %c = arith.constant dense<[[0.5, 0.0], [0.0, 0.5]]> : vector<2x2xf32>
  %r = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x3xf16>, vector<3x2xf16> into vector<2x2xf32>
  %cm = vector.create_mask %n, %n : vector<2x3xi1>
  %km = vector.constant_mask [1, 2] : vector<2x3xi1>
  %x = vector.reduction <xor>, %iv : vector<4xi32> into i32
  return %sum, %mn, %mx, %r, %cm, %km, %x : f32, i32, f32, vector<2x2xf32>, vector<2x3xi1>, vector<2x3xi1>, i32
}`
	res, err := machine(t, src).Call("f", []interp.Value{interp.IndexValue(2)})
	if err != nil {
		t.Fatal(err)
	}
	if got := res[0].Float(); got != 15 {
		t.Errorf("reduction <add> = %v, want 15", got)
	}
	if got := res[1].Int(); got != -7 {
		t.Errorf("reduction <minsi> = %v, want -7", got)
	}
	if got := res[2].Float(); got != 5 {
		t.Errorf("reduction <maximumf> = %v, want 5", got)
	}
	if got := floats(t, res[3]); !slices.Equal(got, []float64{4.5, 5, 10, 11.5}) {
		t.Errorf("contract = %v, want [4.5 5 10 11.5]", got)
	}
	if got := ints(t, res[4]); !slices.Equal(got, []int64{-1, -1, 0, -1, -1, 0}) {
		t.Errorf("create_mask = %v", got)
	}
	if got := ints(t, res[5]); !slices.Equal(got, []int64{-1, -1, 0, 0, 0, 0}) {
		t.Errorf("constant_mask = %v", got)
	}
	if got := res[6].Int(); got != 3^-7^2^9 {
		t.Errorf("reduction <xor> = %v, want %d", got, 3^-7^2^9)
	}
}

func TestVectorPrint(t *testing.T) {
	const src = `
func.func @f() {
  %v = arith.constant dense<[[1.5, 2.0], [-3.0, 1.0e+07]]> : vector<2x2xf32>
  %i = arith.constant dense<[1, -2]> : vector<2xi32>
  %s = arith.constant 42 : index
  vector.print %v : vector<2x2xf32>
  vector.print %i : vector<2xi32> punctuation <comma>
  vector.print %s : index
  vector.print str "done"
  return
}`
	var out bytes.Buffer
	m, err := interp.New(parse(t, src), interp.Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Call("f", nil); err != nil {
		t.Fatal(err)
	}
	want := "( ( 1.5, 2 ), ( -3, 1e+07 ) )\n( 1, -2 ), 42\ndone\n"
	if out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
}
