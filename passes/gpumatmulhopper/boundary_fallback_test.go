package gpumatmulhopper_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// unaligned are sizes whose rows TMA cannot address (A's K or B's N not a
// multiple of 8 elements, C's N not a multiple of 4): the threads copy
// those operands' boxes into the swizzled ring themselves, zero-filling
// past the edges, and the epilogue stores C directly. Checked by
// execution against the affine matmul, with the interpreter's race
// checks, in rung 0 (every thread copies) and warp-specialised (the
// producer warpgroup copies; persistent: across tiles).
var unaligned = []struct {
	name    string
	m, n, k int
	elem    string
	opts    string
}{
	// A and B copied (4- and 2-element groups), C by 2-element accesses.
	{"70x90x52-rung0", 70, 90, 52, "f16", "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0"},
	// A copied by 2-element groups, B by TMA; the TMA epilogue stays.
	{"129x136x70-rung0-2wg", 129, 136, 70, "f16", "tb-tile=128,128,64 consumers=2 stages=2 warp-specialize=false grid-swizzle=2"},
	// Primes: every operand copied element by element, C by scalars.
	{"67x131x61-rung0-bf16", 67, 131, 61, "bf16", "tb-tile=64,128,64 consumers=1 stages=2 warp-specialize=false epilogue=direct grid-swizzle=0"},
	{"70x90x52-ws", 70, 90, 52, "f16", "tb-tile=64,64,64 consumers=1 stages=2 grid-swizzle=0"},
	// B copied, A by TMA, K spanning several ring rounds; 3 stages: one
	// use's cp.async copies stay in flight (copyLag).
	{"129x257x200-ws-lag1", 129, 257, 200, "f16", "tb-tile=128,128,64 consumers=2 stages=3 grid-swizzle=0"},
	{"129x257x70-persistent", 129, 257, 70, "f16", "tb-tile=128,128,64 consumers=2 stages=2 grid-swizzle=0 persistent=true sm-count=3"},
	// A copied (4-element groups), 5 K tiles, two uses in flight, one
	// block running 4 tiles: the lag's publications carry across tiles.
	{"129x136x300-persistent-lag2", 129, 136, 300, "f16", "tb-tile=128,128,64 consumers=1 stages=4 grid-swizzle=0 persistent=true sm-count=1"},
	{"67x131x61-persistent-overlap", 67, 131, 61, "f16", "tb-tile=64,64,64 consumers=1 stages=3 grid-swizzle=2 persistent=true sm-count=3 overlap-epilogue=true"},
}

func TestUnalignedRows(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	for _, a := range unaligned {
		t.Run(a.name, func(t *testing.T) {
			src := typedMatmul(a.m, a.n, a.k, a.elem)
			in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			out := lowered(t, src, a.opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5, Seeds: []int64{1, 2}}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestUnalignedCatchesPlantedBugs plants bugs in the copies of rung 0
// kernels: a copy that ignores the swizzle (wgmma then reads chunks from
// the wrong places), cp.async copies published before they are waited
// for (70x90x52: groups of 4 and 2 elements; and in the producer
// warpgroup, the waits of the copies left in flight), and plain stores
// (odd rows, 67x131x61) with no proxy fence before wgmma's reads.
func TestUnalignedCatchesPlantedBugs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	// The epilogue is direct (N not a multiple of 4): the copies' are the
	// only proxy fences.
	const opts = "tb-tile=64,64,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0"
	for _, c := range []struct {
		name    string
		m, n, k int
		opts    string
		erase   string // the op to erase, or the xori to bypass
		want    string
	}{
		{"no-swizzle", 70, 90, 52, opts, "arith.xori", "differs"},
		{"no-cp.async-wait", 70, 90, 52, opts, "nvvm.cp.async.wait.group", "asynchronous copy"},
		{"no-proxy-fence", 67, 131, 61, opts, "nvvm.fence.proxy", "proxy"},
		{"no-lagged-wait", 129, 136, 300, "tb-tile=128,128,64 consumers=1 stages=4 grid-swizzle=0 epilogue=direct", "nvvm.cp.async.wait.group 2", "asynchronous copy"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := matmul(c.m, c.n, c.k)
			in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			edited := 0
			// "op n": only the op whose attribute n is the given value.
			name, n, _ := strings.Cut(c.erase, " ")
			out := lowered(t, src, c.opts, func(m *ir.Operation) {
				var ops []*ir.Operation
				ir.WalkOps(m, func(op *ir.Operation) {
					if a, ok := op.Attr("n").(*ir.IntegerAttr); op.Is(name) && (n == "" || ok && fmt.Sprint(a.Int()) == n) {
						ops = append(ops, op)
					}
				})
				for _, op := range ops {
					if op.NumResults() == 1 {
						op.Result(0).ReplaceAllUsesWith(op.Operand(0))
					}
					op.Erase()
					edited++
				}
			})
			if edited == 0 {
				t.Fatal("nothing to plant the bug in")
			}
			err = equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("the planted bug went unnoticed: %v", err)
			}
			t.Log(err)
		})
	}
}
