package interp_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// parse parses MLIR text into a module.
func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	return parseWith(t, src, false)
}

// parseWith parses MLIR text, with unregistered ops (the test dialects'
// of the handler tests) allowed or not.
func parseWith(t testing.TB, src string, unregistered bool) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext(all.All()...)
	ctx.AllowUnregistered = unregistered
	f, err := parser.ParseFile(ctx, "test.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return f.Module
}

// machine parses src and returns a machine for it.
func machine(t testing.TB, src string) *interp.Machine {
	t.Helper()
	return newMachine(t, parse(t, src), nil)
}

// extMachine parses src, whose test ops need not be registered, and
// returns a machine for it with the extra handlers hs.
func extMachine(t testing.TB, src string, hs []interp.Handler) *interp.Machine {
	t.Helper()
	return newMachine(t, parseWith(t, src, true), hs)
}

func newMachine(t testing.TB, module *ir.Operation, hs []interp.Handler) *interp.Machine {
	t.Helper()
	m, err := interp.New(module, interp.Options{Handlers: hs})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
