package convertnvgputonvvm_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/printer"
)

// lowering is goopt compile's device lowering (driver.LoweringPipeline
// after outlining) with TMA descriptors as by-value kernel parameters.
const lowering = "builtin.module(gpu.module(convert-scf-to-cf,convert-nvgpu-to-nvvm," +
	"convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true},canonicalize,cse,reconcile-unrealized-casts))"

// TestTMAWgmmaKernelToPTX lowers a TMA + mbarrier + wgmma kernel to the
// llvm and nvvm dialects, translates it to LLVM IR and, where llc is
// installed, to PTX for sm_90a: the lowered ops are ones the translation
// and NVPTX accept, the descriptors arrive by value, and the PTX holds
// the wgmma k loop, the TMA loads and the mbarrier wait.
func TestTMAWgmmaKernelToPTX(t *testing.T) {
	src, err := os.ReadFile("testdata/tma_wgmma.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := nvptx.Translate(passtest.Lower(t, "tma_wgmma.mlir", src, passtest.Pipeline(nil, lowering)), nvptx.TranslateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ll := m.String()
	if n := strings.Count(ll, "byval([128 x i8])"); n != 2 {
		t.Errorf("%d by-value tensor map parameters in the LLVM IR, want 2:\n%s", n, ll)
	}
	if !strings.Contains(ll, `!"grid_constant"`) {
		t.Errorf("no grid_constant annotation in the LLVM IR:\n%s", ll)
	}
	if _, err := nvptx.FindLLC(""); err != nil {
		t.Skipf("no llc: %v", err)
	}
	ptx, err := nvptx.PTX(context.Background(), ll, nvptx.Options{Arch: "sm_90a", PTXVersion: 80})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		text string
		n    int
	}{
		{"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", 4},
		{"cp.async.bulk.tensor.2d.shared::cluster.global", 2},
		{"mbarrier.try_wait.parity.shared.b64", 1},
		{"wgmma.commit_group.sync.aligned", 1},
	} {
		if got := strings.Count(ptx, want.text); got != want.n {
			t.Errorf("%d x %q in the PTX, want %d", got, want.text, want.n)
		}
	}
}

// TestAccumulatorLoopLowers lowers a kernel whose k loop carries the
// warpgroup accumulator, with convert-nvgpu-to-nvvm before and after
// convert-scf-to-cf: goopt has no structural scf type conversion, so the
// loop-carried accumulator crosses the nvgpu lowering through unrealized
// casts, and convert-gpu-to-nvvm (which knows the nvgpu types) must turn
// the block arguments into the register struct so that every cast
// reconciles and the module translates.
func TestAccumulatorLoopLowers(t *testing.T) {
	src, err := os.ReadFile("testdata/tma_wgmma_kloop.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, pipeline := range []string{
		lowering,
		"builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf," +
			"convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true},canonicalize,cse,reconcile-unrealized-casts))",
	} {
		module := passtest.Lower(t, "tma_wgmma_kloop.mlir", src, passtest.Pipeline(nil, pipeline))
		var left []string
		ir.WalkOps(module, func(op *ir.Operation) {
			if strings.HasPrefix(op.Name(), "nvgpu.") || op.Name() == "builtin.unrealized_conversion_cast" || op.Name() == "cf.br" {
				left = append(left, op.Name())
			}
		})
		if len(left) > 0 {
			t.Errorf("%s: ops left after lowering: %v", pipeline, left)
		}
		if strings.Count(printer.String(module, printer.Options{}), "nvvm.wgmma.mma_async") != 4 {
			t.Errorf("%s: want the 4 wgmma of the loop body", pipeline)
		}
	}
}
