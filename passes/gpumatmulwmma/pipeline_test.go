package gpumatmulwmma_test

import (
	"fmt"
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
	return m, pm.Run(m)
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

// TestRefusals: shapes the pipeline cannot handle are located errors.
func TestRefusals(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"size not a multiple of the tile", matmul(100, 128, 64), "matmul.mlir:2:3: error: 'affine.for' op matmul size 100 is not a multiple of the thread-block tile 128"},
		{"k not a multiple", matmul(128, 128, 96), "matmul size 96 is not a multiple of the thread-block tile 64"},
		{"f32 operands", strings.NewReplacer("xf16>", "xf32>", "%aw = arith.extf %a : f16 to f32\n", "", "%bw = arith.extf %b : f16 to f32\n", "", "mulf %aw, %bw", "mulf %a, %b").Replace(matmul(128, 128, 64)),
			"matmul.mlir:5:14: error: 'affine.load' op gpu-matmul-wmma: operand A has element type f32; the WMMA kernel takes f16 A and B and an f32 C (f32 inputs would need tf32 tensor cores, which this pipeline does not use)"},
		{"bf16 operands", strings.NewReplacer("xf16>", "xbf16>", "f16 to f32", "bf16 to f32").Replace(matmul(128, 128, 64)),
			"matmul.mlir:5:14: error: 'affine.load' op gpu-matmul-wmma: operand A has element type bf16; the WMMA kernel takes f16 A and B and an f32 C (the gpu dialect's MMA matrices have no bf16: gpu-matmul-hopper takes bf16)"},
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
