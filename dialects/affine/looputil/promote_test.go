package looputil_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
	"github.com/goopt/goopt/rewrite"
)

// promoteCases are single-iteration loops and what promoting the first
// affine.for of the function gives, upstream's promoteIfSingleIteration.
var promoteCases = []promoteCase{{
	// The IV's constant goes to the top of the function body, not before
	// the loop.
	"constant lower bound",
	`func.func @f(%A: memref<8xindex>) {
  %c1 = arith.constant 1 : index
  affine.store %c1, %A[0] : memref<8xindex>
  affine.for %i = 3 to 4 {
    affine.store %i, %A[%i] : memref<8xindex>
  }
  return
}`,
	`func.func @f(%arg0: memref<8xindex>) {
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  affine.store %c1, %arg0[0] : memref<8xindex>
  affine.store %c3, %arg0[%c3] : memref<8xindex>
  return
}`,
}, {
	"identity lower bound map",
	`func.func @f(%A: memref<8xindex>, %n: index) {
  affine.for %i = affine_map<(d0) -> (d0)>(%n) to affine_map<(d0) -> (d0 + 1)>(%n) {
    affine.store %i, %A[%i] : memref<8xindex>
  }
  return
}`,
	`func.func @f(%arg0: memref<8xindex>, %arg1: index) {
  affine.store %arg1, %arg0[%arg1] : memref<8xindex>
  return
}`,
}, {
	"lower bound apply, iter_args and results",
	`func.func @f(%A: memref<8xindex>, %n: index) -> index {
  %c5 = arith.constant 5 : index
  %r = affine.for %i = affine_map<()[s0] -> (s0 * 2)>()[%n] to affine_map<()[s0] -> (s0 * 2 + 1)>()[%n] iter_args(%acc = %c5) -> (index) {
    %s = arith.addi %acc, %i : index
    affine.yield %s : index
  }
  return %r : index
}`,
	`#map = affine_map<()[s0] -> (s0 * 2)>
func.func @f(%arg0: memref<8xindex>, %arg1: index) -> index {
  %c5 = arith.constant 5 : index
  %0 = affine.apply #map()[%arg1]
  %1 = arith.addi %c5, %0 : index
  return %1 : index
}`,
}}

type promoteCase struct{ name, in, want string }

// foldedWant is what the greedy driver gives where it differs from the
// promotion alone: its folding moves a commutative op's constant operand
// to the right, as MLIR's does.
var foldedWant = map[string]string{
	"lower bound apply, iter_args and results": `#map = affine_map<()[s0] -> (s0 * 2)>
func.func @f(%arg0: memref<8xindex>, %arg1: index) -> index {
  %c5 = arith.constant 5 : index
  %0 = affine.apply #map()[%arg1]
  %1 = arith.addi %0, %c5 : index
  return %1 : index
}`,
}

func parseFunc(t *testing.T, ctx *ir.Context, src string) (*ir.Operation, affine.ForOp) {
	t.Helper()
	f, err := parser.ParseFile(ctx, "in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	loops := looputil.Loops(f.Module)
	if len(loops) == 0 {
		t.Fatal("no affine.for")
	}
	return f.Module, loops[len(loops)-1]
}

func printed(t *testing.T, m *ir.Operation) string {
	t.Helper()
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := printer.PrintFile(&b, m, "", printer.Options{}); err != nil {
		t.Fatal(err)
	}
	// The function alone, out of the module the printer wraps it in.
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		switch {
		case l == "module {" || l == "}":
		case strings.HasPrefix(l, "  "):
			lines = append(lines, l[2:])
		default:
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

func TestPromoteIfSingleIteration(t *testing.T) {
	for _, tc := range promoteCases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := all.NewContext()
			m, f := parseFunc(t, ctx, tc.in)
			if err := looputil.PromoteIfSingleIteration(ctx, f); err != nil {
				t.Fatal(err)
			}
			if got := printed(t, m); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestLoopSimplificationPatterns runs the same cases through the greedy
// driver, which must see every change the promotion makes, and a
// zero-trip loop, which is erased.
func TestLoopSimplificationPatterns(t *testing.T) {
	cases := append(promoteCases, promoteCase{
		"zero trip",
		`func.func @f(%A: memref<8xindex>) {
  affine.for %i = 4 to 4 {
    affine.store %i, %A[%i] : memref<8xindex>
  }
  return
}`,
		`func.func @f(%arg0: memref<8xindex>) {
  return
}`,
	})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := all.NewContext()
			m, _ := parseFunc(t, ctx, tc.in)
			cfg := rewrite.DefaultConfig()
			cfg.RegionSimplify = rewrite.SimplifyDisabled
			rewrite.ApplyPatternsAndFoldGreedily(ctx, m, rewrite.NewPatternSet(looputil.LoopSimplificationPatterns()...), cfg)
			want := tc.want
			if w, ok := foldedWant[tc.name]; ok {
				want = w
			}
			if got := printed(t, m); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestPromoteIfSingleIterationRefuses leaves a loop that may not run
// exactly once unchanged.
func TestPromoteIfSingleIterationRefuses(t *testing.T) {
	const src = `func.func @f(%A: memref<8xindex>, %n: index) {
  affine.for %i = 0 to %n {
    affine.store %i, %A[%i] : memref<8xindex>
  }
  return
}`
	ctx := all.NewContext()
	m, f := parseFunc(t, ctx, src)
	before := printed(t, m)
	if err := looputil.PromoteIfSingleIteration(ctx, f); err == nil {
		t.Fatal("promoted a loop of unknown trip count")
	}
	if got := printed(t, m); got != before {
		t.Errorf("IR changed:\n%s", got)
	}
}
