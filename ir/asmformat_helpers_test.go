package ir_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

// The declarative-format tests declare toy dialects and check them through
// the real parser and printer; these helpers are the harness they share.

// formatContext returns a context with builtin, func and the test dialects.
func formatContext(ds ...*ir.Dialect) *ir.Context {
	return ir.NewContext(append([]*ir.Dialect{builtin.Dialect(), fn.Dialect()}, ds...)...)
}

// inFunc wraps one line of IR in a function with the given arguments, so
// that a parse error in it is located on line 2.
func inFunc(args, line string) string {
	return "func.func @f(" + args + ") {\n  " + line + "\n  return\n}\n"
}

// parse parses src as the file in.mlir.
func parse(ctx *ir.Context, src string) (*parser.File, error) {
	return parser.ParseFile(ctx, "in.mlir", []byte(src))
}

// parseVerify parses src and verifies the module, returning the first error.
func parseVerify(ctx *ir.Context, src string) (*parser.File, error) {
	f, err := parse(ctx, src)
	if err == nil {
		err = ir.Verify(f.Module)
	}
	return f, err
}

// mustRoundTrip parses and verifies src, failing t otherwise, and returns
// the module printed in custom form and the module.
func mustRoundTrip(t *testing.T, ctx *ir.Context, src string) (string, *ir.Operation) {
	t.Helper()
	f, err := parse(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return printer.String(f.Module, printer.Options{}), f.Module
}

// wantOutput reports each of wants that out lacks.
func wantOutput(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// errorCase is one line of IR and the error it must produce.
type errorCase struct{ src, want string }

// parseOnly and parseVerify are the stages wantErrors can run a case
// through: a parse error alone, or a parse or verifier error.
func parseOnly(ctx *ir.Context) func(string) error {
	return func(src string) error { _, err := parse(ctx, src); return err }
}

func verified(ctx *ir.Context) func(string) error {
	return func(src string) error { _, err := parseVerify(ctx, src); return err }
}

// wantErrors checks that each case, put in a function with the given
// arguments, fails in stage with an error containing its want, located on
// the case's line.
func wantErrors(t *testing.T, stage func(string) error, args string, cases []errorCase) {
	t.Helper()
	for _, c := range cases {
		err := stage(inFunc(args, c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		} else if !strings.Contains(err.Error(), "in.mlir:2:") {
			t.Errorf("%s: error not located on line 2: %v", c.src, err)
		}
	}
}

// opsNamed returns the ops under m whose name is one of names, in walk order.
func opsNamed(m *ir.Operation, names ...string) []*ir.Operation {
	var out []*ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		for _, n := range names {
			if op.Name() == n {
				out = append(out, op)
				return
			}
		}
	})
	return out
}
