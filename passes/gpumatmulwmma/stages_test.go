package gpumatmulwmma

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/printer"
)

// The tests of this file run inside the package (not gpumatmulwmma_test)
// so that their helpers cannot collide with the external tests' names.

// stageMatmul is the paper's input nest, C[f32] += ext(A[f16]) * ext(B[f16]),
// at M×N×K.
func stageMatmul(m, n, k int) string { return testutil.PaperMatmul(m, n, k) }

func parseStage(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), name, []byte(src))
	if err != nil {
		t.Fatalf("%s does not parse: %v\n%s", name, err, src)
	}
	return f.Module
}

// stage is the IR after one pass of the pipeline, as text.
type stage struct {
	pass string
	text string
}

// stageRecorder keeps the whole module after each pass on the function.
type stageRecorder struct{ stages []stage }

func (r *stageRecorder) BeforePass(pass.Pass, *ir.Operation) {}

func (r *stageRecorder) AfterPass(p pass.Pass, op *ir.Operation, failed bool) {
	if failed {
		return
	}
	// The shared-memory globals the pipeline adds live in the module.
	for op.ParentOp() != nil {
		op = op.ParentOp()
	}
	r.stages = append(r.stages, stage{pass: p.Name(), text: printer.String(op, printer.Options{})})
}

// hostMMA reports whether a subgroup_mma op of mod runs on the host,
// outside any gpu.launch.
func hostMMA(mod *ir.Operation) bool {
	found := false
	ir.Walk(mod, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Is("gpu.launch") {
			return ir.Skip
		}
		if strings.HasPrefix(op.Name(), "gpu.subgroup_mma_") {
			found = true
			return ir.Interrupt
		}
		return ir.Advance
	})
	return found
}

// TestStagesComputeMatmul runs the pipeline's stages one after the other on
// small matmuls and checks, by execution on random inputs, that the IR
// after every stage computes the input matmul. The stages before the
// mapping to gpu.launch (the WMMA generation, the vectorised copies) hold
// the subgroup_mma ops on the host, where the interpreter runs them as one
// warp of one lane; from the mapping on, the interpreter checks the kernel
// for shared-memory races, barrier divergence and uninitialised reads. The
// tolerance is for the fragment ops' accumulation order.
func TestStagesComputeMatmul(t *testing.T) {
	configs := []struct {
		name     string
		m, n, k  int
		tb, warp []int64
	}{
		{"64x64x64", 64, 64, 64, []int64{32, 32, 32}, []int64{16, 16, 16}},
		{"128x128x64", 128, 128, 64, []int64{64, 64, 32}, []int64{32, 32, 16}},
		// Split: the guarded edge kernels exist from the split stage on.
		{"40x48x40", 40, 48, 40, []int64{32, 32, 32}, []int64{16, 16, 16}},
	}
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			src := stageMatmul(c.m, c.n, c.k)
			o := DefaultOptions()
			o.TBTile, o.WarpTile = c.tb, c.warp
			pm := pass.New(all.NewContext(), "builtin.module")
			if err := Build(pm.OpPassManager, o); err != nil {
				t.Fatal(err)
			}
			pm.Verify = ir.Verify
			rec := &stageRecorder{}
			pm.AddInstrumentation(rec)
			if err := pm.Run(parseStage(t, "matmul.mlir", src)); err != nil {
				t.Fatal(err)
			}
			want := []string{"gpu-matmul-wmma-check-types", "gpu-matmul-wmma-split", "affine-gpu-tile", "affine-gpu-smem-copy", "affine-gpu-wmma", "affine-gpu-vectorize-copies",
				"affine-gpu-map", "gpu-latency-hiding", "gpu-insert-barriers", "gpu-matmul-wmma-fuse-edges", "canonicalize", "cse"}
			var got []string
			for _, s := range rec.stages {
				got = append(got, s.pass)
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("stages %v, want %v", got, want)
			}
			ref := parseStage(t, "matmul.mlir", src)
			hosted := 0
			for _, s := range rec.stages {
				mod := parseStage(t, s.pass+".mlir", s.text)
				if hostMMA(mod) {
					hosted++
				}
				err := equiv.Check(ref, mod, "matmul", equiv.Options{Seeds: []int64{1, 2}, RelTol: 1e-5})
				if err != nil {
					t.Errorf("after %s: %v", s.pass, err)
				}
			}
			// The WMMA generation and the vectorised copies run their
			// fragment ops on the host: the check above covered them.
			if hosted != 2 {
				t.Errorf("%d stages run subgroup_mma ops on the host, want 2", hosted)
			}
		})
	}
}
