package memref_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/cf"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(builtin.Dialect(), fn.Dialect(), arith.Dialect(), cf.Dialect(), memref.Dialect())
	ctx.AllowUnregistered = true
	return ctx
}

// roundTrip parses src, verifies it, prints it in custom form, parses that
// again and returns both generic printings.
func roundTrip(t *testing.T, name string, src []byte) (first, second string) {
	t.Helper()
	ctx := newContext()
	f, err := parser.ParseFile(ctx, name, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatalf("verify: %v", err)
	}
	custom := printer.String(f.Module, printer.Options{})
	f2, err := parser.ParseFile(newContext(), name, []byte(custom))
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, custom)
	}
	if err := ir.Verify(f2.Module); err != nil {
		t.Fatalf("verify after reparse: %v\n%s", err, custom)
	}
	return printer.String(f.Module, printer.Options{Generic: true}), printer.String(f2.Module, printer.Options{Generic: true})
}

// TestRoundTripCorpus checks that the memref corpus survives custom printing and,
// when mlir-opt-19 is installed, that goopt's generic form matches its.
func TestRoundTripCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../tests/roundtrip/memref_*.mlir")
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	oracle, _ := exec.LookPath("mlir-opt-19")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a, b := roundTrip(t, file, src)
			if a != b {
				t.Errorf("custom form does not round-trip:\n%s\n---\n%s", a, b)
			}
			if oracle == "" {
				return
			}
			want, err := exec.Command(oracle, "--mlir-print-op-generic", file).Output()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(oracle, "--mlir-print-op-generic")
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
