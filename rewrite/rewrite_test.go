package rewrite_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
	"github.com/goopt/goopt/rewrite"
)

func parse(t *testing.T, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f.Module
}

func TestFoldHoistAndDedup(t *testing.T) {
	ctx := all.NewContext()
	mod := parse(t, ctx, `
func.func @f(%m: memref<8xi32>, %a: i32) -> i32 {
  affine.for %i = 0 to 8 {
    %c5 = arith.constant 5 : i32
    memref.store %c5, %m[%i] : memref<8xi32>
  }
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %s = arith.addi %c1, %c4 : i32
  %d = arith.muli %a, %a : i32
  return %s : i32
}`)
	res := rewrite.ApplyPatternsAndFoldGreedily(ctx, mod, rewrite.CanonicalizationPatterns(ctx), rewrite.DefaultConfig())
	if !res.Changed || !res.Converged {
		t.Errorf("result %+v", res)
	}
	got := printer.String(mod, printer.Options{})
	want := `module {
  func.func @f(%arg0: memref<8xi32>, %arg1: i32) -> i32 {
    %c5_i32 = arith.constant 5 : i32
    affine.for %arg2 = 0 to 8 {
      memref.store %c5_i32, %arg0[%arg2] : memref<8xi32>
    }
    return %c5_i32 : i32
  }
}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// flipPattern rewrites forever: it toggles a unit attribute.
type flipPattern struct{}

func (flipPattern) RootName() string    { return "arith.addi" }
func (flipPattern) Benefit() int        { return 1 }
func (flipPattern) PatternName() string { return "flip" }
func (flipPattern) MatchAndRewrite(op *ir.Operation, rw *ir.Rewriter) bool {
	rw.ModifyInPlace(op, func() {
		if !op.RemoveAttr("flip") {
			op.SetAttr("flip", ir.Unit)
		}
	})
	return true
}

func TestNonConvergence(t *testing.T) {
	ctx := all.NewContext()
	src := `func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}`
	cfg := rewrite.DefaultConfig()
	cfg.MaxIterations = 3
	cfg.MaxNumRewrites = 50
	res := rewrite.ApplyPatternsAndFoldGreedily(ctx, parse(t, ctx, src), rewrite.NewPatternSet(flipPattern{}), cfg)
	if res.Converged || res.Iterations > 3 {
		t.Errorf("cyclic pattern: %+v", res)
	}
	// Filtering the pattern out restores convergence.
	set := rewrite.NewPatternSet(flipPattern{}).Filter([]string{"flip"}, nil)
	if set.Len() != 0 {
		t.Errorf("filter kept %d patterns", set.Len())
	}
	res = rewrite.ApplyPatternsAndFoldGreedily(ctx, parse(t, ctx, src), set, cfg)
	if !res.Converged {
		t.Errorf("without patterns: %+v", res)
	}
}

func TestTriviallyDead(t *testing.T) {
	ctx := all.NewContext()
	mod := parse(t, ctx, `func.func @f(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %0 = arith.addf %v, %v : f32
  %1 = memref.load %m[%c0] : memref<4xf32>
  %2 = memref.alloc() : memref<4xf32>
  memref.store %v, %m[%c0] : memref<4xf32>
  memref.dealloc %2 : memref<4xf32>
  return
}`)
	var got []string
	ir.WalkOps(mod, func(op *ir.Operation) {
		if ir.WouldBeTriviallyDead(op) {
			got = append(got, op.Name())
		}
	})
	want := "arith.constant arith.addf memref.load memref.alloc"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}
