package passutil_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/parser"
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
