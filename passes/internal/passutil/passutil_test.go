package passutil_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

func TestOutermostFors(t *testing.T) {
	f, err := parser.ParseFile(all.NewContext(), "t.mlir", []byte(`
func.func @f() {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
    }
  }
  affine.for %k = 0 to 8 {
  }
  return
}`))
	if err != nil {
		t.Fatal(err)
	}
	roots := passutil.OutermostFors(f.Module)
	if len(roots) != 2 {
		t.Fatalf("got %d roots, want 2 (the inner loop is not a root)", len(roots))
	}
	for i, want := range []int64{4, 8} {
		if tc, ok := roots[i].ConstantTripCount(); !ok || tc != want {
			t.Errorf("root %d: trip count %d, %v; want %d", i, tc, ok, want)
		}
	}
	if got := passutil.Outermost(roots[0].Operation, affine.ForName); len(got) != 1 {
		t.Errorf("Outermost under the first root = %d ops, want its one inner loop", len(got))
	}
}

// TestMatmulNests finds the one matmul among a function's two nests: the
// copy nest beside it is passed over.
func TestMatmulNests(t *testing.T) {
	src := strings.Replace(testutil.PaperMatmul(32, 32, 32), "  return\n", `  affine.for %i = 0 to 32 {
    %v = affine.load %A[%i, 0] : memref<32x32xf16>
    affine.store %v, %B[%i, 0] : memref<32x32xf16>
  }
  return
`, 1)
	f, err := parser.ParseFile(all.NewContext(), "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	mms := passutil.MatmulNests(f.Module)
	if len(mms) != 1 {
		t.Fatalf("got %d matmul nests, want 1", len(mms))
	}
	if got := len(mms[0].Band); got != 3 {
		t.Errorf("the matmul's band has %d loops, want 3", got)
	}
	roots := passutil.OutermostFors(f.Module)
	if _, err := passutil.MatmulNest(roots[1]); err == nil {
		t.Error("the copy nest matched as a matmul")
	}
}

// TestPipeline registers a pipeline through passutil.Pipeline and builds
// it on a module: its options are parsed over the defaults, the stages
// land in a nested func.func manager, cleanup appends canonicalize and
// cse, and a bad option is an error.
func TestPipeline(t *testing.T) {
	type opts struct {
		Cleanup bool `opt:"cleanup" desc:"clean up"`
	}
	var built []opts
	pi := passutil.Pipeline("test-pipeline", "a test", func() opts { return opts{Cleanup: true} }, func(pm *pass.OpPassManager, o opts) error {
		built = append(built, o)
		return passutil.AddFuncStages(pm, "test-pipeline", o.Cleanup)
	})
	for _, c := range []struct {
		options, want string
		cleanup       bool
	}{
		{"", "builtin.module(func.func(canonicalize{max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},cse))", true},
		{"cleanup=false", "builtin.module(func.func())", false},
	} {
		pm := pass.New(all.NewContext(), "builtin.module")
		if err := pi.Build(pm.OpPassManager, c.options); err != nil {
			t.Fatalf("%q: %v", c.options, err)
		}
		if got := built[len(built)-1].Cleanup; got != c.cleanup {
			t.Errorf("%q: cleanup = %v, want %v", c.options, got, c.cleanup)
		}
		if got := pm.String(); got != c.want {
			t.Errorf("%q: pipeline %s, want %s", c.options, got, c.want)
		}
	}
	if err := pi.Build(pass.New(all.NewContext(), "builtin.module").OpPassManager, "nonsense=1"); err == nil {
		t.Error("an unknown option was accepted")
	}
}
