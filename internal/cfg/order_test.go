package cfg_test

import (
	"slices"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/cfg"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// A loop (bb1 <-> bb2) with an exit (bb3) and an unreachable block (bb4):
// post-order visits the exit and the loop body before their header, and
// leaves bb4 out.
const loop = `func.func @f(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1
^bb3:
  return
^bb4:
  cf.br ^bb3
}`

func TestOrders(t *testing.T) {
	f, err := parser.ParseFile(all.NewContext(), "loop.mlir", []byte(loop))
	if err != nil {
		t.Fatal(err)
	}
	fn := f.Module.Region(0).Front().Ops()[0]
	blocks := fn.Region(0).Blocks()
	index := map[*ir.Block]int{}
	for i, b := range blocks {
		index[b] = i
	}
	names := func(bs []*ir.Block) []int {
		var out []int
		for _, b := range bs {
			out = append(out, index[b])
		}
		return out
	}
	if got, want := names(cfg.PostOrder(blocks[0])), []int{2, 3, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("post-order %v, want %v", got, want)
	}
	if got, want := names(cfg.ReversePostOrder(blocks[0])), []int{0, 1, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("reverse post-order %v, want %v", got, want)
	}
}
