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
//
// Then the element types beyond f16 x f16 -> f32. The tolerances are the
// arithmetic's, not slack: f16 accumulation rounds a sum of 16 products
// to 11 bits where the reference rounds each addition; tf32 keeps 10 bits
// of each input's mantissa (the reference multiplies in f32). bf16 and
// tf32 run the main loop for 2 trips (K = 8 tiles, 3 stages); f16
// accumulation stays at 3 tiles, as its rounding grows with K.
var interpConfigs = []struct {
	name, opts string
	m, n, k    int
	ab, c      string
	relTol     float64
}{
	{"4warps-3stages", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0", 128, 64, 192, "f16", "f32", 1e-5},
	{"2stages-swizzled-grid", "tb-tile=64,64,32 warp-tile=32,32 stages=2 grid-swizzle=2", 128, 128, 96, "f16", "f32", 1e-5},
	{"default-shape", "", 128, 256, 160, "f16", "f32", 1e-5},
	// The main loop's trips (unrolled by the stages: constant slots), then
	// the peeled iterations: K = 12 tiles is 2 trips of 4 and 4 peeled.
	// Sums of 384 or more products, in the tensor cores' order, stray
	// further from the reference's where they cancel: 1e-4 of an element.
	{"default-shape-loop", "", 128, 256, 384, "f16", "f32", 1e-4},
	// One tile a trip, slots modulo the stages: 7 trips, 2 peeled.
	{"ring-not-unrolled", "tb-tile=64,64,32 warp-tile=32,32 stages=3 unroll-ring=false", 64, 64, 288, "f16", "f32", 1e-5},
	{"64x32-warps", "tb-tile=128,128,32 warp-tile=64,32 stages=4", 128, 128, 256, "f16", "f32", 1e-4},
	{"bk64-3stages-loop", "tb-tile=64,64,64 warp-tile=32,32 stages=3", 64, 128, 512, "f16", "f32", 1e-4},
	{"bk64-1warp", "tb-tile=32,64,64 warp-tile=32,64 stages=4", 64, 64, 128, "f16", "f32", 1e-5},
	// The copies spread over the k steps and the ldmatrix among the rows
	// of mma.sync (the next tile's wait and barrier after the first row):
	// at the default shape (8 tiles: one trip of 4, 4 peeled), over 4
	// steps of a 64-deep tile, with B's loads in fewer groups than rows
	// (64x32 warps), with 2 stages (each tile waits for the group its
	// own steps committed) and the ring not unrolled, with one row a step
	// (16-row warp tiles: every load after it), and for tf32's B.
	{"default-shape-spread-interleave", "spread-copies interleave-loads", 128, 256, 256, "f16", "f32", 1e-4},
	{"bk64-spread-interleave", "tb-tile=64,64,64 warp-tile=32,32 stages=3 spread-copies interleave-loads", 64, 128, 512, "f16", "f32", 1e-4},
	{"64x32-warps-interleave", "tb-tile=128,128,32 warp-tile=64,32 stages=4 interleave-loads", 128, 128, 256, "f16", "f32", 1e-4},
	{"ring-not-unrolled-2stages-spread", "tb-tile=64,64,32 warp-tile=32,32 stages=2 unroll-ring=false spread-copies interleave-loads", 64, 64, 288, "f16", "f32", 1e-5},
	{"16-row-warps-interleave", "tb-tile=32,64,32 warp-tile=16,64 stages=3 spread-copies interleave-loads", 64, 64, 192, "f16", "f32", 1e-5},
	// The next tile's wait and barrier before the last step's first row
	// (the loads all after it) and after its last row (a 4-row warp tile:
	// barrier-row 9 means after all rows).
	{"interleave-barrier-row-0", "tb-tile=64,64,32 warp-tile=32,32 stages=3 interleave-loads barrier-row=0", 64, 128, 256, "f16", "f32", 1e-4},
	{"interleave-barrier-late", "tb-tile=128,128,32 warp-tile=64,64 stages=3 spread-copies interleave-loads barrier-row=9", 128, 128, 192, "f16", "f32", 1e-4},
	{"tf32-spread-interleave", "tb-tile=64,64,32 warp-tile=32,32 stages=3 allow-tf32 spread-copies interleave-loads", 128, 64, 256, "f32", "f32", 1e-2},
	// Fewer K tiles than the prologue would fill: every wait is for all.
	{"one-k-tile", "tb-tile=64,64,32 warp-tile=32,32 stages=4", 64, 64, 32, "f16", "f32", 1e-5},
	{"f16-acc", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0", 128, 64, 96, "f16", "f16", 2e-2},
	{"bf16", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=2", 128, 64, 256, "bf16", "f32", 1e-5},
	{"tf32", "tb-tile=64,64,32 warp-tile=32,32 stages=3 grid-swizzle=0 allow-tf32", 128, 64, 256, "f32", "f32", 1e-2},
	{"tf32-bk16-1warp", "tb-tile=32,32,16 warp-tile=32,32 stages=2 allow-tf32", 128, 64, 96, "f32", "f32", 1e-2},
}

func TestInterpreterEquivalence(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mma.sync kernels on the interpreter")
	}
	for _, c := range interpConfigs {
		t.Run(c.name, func(t *testing.T) {
			src := matmultest.Matmul(c.m, c.n, c.k, c.ab, c.c)
			in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			out := lowered(t, src, c.opts, nil)
			if err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: c.relTol, Seeds: []int64{1, 2}}); err != nil {
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
	// The main loop's waits (3 stages: one group after the next tile's may
	// be in flight): one more and the next tile is read unlanded.
	{"loop waits one group short", func(s string) string {
		return strings.ReplaceAll(s, "numGroups = 1 : i32", "numGroups = 2 : i32")
	}, "before the asynchronous copy that writes it completed"},
	// The peeled tail's exact wait counts: the second-to-last tile waits
	// for every group (its successor's is the newest); one fewer and the
	// last tile is read while its copies are in flight.
	{"tail waits one group short", func(s string) string {
		return strings.ReplaceAll(s, "numGroups = 0 : i32", "numGroups = 1 : i32")
	}, "before the asynchronous copy that writes it completed"},
	// The first ldmatrix of each next tile moved above the barrier: it
	// reads the other threads' copies, which only their waits ordered.
	{"load before the barrier", func(s string) string {
		return regexp.MustCompile(`(gpu.barrier\n)(\s*%\S+ = nvgpu.ldmatrix[^\n]*\n)`).ReplaceAllString(s, "$2$1")
	}, "data race on workgroup memory"},
	// B's fragments loaded untransposed: the wrong products.
	{"B untransposed", func(s string) string {
		return strings.ReplaceAll(s, "transpose = true", "transpose = false")
	}, "differ"},
}

func TestInterpreterCatchesPlantedBugs(t *testing.T) {
	// 8 K tiles over 3 stages: 2 trips of the loop, 2 peeled tiles.
	src := matmul(64, 64, 256)
	in, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// The kernel as loaded and the orders of spread-copies and
	// interleave-loads (whose waits and barriers sit among the mma.sync,
	// after the first row or all of them).
	base := interpConfigs[0].opts
	for _, opts := range []string{base, base + " spread-copies interleave-loads", base + " interleave-loads barrier-row=2"} {
		for _, b := range plantedBugs {
			t.Run(opts+"/"+b.name, func(t *testing.T) {
				out := lowered(t, src, opts, b.edit)
				err := equiv.Check(in.Module, out, "matmul", equiv.Options{RelTol: 1e-5})
				if err == nil || !strings.Contains(err.Error(), b.want) {
					t.Fatalf("the planted bug went unnoticed (want %q): %v", b.want, err)
				}
				t.Log(err)
			})
		}
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
	if n := strings.Count(ptx, "mma.sync.aligned.m16n8k16"); n != 8*64 {
		t.Errorf("%d mma.sync in the PTX, want 8x64 (32 a 16-deep step, 2 steps a K tile, each of the 8 K tiles written out once: 4 in the loop, unrolled by the stages, 4 peeled)", n)
	}
	if len(res.Kernels.Kernels) != 1 {
		t.Fatalf("want one kernel, got %+v", res.Kernels)
	}
	if ki := res.Kernels.Kernels[0]; ki.DynamicSharedBytes != 98304 {
		t.Errorf("dynamic shared memory %d, want 98304 (4 stages of 8 KB A and 16 KB B tiles)", ki.DynamicSharedBytes)
	}
}

// TestRefusedTypes: element types mma.sync cannot take, and f32 without
// allow-tf32, are errors at A's load.
func TestRefusedTypes(t *testing.T) {
	for _, c := range []struct{ ab, c, opts, want string }{
		{"f32", "f32", "", "matmul.mlir:5:14: error: 'affine.load' op f32 operands run on the tensor cores as tf32 (10-bit mantissa): pass allow-tf32"},
		{"bf16", "bf16", "", "matmul.mlir:5:14: error: 'affine.load' op mma.sync takes f16 A and B with an f32 or f16 C, bf16 with an f32 C, or f32 (as tf32, under allow-tf32) with an f32 C; got bf16 A and bf16 C"},
		{"f16", "f64", "", "got f16 A and f64 C"},
		{"f64", "f64", "allow-tf32", "got f64 A and f64 C"},
	} {
		o := gpumatmulmma.DefaultOptions()
		if err := pass.ParseOptions(&o, c.opts); err != nil {
			t.Fatal(err)
		}
		_, err := run(matmultest.Matmul(128, 128, 64, c.ab, c.c), o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s x %s -> %s: want %q, got %v", c.ab, c.ab, c.c, c.want, err)
		}
	}
}

// TestTypesCompileToPTX: each element type reaches llc-19's sm_80 PTX as
// its mma.sync variant, with ldmatrix for A (and for 16-bit B).
func TestTypesCompileToPTX(t *testing.T) {
	for _, c := range []struct{ ab, c, pipeline, mma string }{
		{"f16", "f16", gpumatmulmma.Name, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"},
		{"bf16", "f32", gpumatmulmma.Name, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},
		{"f32", "f32", gpumatmulmma.Name + "{allow-tf32}", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"},
	} {
		res, diags := driver.Compile(context.Background(), []byte(matmultest.Matmul(256, 256, 128, c.ab, c.c)), "matmul.mlir", driver.CompileOptions{
			Pipeline: c.pipeline, Emit: driver.EmitPTX, Codegen: nvptx.Options{Arch: "sm_80", PTXVersion: 70},
		})
		if diags != nil {
			if strings.Contains(diags.Error(), "llc") && strings.Contains(diags.Error(), "not found") {
				t.Skip(diags)
			}
			t.Fatalf("%s x %s -> %s: %v", c.ab, c.ab, c.c, diags)
		}
		ptx := string(res.Output)
		// 64x64 warp tiles: 32 mma.sync a k step, 2 steps of 16 (4 of
		// tf32's 8) a 32-deep K tile; each of the 4 K tiles written out
		// once (fewer than a trip of the loop: all peeled).
		want := 4 * 64
		if c.ab == "f32" {
			want = 4 * 128
		}
		if n := strings.Count(ptx, c.mma); n != want {
			t.Errorf("%s x %s -> %s: %d %q in the PTX, want %d", c.ab, c.ab, c.c, n, c.mma, want)
		}
		if !strings.Contains(ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16") {
			t.Errorf("%s x %s -> %s: no ldmatrix for A", c.ab, c.ab, c.c)
		}
		if trans := strings.Contains(ptx, ".trans"); trans != (c.ab != "f32") {
			t.Errorf("%s x %s -> %s: ldmatrix.trans in the PTX: %t", c.ab, c.ab, c.c, trans)
		}
	}
}

// TestTypesRoundTripThroughUpstream: mlir-opt-19 parses and verifies each
// type's kernel (its lowering knows no bf16 mma.sync; goopt's does).
func TestTypesRoundTripThroughUpstream(t *testing.T) {
	for _, c := range interpConfigs {
		if c.ab == "f16" && c.c == "f32" {
			continue // TestOutputRoundTripsThroughUpstream's
		}
		o := gpumatmulmma.DefaultOptions()
		if err := pass.ParseOptions(&o, c.opts); err != nil {
			t.Fatal(err)
		}
		text, err := run(matmultest.Matmul(128, 128, 64, c.ab, c.c), o)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := matmultest.UpstreamRoundTrip(text); err == matmultest.ErrNoMlirOpt {
			t.Skip(err)
		} else if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
