package gpumatmulhopper_test

import (
	"context"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
	"github.com/goopt/goopt/printer"
)

// lowered maps src with the pipeline configured by opts, lets edit change
// the kernel (nil: none), and lowers it as goopt compile does, to the llvm
// and nvvm dialects the interpreter runs with TMA, mbarrier and wgmma
// semantics and race checks.
func lowered(t *testing.T, src, opts string, edit func(*ir.Operation)) *ir.Operation {
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

// The configurations the interpreter checks: rung 0 with one and two
// consumer warpgroups (64 and 128 rows each), the TMA epilogue, the grid
// swizzle. K spans several rounds of the ring, so slots are refilled.
// Warp specialisation is checked by upstream's lowering and on the GPU
// only: the interpreter's race check does not order threads through
// mbarrier arrive/wait, which the consumers synchronise on.
var interpRungs = []struct{ name, opts string }{
	{"rung0-1wg", "tb-tile=128,128,64 consumers=1 stages=2 warp-specialize=false epilogue=direct grid-swizzle=0"},
	{"rung0-2wg", "tb-tile=128,128,64 consumers=2 stages=3 warp-specialize=false epilogue=direct grid-swizzle=0"},
	{"rung0-2wg-128rows", "tb-tile=256,128,64 consumers=2 stages=2 warp-specialize=false epilogue=direct grid-swizzle=0"},
	{"rung2", "tb-tile=128,128,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=0"},
	{"rung6", "tb-tile=128,128,64 consumers=1 stages=2 warp-specialize=false grid-swizzle=2"},
}

func TestInterpreterEquivalence(t *testing.T) {
	if testing.Short() {
		t.Skip("runs wgmma kernels on the interpreter")
	}
	src := matmul(256, 256, 256)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range interpRungs {
		t.Run(r.name, func(t *testing.T) {
			out := lowered(t, src, r.opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestInterpreterCatchesPlantedBug removes the consumers' mbarrier wait:
// the wgmma then reads a slot whose TMA load has not landed, which the
// interpreter reports at the wgmma.
func TestInterpreterCatchesPlantedBug(t *testing.T) {
	src := matmul(128, 128, 192)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	removed := 0
	out := lowered(t, src, interpRungs[0].opts, func(m *ir.Operation) {
		var waits []*ir.Operation
		ir.WalkOps(m, func(op *ir.Operation) {
			if op.Is("nvgpu.mbarrier.try_wait.parity") && op.ParentOfName("scf.for") != nil {
				waits = append(waits, op)
			}
		})
		for _, w := range waits {
			w.Erase()
			removed++
		}
	})
	if removed == 0 {
		t.Fatal("no consumer wait to remove")
	}
	err = equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5})
	// The wgmma reads the slot before the TMA load lands: the first tile's
	// as uninitialised memory, a refilled slot's as a read before the
	// copy completed.
	if err == nil || !strings.Contains(err.Error(), "uninitialised") && !strings.Contains(err.Error(), "before") {
		t.Fatalf("the missing wait went unnoticed: %v", err)
	}
	t.Log(err)
}
