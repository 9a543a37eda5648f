package gpumapaffine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
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

type kernel struct {
	name    string
	src     func(m, n int) string
	tol     float64
	check   []string // substrings the default mapping must produce
	configs []string
}

var kernels = []kernel{
	{"vecadd", func(m, n int) string { return vecadd(m * n) }, 0, []string{"vector<4xf32>"}, elementwiseConfigs},
	{"transpose", transpose, 0, []string{"gpu.barrier", "memref<32x33xf32, 3>"}, transposeConfigs},
	{"softmax", softmax, 1e-5, []string{"gpu.shuffle  xor", "math.exp"}, rowConfigs},
	{"bcast", bcast, 0, []string{"vector.broadcast"}, elementwiseConfigs},
	{"rowsum", rowsum, 1e-5, []string{"gpu.shuffle  xor"}, rowConfigs},
	{"rowsum-parallel-i32", rowsumParallel, 0, []string{"gpu.shuffle  xor", ": i32"}, rowConfigs},
}

// sizes are small and awkward: 1, primes, sizes no tile or vector width
// divides, and 1000.
var sizes = [][2]int{{1, 1}, {7, 33}, {33, 7}, {61, 4}, {3, 1000}, {1000, 1}, {2, 64}}

// The configurations switch each optimisation off or change each plan
// that applies to a kernel.
var (
	elementwiseConfigs = []string{"", "vector-width=1", "coarsen=3 block-size=64", "grid=stride stride-blocks=2", "vector-width=2 block-size=32"}
	transposeConfigs   = []string{"", "transpose-smem=xor", "transpose-smem=none", "grid=stride stride-blocks=2", "transpose-tile=16 transpose-smem=xor"}
	rowConfigs         = []string{"", "reduce-plan=block reduce-block-size=64", "reduce-plan=block reduce-block-size=128 grid=stride stride-blocks=3",
		"reduce-plan=warp reduce-block-size=64 grid=stride stride-blocks=2", "warp-row-max=0"}
)

// TestEquivalence maps every kernel at every size under every
// configuration and runs the gpu.launch against the input on random
// inputs, with the interpreter's race, barrier-divergence, uninitialised
// read and bounds checks on.
func TestEquivalence(t *testing.T) {
	for _, k := range kernels {
		for _, sz := range sizes {
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
