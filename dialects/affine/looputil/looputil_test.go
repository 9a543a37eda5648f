package looputil_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

const nest3 = `
func.func @f(%A: memref<?x?xf32>, %B: memref<?x?x?xf32>, %n: index) {
  affine.for %i = 1 to 7 step 2 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to min affine_map<()[s0] -> (s0, 5)>()[%n] {
        %v = affine.load %A[%i, %j + %k] : memref<?x?xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i, %j, %k] : memref<?x?x?xf32>
      }
    }
  }
  return
}
`

// transform parses nest3 twice and applies fn to the band of the copy.
func transform(t *testing.T, fn func(ctx *ir.Context, band []affine.ForOp) error) (before, after *ir.Operation) {
	t.Helper()
	ctx := all.NewContext()
	b, err := parser.ParseFile(ctx, "b.mlir", []byte(nest3))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := parser.ParseFile(ctx, "a.mlir", []byte(nest3))
	if err := fn(ctx, looputil.GetPerfectlyNestedLoops(outermostFor(a.Module))); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(a.Module); err != nil {
		t.Fatal(err)
	}
	return b.Module, a.Module
}

func TestTransformsPreserveSemantics(t *testing.T) {
	tests := []struct {
		name string
		fn   func(ctx *ir.Context, band []affine.ForOp) error
	}{
		{"permute-kij", func(ctx *ir.Context, band []affine.ForOp) error {
			_, err := looputil.PermuteLoops(ctx, band, []int{1, 2, 0})
			return err
		}},
		{"permute-jik", func(ctx *ir.Context, band []affine.ForOp) error {
			_, err := looputil.PermuteLoops(ctx, band, []int{1, 0, 2})
			return err
		}},
		{"tile-2-3-2", func(ctx *ir.Context, band []affine.ForOp) error {
			_, err := looputil.TilePerfectlyNested(ctx, band, []int64{2, 3, 2})
			return err
		}},
		{"tile-two-levels-separate", func(ctx *ir.Context, band []affine.ForOp) error {
			nest, err := looputil.TileMultiLevel(ctx, band, [][]int64{{4, 4, 4}, {2, 3, 2}})
			if err != nil {
				return err
			}
			// Separation needs unit strides: the j and k intra-tile loops.
			_, err = looputil.SeparateFullTiles(ctx, nest[7:])
			return err
		}},
		{"coalesce-inner-refused", func(ctx *ir.Context, band []affine.ForOp) error {
			// The min bound of k is not a symbol inside the i loop: upstream
			// coalesces anyway and produces invalid IR; goopt refuses.
			if looputil.CoalescePerfectlyNestedLoops(ctx, band[1]) {
				t.Error("coalesced a band whose trip counts are not symbols")
			}
			return nil
		}},
		{"normalize-all", func(ctx *ir.Context, band []affine.ForOp) error {
			for _, f := range band {
				if err := looputil.NormalizeAffineFor(ctx, f, false); err != nil {
					return err
				}
			}
			return nil
		}},
		{"unroll-jam-outer", func(ctx *ir.Context, band []affine.ForOp) error {
			return looputil.LoopUnrollJamByFactor(ctx, band[0], 2)
		}},
		{"unroll-middle-by-3", func(ctx *ir.Context, band []affine.ForOp) error {
			return looputil.LoopUnrollByFactor(ctx, band[1], 3, false)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before, after := transform(t, tc.fn)
			if err := equiv.Check(before, after, "f", equiv.Options{Seeds: []int64{1, 2, 3, 4, 5, 6}}); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestPermuteRejects(t *testing.T) {
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(`
func.func @t(%A: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %v, %A[%j, %i] : memref<8x8xf32>
    }
  }
  return
}`))
	if err != nil {
		t.Fatal(err)
	}
	band := looputil.GetPerfectlyNestedLoops(outermostFor(f.Module))
	for _, perm := range [][]int{{1, 0}, {0, 0}, {0}} {
		if _, err := looputil.PermuteLoops(ctx, band, perm); err == nil {
			t.Errorf("permutation %v accepted", perm)
		}
	}
	if _, err := looputil.TilePerfectlyNested(ctx, band, []int64{2, 2}); err == nil {
		t.Error("non-hyper-rectangular band tiled")
	}
}

// outermostFor returns the outermost loop of m's first nest.
func outermostFor(m *ir.Operation) affine.ForOp {
	f, _ := affine.FirstFor(m)
	return f
}
