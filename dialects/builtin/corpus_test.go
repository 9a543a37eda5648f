package builtin_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/cf"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/dialects/math"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(builtin.Dialect(), fn.Dialect(), arith.Dialect(), math.Dialect(), cf.Dialect())
	// The corpus mentions llvm types, whose dialect lives elsewhere.
	ctx.AllowUnregistered = true
	return ctx
}

// roundTrip parses src, verifies it, and prints it (custom or generic form).
func roundTrip(t *testing.T, name string, src []byte, generic bool) string {
	t.Helper()
	f, err := parser.ParseFile(newContext(), name, src)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatalf("verify %s: %v", name, err)
	}
	return printer.String(f.Module, printer.Options{Generic: generic})
}

// TestCorpus parses each round-trip corpus file of the builtin, func,
// arith, math and cf dialects, prints it, and checks that printing is a
// fixed point; with mlir-opt-19 installed it also checks that goopt's
// output and the input mean the same IR to upstream.
func TestCorpus(t *testing.T) {
	var files []string
	for _, d := range []string{"builtin", "func", "arith", "math", "cf"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", "tests", "roundtrip", d+"_*.mlir"))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	mlirOpt, _ := exec.LookPath("mlir-opt-19")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out := roundTrip(t, file, src, false)
			again := roundTrip(t, file+".out", []byte(out), false)
			if out != again {
				t.Fatalf("printing is not a fixed point:\n--- first\n%s\n--- second\n%s", out, again)
			}
			gen := roundTrip(t, file+".out", []byte(out), true)
			if gen2 := roundTrip(t, file+".gen", []byte(gen), true); gen2 != gen {
				t.Fatalf("generic printing is not a fixed point:\n%s\n---\n%s", gen, gen2)
			}
			if mlirOpt == "" {
				return
			}
			want := upstreamGeneric(t, mlirOpt, src)
			if got := upstreamGeneric(t, mlirOpt, []byte(out)); got != want {
				t.Errorf("custom output differs from input for mlir-opt-19:\n--- goopt\n%s\n--- input\n%s\n--- goopt text\n%s", got, want, out)
			}
			if got := upstreamGeneric(t, mlirOpt, []byte(gen)); got != want {
				t.Errorf("generic output differs from input for mlir-opt-19:\n--- goopt\n%s\n--- input\n%s", got, want)
			}
		})
	}
}

func upstreamGeneric(t *testing.T, mlirOpt string, src []byte) string {
	t.Helper()
	cmd := exec.Command(mlirOpt, "--mlir-print-op-generic", "-")
	cmd.Stdin = bytes.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt-19: %v\n%s\ninput:\n%s", err, stderr.String(), src)
	}
	return strings.TrimSpace(string(out))
}
