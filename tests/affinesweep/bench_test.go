package affinesweep

import (
	"slices"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
)

// matmul8192 is the paper's nest at the paper's size:
// C[f32] += ext(A[f16]) * ext(B[f16]), 8192³.
var matmul8192 = testutil.AffineMatmul("matmul", 8192, "f16", "f32")

// paperPipeline is the paper's front half on the IR: thread-block
// (128×128×64) then warp (64×32×32) tiling, copies of A and B (arguments 0
// and 1) into padded (+8) fast buffers around the thread-block k loop's
// body (depth 3), and unrolling of the innermost loops by 4.
const paperPipeline = "builtin.module(func.func(" +
	"affine-loop-tile{tile-sizes=128,128,64,64,32,32 num-tiling-levels=2}," +
	"affine-data-copy-generate{generate-dma=false fast-mem-space=3 memrefs=0,1 padding=8 copy-depth=3}," +
	"affine-loop-unroll{unroll-factor=4}))"

// BenchmarkPaperPipeline8192 times the pipeline (not parsing) on the
// 8192³ nest; the IR is transformed, never executed.
func BenchmarkPaperPipeline8192(b *testing.B) {
	reg := registry.All()
	ctx := all.NewContext()
	if _, err := reg.ParsePipeline(paperPipeline); err != nil {
		b.Skipf("pipeline unavailable: %v", err)
	}
	for b.Loop() {
		b.StopTimer()
		f, err := parser.ParseFile(ctx, "matmul8192.mlir", []byte(matmul8192))
		if err != nil {
			b.Fatal(err)
		}
		opm, err := reg.ParsePipeline(paperPipeline)
		if err != nil {
			b.Fatal(err)
		}
		pm := &pass.PassManager{OpPassManager: opm, Ctx: ctx}
		b.StartTimer()
		if err := pm.Run(f.Module); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPaperPipeline8192 checks that the benchmark's pipeline applies: two
// fast buffers in memory space 3 for A and B, of the paper's tile shapes
// 128x(64+8) and 64x(128+8) (a larger buffer means the copy region is
// over-approximated, e.g. the steps of the tile loops were not modelled).
func TestPaperPipeline8192(t *testing.T) {
	reg := registry.All()
	opm, err := reg.ParsePipeline(paperPipeline)
	if err != nil {
		t.Skipf("pipeline unavailable: %v", err)
	}
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "matmul8192.mlir", []byte(matmul8192))
	if err != nil {
		t.Fatal(err)
	}
	pm := &pass.PassManager{OpPassManager: opm, Ctx: ctx, Verify: ir.Verify}
	if err := pm.Run(f.Module); err != nil {
		for _, d := range ir.Diagnostics(err) {
			if d.Severity == ir.SeverityError {
				t.Fatal(err)
			}
		}
	}
	var bufs []string
	ir.Walk(f.Module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "memref.alloc" {
			bufs = append(bufs, op.Result(0).Type().String())
		}
		return ir.Advance
	})
	if len(bufs) != 2 {
		t.Fatalf("got fast buffers %v, want two (A and B)", bufs)
	}
	for _, b := range bufs {
		if !strings.HasSuffix(b, "xf16, 3>") {
			t.Errorf("buffer %s is not an f16 buffer in memory space 3", b)
		}
	}
	if want := []string{"memref<128x72xf16, 3>", "memref<64x136xf16, 3>"}; !slices.Equal(bufs, want) {
		t.Errorf("fast buffers %v, want the paper's tiles %v", bufs, want)
	}
}
