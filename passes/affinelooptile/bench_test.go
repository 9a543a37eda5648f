package affinelooptile_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// matmul8192 is the paper's kernel: C[f32] += ext(A[f16]) * ext(B[f16]).
var matmul8192 = testutil.AffineMatmul("matmul", 8192, "f16", "f32")

// paperLevels are the paper's thread-block, warp and WMMA tile sizes.
var paperLevels = [][]int64{{128, 128, 64}, {64, 32, 32}, {16, 16, 16}}

// BenchmarkTileAndUnrollMatmul8192 tiles the 8192³ matmul nest on three
// levels (128×128×64, 64×32×32, 16×16×16) and fully unrolls the innermost
// 16-iteration loop, as the paper's pipeline does before WMMA generation.
func BenchmarkTileAndUnrollMatmul8192(b *testing.B) {
	ctx := all.NewContext()
	for b.Loop() {
		b.StopTimer()
		f, err := parser.ParseFile(ctx, "matmul.mlir", []byte(matmul8192))
		if err != nil {
			b.Fatal(err)
		}
		root := firstFor(f.Module)
		b.StartTimer()
		nest, err := looputil.TileMultiLevel(ctx, looputil.GetPerfectlyNestedLoops(root), paperLevels)
		if err != nil {
			b.Fatal(err)
		}
		if err := looputil.LoopUnrollFull(ctx, nest[len(nest)-1]); err != nil {
			b.Fatal(err)
		}
	}
}

func firstFor(module *ir.Operation) affine.ForOp {
	f, _ := affine.FirstFor(module)
	return f
}

// TestTileAndUnrollMatmul8192Shape checks the benchmark's result: nine
// tile loops of the paper's steps around a fully unrolled 16-wide body.
func TestTileAndUnrollMatmul8192Shape(t *testing.T) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "matmul.mlir", []byte(matmul8192))
	if err != nil {
		t.Fatal(err)
	}
	nest, err := looputil.TileMultiLevel(ctx, looputil.GetPerfectlyNestedLoops(firstFor(f.Module)), paperLevels)
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{128, 128, 64, 64, 32, 32, 16, 16, 16, 1, 1, 1}
	if len(nest) != len(want) {
		t.Fatalf("got %d loops, want %d", len(nest), len(want))
	}
	for i, l := range nest {
		if l.Step() != want[i] {
			t.Errorf("loop %d: step %d, want %d", i, l.Step(), want[i])
		}
		if i >= 3 {
			if tc, ok := looputil.ConstantTripCount(l); !ok || tc != paperLevels[i/3-1][i%3]/want[i] {
				t.Errorf("loop %d: trip count %d (known %v), want %d", i, tc, ok, paperLevels[i/3-1][i%3]/want[i])
			}
		}
	}
	if err := looputil.LoopUnrollFull(ctx, nest[len(nest)-1]); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
	stores := 0
	ir.WalkOps(nest[len(nest)-2].Operation, func(op *ir.Operation) {
		if op.Is(affine.StoreName) {
			stores++
		}
	})
	if stores != 16 {
		t.Errorf("unrolled body has %d stores, want 16", stores)
	}
}
