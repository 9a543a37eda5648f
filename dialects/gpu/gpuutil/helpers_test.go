package gpuutil_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/internal/dialecttest"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/printer"
)

// text prints op in its custom syntax: tests compare it before and after a
// utility to check that a refusal left the IR unchanged.
func text(op *ir.Operation) string { return printer.String(op, printer.Options{}) }

// parsed parses and verifies src in a fresh context with every dialect
// registered; either failure ends the test.
func parsed(t *testing.T, src string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := all.NewContext()
	return ctx, dialecttest.Parse(t, ctx, "in.mlir", []byte(src))
}

// parseModule is parsed for a test that needs no context.
func parseModule(t *testing.T, src string) *ir.Operation {
	t.Helper()
	_, m := parsed(t, src)
	return m
}
