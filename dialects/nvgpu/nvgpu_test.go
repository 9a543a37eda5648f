package nvgpu_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/gpu"
	"github.com/goopt/goopt/dialects/internal/dialecttest"
	"github.com/goopt/goopt/dialects/nvgpu"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

func parseType(t *testing.T, text string) ir.Type {
	t.Helper()
	ty, err := parser.ParseType(all.NewContext(), text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return ty
}

// TestTypesParsePrint: each type reads back to the same interned value,
// printed in upstream's canonical form.
func TestTypesParsePrint(t *testing.T) {
	tests := []struct{ in, want string }{
		{"!nvgpu.device.async.token", ""},
		{"!nvgpu.mbarrier.token", ""},
		{"!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>",
			"!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"},
		{"!nvgpu.mbarrier.group<num_barriers = 4, memorySpace = 3>",
			"!nvgpu.mbarrier.group<memorySpace = 3 : i64, num_barriers = 4>"},
		{"!nvgpu.tensormap.descriptor<oob = nan, tensor = memref<128x64xf16, 3>, swizzle = swizzle_64b, l2promo = l2promo_256b, interleave = interleave_32b>",
			"!nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_64b, l2promo = l2promo_256b, oob = nan, interleave = interleave_32b>"},
		{"!nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, strided<[128, 1]>, 3>>", ""},
		{"!nvgpu.warpgroup.descriptor<tensor = memref<4xf32, affine_map<(d0) -> (d0 + 1)>>>", ""},
		{"!nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>", ""},
	}
	for _, tc := range tests {
		want := tc.want
		if want == "" {
			want = tc.in
		}
		ty := parseType(t, tc.in)
		if got := ty.String(); got != want {
			t.Errorf("%s printed %s, want %s", tc.in, got, want)
		}
		if again := parseType(t, ty.String()); again != ty {
			t.Errorf("%s: reparsed type is not the same interned value", ty)
		}
	}
}

// TestConstructors: the Go constructors give the types the parser gives.
func TestConstructors(t *testing.T) {
	wg := gpu.AddressSpaceOf(gpu.Workgroup)
	box := ir.MemRef([]int64{128, 64}, ir.F16, nil, ir.IntAttr(ir.I64, 3))
	tests := []struct {
		got  ir.Type
		text string
	}{
		{nvgpu.DeviceAsyncToken(), "!nvgpu.device.async.token"},
		{nvgpu.MBarrierToken(), "!nvgpu.mbarrier.token"},
		{nvgpu.MBarrierGroup(wg, 4), "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>"},
		{nvgpu.TensorMapDescriptor(box, nvgpu.Swizzle128B, nvgpu.L2PromoNone, nvgpu.OOBZero, nvgpu.InterleaveNone),
			"!nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>"},
		{nvgpu.WarpgroupMatrixDescriptor(box), "!nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>"},
		{nvgpu.WarpgroupAccumulator(ir.Vector([]int64{64, 128}, ir.F32, nil)),
			"!nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>"},
	}
	for _, tc := range tests {
		if tc.got.String() != tc.text {
			t.Errorf("got %s, want %s", tc.got, tc.text)
		}
		if p := parseType(t, tc.text); p != tc.got {
			t.Errorf("%s: constructor and parser give different values", tc.text)
		}
	}
	// A struct literal prints from its fields too.
	lit := &nvgpu.MBarrierGroupType{MemorySpace: wg, NumBarriers: 1}
	if lit.String() != "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>" {
		t.Errorf("literal printed %s", lit)
	}
}

func TestEnums(t *testing.T) {
	for _, tc := range []struct {
		s           nvgpu.Swizzle
		bytes, code int
	}{{nvgpu.SwizzleNone, 0, 0}, {nvgpu.Swizzle32B, 32, 1}, {nvgpu.Swizzle64B, 64, 2}, {nvgpu.Swizzle128B, 128, 3}, {"bogus", 0, -1}} {
		if tc.s.Bytes() != tc.bytes || tc.s.Code() != tc.code {
			t.Errorf("%s: Bytes %d Code %d, want %d %d", tc.s, tc.s.Bytes(), tc.s.Code(), tc.bytes, tc.code)
		}
	}
	if nvgpu.L2Promo256B.Bytes() != 256 || nvgpu.L2Promo256B.Code() != 3 || nvgpu.OOBNaN.Code() != 1 ||
		nvgpu.Interleave32B.Bytes() != 32 || nvgpu.Interleave32B.Code() != 2 {
		t.Error("enum sizes or codes differ from CUDA's")
	}
}

func TestTypeParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"!nvgpu.mbarrier.group<num_barriers = 4>", "struct is missing required parameter: memorySpace"},
		{"!nvgpu.mbarrier.group<memorySpace = 3, num_barriers = -1>", "out of range"},
		{"!nvgpu.mbarrier.group<memorySpace = 3, num_barriers = x>", "expected integer value"},
		{"!nvgpu.tensormap.descriptor<tensor = memref<4xf32>, swizzle = none, l2promo = none, oob = zero>", "expected ','"},
		{"!nvgpu.warpgroup.accumulator<fragmented = f32>", "invalid kind of type specified"},
		{"!nvgpu.warpgroup.accumulator<fragmented = >", "expected a parameter value"},
		{"!nvgpu.warpgroup.descriptor<tensor = memref<4xf32>> x", "trailing"},
		{"!nvgpu.mbarrier.token<>", "unexpected '<>'"},
		{"!nvgpu.bogus", "unknown  type `bogus` in dialect `nvgpu`"},
	}
	for _, tc := range tests {
		_, err := parser.ParseType(all.NewContext(), tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
	// Bodies the parser's bracket matching would reject first, given to the
	// dialect hook directly.
	for _, tc := range []struct{ body, want string }{
		{".warpgroup.descriptor<tensor = memref<4xf32>", "expected '>'"},
		{".warpgroup.descriptor<tensor = memref<4xf32>>>", "unexpected '>'"},
	} {
		_, err := nvgpu.Dialect().ParseType(tc.body)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.body, err, tc.want)
		}
	}
	// A '>' inside a string does not end the body.
	if ty, err := nvgpu.Dialect().ParseType(`.mbarrier.group<memorySpace = "a>,b">`); err != nil ||
		ty.(*nvgpu.MBarrierGroupType).MemorySpace.String() != `"a>,b"` {
		t.Errorf("string memory space: %v, %v", ty, err)
	}
}

// hopperIR holds one op of each memory-effect shape.
const hopperIR = `
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @f(%g: memref<16xf32>, %s: memref<16xf32, 3>, %sm: memref<128x64xf16, 3>, %sb: memref<64x128xf16, 3>,
             %d: !tma, %out: memref<128x128xf32>, %i: index, %a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  %0 = nvgpu.device_async_copy %g[%i], %s[%i], 4 {bypassL1} : memref<16xf32> to memref<16xf32, 3>
  %1 = nvgpu.device_async_create_group %0
  nvgpu.device_async_wait %1 {numGroups = 2 : i32}
  %l = nvgpu.ldmatrix %sm[%i, %i] {numTiles = 4 : i32, transpose = true} : memref<128x64xf16, 3> -> vector<4x2xf16>
  %m = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  %bar = nvgpu.mbarrier.create -> !bar
  nvgpu.tma.async.load %d[%i, %i], %bar[%i] to %sm : !tma, !bar -> memref<128x64xf16, 3>
  nvgpu.tma.async.store %sm to %d[%i, %i] : memref<128x64xf16, 3> -> !tma
  %da = nvgpu.warpgroup.generate.descriptor %sm, %d : memref<128x64xf16, 3>, !tma -> !descA
  %db = nvgpu.warpgroup.generate.descriptor %sb, %d : memref<64x128xf16, 3>, !tma -> !descB
  %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
  %r = nvgpu.warpgroup.mma %da, %db, %acc {transposeB} : !descA, !descB, !acc -> !acc
  nvgpu.warpgroup.mma.store %r, %out : !acc to memref<128x128xf32>
  return
}
`

func parseHopper(t *testing.T) []*ir.Operation {
	t.Helper()
	module := dialecttest.Parse(t, all.NewContext(), "hopper.mlir", []byte(hopperIR))
	var ops []*ir.Operation
	ir.WalkOps(module, func(o *ir.Operation) {
		if strings.HasPrefix(o.Name(), "nvgpu.") {
			ops = append(ops, o)
		}
	})
	return ops
}

// TestMemoryEffects: upstream's effects, on the operands it names; ops
// upstream declares none for keep unknown effects.
func TestMemoryEffects(t *testing.T) {
	args := []string{"%g", "%s", "%sm", "%sb", "%d", "%out", "%i", "%a", "%b", "%c"}
	want := map[string]string{
		"nvgpu.device_async_copy":              "Write(%s) Read(%g)",
		"nvgpu.device_async_create_group":      "unknown",
		"nvgpu.device_async_wait":              "unknown",
		"nvgpu.ldmatrix":                       "Read(%sm)",
		"nvgpu.mma.sync":                       "",
		"nvgpu.mbarrier.create":                "unknown",
		"nvgpu.tma.async.load":                 "Write(%sm)",
		"nvgpu.tma.async.store":                "Read(%sm) Write(%d)",
		"nvgpu.warpgroup.mma.init.accumulator": "unknown",
		"nvgpu.warpgroup.mma":                  "unknown",
		"nvgpu.warpgroup.mma.store":            "Write(%out)",
	}
	seen := map[string]bool{}
	for _, op := range parseHopper(t) {
		effects, known := ir.MemoryEffects(op)
		got := "unknown"
		if known {
			var parts []string
			for _, e := range effects {
				v := "?"
				if e.Value != nil && e.Value.IsBlockArgument() {
					v = args[e.Value.Index()]
				}
				parts = append(parts, fmt.Sprintf("%s(%s)", e.Kind, v))
			}
			got = strings.Join(parts, " ")
		}
		if op.Name() == "nvgpu.warpgroup.generate.descriptor" {
			if !strings.HasPrefix(got, "Read(%s") {
				t.Errorf("%s: effects %q, want a read of its tensor", op.Name(), got)
			}
			continue
		}
		w, ok := want[op.Name()]
		if !ok {
			t.Fatalf("no expectation for %s", op.Name())
		}
		if got != w {
			t.Errorf("%s: effects %q, want %q", op.Name(), got, w)
		}
		seen[op.Name()] = true
	}
	if len(seen) != len(want) {
		t.Errorf("checked %d ops, want %d", len(seen), len(want))
	}
}

// TestViews: the typed reads of attributes and operand types.
func TestViews(t *testing.T) {
	for _, op := range parseHopper(t) {
		switch op.Name() {
		case "nvgpu.device_async_copy":
			o, _ := nvgpu.AsDeviceAsyncCopyOp(op)
			if o.DstElementsInt() != 4 || !o.IsBypassL1() {
				t.Errorf("device_async_copy: %d elements, bypassL1 %v", o.DstElementsInt(), o.IsBypassL1())
			}
		case "nvgpu.device_async_wait":
			o, _ := nvgpu.AsDeviceAsyncWaitOp(op)
			if n, ok := o.NumGroupsInt(); n != 2 || !ok {
				t.Errorf("device_async_wait: numGroups %d %v", n, ok)
			}
		case "nvgpu.ldmatrix":
			o, _ := nvgpu.AsLdmatrixOp(op)
			if o.NumTilesInt() != 4 || !o.IsTranspose() {
				t.Errorf("ldmatrix: %d tiles, transpose %v", o.NumTilesInt(), o.IsTranspose())
			}
		case "nvgpu.mma.sync":
			o, _ := nvgpu.AsMmaSyncOp(op)
			if m, n, k := o.MmaShapeMNK(); m != 16 || n != 8 || k != 16 || o.IsTf32Enabled() {
				t.Errorf("mma.sync: shape %d %d %d", m, n, k)
			}
		case "nvgpu.tma.async.load":
			o, _ := nvgpu.AsTmaAsyncLoadOp(op)
			d, b := nvgpu.TensorMapOf(o.TensorMapDescriptor()), nvgpu.MBarrierGroupOf(o.Barriers())
			if d == nil || d.Swizzle != nvgpu.Swizzle128B || d.BoxBytes() != 128*64*2 || b == nil || !b.IsShared() ||
				b.NumBarriers != 1 || len(o.Coordinates()) != 2 {
				t.Errorf("tma.async.load: descriptor %v, barriers %v", d, b)
			}
		case "nvgpu.warpgroup.mma":
			o, _ := nvgpu.AsWarpgroupMmaOp(op)
			a, acc := nvgpu.WarpgroupMatrixDescriptorOf(o.DescriptorA()), nvgpu.WarpgroupAccumulatorOf(o.MatrixD())
			if o.WaitGroupInt() != 1 || o.IsTransposeA() || !o.IsTransposeB() || a.MemRef().Dims[0] != 128 ||
				acc.Vector().Dims[1] != 128 {
				t.Errorf("warpgroup.mma: waitGroup %d, transpose %v %v", o.WaitGroupInt(), o.IsTransposeA(), o.IsTransposeB())
			}
		}
	}
}

// beforeReturn parses src, a module whose first op is a func.func ending
// in a return, and gives a builder that inserts before that return.
func beforeReturn(t *testing.T, src string) (module, fn *ir.Operation, b *ir.Builder) {
	t.Helper()
	ctx := all.NewContext()
	module = dialecttest.Parse(t, ctx, "b.mlir", []byte(src))
	fn = module.Region(0).Front().First()
	b = ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(fn.Region(0).Front().Terminator())
	return module, fn, b
}

// TestBuild: the generated builders make ops that verify and print as
// upstream's.
func TestBuild(t *testing.T) {
	module, fn, b := beforeReturn(t, "func.func @f(%i: index) {\n  return\n}\n")
	entry := fn.Region(0).Front()
	i := entry.Argument(0)
	group := nvgpu.MBarrierGroup(gpu.AddressSpaceOf(gpu.Workgroup), 2)
	bar := nvgpu.BuildMbarrierCreateOp(b, fn.Loc(), group)
	nvgpu.BuildMbarrierInitOp(b, fn.Loc(), bar.Barriers(), i, i, nil)
	tok := nvgpu.BuildMbarrierArriveOp(b, fn.Loc(), bar.Barriers(), i, nvgpu.MBarrierToken())
	nvgpu.BuildMbarrierTestWaitOp(b, fn.Loc(), bar.Barriers(), tok.Token(), i, ir.I1)
	if err := ir.Verify(module); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, op := range entry.Ops() {
		sb.WriteString(op.Name() + "\n")
	}
	want := "nvgpu.mbarrier.create\nnvgpu.mbarrier.init\nnvgpu.mbarrier.arrive\nnvgpu.mbarrier.test.wait\nfunc.return\n"
	if sb.String() != want {
		t.Errorf("built ops:\n%s\nwant:\n%s", sb.String(), want)
	}
}

// TestVerifyGoBuiltTypes: types built through the Go API with the wrong
// kind of parameter give a verifier error, not a panic.
func TestVerifyGoBuiltTypes(t *testing.T) {
	module, fn, b := beforeReturn(t, "func.func @f() {\n  return\n}\n")
	nvgpu.BuildWarpgroupMmaInitAccumulatorOp(b, fn.Loc(), nvgpu.WarpgroupAccumulator(ir.F32))
	err := ir.Verify(module)
	if err == nil || !strings.Contains(err.Error(), "expected a vector accumulator") {
		t.Errorf("got %v, want the vector accumulator error", err)
	}
}

// FuzzParseType: no input makes the type parser panic.
func FuzzParseType(f *testing.F) {
	for _, s := range []string{
		".mbarrier.group<memorySpace = 3, num_barriers = 4>",
		".tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>",
		".warpgroup.descriptor<tensor = memref<4xf32, affine_map<(d0) -> (d0 + 1)>>>",
		".warpgroup.accumulator<fragmented = vector<64x128xf32>>",
		".device.async.token",
	} {
		f.Add(s)
	}
	d := nvgpu.Dialect()
	f.Fuzz(func(t *testing.T, body string) {
		ty, err := d.ParseType(body)
		if err == nil && ty == nil {
			t.Errorf("%q: neither a type nor an error", body)
		}
	})
}
