package llvm_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/llvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// Types print as upstream prints them: nested LLVM types lose their prefix,
// and either spelling parses to the same interned type.
func TestTypeSyntax(t *testing.T) {
	ctx := ir.NewContext(llvm.Dialect())
	for _, tc := range []struct{ in, want string }{
		{"!llvm.ptr", "!llvm.ptr"},
		{"!llvm.ptr<0>", "!llvm.ptr"},
		{"!llvm.ptr<3>", "!llvm.ptr<3>"},
		{"!llvm.void", "!llvm.void"},
		{"!llvm.array<4 x !llvm.ptr<1>>", "!llvm.array<4 x ptr<1>>"},
		{"!llvm.struct<(i32, !llvm.array<2 x vector<4xf16>>)>", "!llvm.struct<(i32, array<2 x vector<4xf16>>)>"},
		{"!llvm.struct<packed (i8,i32)>", "!llvm.struct<packed (i8, i32)>"},
		{"!llvm.struct<()>", "!llvm.struct<()>"},
		{`!llvm.struct<"a b", (ptr)>`, `!llvm.struct<"a b", (ptr)>`},
		{`!llvm.struct<"t", opaque>`, `!llvm.struct<"t", opaque>`},
		{"!llvm.func<void (i32, ...)>", "!llvm.func<void (i32, ...)>"},
		{"!llvm.func<struct<(i32, f32)> ()>", "!llvm.func<struct<(i32, f32)> ()>"},
	} {
		ty, err := parser.ParseType(ctx, tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if ty.String() != tc.want {
			t.Errorf("%s printed %s, want %s", tc.in, ty, tc.want)
		}
		again, err := parser.ParseType(ctx, ty.String())
		if err != nil || again != ty {
			t.Errorf("%s: reparse gave %v (%v), want the same interned type", tc.in, again, err)
		}
	}
	if llvm.Struct(false, ir.I32, llvm.Ptr(3)) != llvm.Struct(false, ir.I32, llvm.Ptr(3)) {
		t.Error("literal structs are not interned")
	}
}

// Malformed types are located errors, not panics.
func TestTypeErrors(t *testing.T) {
	ctx := ir.NewContext(llvm.Dialect())
	for in, want := range map[string]string{
		"!llvm.struct<(void)>":              "invalid LLVM structure element type",
		"!llvm.array<4 x !llvm.void>":       "invalid array element type",
		"!llvm.func<void (void)>":           "invalid function argument type",
		"!llvm.quux":                        "unknown LLVM type: quux",
		"!llvm.ptr<x>":                      "expected integer",
		"!llvm.struct<(i32 f32)>":           "expected ')'",
		"!llvm.array<4 x !gpu.async.token>": "only builtin and LLVM types nest",
	} {
		_, err := parser.ParseType(ctx, in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", in, err, want)
		}
	}
}
