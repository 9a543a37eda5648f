package parser

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

func TestParseType(t *testing.T) {
	tests := []textCase{
		{"i1", "i1"},
		{"i32", "i32"},
		{"si8", "si8"},
		{"ui64", "ui64"},
		{"i0", "i0"},
		{"index", "index"},
		{"none", "none"},
		{"f16", "f16"},
		{"bf16", "bf16"},
		{"f32", "f32"},
		{"f64", "f64"},
		{"tf32", "tf32"},
		{"f80", "f80"},
		{"f128", "f128"},
		{"f8E4M3FN", "f8E4M3FN"},
		{"f8E5M2", "f8E5M2"},
		{"f8E4M3B11FNUZ", "f8E4M3B11FNUZ"},
		{"complex<f32>", "complex<f32>"},
		{"complex<i8>", "complex<i8>"},
		{"tuple<>", "tuple<>"},
		{"tuple<i32, f32>", "tuple<i32, f32>"},
		{"vector<4xf32>", "vector<4xf32>"},
		{"vector<f32>", "vector<f32>"},
		{"vector<4x[8]xf32>", "vector<4x[8]xf32>"},
		{"vector<[4]xi1>", "vector<[4]xi1>"},
		{"tensor<4x?xf32>", "tensor<4x?xf32>"},
		{"tensor<f32>", "tensor<f32>"},
		{"tensor<*xf32>", "tensor<*xf32>"},
		{"tensor<0xf32>", "tensor<0xf32>"},
		{"tensor<0x4xi8>", "tensor<0x4xi8>"},
		{"tensor<4xf32, \"enc\">", "tensor<4xf32, \"enc\">"},
		{"memref<4x4xf32>", "memref<4x4xf32>"},
		{"memref<?xi8, 3>", "memref<?xi8, 3>"},
		{"memref<4xf32, 0>", "memref<4xf32>"},
		{"memref<4x?xf32, strided<[?, 1], offset: ?>>", "memref<4x?xf32, strided<[?, 1], offset: ?>>"},
		{"memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>", "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>"},
		{"memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>", "memref<4x4xf32>"},
		{"memref<16xf16, #gpu.address_space<workgroup>>", "memref<16xf16, #gpu.address_space<workgroup>>"},
		{"memref<*xf32>", "memref<*xf32>"},
		{"memref<*xf32, 3>", "memref<*xf32, 3>"},
		{"memref<2xvector<4xf32>>", "memref<2xvector<4xf32>>"},
		{"() -> ()", "() -> ()"},
		{"(i32) -> i32", "(i32) -> i32"},
		{"(i32, f32) -> (i32, f32)", "(i32, f32) -> (i32, f32)"},
		{"() -> (() -> i32)", "() -> (() -> i32)"},
		{"(i32) -> (i32)", "(i32) -> i32"},
		{"!llvm.ptr", "!llvm.ptr"},
		{"!llvm.ptr<1>", "!llvm.ptr<1>"},
		{"!gpu.mma_matrix<16x16xf16, \"AOp\">", "!gpu.mma_matrix<16x16xf16, \"AOp\">"},
		{"!foo<\"a>b\">", "!foo<\"a>b\">"},
		{"!foo.bar<(i32) -> i32, [1, {2}]>", "!foo.bar<(i32) -> i32, [1, {2}]>"},
		{"tensor<4x!foo.t>", "tensor<4x!foo.t>"},
		{"  i32 // comment", "i32"},
	}
	wantPrinted(t, "ParseType", typeParser(unregCtx()), tests)
}

func TestParseTypeStructure(t *testing.T) {
	ctx := unregCtx()
	ty, err := ParseType(ctx, "memref<4x?xf32, 3>")
	if err != nil {
		t.Fatal(err)
	}
	m := ty.(*ir.MemRefType)
	if m.Dims[0] != 4 || m.Dims[1] != ir.Dynamic || m.Elem != ir.F32 || m.MemorySpaceInt() != 3 {
		t.Errorf("bad memref %#v", m)
	}
	if ia, ok := m.MemorySpace.(*ir.IntegerAttr); !ok || ia.Type() != ir.I64 {
		t.Errorf("memory space should be an i64 IntegerAttr, got %v", m.MemorySpace)
	}
	v, _ := ParseType(ctx, "vector<2x[4]xf32>")
	if vt := v.(*ir.VectorType); !vt.Scalable[1] || vt.Scalable[0] {
		t.Errorf("bad scalable dims %v", vt.Scalable)
	}
	a, _ := ParseType(ctx, "i32")
	b, _ := ParseType(ctx, "i32")
	if a != b || a != ir.Type(ir.I32) {
		t.Errorf("types are not uniqued")
	}
}

func TestParseTypeErrors(t *testing.T) {
	tests := []textCase{
		{"i", "<string>:1:1: error: expected non-function type"},
		{"f33", "<string>:1:1: error: expected non-function type"},
		{"tensor<4x?xf32", "<string>:1:14: error: expected '>' in tensor type"},
		{"vector<0xf32>", "<string>:1:10: error: vector types must have positive constant sizes"},
		{"vector<?xf32>", "<string>:1:8: error: expected non-function type"},
		{"memref<4xf32, 3, 4>", "<string>:1:19: error: multiple memory spaces specified in memref type"},
		{"memref<*xf32, affine_map<(d0) -> (d0)>>", "<string>:1:39: error: cannot have affine map for unranked memref type"},
		{"complex<tensor<f32>>", "<string>:1:9: error: invalid element type for complex"},
		{"(i32) i32", "<string>:1:6: error: expected '->' in function type"},
		{"i32 i64", "<string>:1:5: error: found trailing characters: 'i64'"},
		{"!foo", "<string>:1:4: error: undefined symbol alias id 'foo'"},
		{"!foo.bar<(>", "<string>:1:11: error: unbalanced '>' character in pretty dialect name"},
		{"!foo.bar<", "<string>:1:9: error: unexpected nul or EOF in pretty dialect name"},
		{"i99999999", "<string>:1:1: error: integer bitwidth is limited to 16777215 bits"},
		{"tensor<*xf32, \"e\">", "<string>:1:19: error: cannot apply encoding to unranked tensor"},
	}
	wantDiagnostics(t, "ParseType", typeParser(unregCtx()), tests)
}

func TestUnregisteredDialectType(t *testing.T) {
	ctx := ir.NewContext()
	_, err := ParseType(ctx, `!foo.bar<"x">`)
	want := "<string>:1:6: error: `!\"foo\"<\"bar<\"x\">\">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestDialectTypeHook(t *testing.T) {
	var gotBody string
	d := &ir.Dialect{Name: "my", ParseType: func(body string) (ir.Type, error) {
		gotBody = body
		return ir.Opaque("my", body), nil
	}}
	ctx := ir.NewContext(d)
	if _, err := ParseType(ctx, "!my.thing<4, \"x\">"); err != nil {
		t.Fatal(err)
	}
	if gotBody != ".thing<4, \"x\">" {
		t.Errorf("hook got body %q", gotBody)
	}
}
