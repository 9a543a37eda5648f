package convertscftocf_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/convertscftocf"
	"github.com/goopt/goopt/passes/gpumatmulwmma"
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
	ctx := all.NewContext()
	in, err := parser.ParseFile(ctx, "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out, err := parser.ParseFile(ctx, "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	o := gpumatmulwmma.DefaultOptions()
	o.TBTile, o.WarpTile = []int64{32, 32, 32}, []int64{16, 16, 16}
	pm := pass.New(ctx, "builtin.module")
	if err := gpumatmulwmma.Build(pm.OpPassManager, o); err != nil {
		t.Fatal(err)
	}
	if err := pm.AddPass(convertscftocf.New()); err != nil {
		t.Fatal(err)
	}
	pm.Verify = ir.Verify
	if err := pm.Run(out.Module); err != nil {
		t.Fatal(err)
	}
	text := printer.String(out.Module, printer.Options{})
	if strings.Contains(text, "scf.") || !strings.Contains(text, "cf.cond_br") {
		t.Fatalf("scf left or no loop lowered:\n%s", text)
	}
	if err := equiv.Check(in.Module, out.Module, "matmul", equiv.Options{Seeds: []int64{1, 2}, RelTol: 1e-5}); err != nil {
		t.Fatal(err)
	}
}
