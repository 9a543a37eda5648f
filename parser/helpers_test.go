package parser

import (
	"fmt"
	"testing"

	"github.com/goopt/goopt/ir"
)

// The parser's table tests share these: a table of inputs, and what each
// must print as or the exact diagnostics it must produce.

// textCase is an input and the text it must give: its printed form, or
// its diagnostics.
type textCase struct{ in, want string }

func unregCtx() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	return ctx
}

// wantPrinted checks that each case parses and prints back as its want.
func wantPrinted[T fmt.Stringer](t *testing.T, name string, parse func(string) (T, error), cases []textCase) {
	t.Helper()
	for _, tc := range cases {
		got, err := parse(tc.in)
		if err != nil {
			t.Errorf("%s(%q): %v", name, tc.in, err)
			continue
		}
		if got.String() != tc.want {
			t.Errorf("%s(%q) = %q, want %q", name, tc.in, got.String(), tc.want)
		}
	}
}

// wantDiagnostics checks that each case fails to parse with exactly its
// want as an ir.DiagList, or parses when want is empty.
func wantDiagnostics[T any](t *testing.T, name string, parse func(string) (T, error), cases []textCase) {
	t.Helper()
	for _, tc := range cases {
		_, err := parse(tc.in)
		switch {
		case tc.want == "":
			if err != nil {
				t.Errorf("%s(%q): unexpected %v", name, tc.in, err)
			}
		case err == nil:
			t.Errorf("%s(%q): expected error", name, tc.in)
		case err.Error() != tc.want:
			t.Errorf("%s(%q):\n got  %s\n want %s", name, tc.in, err, tc.want)
		default:
			if _, ok := err.(ir.DiagList); !ok {
				t.Errorf("%s(%q): error is %T, want ir.DiagList", name, tc.in, err)
			}
		}
	}
}

// typeParser, attrParser and fileParser parse one input in ctx, the last
// as a file named t.mlir.
func typeParser(ctx *ir.Context) func(string) (ir.Type, error) {
	return func(s string) (ir.Type, error) { return ParseType(ctx, s) }
}

func attrParser(ctx *ir.Context) func(string) (ir.Attribute, error) {
	return func(s string) (ir.Attribute, error) { return ParseAttribute(ctx, s) }
}

func fileParser(ctx func() *ir.Context) func(string) (*File, error) {
	return func(s string) (*File, error) { return ParseFile(ctx(), "t.mlir", []byte(s)) }
}
