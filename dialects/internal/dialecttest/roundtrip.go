package dialecttest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

// oracle is the MLIR tool the corpus is compared against when installed.
const oracle = "mlir-opt-19"

// RoundTrip parses src in a context from newContext, verifies it, prints it
// in custom form, parses that again in a fresh context and returns both
// generic printings.
func RoundTrip(t *testing.T, name string, src []byte, newContext func() *ir.Context) (first, second string) {
	t.Helper()
	module := Parse(t, newContext(), name, src)
	custom := printer.String(module, printer.Options{})
	f2, err := parser.ParseFile(newContext(), name, []byte(custom))
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, custom)
	}
	if err := ir.Verify(f2.Module); err != nil {
		t.Fatalf("verify after reparse: %v\n%s", err, custom)
	}
	return printer.String(module, printer.Options{Generic: true}), printer.String(f2.Module, printer.Options{Generic: true})
}

// Parse parses src (named name in diagnostics) in ctx, verifies it and
// returns the module; either failure ends the test.
func Parse(t *testing.T, ctx *ir.Context, name string, src []byte) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(ctx, name, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return f.Module
}

// RoundTripCorpus runs one subtest per file matching glob (skipping when
// there are none): the custom form must round-trip, and when mlir-opt-19 is
// installed, goopt's generic form must match its.
func RoundTripCorpus(t *testing.T, glob string, newContext func() *ir.Context) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	tool, _ := exec.LookPath(oracle)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a, b := RoundTrip(t, file, src, newContext)
			if a != b {
				t.Errorf("custom form does not round-trip:\n%s\n---\n%s", a, b)
			}
			if tool == "" {
				return
			}
			want, err := exec.Command(tool, "--mlir-print-op-generic", file).Output()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(tool, "--mlir-print-op-generic")
			cmd.Stdin = bytes.NewReader([]byte(a))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("mlir-opt-19 rejects goopt's output: %v\n%s\n%s", err, out, a)
			}
			if string(out) != string(want) {
				t.Errorf("generic form differs from mlir-opt-19's:\n%s\n--- want\n%s", out, want)
			}
		})
	}
}
