package gpumatmulhopper_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// The ping-pong schedule on the interpreter: several tiles per block and
// odd counts, so that the consumers get unequal numbers of tiles (6 tiles
// on 4 blocks: two blocks take two, two take one and leave their second
// consumer idle; on 1 block, 3 each; 5 tiles of 64x256 on 2 blocks, 3 and
// 2; 4 tiles on one block's 3 consumers, consumer 0 taking two), and K
// spanning ring rounds that run on across tiles (4 K tiles on 3 stages).
var pingPongRungs = []sizedRung{
	{"128x128-4blocks", [3]int{384, 256, 256}, "f16", "tb-tile=128,128,64 stages=3 grid-swizzle=0 pingpong=true sm-count=4"},
	{"128x128-1block-swizzle", [3]int{384, 256, 256}, "f16", "tb-tile=128,128,64 stages=3 grid-swizzle=2 pingpong=true sm-count=1"},
	{"64x256-2blocks", [3]int{320, 256, 192}, "f16", "tb-tile=64,256,64 stages=2 grid-swizzle=0 pingpong=true sm-count=2"},
	// Partial tiles: TMA zero fill and the epilogue's guards (tile 0,0
	// is whole and takes the unguarded path); bf16 inputs.
	{"awkward", [3]int{200, 136, 104}, "f16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 pingpong=true sm-count=2"},
	{"awkward-bf16", [3]int{200, 136, 104}, "bf16", "tb-tile=128,128,64 stages=2 grid-swizzle=0 pingpong=true sm-count=2"},
	{"3consumers", [3]int{256, 256, 128}, "f16", "tb-tile=128,128,64 stages=2 consumers=3 grid-swizzle=0 pingpong=true sm-count=1"},
}

// sizedRung is a configuration the interpreter checks at its own size.
type sizedRung struct {
	name       string
	size       [3]int // M, N, K
	elem, opts string
}

func TestInterpreterEquivalencePingPong(t *testing.T) { checkSizedRungs(t, pingPongRungs) }

// checkSizedRungs runs each rung's kernel against the affine nest on the
// interpreter.
func checkSizedRungs(t *testing.T, rungs []sizedRung) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	for _, r := range rungs {
		t.Run(r.name, func(t *testing.T) {
			if err := pingPongVerdict(t, r.size, r.elem, r.opts, nil); err != nil {
				t.Error(err)
			}
		})
	}
}

// pingPongVerdict is the interpreter's verdict on the matmul of the size
// elem inputs lowered with opts (and changed by edit) against the affine
// nest.
func pingPongVerdict(t *testing.T, size [3]int, elem, opts string, edit func(*ir.Operation)) error {
	t.Helper()
	src := strings.ReplaceAll(matmul(size[0], size[1], size[2]), "f16", elem)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return equiv.Check(in.Module, lowered(t, src, opts, edit), "matmul", equiv.Options{RelTol: 1e-5})
}

// TestInterpreterCatchesPingPongBugs plants a bug in the first ping-pong
// configuration: the consumers' waits on one barrier group (in creation
// order: 0 full, 1 empty, 2 turn) removed.
//   - full: a consumer that does not wait for its slot's TMA load reads
//     it before the copy lands;
//   - turn: a consumer that does not wait for its turn runs its main
//     loop beside the other's, waiting on a full barrier that may be two
//     phases behind, whose parity then reads as complete: the wgmma reads
//     a slot whose next load is still in flight.
func TestInterpreterCatchesPingPongBugs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	for _, bug := range []struct {
		name  string
		group int
	}{{"skipped-full-wait", 0}, {"skipped-turn", 2}} {
		t.Run(bug.name, func(t *testing.T) {
			r := pingPongRungs[0]
			removed := 0
			err := pingPongVerdict(t, r.size, "f16", r.opts, func(m *ir.Operation) {
				var groups []*ir.Value
				var waits []*ir.Operation
				ir.WalkOps(m, func(op *ir.Operation) {
					switch {
					case op.Is("nvgpu.mbarrier.create"):
						groups = append(groups, op.Result(0))
					case op.Is("nvgpu.mbarrier.try_wait.parity"):
						waits = append(waits, op)
					}
				})
				if len(groups) != 3 {
					t.Fatalf("%d barrier groups, want full, empty and turn", len(groups))
				}
				// Only the consumers wait on the full and turn barriers.
				for _, w := range waits {
					if w.Operand(0) == groups[bug.group] {
						w.Erase()
						removed++
					}
				}
			})
			if removed == 0 {
				t.Fatalf("no wait on barrier group %d to remove", bug.group)
			}
			if err == nil || !strings.Contains(err.Error(), "before the asynchronous copy") && !strings.Contains(err.Error(), "uninitialised") {
				t.Fatalf("the planted bug went unnoticed: %v", err)
			}
			t.Log(err)
		})
	}
}
