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
	ctx := ir.NewContext(all.All()...)
	f, err := parser.ParseFile(ctx, "test.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return f.Module
}

// machine parses src and returns a machine for it.
func machine(t testing.TB, src string) *interp.Machine {
	t.Helper()
	m, err := interp.New(parse(t, src), interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
