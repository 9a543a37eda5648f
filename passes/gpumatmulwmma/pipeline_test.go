package gpumatmulwmma_test

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulwmma"
	"github.com/goopt/goopt/printer"
)

// matmul is the paper's input nest at M×N×K.
func matmul(m, n, k int) string { return testutil.PaperMatmul(m, n, k) }

func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), "matmul.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f.Module
}

// compile runs the pipeline with o on src and returns the module.
func compile(t testing.TB, src string, o gpumatmulwmma.Options) (*ir.Operation, error) {
	t.Helper()
	m := parse(t, src)
	ctx := all.NewContext()
	pm := pass.New(ctx, "builtin.module")
	if err := gpumatmulwmma.Build(pm.OpPassManager, o); err != nil {
		t.Fatal(err)
	}
	pm.Verify = ir.Verify
	var errs ir.DiagList
	for _, d := range ir.Diagnostics(pm.Run(m)) {
		if d.Severity == ir.SeverityError { // the remarks say what was left out (vectorised copies, WMMA)
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return m, errs
	}
	return m, nil
}

type config struct {
	name    string
	m, n, k int
	tb, wp  []int64
}

var configs = []config{
	{"256x128x192", 256, 128, 192, nil, nil},
	{"512x256x128", 512, 256, 128, nil, nil},
	{"64x64x64-small-tiles", 64, 64, 64, []int64{32, 32, 32}, []int64{16, 16, 16}},
}

// switches sets the four optimisation switches from the bits of mask.
func switches(o gpumatmulwmma.Options, mask int) (gpumatmulwmma.Options, string) {
	o.Padding = mask&1 != 0
	o.HoistC = mask&2 != 0
	o.LatencyHiding = mask&4 != 0
	o.VectorizeCopies = mask&8 != 0
	return o, fmt.Sprintf("padding=%v,hoist-c=%v,latency-hiding=%v,vectorize-copies=%v", o.Padding, o.HoistC, o.LatencyHiding, o.VectorizeCopies)
}

// TestPipelineEquivalence compiles each matmul with every combination of
// the optimisation switches and runs the gpu.launch against the input on
// random inputs, with the interpreter's race, barrier-divergence and
// bounds checks on.
func TestPipelineEquivalence(t *testing.T) {
	for _, c := range configs {
		for mask := 0; mask < 16; mask++ {
			o := gpumatmulwmma.DefaultOptions()
			if c.tb != nil {
				o.TBTile, o.WarpTile = c.tb, c.wp
			}
			o, sw := switches(o, mask)
			t.Run(c.name+"/"+sw, func(t *testing.T) {
				t.Parallel()
				src := matmul(c.m, c.n, c.k)
				out, err := compile(t, src, o)
				if err != nil {
					t.Fatal(err)
				}
				text := printer.String(out, printer.Options{})
				if !strings.Contains(text, "gpu.launch") || strings.Contains(text, "affine.for") {
					t.Fatalf("not mapped to a gpu.launch:\n%s", text)
				}
				if err := equiv.Check(parse(t, src), out, "matmul", equiv.Options{Seeds: []int64{1}, RelTol: 1e-5}); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestEveryBarrierIsNeeded removes each barrier of the pipeline's output in
// turn: the interpreter must then report a race on workgroup memory.
func TestEveryBarrierIsNeeded(t *testing.T) {
	o := gpumatmulwmma.DefaultOptions()
	o.TBTile, o.WarpTile = []int64{32, 32, 32}, []int64{16, 16, 16}
	src := matmul(64, 64, 96)
	out, err := compile(t, src, o)
	if err != nil {
		t.Fatal(err)
	}
	text := printer.String(out, printer.Options{})
	lines := strings.Split(text, "\n")
	var barriers []int
	for i, l := range lines {
		if strings.TrimSpace(l) == "gpu.barrier" {
			barriers = append(barriers, i)
		}
	}
	if len(barriers) < 3 {
		t.Fatalf("expected the pipeline's barriers (before the loop, around the compute), found %d:\n%s", len(barriers), text)
	}
	var wg sync.WaitGroup
	for _, b := range barriers {
		wg.Add(1)
		go func(b int) {
			defer wg.Done()
			without := strings.Join(append(append([]string{}, lines[:b]...), lines[b+1:]...), "\n")
			err := equiv.Check(parse(t, src), parse(t, without), "matmul", equiv.Options{Seeds: []int64{1}, RelTol: 1e-5})
			if _, ok := err.(*equiv.RunError); !ok || !strings.Contains(err.Error(), "data race") {
				t.Errorf("removing the barrier on line %d: want a data race, got %v", b+1, err)
			}
		}(b)
	}
	wg.Wait()
}

// f16acc is the paper's matmul with an f16 C: f16 products accumulated in
// f16, WMMA's f16-accumulator variant.
func f16acc(m, n, k int) string {
	return strings.NewReplacer("xf32>", "xf16>", "%aw = arith.extf %a : f16 to f32\n", "", "%bw = arith.extf %b : f16 to f32\n", "",
		"mulf %aw, %bw : f32", "mulf %a, %b : f16", "addf %c, %p : f32", "addf %c, %p : f16").Replace(matmul(m, n, k))
}

// f16Tol is the tolerance of an f16 accumulation against the nest's: the
// WMMA fragments round once per 16-deep step, the nest once per element,
// and an f16 sum of K products of inputs in [-1, 1) drifts by a few ulps
// of its magnitude (1 ulp of 1 is 2^-10).
const f16Tol = 2e-2

// TestAwkwardSizes: sizes the thread-block tile does not divide are split
// into the WMMA kernel over the full tiles and guarded edges (the K
// remainder, run by the WMMA blocks after their tile, and the right
// columns and bottom rows, by extra blocks), all in one launch of
// blocks blocks; a C whose rows WMMA cannot address (not a multiple of 16
// bytes) and a matmul smaller than a tile go to one guarded kernel. Each
// is run against the input with the race checks on, for the f32 and the
// f16 accumulator.
func TestAwkwardSizes(t *testing.T) {
	small := func(o gpumatmulwmma.Options) gpumatmulwmma.Options {
		o.TBTile, o.WarpTile = []int64{32, 32, 32}, []int64{16, 16, 16}
		return o
	}
	for _, c := range []struct {
		name    string
		m, n, k int
		grid    string // the launch's grid
		wmma    bool   // whether it runs the WMMA kernel
	}{
		// 2x2 WMMA blocks, each adding k in [64, 70) to its tile.
		{"k-remainder", 64, 64, 70, "%c4, %{{.*}} = %c1", true},
		// 2x3 WMMA blocks; 24 columns right of them: 1x24 blocks of 4 rows;
		// 4 rows below: 3x1 blocks.
		{"all-three-edges", 100, 88, 70, "%c33, %{{.*}} = %c1", true},
		// 1 WMMA block; 8 for the columns [32, 40), 2 for the row 32.
		{"rows-and-columns", 33, 40, 64, "%c11, %{{.*}} = %c1", true},
		// The guarded kernel alone: 32x8 threads a block.
		{"smaller-than-a-tile", 20, 24, 8, "%c1, %{{.*}} = %c3", false},
		// Rows of 41 f32 elements: the guarded kernel.
		{"primes-odd-c-rows", 37, 41, 43, "%c2, %{{.*}} = %c5", false},
		// Rows from 3 (not a fragment boundary): the guarded kernel.
		{"rows-from-3", 40, 48, 40, "%c2, %{{.*}} = %c5", false},
		// k from 5: the full part is k in [5, 37), the K remainder [37, 40);
		// 1 WMMA block, 8 for the columns [32, 48), 4 for the rows [32, 40).
		{"k-from-5", 40, 48, 40, "%c13, %{{.*}} = %c1", true},
	} {
		for _, acc := range []string{"f32", "f16"} {
			t.Run(c.name+"/"+acc, func(t *testing.T) {
				t.Parallel()
				src, tol := matmul(c.m, c.n, c.k), 1e-5
				if acc == "f16" {
					src, tol = f16acc(c.m, c.n, c.k), f16Tol
				}
				if from, ok := strings.CutPrefix(c.name, "rows-from-"); ok {
					src = strings.Replace(src, "affine.for %i = 0", "affine.for %i = "+from, 1)
				}
				if from, ok := strings.CutPrefix(c.name, "k-from-"); ok {
					src = strings.Replace(src, "affine.for %k = 0", "affine.for %k = "+from, 1)
				}
				out, err := compile(t, src, small(gpumatmulwmma.DefaultOptions()))
				if err != nil {
					t.Fatal(err)
				}
				text := printer.String(out, printer.Options{})
				if got := strings.Count(text, "gpu.launch "); got != 1 {
					t.Errorf("%d gpu.launch ops, want 1:\n%s", got, text)
				}
				grid := regexp.MustCompile(`gpu.launch blocks\([^)]*\) in \(%[a-z0-9]+ = ` + strings.ReplaceAll(regexp.QuoteMeta(c.grid), `%\{\{\.\*\}\}`, `%[a-z0-9]+`))
				if !grid.MatchString(text) {
					t.Errorf("want a grid of %s:\n%s", c.grid, text)
				}
				if got := strings.Contains(text, "gpu.subgroup_mma_compute"); got != c.wmma {
					t.Errorf("WMMA kernel present: %v, want %v", got, c.wmma)
				}
				if strings.Contains(text, "affine.for") {
					t.Fatalf("a loop nest is left on the host:\n%s", text)
				}
				if err := equiv.Check(parse(t, src), out, "matmul", equiv.Options{Seeds: []int64{1, 2}, RelTol: tol}); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestF16Accumulation runs the f16-accumulator kernel with every
// optimisation switch combination at a size the tiles divide.
func TestF16Accumulation(t *testing.T) {
	for mask := 0; mask < 16; mask++ {
		o := gpumatmulwmma.DefaultOptions()
		o.TBTile, o.WarpTile = []int64{64, 32, 32}, []int64{32, 16, 16}
		o, sw := switches(o, mask)
		t.Run(sw, func(t *testing.T) {
			t.Parallel()
			src := f16acc(64, 64, 96)
			out, err := compile(t, src, o)
			if err != nil {
				t.Fatal(err)
			}
			text := printer.String(out, printer.Options{})
			if !strings.Contains(text, `!gpu.mma_matrix<16x16xf16, "COp">`) {
				t.Fatalf("no f16 accumulator fragments:\n%s", text)
			}
			if err := equiv.Check(parse(t, src), out, "matmul", equiv.Options{Seeds: []int64{1}, RelTol: f16Tol}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestRefusals: element types the pipeline has no kernel for are located
// errors naming the pipeline that takes them; bodies that are not a
// matmul are refused by the tiling stage.
func TestRefusals(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"f32 operands", strings.NewReplacer("xf16>", "xf32>", "%aw = arith.extf %a : f16 to f32\n", "", "%bw = arith.extf %b : f16 to f32\n", "", "mulf %aw, %bw", "mulf %a, %b").Replace(matmul(128, 128, 64)),
			"matmul.mlir:5:14: error: 'affine.load' op gpu-matmul-wmma: operand A has element type f32; the WMMA kernel takes f16 A and B and an f32 or f16 C (f32 inputs need tf32 tensor cores, which the gpu dialect's MMA matrices do not have: gpu-matmul-mma{allow-tf32=true} takes them)"},
		{"bf16 operands", strings.NewReplacer("xf16>", "xbf16>", "f16 to f32", "bf16 to f32").Replace(matmul(128, 128, 64)),
			"matmul.mlir:5:14: error: 'affine.load' op gpu-matmul-wmma: operand A has element type bf16; the WMMA kernel takes f16 A and B and an f32 or f16 C (the gpu dialect's MMA matrices have no bf16: gpu-matmul-hopper takes bf16)"},
		{"not a matmul", strings.Replace(matmul(128, 128, 64), "arith.mulf %aw, %bw", "arith.subf %aw, %bw", 1),
			"matmul.mlir:2:3: error: loop nest not tiled for the GPU: loop body is not a matmul update C += A * B"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := compile(t, c.src, gpumatmulwmma.DefaultOptions())
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}
