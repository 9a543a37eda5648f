package gpumapaffine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumapaffine"
	"github.com/goopt/goopt/printer"
)

func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), "k.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f.Module
}

// compile runs gpu-map-affine with options text on src.
func compile(t testing.TB, src, options string) (*ir.Operation, error) {
	t.Helper()
	o := gpumapaffine.DefaultOptions()
	if err := pass.ParseOptions(&o, options); err != nil {
		t.Fatal(err)
	}
	m := parse(t, src)
	pm := pass.New(all.NewContext(), "builtin.module")
	if err := gpumapaffine.Build(pm.OpPassManager, o); err != nil {
		t.Fatal(err)
	}
	pm.Verify = ir.Verify
	return m, pm.Run(m)
}

// compileText is compile that fails the test on an error, with the
// result's text.
func compileText(t *testing.T, src, options string) (*ir.Operation, string) {
	t.Helper()
	out, err := compile(t, src, options)
	if err != nil {
		t.Fatal(err)
	}
	return out, printer.String(out, printer.Options{})
}

type kernel struct {
	name    string
	src     func(m, n int) string
	tol     float64
	check   []string // substrings the default mapping must produce
	configs []string
}

var kernels = []kernel{
	{"vecadd", func(m, n int) string { return vecadd(m * n) }, 0, []string{"vector<4xf32>"}, elementwiseConfigs},
	{"transpose", transpose, 0, []string{"gpu.barrier", "memref<64x65xf32, 3>", "vector.load", "vector.store"}, transposeConfigs},
	{"softmax", softmax, 1e-5, []string{"gpu.shuffle  xor", "vector.load", "arith.bitcast"}, rowConfigs},
	{"bcast", bcast, 0, []string{"vector.broadcast"}, elementwiseConfigs},
	{"rowsum", rowsum, 1e-5, []string{"gpu.shuffle  xor"}, rowConfigs},
	{"rowsum-parallel-i32", rowsumParallel, 0, []string{"gpu.shuffle  xor", ": i32"}, rowConfigs},
}

// sizes are small and awkward: 1, primes, sizes no tile or vector width
// divides, and 1000.
// {5, 256}: rows the warp plan's lanes divide (the single-pass row plan);
// {36, 40}: vectorised transpose tiles with edge tiles on both sides.
var sizes = [][2]int{{1, 1}, {7, 33}, {33, 7}, {61, 4}, {3, 1000}, {1000, 1}, {2, 64}, {5, 256}, {36, 40}}

// The configurations switch each optimisation off or change each plan
// that applies to a kernel.
var (
	elementwiseConfigs = []string{"", "vector-width=1", "coarsen=3 block-size=64", "grid=stride stride-blocks=2", "vector-width=2 block-size=32"}
	transposeConfigs   = []string{"", "transpose-smem=xor", "transpose-smem=none", "grid=stride stride-blocks=2", "transpose-tile=16 transpose-smem=xor",
		"vector-width=1", "vector-width=2 transpose-tile=8", "transpose-tile=64"}
	rowConfigs = []string{"", "reduce-plan=block reduce-block-size=64", "reduce-plan=block reduce-block-size=128 grid=stride stride-blocks=3",
		"reduce-plan=warp reduce-block-size=64 grid=stride stride-blocks=2", "warp-row-max=0",
		"reduce-plan=block reduce-block-size=32", "reduce-plan=block reduce-block-size=64 vector-width=1", "row-registers=0"}
)

// TestEquivalence maps every kernel at every size under every
// configuration and runs the gpu.launch against the input on random
// inputs, with the interpreter's race, barrier-divergence, uninitialised
// read and bounds checks on.
func TestEquivalence(t *testing.T) {
	for _, k := range kernels {
		for _, sz := range sizes {
			if testing.Short() && sz[0]*sz[1] >= 1000 {
				continue
			}
			for _, cfg := range k.configs {
				name := fmt.Sprintf("%s/%dx%d/%s", k.name, sz[0], sz[1], strings.ReplaceAll(cfg, " ", ","))
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					src := k.src(sz[0], sz[1])
					out, err := compile(t, src, cfg)
					if err != nil {
						t.Fatal(err)
					}
					text := printer.String(out, printer.Options{})
					if !strings.Contains(text, "gpu.launch") || strings.Contains(text, "affine.") {
						t.Fatalf("not mapped to a gpu.launch:\n%s", text)
					}
					if err := equiv.Check(parse(t, src), out, "k", equiv.Options{Seeds: []int64{1, 2}, RelTol: k.tol}); err != nil {
						t.Fatalf("%v\n%s", err, text)
					}
				})
			}
		}
	}
}

// TestPlans checks that the default mapping of each kernel is the
// optimised one: vector loads for vector add, a padded tile and a barrier
// for transpose, shuffles for the reductions.
func TestPlans(t *testing.T) {
	for _, k := range kernels {
		out, err := compile(t, k.src(64, 64), "")
		if err != nil {
			t.Fatal(err)
		}
		text := printer.String(out, printer.Options{})
		for _, want := range k.check {
			if !strings.Contains(text, want) {
				t.Errorf("%s: no %q in\n%s", k.name, want, text)
			}
		}
	}
}

// TestSinglePassRows: each lane keeps its vectors of the row in registers
// across softmax's three loops, so the kernel loads each element once (one
// vector.load per resident vector, not three) and stores it once; where
// the lanes do not divide the row or rows are not vector-aligned, at
// aligned offsets masked at the row's ends. row-registers=0, scalars or
// rows too long for the registers read it three times. Each variant is
// also run.
func TestSinglePassRows(t *testing.T) {
	for _, c := range []struct {
		m, n           int
		options        string
		loads, storesV int
		from           int // the inner loops' lower bound (0 in softmax's text)
	}{
		{4, 8192, "", 4, 4, 0}, // 512 lanes × 4 vectors: the example's plan
		{2, 512, "reduce-plan=block reduce-block-size=64", 2, 2, 0}, // 128 vectors over 64 lanes
		{6, 256, "", 2, 2, 0},                                        // warp plan: 64 vectors over 32 lanes
		{4, 8192, "row-registers=0", 3, 1, 0},                        // the multi-pass plan: a loop per phase
		{3, 1000, "", 8, 8, 0},                                       // 250 vectors over 32 lanes: 8 slots each, the last ones masked
		{3, 1001, "", 8, 8, 0},                                       // rows at offsets 4 does not divide: 249 or 250 interior vectors, ends as scalars
		{2, 8191, "", 4, 4, 0},                                       // 8191: 2047 interior vectors over 512 lanes, 3 end elements
		{4, 1003, "reduce-plan=block reduce-block-size=64", 4, 4, 0}, // rows starting at all four residues mod 4: 249 or 250 interior vectors over 64 lanes
		{5, 1003, "", 8, 8, 0},                                       // the same over 32 lanes: 7 slots always inside, the eighth predicated
		{3, 1001, "vector-width=1", 0, 0, 0},                         // scalars: the multi-pass plan
		{3, 9000, "row-registers=4", 3, 1, 0},                        // 2250 vectors: 5 per lane, more than 4: the multi-pass plan
		{3, 100, "", 1, 1, 3},                                        // rows of 97 from column 3: 25 aligned vectors over 32 lanes
		{3, 1030, "reduce-plan=block reduce-block-size=64", 5, 5, 1}, // 1029 from column 1: 258 vectors over 64 lanes
	} {
		t.Run(fmt.Sprintf("%dx%d/%s/from%d", c.m, c.n, c.options, c.from), func(t *testing.T) {
			src := strings.ReplaceAll(softmax(c.m, c.n), "%j = 0 to", fmt.Sprintf("%%j = %d to", c.from))
			out, text := compileText(t, src, c.options)
			if got := strings.Count(text, "vector.load"); got != c.loads {
				t.Errorf("%d vector.load, want %d:\n%s", got, c.loads, text)
			}
			if got := strings.Count(text, "vector.store"); got != c.storesV {
				t.Errorf("%d vector.store, want %d:\n%s", got, c.storesV, text)
			}
			if err := equiv.Check(parse(t, src), out, "k", equiv.Options{Seeds: []int64{3}, RelTol: 1e-5}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestAlignedTranspose: rows that do not start at vector-aligned offsets
// (odd row lengths) still move interior tiles in vectors, at aligned
// offsets of a flat view, with the elements outside the tile masked; each
// is run, with edge tiles on both sides.
func TestAlignedTranspose(t *testing.T) {
	for _, c := range []struct {
		m, n    int
		options string
	}{
		{70, 75, ""},  // A and B rows both misaligned
		{67, 140, ""}, // A rows aligned (140): B's (67) not
		{140, 67, ""},
		{70, 75, "transpose-smem=xor"},
		{70, 75, "transpose-tile=16 vector-width=2"},
		{130, 203, "grid=stride stride-blocks=2"},
	} {
		t.Run(fmt.Sprintf("%dx%d/%s", c.m, c.n, c.options), func(t *testing.T) {
			src := transpose(c.m, c.n)
			out, text := compileText(t, src, c.options)
			for _, want := range []string{"vector.load", "vector.store", "memref.reinterpret_cast"} {
				if !strings.Contains(text, want) {
					t.Errorf("no %s: want aligned vector accesses:\n%s", want, text)
				}
			}
			if err := equiv.Check(parse(t, src), out, "k", equiv.Options{Seeds: []int64{4}}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTMATranspose: transpose=tma (TMA loads into 128-byte-swizzled
// workgroup memory, TMA stores) at sizes the 32x32 tile divides and at
// sizes it does not (the tensor maps zero-fill and clip), run by the
// interpreter against the loops; and its refusals, located.
func TestTMATranspose(t *testing.T) {
	for _, c := range []struct {
		m, n    int
		options string
	}{
		{4, 4, ""}, {32, 32, ""}, {40, 72, ""}, {36, 100, ""}, {64, 8, ""}, {136, 68, ""},
		{40, 72, "transpose-tile=32"}, {36, 100, "transpose-tile=32"}, {136, 200, "transpose-tile=128"},
	} {
		t.Run(fmt.Sprintf("%dx%d/%s", c.m, c.n, c.options), func(t *testing.T) {
			src := transpose(c.m, c.n)
			_, text := compileText(t, src, "transpose=tma "+c.options)
			for _, want := range []string{"nvgpu.tma.async.load", "swizzle = swizzle_128b", "nvgpu.tma.async.store", "nvvm.fence.proxy"} {
				if !strings.Contains(text, want) {
					t.Errorf("no %s in\n%s", want, text)
				}
			}
			// The interpreter runs dynamic shared memory in the lowered
			// form (llvm and nvvm dialects), as goopt compile lowers it.
			res, diags := driver.Compile(context.Background(), []byte(text), "mapped.mlir", driver.CompileOptions{Emit: driver.EmitMLIR})
			if diags != nil {
				t.Fatalf("%v\n%s", diags, text)
			}
			if err := equiv.Check(parse(t, src), res.Module, "k", equiv.Options{Seeds: []int64{5}}); err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
		})
	}
	for _, c := range []struct{ name, src, want string }{
		{"rows of 33 f32", transpose(8, 33), "k.mlir:4:12: error: loop nest not mapped to 'gpu.launch': transpose=tma needs rows that are multiples of 16 bytes (a TMA global stride): memref<8x33xf32> has rows of 132 bytes"},
		{"B rows of 7 f32", transpose(7, 8), "k.mlir:5:7: error: loop nest not mapped to 'gpu.launch': transpose=tma needs rows that are multiples of 16 bytes (a TMA global stride): memref<8x7xf32> has rows of 28 bytes"},
		{"f64", strings.ReplaceAll(transpose(8, 8), "f32", "f64"), "transpose=tma moves 32-bit elements, not f64"},
		{"tile 16", transpose(8, 8), "transpose=tma needs transpose-tile 32, 64 or 128, got 16"},
		{"not a copy", strings.Replace(transpose(8, 8), "affine.store %x,", "%y = arith.negf %x : f32\n      affine.store %y,", 1), "transpose=tma moves elements as they are"},
	} {
		t.Run(c.name, func(t *testing.T) {
			options := "transpose=tma"
			if strings.HasPrefix(c.name, "tile ") {
				options += " transpose-tile=16"
			}
			_, err := compile(t, c.src, options)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestEveryBarrierIsNeeded removes each barrier of a staged transpose and
// of a block-per-row softmax in turn: the interpreter must then report a
// race on workgroup memory (or a read of it before any write).
func TestEveryBarrierIsNeeded(t *testing.T) {
	for _, c := range []struct {
		name, src, options string
		barriers           int
	}{
		{"transpose", transpose(40, 40), "", 1},
		{"transpose-vector-edges", transpose(36, 40), "", 1},
		{"transpose-aligned", transpose(70, 75), "", 1},
		{"transpose-stride", transpose(40, 70), "grid=stride stride-blocks=1", 2},
		{"softmax-block", softmax(3, 100), "reduce-plan=block reduce-block-size=64", 3},
		{"softmax-block-single-pass", softmax(3, 512), "reduce-plan=block reduce-block-size=64", 3},
		{"softmax-block-masked", softmax(3, 509), "reduce-plan=block reduce-block-size=64", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := compile(t, c.src, c.options)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(printer.String(out, printer.Options{}), "\n")
			var barriers []int
			for i, l := range lines {
				if strings.TrimSpace(l) == "gpu.barrier" {
					barriers = append(barriers, i)
				}
			}
			if len(barriers) != c.barriers {
				t.Fatalf("%d barriers, want %d:\n%s", len(barriers), c.barriers, strings.Join(lines, "\n"))
			}
			for _, b := range barriers {
				without := strings.Join(append(append([]string{}, lines[:b]...), lines[b+1:]...), "\n")
				err := equiv.Check(parse(t, c.src), parse(t, without), "k", equiv.Options{Seeds: []int64{1}, RelTol: 1e-5})
				if _, ok := err.(*equiv.RunError); !ok {
					t.Errorf("removing the barrier on line %d: want a runtime error (race), got %v", b+1, err)
				}
			}
		})
	}
}

// TestRefusals: what the pipeline cannot map is a located error, and the
// function is left as it was.
func TestRefusals(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"prefix sum", `func.func @k(%a: memref<9xf32>) {
  affine.for %i = 1 to 9 {
    %p = affine.load %a[%i - 1] : memref<9xf32>
    affine.store %p, %a[%i] : memref<9xf32>
  }
  return
}`, "k.mlir:2:3: error: loop nest not mapped to 'gpu.launch': the outermost loop is not parallel (it carries a dependence)"},
		{"f64 row sum", strings.ReplaceAll(rowsum(4, 8), "f32", "f64"), "k.mlir:6:12: error: loop nest not mapped to 'gpu.launch': reduction on f64"},
		{"call in the body", `func.func private @g(f32) -> f32
func.func @k(%a: memref<9xf32>) {
  affine.for %i = 0 to 9 {
    %p = affine.load %a[%i] : memref<9xf32>
    %q = func.call @g(%p) : (f32) -> f32
    affine.store %q, %a[%i] : memref<9xf32>
  }
  return
}`, "error: loop nest not mapped to 'gpu.launch'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := compile(t, c.src, "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}
