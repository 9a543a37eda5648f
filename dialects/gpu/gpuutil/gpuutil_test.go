package gpuutil_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

const matmul = `
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<64x32xf16>
        %b = affine.load %B[%k, %j] : memref<32x64xf16>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
`

var small = gpuutil.TileSizes{Block: [3]int64{64, 64, 32}, Warp: [3]int64{32, 32, 16}, MMA: [3]int64{16, 16, 16}}

func parse(t *testing.T, src string) (*ir.Context, *ir.Operation, affine.ForOp) {
	t.Helper()
	ctx, m := parsed(t, src)
	root, _ := affine.FirstFor(m)
	return ctx, m, root
}

// TestTileThenCopy runs both stages and checks the nest's shape: 12 loops
// with the paper's steps, two copy nests at the start of the fifth.
func TestTileThenCopy(t *testing.T) {
	ctx, m, root := parse(t, matmul)
	nest, err := gpuutil.TileMatmulForGPU(ctx, looputil.GetPerfectlyNestedLoops(root), small)
	if err != nil {
		t.Fatal(err)
	}
	steps := []int64{64, 64, 32, 32, 32, 16, 16, 16, 16, 1, 1, 1}
	if len(nest) != len(steps) {
		t.Fatalf("got %d loops, want %d", len(nest), len(steps))
	}
	for i, f := range nest {
		if f.Step() != steps[i] {
			t.Errorf("loop %d has step %d, want %d", i, f.Step(), steps[i])
		}
	}
	if err := gpuutil.CopyToSharedMemory(ctx, nest[0], gpuutil.SmemCopyOptions{PaddingA: 8, PaddingB: 8}); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var copies int
	for _, op := range nest[4].Body().Ops() {
		if op.Is(affine.ForName) && op != nest[5].Operation {
			copies++
		}
	}
	if copies != 2 {
		t.Errorf("the k loop starts with %d copy nests, want 2", copies)
	}
}

// TestFailuresLeaveIRUnchanged checks that every refusal returns an error
// and leaves the IR as it was.
func TestFailuresLeaveIRUnchanged(t *testing.T) {
	cases := []struct {
		name, src string
		sizes     gpuutil.TileSizes
		want      string
	}{
		{"ragged", matmul, gpuutil.TileSizes{Block: [3]int64{64, 64, 64}, Warp: [3]int64{32, 32, 32}, MMA: [3]int64{16, 16, 16}},
			"matmul size 32 is not a multiple of the thread-block tile 64"},
		{"bad sizes", matmul, gpuutil.TileSizes{Block: [3]int64{64, 64, 32}, Warp: [3]int64{32, 24, 16}, MMA: [3]int64{16, 16, 16}},
			"warp tile 24 does not divide the thread-block tile 64 along N"},
		{"subf", strings.Replace(matmul, "arith.addf %c, %p", "arith.subf %c, %p", 1), small,
			"loop body is not a matmul update C += A * B"},
		{"step", strings.Replace(matmul, "0 to 32 {", "0 to 32 step 2 {", 1), small,
			"loop bounds are not constant with unit step"},
	}
	for _, c := range cases {
		ctx, m, root := parse(t, c.src)
		before := text(m)
		_, err := gpuutil.TileMatmulForGPU(ctx, looputil.GetPerfectlyNestedLoops(root), c.sizes)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got error %v, want %q", c.name, err, c.want)
		}
		if after := text(m); after != before {
			t.Errorf("%s: IR changed on failure:\n%s", c.name, after)
		}
	}
	// The copy stage refuses an untiled nest and negative padding.
	ctx, m, root := parse(t, matmul)
	before := text(m)
	for _, o := range []gpuutil.SmemCopyOptions{{}, {PaddingA: -1}} {
		if err := gpuutil.CopyToSharedMemory(ctx, root, o); err == nil {
			t.Errorf("CopyToSharedMemory(%+v) on an untiled nest succeeded", o)
		}
	}
	if after := text(m); after != before {
		t.Errorf("IR changed on failure:\n%s", after)
	}
}
