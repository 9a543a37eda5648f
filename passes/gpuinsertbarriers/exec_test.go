package gpuinsertbarriers_test

import (
	"os"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

const litFile = "../../tests/lit/gpu-pipeline/gpu-insert-barriers.mlir"

// plainMatmul is the reference of the lit file's @wmma kernel.
var plainMatmul = testutil.AffineMatmul("wmma", 32, "f16", "f32")

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), "k.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f.Module
}

// funcs returns the functions of module that hold a gpu.launch, and
// the launches.
func launches(module *ir.Operation) (fns []string, ls []*ir.Operation) {
	ir.Walk(module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Is("gpu.launch") {
			fn, _ := op.ParentOfName("func.func").Attr("sym_name").(*ir.StringAttr)
			fns, ls = append(fns, fn.Value), append(ls, op)
			return ir.Skip
		}
		return ir.Advance
	})
	return fns, ls
}

// run runs fn on random inputs of seed and returns the runtime error.
func run(t *testing.T, module *ir.Operation, fn string, seed int64) error {
	t.Helper()
	m, err := interp.New(module, interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ft, err := m.FunctionType(fn)
	if err != nil {
		t.Fatal(err)
	}
	args, err := interp.RandomArgs(ft, seed)
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Call(fn, args)
	return err
}

// barriers returns the gpu.barrier ops of module in walk order.
func barriers(module *ir.Operation) []*ir.Operation {
	return ir.Collect(module, func(op *ir.Operation) bool { return op.Is("gpu.barrier") })
}

// TestBarriersAreNeededAndSufficient checks every kernel of the lit file
// that the utility accepts, by execution with the interpreter's race and
// barrier-divergence checks: with the derived barriers it runs cleanly on
// several inputs (and the WMMA kernel computes the matmul); without any
// one of them, the interpreter reports a data race.
func TestBarriersAreNeededAndSufficient(t *testing.T) {
	src, err := os.ReadFile(litFile)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, chunk := range strings.Split(string(src), "\n// -----\n") {
		m := parse(t, chunk)
		fns, ls := launches(m)
		if len(ls) != 1 || gpuutil.InsertBarriers(ls[0]) != nil {
			continue
		}
		fn := fns[0]
		t.Run(fn, func(t *testing.T) {
			for _, seed := range []int64{1, 2, 3} {
				if err := run(t, m, fn, seed); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
			if fn == "wmma" {
				if err := equiv.Check(parse(t, plainMatmul), m, fn, equiv.Options{Seeds: []int64{1, 2}, RelTol: 1e-3}); err != nil {
					t.Fatal(err)
				}
			}
			out := printer.String(m, printer.Options{})
			n := len(barriers(m))
			if n == 0 && fn != "disjoint" {
				t.Fatal("no barrier inserted")
			}
			for i := range n {
				mi := parse(t, out)
				b := barriers(mi)[i]
				where := printer.String(b.Next(), printer.Options{})
				b.Erase()
				err := run(t, mi, fn, 1)
				if err == nil || !strings.Contains(err.Error(), "data race on workgroup memory") {
					t.Errorf("without barrier %d (before %s): got %v, want a data race", i, where, err)
				}
			}
		})
		checked++
	}
	if checked < 3 {
		t.Fatalf("checked %d kernels, want at least 3", checked)
	}
}
