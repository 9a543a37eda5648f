package interp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
	"github.com/goopt/goopt/printer"
)

// hopperLowered maps src with gpu-matmul-hopper configured by opts, lets
// edit change the mapped module (nil: none) and lowers it as goopt
// compile does, to the llvm and nvvm dialects.
func hopperLowered(t *testing.T, src, opts string, edit func(*ir.Operation)) *ir.Operation {
	t.Helper()
	o := gpumatmulhopper.DefaultOptions()
	if err := pass.ParseOptions(&o, opts); err != nil {
		t.Fatal(err)
	}
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pm := pass.New(ctx, "builtin.module")
	if err := gpumatmulhopper.Build(pm.OpPassManager, o); err != nil {
		t.Fatal(err)
	}
	pm.Verify = ir.Verify
	if err := pm.Run(f.Module); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(f.Module)
	}
	mapped := printer.String(f.Module, printer.Options{})
	res, diags := driver.Compile(context.Background(), []byte(mapped), "mapped.mlir", driver.CompileOptions{Emit: driver.EmitMLIR})
	if diags != nil {
		t.Fatalf("%v\n%s", diags, mapped)
	}
	return res.Module
}

// The warp-specialised configurations (rung 1: a producer warpgroup
// issuing TMA loads, consumer warpgroups releasing ring slots on "empty"
// mbarriers), run with race checks on: mbarrier phases order the
// producer's and consumers' accesses. K spans two rounds of the ring, so
// every slot is refilled after its release. rung1 is the pipeline's own
// rung-1 configuration (256x128 tiles, two consumers, four stages).
var wsRungs = []struct {
	name, opts string
	m, n, k    int
}{
	{"rung1-1wg", "tb-tile=128,128,64 consumers=1 stages=2 warp-specialize=true epilogue=direct grid-swizzle=0", 128, 128, 256},
	{"rung1-2wg", "tb-tile=128,128,64 consumers=2 stages=2 warp-specialize=true epilogue=direct grid-swizzle=0", 128, 128, 256},
	{"rung2-ws", "tb-tile=128,128,64 consumers=2 stages=2 grid-swizzle=0", 128, 128, 256},
	{"rung6-ws", "tb-tile=128,128,64 consumers=2 stages=2", 128, 128, 256},
	{"rung1", "epilogue=direct grid-swizzle=0", 256, 256, 256},
}

func TestWarpSpecializedMatmulRaceFree(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	for _, r := range wsRungs {
		t.Run(r.name, func(t *testing.T) {
			src := testutil.PaperMatmul(r.m, r.n, r.k)
			in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			out := hopperLowered(t, src, r.opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5}); err != nil {
				t.Error(err)
			}
		})
	}
}

// wsWaits erases the ring waits of the warp-specialised kernel that pick
// says to: the consumers' waits on a "full" slot sit directly in their
// k loop, the producer's waits on an "empty" slot inside the scf.if that
// skips them in the first round.
func wsWaits(pick func(inIf bool) bool, removed *int) func(*ir.Operation) {
	return func(m *ir.Operation) {
		var waits []*ir.Operation
		ir.WalkOps(m, func(op *ir.Operation) {
			if !op.Is("nvgpu.mbarrier.try_wait.parity") || op.ParentOfName("scf.for") == nil {
				return
			}
			if pick(op.ParentOp().Is("scf.if")) {
				waits = append(waits, op)
			}
		})
		for _, w := range waits {
			w.Erase()
			*removed++
		}
	}
}

// TestWarpSpecializedPlantedBugs removes one side's ring waits: each must
// still be reported although mbarriers now order the two sides.
func TestWarpSpecializedPlantedBugs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	src := testutil.PaperMatmul(128, 128, 256)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		producer bool
		want     []string
	}{
		// The wgmma reads a slot whose TMA load has not landed (or landed
		// in a phase the consumer never observed).
		{"consumer-skips-full-wait", false, []string{"uninitialised", "before the asynchronous copy", "did not observe"}},
		// The producer refills a slot the consumers may still read: its
		// TMA load is not ordered after their reads.
		{"producer-skips-empty-wait", true, []string{"data race", "before the asynchronous copy", "more arrivals"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, r := range wsRungs[:2] {
				removed := 0
				out := hopperLowered(t, src, r.opts, wsWaits(func(inIf bool) bool { return inIf == c.producer }, &removed))
				if removed == 0 {
					t.Fatal("no wait to remove")
				}
				err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5})
				if err == nil {
					t.Fatalf("%s: the missing wait went unnoticed", r.name)
				}
				found := false
				for _, w := range c.want {
					found = found || strings.Contains(err.Error(), w)
				}
				if !found {
					t.Errorf("%s: unexpected error: %v", r.name, err)
				}
				t.Logf("%s: %v", r.name, err)
			}
		})
	}
}
