package gpumatmulmma_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/goopt/goopt/codegen/nvptx"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulmma"
	"github.com/goopt/goopt/passes/internal/matmulpass/matmultest"
)

// lowered maps src with the pipeline configured by opts, lets edit change
// the kernel's text (nil: none), and lowers it as goopt compile does, to
// the llvm and nvvm dialects, which the interpreter runs with cp.async,
// ldmatrix and mma.sync semantics and race checks.
func lowered(t *testing.T, src, opts string, edit func(string) string) *ir.Operation {
	t.Helper()
	o := gpumatmulmma.DefaultOptions()
	if err := pass.ParseOptions(&o, opts); err != nil {
		t.Fatal(err)
	}
	mapped, err := run(src, o)
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edited := edit(mapped)
		if edited == mapped {
			t.Fatal("the edit changed nothing")
		}
		mapped = edited
	}
	out, err := matmultest.Lower(mapped)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The configurations the interpreter checks at small sizes. K spans
// several rounds of the ring, so slots are refilled and the tail's waits
// for all groups run; the grid has several blocks, swizzled or not.
var interpConfigs = []struct {
	name, opts string
	m, n, k    int
}{
	{"4warps-3stages", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0", 128, 64, 192},
	{"2stages-swizzled-grid", "tb-tile=64,64,32 warp-tile=32,32 stages=2 grid-swizzle=2", 128, 128, 96},
	{"default-shape", "", 128, 256, 160},
	{"bk64-1warp", "tb-tile=32,64,64 warp-tile=32,64 stages=4", 64, 64, 128},
	// Fewer K tiles than the prologue would fill: every wait is for all.
	{"one-k-tile", "tb-tile=64,64,32 warp-tile=32,32 stages=4", 64, 64, 32},
}

func TestInterpreterEquivalence(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mma.sync kernels on the interpreter")
	}
	for _, c := range interpConfigs {
		t.Run(c.name, func(t *testing.T) {
			src := matmul(c.m, c.n, c.k)
			in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			out := lowered(t, src, c.opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5, Seeds: []int64{1, 2}}); err != nil {
				t.Error(err)
			}
		})
	}
}

// Planted bugs the interpreter must catch: each edit of the kernel's text
// breaks one thing the kernel relies on.
var plantedBugs = []struct {
	name string
	edit func(string) string
	want string // in the report
}{
	// Without the waits ldmatrix reads a slot whose copies are in flight.
	{"no cp.async wait", func(s string) string {
		return regexp.MustCompile(`(?m)^.*nvgpu.device_async_wait.*\n`).ReplaceAllString(s, "")
	}, "before the asynchronous copy that writes it completed"},
	// Without the barrier a warp reads the other threads' copies of the
	// tile, which only their own waits ordered.
	{"no barrier", func(s string) string {
		return strings.ReplaceAll(s, "gpu.barrier\n", "")
	}, "data race on workgroup memory"},
	// B's fragments loaded untransposed: the wrong products.
	{"B untransposed", func(s string) string {
		return strings.ReplaceAll(s, "transpose = true", "transpose = false")
	}, "differ"},
}

func TestInterpreterCatchesPlantedBugs(t *testing.T) {
	src := matmul(64, 64, 128)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range plantedBugs {
		t.Run(b.name, func(t *testing.T) {
			out := lowered(t, src, interpConfigs[0].opts, b.edit)
			err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5})
			if err == nil || !strings.Contains(err.Error(), b.want) {
				t.Fatalf("the planted bug went unnoticed (want %q): %v", b.want, err)
			}
			t.Log(err)
		})
	}
}

// TestCompilesToAmperePTX: goopt compile takes the matmul through this
// pipeline to sm_80 PTX with the legacy tensor-core instructions.
func TestCompilesToAmperePTX(t *testing.T) {
	res, diags := driver.Compile(context.Background(), []byte(matmul(256, 256, 256)), "matmul.mlir", driver.CompileOptions{
		Pipeline: gpumatmulmma.Name, Emit: driver.EmitPTX, Codegen: nvptx.Options{Arch: "sm_80", PTXVersion: 70},
	})
	if diags != nil {
		if strings.Contains(diags.Error(), "llc") && strings.Contains(diags.Error(), "not found") {
			t.Skip(diags)
		}
		t.Fatal(diags)
	}
	ptx := string(res.Output)
	for _, want := range []string{
		".target sm_80",
		"cp.async.cg.shared.global",
		"cp.async.commit_group",
		"cp.async.wait_group 2",
		"cp.async.wait_group 0",
		"ldmatrix.sync.aligned.m8n8.x4.shared.b16",
		"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
		"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
	} {
		if !strings.Contains(ptx, want) {
			t.Errorf("PTX lacks %q", want)
		}
	}
	if n := strings.Count(ptx, "mma.sync.aligned.m16n8k16"); n != 64 {
		t.Errorf("%d mma.sync in the PTX, want 64 (32 a 16-deep step, 2 steps a tile, unrolled)", n)
	}
	if len(res.Kernels.Kernels) != 1 {
		t.Fatalf("want one kernel, got %+v", res.Kernels)
	}
	if ki := res.Kernels.Kernels[0]; ki.DynamicSharedBytes != 98304 {
		t.Errorf("dynamic shared memory %d, want 98304 (4 stages of 8 KB A and 16 KB B tiles)", ki.DynamicSharedBytes)
	}
}
