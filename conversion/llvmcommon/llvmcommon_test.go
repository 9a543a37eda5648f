package llvmcommon_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

func parseType(t *testing.T, ctx *ir.Context, s string) ir.Type {
	t.Helper()
	ty, err := parser.ParseType(ctx, s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return ty
}

func TestConvertTypes(t *testing.T) {
	ctx := ir.NewContext(all.All()...)
	cases := []struct {
		in, want string
		opts     llvmcommon.Options
	}{
		{"index", "i64", llvmcommon.Options{}},
		{"index", "i32", llvmcommon.Options{IndexBitwidth: 32}},
		{"f16", "f16", llvmcommon.Options{}},
		{"vector<8xf16>", "vector<8xf16>", llvmcommon.Options{}},
		{"vector<2x4xindex>", "!llvm.array<2 x vector<4xi64>>", llvmcommon.Options{}},
		{"memref<f32>", "!llvm.struct<(ptr, ptr, i64)>", llvmcommon.Options{}},
		{"memref<4x?xf32, 3>", "!llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>", llvmcommon.Options{}},
		{"memref<4xf32, #gpu.address_space<workgroup>>", "!llvm.struct<(ptr<3>, ptr<3>, i32, array<1 x i32>, array<1 x i32>)>", llvmcommon.Options{IndexBitwidth: 32}},
		{"!llvm.ptr<1>", "!llvm.ptr<1>", llvmcommon.Options{}},
	}
	for _, c := range cases {
		tc := llvmcommon.NewTypeConverter(c.opts)
		got, ok := tc.Convert(parseType(t, ctx, c.in))
		if !ok || got.String() != c.want {
			t.Errorf("%s (%+v): got %v (%v), want %s", c.in, c.opts, got, ok, c.want)
		}
	}
	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{})
	for _, bad := range []string{"tensor<4xf32>", "memref<*xf32>", "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>", "vector<[4]xf32>"} {
		if got, ok := tc.Convert(parseType(t, ctx, bad)); ok {
			t.Errorf("%s converted to %s; want no conversion", bad, got)
		}
	}
}

func TestFunctionSignature(t *testing.T) {
	ctx := ir.NewContext(all.All()...)
	ft := parseType(t, ctx, "(memref<4x8xf16>, index) -> (f32, memref<2xf32>)").(*ir.FunctionType)
	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{})
	got, sig, ok := tc.ConvertFunctionSignature(ft, false)
	want := "!llvm.func<struct<(f32, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)> (ptr, ptr, i64, i64, i64, i64, i64, i64)>"
	if !ok || got.String() != want {
		t.Fatalf("got %v, want %s", got, want)
	}
	if start, size, _, _ := sig.InputMapping(1); start != 7 || size != 1 {
		t.Errorf("index argument mapped to [%d, +%d), want [7, +1)", start, size)
	}
	bare := llvmcommon.NewTypeConverter(llvmcommon.Options{UseBarePtrCallConv: true})
	got, _, ok = bare.ConvertFunctionSignature(ft, false)
	if want := "!llvm.func<struct<(f32, ptr)> (ptr, i64)>"; !ok || got.String() != want {
		t.Errorf("bare: got %v, want %s", got, want)
	}
	dyn := parseType(t, ctx, "(memref<?xf32>) -> ()").(*ir.FunctionType)
	if got, _, ok := bare.ConvertFunctionSignature(dyn, false); ok {
		t.Errorf("bare pointer for a dynamic memref: got %s, want failure", got)
	}
}

// TestDescriptorAndAddress builds, in an llvm.func, a descriptor from a
// bare pointer and the address of an element, and checks the ops and that
// the function verifies.
func TestDescriptorAndAddress(t *testing.T) {
	ctx := ir.NewContext(all.All()...)
	src := `llvm.func @f(%p: !llvm.ptr<3>, %i: i64, %j: i64) -> !llvm.ptr<3> {
  llvm.return %p : !llvm.ptr<3>
}`
	f, err := parser.ParseFile(ctx, "f.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	ir.WalkOps(f.Module, func(op *ir.Operation) {
		if op.Name() == "llvm.func" {
			fn = op
		}
	})
	entry := fn.Region(0).Front()
	ret := entry.Last()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(ret)
	loc := ret.Loc()
	mt := parseType(t, ctx, "memref<4x8xf32, strided<[16, 1], offset: 5>, 3>").(*ir.MemRefType)
	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{})
	d, err := tc.DescriptorFromStaticShape(b, loc, mt, entry.Argument(0))
	if err != nil {
		t.Fatal(err)
	}
	if d.Rank() != 2 {
		t.Fatalf("rank %d", d.Rank())
	}
	p, err := tc.StridedElementPtr(b, loc, mt, d, []*ir.Value{entry.Argument(1), entry.Argument(2)})
	if err != nil {
		t.Fatal(err)
	}
	ret.SetOperand(0, p)
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	out := printer.String(f.Module, printer.Options{})
	for _, want := range []string{
		"llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>",
		"llvm.mlir.constant(16 : index) : i64",
		"llvm.mul %arg1,",
		"llvm.getelementptr",
		", f32",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// A unit stride adds no multiplication: one mul (by 16) only.
	if n := strings.Count(out, "llvm.mul"); n != 1 {
		t.Errorf("%d llvm.mul ops, want 1:\n%s", n, out)
	}
	_ = llvm.Ptr
}
