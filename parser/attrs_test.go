package parser

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

func TestParseAttribute(t *testing.T) {
	tests := []textCase{
		{"42", "42 : i64"},
		{"-7 : i32", "-7 : i32"},
		{"0x10 : i8", "16 : i8"},
		{"255 : i8", "-1 : i8"},
		{"255 : ui8", "255 : ui8"},
		{"-128 : i8", "-128 : i8"},
		{"1 : i1", "true"},
		{"true", "true"},
		{"false", "false"},
		{"3 : index", "3 : index"},
		{"170141183460469231731687303715884105727 : i128", "170141183460469231731687303715884105727 : i128"},
		{"1.5", "1.500000e+00 : f64"},
		{"-2.0 : f32", "-2.000000e+00 : f32"},
		{"1.0e-5 : f64", "1.000000e-05 : f64"},
		{"0x7FC00000 : f32", "0x7FC00000 : f32"},
		{"0x3C00 : f16", "1.000000e+00 : f16"},
		{"\"hello\"", "\"hello\""},
		{"\"a\\\"b\\\\c\\n\\t\\41\"", "\"a\\22b\\\\c\\0A\\09A\""},
		{"\"x\" : i32", "\"x\" : i32"},
		{"[]", "[]"},
		{"[1, \"a\", [true]]", "[1 : i64, \"a\", [true]]"},
		{"{}", "{}"},
		{"{b = 1, a, \"q r\" = unit}", "{a, b = 1 : i64, \"q r\"}"},
		{"array<i64: 1, -2, 3>", "array<i64: 1, -2, 3>"},
		{"array<i32>", "array<i32>"},
		{"array<i1: true, false>", "array<i1: true, false>"},
		{"array<f32: 1.5, -2.0>", "array<f32: 1.500000e+00, -2.000000e+00>"},
		{"dense<1> : tensor<2xi32>", "dense<1> : tensor<2xi32>"},
		{"dense<[1, 2, 3]> : tensor<3xi32>", "dense<[1, 2, 3]> : tensor<3xi32>"},
		{"dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>", "dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>"},
		{"dense<[1.0, 2.5]> : vector<2xf32>", "dense<[1.000000e+00, 2.500000e+00]> : vector<2xf32>"},
		{"dense<[[1, 1]]> : tensor<1x2xi32>", "dense<1> : tensor<1x2xi32>"},
		{"dense<true> : tensor<4xi1>", "dense<true> : tensor<4xi1>"},
		{"dense<(1.0, 2.0)> : tensor<complex<f32>>", "dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>"},
		{"dense<\"0x0000803F\"> : tensor<1xf32>", "dense<\"0x0000803F\"> : tensor<1xf32>"},
		{"dense_resource<blob1> : tensor<4xf32>", "dense_resource<blob1> : tensor<4xf32>"},
		{"@foo", "@foo"},
		{"@\"a b\"", "@\"a b\""},
		{"@a::@b::@c", "@a::@b::@c"},
		{"affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2, d0 floordiv 4, d1 ceildiv 2, d0 mod 3)>", "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2, d0 floordiv 4, d1 ceildiv 2, d0 mod 3)>"},
		{"affine_map<(i, j) -> (j, i)>", "affine_map<(d0, d1) -> (d1, d0)>"},
		{"affine_map<(d0) -> (-d0, d0 * -1, d0 - 1, -(d0 + 1))>", "affine_map<(d0) -> (-d0, -d0, d0 - 1, -(d0 + 1))>"},
		{"affine_map<() -> ()>", "affine_map<() -> ()>"},
		{"affine_map<(d0)[s0] -> ()>", "affine_map<(d0)[s0] -> ()>"},
		{"affine_map<(d0)[s0] -> (d0 * s0)>", "affine_map<(d0)[s0] -> (d0 * s0)>"},
		{"affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0, d0 == 0)>", "affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d0 == 0)>"},
		{"affine_set<(d0) : ()>", "affine_set<(d0) : (0 == 0)>"},
		{"strided<[1, ?], offset: ?>", "strided<[1, ?], offset: ?>"},
		{"strided<[4, 1]>", "strided<[4, 1]>"},
		{"strided<[]>", "strided<[]>"},
		{"strided<[-1], offset: 5>", "strided<[-1], offset: 5>"},
		{"unit", "unit"},
		{"i32", "i32"},
		{"memref<4xf32>", "memref<4xf32>"},
		{"(i32) -> ()", "(i32) -> ()"},
		{"distinct[0]<42 : i32>", "distinct[0]<42 : i32>"},
		{"distinct[3]<>", "distinct[3]<unit>"},
		{"#foo.bar<1, [2]>", "#foo.bar<1, [2]>"},
		{"#foo<\"x\">", "#foo<\"x\">"},
		{"#foo.bar : i32", "#foo.bar : i32"},
		{"loc(unknown)", "loc(unknown)"},
	}
	wantPrinted(t, "ParseAttribute", attrParser(unregCtx()), tests)
}

func TestParseAttributeStructure(t *testing.T) {
	ctx := unregCtx()
	a, err := ParseAttribute(ctx, "affine_map<(d0, d1)[s0] -> (d0 + d1 * 4 - s0)>")
	if err != nil {
		t.Fatal(err)
	}
	m := a.(*ir.AffineMapAttr).Map
	want := affine.Sub(affine.Add(affine.Dim(0), affine.Mul(affine.Dim(1), affine.Const(4))), affine.Symbol(0))
	if m.NumDims != 2 || m.NumSymbols != 1 || m.Results[0] != want {
		t.Errorf("map = %v, want result %v", m, want)
	}
	d, _ := ParseAttribute(ctx, "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>")
	de := d.(*ir.DenseElementsAttr)
	if len(de.Elements) != 4 || de.Elements[3].(*ir.IntegerAttr).Int() != 4 || de.Splat {
		t.Errorf("bad dense %v", de.Elements)
	}
	s, _ := ParseAttribute(ctx, "@a::@b")
	if sr := s.(*ir.SymbolRefAttr); sr.Root != "a" || len(sr.Nested) != 1 || sr.Nested[0] != "b" {
		t.Errorf("bad symbol ref %v", sr)
	}
	for _, in := range []string{"dense<> : tensor<0xi32>", "dense<[]> : tensor<0xi32>"} {
		e, err := ParseAttribute(ctx, in)
		if err != nil || len(e.(*ir.DenseElementsAttr).Elements) != 0 {
			t.Errorf("%s: %v %v", in, e, err)
		}
	}
	x, _ := ParseAttribute(ctx, "0xFFFFFFFFFFFFFFFF : i64")
	if x.(*ir.IntegerAttr).Int() != -1 {
		t.Errorf("hex i64 = %v", x)
	}
}

func TestParseAttributeErrors(t *testing.T) {
	tests := []textCase{
		{"300 : i8", "<string>:1:1: error: integer constant out of range for attribute"},
		{"-129 : i8", "<string>:1:2: error: integer constant out of range for attribute"},
		{"-0 : i32", "<string>:1:2: error: integer constant out of range for attribute"},
		{"-1 : ui8", "<string>:1:2: error: negative integer literal not valid for unsigned integer type"},
		{"1 : f32", "<string>:1:1: error: unexpected decimal integer literal for a floating point value\n<string>:1:1: note: add a trailing dot to make the literal a float"},
		{"1.5 : i32", "<string>:1:10: error: floating point value not valid for specified type"},
		{"{a = 1, a = 2}", "<string>:1:9: error: duplicate key 'a' in dictionary attribute"},
		{"#undefined", "<string>:1:10: error: undefined symbol alias id 'undefined'"},
		{"affine_map<(d0) -> (d1)>", "<string>:1:21: error: use of undeclared identifier"},
		{"affine_map<(d0, d1) -> (d0 * d1)>", "<string>:1:28: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"},
		{"affine_map<(d0, d1) -> (d0 floordiv d1)>", "<string>:1:28: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic"},
		{"affine_map<(d0, d0) -> (d0)>", "<string>:1:17: error: redefinition of identifier 'd0'"},
		{"affine_set<(d0) : (d0 > 0)>", "<string>:1:25: error: expected '== affine-expr' or '>= affine-expr' at end of affine constraint"},
		{"affine_map<(d0) : (d0 >= 0)>", "<string>:1:12: error: expected AffineMap, but got IntegerSet"},
		{"dense<[1, 2, 3]> : tensor<2xi32>", "<string>:1:18: error: inferred shape of elements literal ([3]) does not match type ([2])"},
		{"dense<[[1, 2], [3]]> : tensor<2x2xi32>", "<string>:1:19: error: tensor literal is invalid; ranks are not consistent between elements"},
		{"dense<1.5> : tensor<2xi32>", "<string>:1:7: error: expected integer elements, but parsed floating-point"},
		{"dense<1> : tensor<2xf32>", "<string>:1:25: error: expected floating-point elements, but parsed integer"},
		{"dense<1> : tensor<?xi32>", "<string>:1:25: error: elements literal type must have static shape"},
		{"dense<1> : i32", "<string>:1:15: error: elements literal must be a shaped type"},
		{"dense<\"0x00\"> : tensor<2xi32>", "<string>:1:15: error: elements hex data size is invalid for provided type: 'tensor<2xi32>'"},
		{"array<i32: 1, 2.0>", "<string>:1:15: error: expected integer literal"},
		{"array<f32: 1>", "<string>:1:12: error: unexpected decimal integer literal for a floating point value\n<string>:1:12: note: add a trailing dot to make the literal a float"},
		{"strided<[1, 0]>", "<string>:1:1: error: strides must not be zero"},
		{"\"abc", "<string>:1:5: error: expected '\"' in string literal"},
		{"\"a\\q\"", "<string>:1:3: error: unknown escape in string literal"},
		{"$", "<string>:1:1: error: unexpected character"},
		{"[1, 2", "<string>:1:4: error: expected ',' or ']'"},
		{"@a::b", "<string>:1:5: error: expected nested symbol reference identifier"},
		{"distinct[0]<1>", ""},
	}
	wantDiagnostics(t, "ParseAttribute", attrParser(unregCtx()), tests)
}

func TestDialectAttrHook(t *testing.T) {
	var gotBody string
	var gotType ir.Type
	d := &ir.Dialect{Name: "my", ParseAttr: func(body string, ty ir.Type) (ir.Attribute, error) {
		gotBody, gotType = body, ty
		return ir.OpaqueAttrOf("my", body, ty), nil
	}}
	ctx := ir.NewContext(d)
	a, err := ParseAttribute(ctx, "#my.kind<a -> b> : i8")
	if err != nil {
		t.Fatal(err)
	}
	if gotBody != ".kind<a -> b>" || gotType != ir.Type(ir.I8) || a.String() != "#my.kind<a -> b> : i8" {
		t.Errorf("hook got %q %v, attr %v", gotBody, gotType, a)
	}
}

func TestDeepNestingIsAnError(t *testing.T) {
	ctx := unregCtx()
	for _, in := range []string{
		strings.Repeat("[", 100000),
		"affine_map<(d0) -> (" + strings.Repeat("(", 100000) + ")>",
		"affine_map<(d0) -> (" + strings.Repeat("d0 + ", 100000) + "d0)>",
		strings.Repeat("tuple<", 100000),
	} {
		if _, err := ParseAttribute(ctx, in); err == nil || !strings.Contains(err.Error(), "nesting depth") {
			t.Errorf("%.20s...: got %v", in, err)
		}
	}
	src := strings.Repeat(`"foo.x"() ({`, 100000)
	if _, err := ParseFile(ctx, "t.mlir", []byte(src)); err == nil || !strings.Contains(err.Error(), "nesting depth") {
		t.Errorf("regions: got %v", err)
	}
}
