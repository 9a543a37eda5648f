package affinegpumap_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/affinegpumap"
)

const litFile = "../../tests/lit/gpu-pipeline/affine-gpu-map.mlir"

// TestLitOutputsComputeMatmul runs every function the pass mapped in the
// lit file's RUN lines (each option) against the plain affine matmul of
// the same sizes: the inputs cannot run on the interpreter (their
// subgroup_mma ops run only in a kernel), so the stage-0 nest is the
// reference. The interpreter checks shared-memory races and barrier
// divergence on the way. The mma accumulation order differs from the
// scalar loop's, hence the tolerance.
func TestLitOutputsComputeMatmul(t *testing.T) {
	reg := pass.NewRegistry(affinegpumap.New)
	checked := 0
	for _, run := range passtest.RecordFile(t, litFile, passtest.OptTool(reg), passtest.IsPassIn(reg)) {
		if run.VerifyDiagnostics {
			continue
		}
		_, after := run.Chunks()
		for _, ch := range after {
			mod, err := passtest.ParseChunk(ch, "out.mlir", true)
			if err != nil {
				t.Fatalf("%v: output does not parse: %v", run.Args, err)
			}
			for _, fn := range mod.Region(0).Front().Ops() {
				if !fn.Is("func.func") || !hasLaunch(fn) {
					continue
				}
				name := symName(fn)
				ref, err := reference(fn)
				if err != nil {
					t.Fatalf("@%s: %v", name, err)
				}
				if err := equiv.Check(ref, mod, name, checkOptions()); err != nil {
					t.Errorf("%v: @%s does not compute the matmul: %v", run.Args, name, err)
				}
				checked++
			}
		}
	}
	if checked < 6 {
		t.Errorf("checked %d mapped functions, want at least 6 (3 cases x 2 option sets)", checked)
	}
}

// TestMissingBarrierIsARace makes sure the execution check sees the
// barriers: without the one after the copies, the mapped kernel races.
func TestMissingBarrierIsARace(t *testing.T) {
	src := mapped(t, 0)
	i := strings.Index(src, "gpu.barrier")
	if i < 0 {
		t.Fatal("no barrier in the output")
	}
	broken := src[:i] + "//" + src[i:]
	mod := parse(t, broken)
	fn := lookup(mod, "matmul")
	ref, err := reference(fn)
	if err != nil {
		t.Fatal(err)
	}
	err = equiv.Check(ref, mod, "matmul", checkOptions())
	if err == nil || !strings.Contains(err.Error(), "data race on workgroup memory") {
		t.Errorf("got %v, want a data race", err)
	}
}

// mapped returns the pass's output on chunk i of the lit file.
func mapped(t *testing.T, i int) string {
	t.Helper()
	reg := pass.NewRegistry(affinegpumap.New)
	for _, run := range passtest.RecordFile(t, litFile, passtest.OptTool(reg), passtest.IsPassIn(reg)) {
		if !run.VerifyDiagnostics && run.Args[len(run.Args)-1] == "--affine-gpu-map" {
			_, after := run.Chunks()
			return string(after[i].Text)
		}
	}
	t.Fatal("no plain RUN line")
	return ""
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := all.NewContext()
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return f.Module
}

func lookup(mod *ir.Operation, name string) *ir.Operation {
	for _, op := range mod.Region(0).Front().Ops() {
		if op.Is("func.func") && symName(op) == name {
			return op
		}
	}
	return nil
}

func checkOptions() equiv.Options {
	return equiv.Options{Seeds: []int64{1, 2}, RelTol: 1e-5, Interp: interp.Options{}}
}

func hasLaunch(fn *ir.Operation) bool {
	found := false
	ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		found = found || op.Is("gpu.launch")
		return ir.Advance
	})
	return found
}

func symName(op *ir.Operation) string {
	s, _ := op.Attr("sym_name").(*ir.StringAttr)
	if s == nil {
		return ""
	}
	return s.Value
}

// reference returns a module with the plain affine matmul C += A * B under
// fn's name, for fn's (A: MxK f16, B: KxN f16, C: MxN f32) signature.
func reference(fn *ir.Operation) (*ir.Operation, error) {
	ft, ok := fn.Attr("function_type").(*ir.TypeAttr)
	if !ok {
		return nil, fmt.Errorf("no function type")
	}
	ins := ft.Value.(*ir.FunctionType).Inputs
	if len(ins) != 3 {
		return nil, fmt.Errorf("want 3 memref arguments, got %d", len(ins))
	}
	a, b := ins[0].(*ir.MemRefType), ins[1].(*ir.MemRefType)
	m, k, n := a.Dims[0], a.Dims[1], b.Dims[1]
	src := testutil.NamedPaperMatmul(symName(fn), int(m), int(n), int(k))
	f, err := parser.ParseFile(all.NewContext(), "ref.mlir", []byte(src))
	if err != nil {
		return nil, err
	}
	return f.Module, nil
}
