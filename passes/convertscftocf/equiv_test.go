package convertscftocf_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/passes/convertscftocf"
	"github.com/goopt/goopt/printer"
)

// TestLitEquivalence replays the pass's lit invocations and checks every
// function by execution on several random inputs.
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, "../../tests/lit/conversion/scf-to-cf.mlir", convertscftocf.New)
}

// TestPaperPipeline runs the paper's pipeline on a small matmul, then
// convert-scf-to-cf: the kernel's loops become blocks (in the gpu.launch
// body) and the program computes the same, race checks included.
func TestPaperPipeline(t *testing.T) {
	src := testutil.PaperMatmul(64, 64, 64)
	in, out := passtest.LowerPair(t, "matmul.mlir", []byte(src), passtest.Passes(passtest.SmallWMMAPipeline, convertscftocf.New))
	text := printer.String(out, printer.Options{})
	if strings.Contains(text, "scf.") || !strings.Contains(text, "cf.cond_br") {
		t.Fatalf("scf left or no loop lowered:\n%s", text)
	}
	if err := equiv.Check(in, out, "matmul", equiv.Options{Seeds: []int64{1, 2}, RelTol: 1e-5}); err != nil {
		t.Fatal(err)
	}
}
