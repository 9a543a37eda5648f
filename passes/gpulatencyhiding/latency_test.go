package gpulatencyhiding_test

import (
	"os"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpulatencyhiding"
)

const litFile = "../../tests/lit/gpu-pipeline/gpu-latency-hiding.mlir"

// TestLitEquivalence replays every RUN line of the pass's lit file and
// checks, with the reference interpreter (race and barrier-divergence
// checks on), that each function computes the same before and after.
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, litFile, gpulatencyhiding.New)
}

// TestBarriersNeeded checks that the output is race-free and that every
// barrier in it orders something: with any one of them removed, the
// interpreter reports a data race on workgroup memory.
func TestBarriersNeeded(t *testing.T) {
	src, err := os.ReadFile(litFile)
	if err != nil {
		t.Fatal(err)
	}
	var fns, checked int
	for _, opts := range []string{"", "register-staging=false"} {
		for _, ch := range parser.SplitInputFile(src) {
			ctx := all.NewContext()
			f, err := parser.ParseFileAt(ctx, litFile, ch.Text, ch.LineOffset)
			if err != nil {
				t.Fatal(err)
			}
			before := f.Module.Clone(nil)
			pm := pass.New(ctx, "builtin.module")
			if err := pass.NewRegistry(gpulatencyhiding.New).AddPipeline(pm.OpPassManager, "func.func(gpu-latency-hiding{"+opts+"})"); err != nil {
				t.Fatal(err)
			}
			pm.Verify = ir.Verify
			if err := pm.Run(f.Module); err != nil {
				for _, d := range ir.Diagnostics(err) {
					if d.Severity != ir.SeverityRemark { // the refusals are remarks
						t.Fatal(d)
					}
				}
			}
			for _, fn := range functions(f.Module) {
				name := ir.SymbolNameOf(fn)
				eo := equiv.Options{Seeds: []int64{1}}
				if err := equiv.Check(before, f.Module, name, eo); err != nil {
					t.Errorf("%s{%s}: %v", name, opts, err)
					continue
				}
				n := len(barriers(fn))
				fns, checked = fns+1, checked+n
				for i := 0; i < n; i++ {
					m := f.Module.Clone(nil)
					b := barriers(lookup(m, name))[i]
					loc := b.Loc()
					b.Erase()
					err := equiv.Check(before, m, name, eo)
					if err == nil || !strings.Contains(err.Error(), "data race") {
						t.Errorf("%s{%s}: the barrier at %v orders nothing: without it, %v", name, opts, loc, err)
					}
				}
			}
		}
	}
	t.Logf("%d functions, %d barriers each shown necessary", fns, checked)
}

func functions(m *ir.Operation) []*ir.Operation {
	var fns []*ir.Operation
	for _, op := range m.Region(0).Blocks()[0].Ops() {
		if op.Is("func.func") {
			fns = append(fns, op)
		}
	}
	return fns
}

func lookup(m *ir.Operation, name string) *ir.Operation {
	for _, fn := range functions(m) {
		if ir.SymbolNameOf(fn) == name {
			return fn
		}
	}
	return nil
}

func barriers(fn *ir.Operation) []*ir.Operation {
	return ir.Collect(fn, func(op *ir.Operation) bool { return op.Is("gpu.barrier") })
}
