package perf

import (
	"bytes"
	"os/exec"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// TestGeneratorsAreValid checks that every generated shape (the
// acceptance benchmark's large function included) parses and verifies in
// goopt and, where installed, in mlir-opt-19, and that the generators are
// deterministic.
func TestGeneratorsAreValid(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"varied", VariedModule(1, 60)},
		{"chain", ChainFunction(500)},
		{"large", LargeFunction(2000)},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := ir.NewContext(all.All()...)
			f, err := parser.ParseFile(ctx, c.name+".mlir", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(f.Module); err != nil {
				t.Fatal(err)
			}
			if bin, err := exec.LookPath("mlir-opt-19"); err == nil {
				cmd := exec.Command(bin, "-")
				cmd.Stdin = bytes.NewReader([]byte(c.src))
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("mlir-opt-19 rejects the generated module: %v\n%s", err, out)
				}
			}
		})
	}
	if VariedModule(7, 20) != VariedModule(7, 20) {
		t.Error("VariedModule is not deterministic for a fixed seed")
	}
	if VariedModule(7, 20) == VariedModule(8, 20) {
		t.Error("VariedModule ignores its seed")
	}
}
