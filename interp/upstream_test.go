package interp_test

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
)

// upstreamPipeline lowers the kernels to the LLVM dialect for mlir-cpu-runner.
var upstreamPipeline = []string{"--lower-affine", "--convert-scf-to-cf", "--expand-strided-metadata",
	"--convert-math-to-llvm", "--convert-arith-to-llvm", "--finalize-memref-to-llvm",
	"--convert-func-to-llvm", "--reconcile-unrealized-casts"}

// TestAgainstUpstream runs each kernel's memref-free @entry in the
// interpreter and through mlir-opt-19 + mlir-cpu-runner-19, and compares the
// checksums: exactly for i64 results, within the file's `// RELTOL:` for f32.
func TestAgainstUpstream(t *testing.T) {
	runner, opt := testutil.Tool(t, "mlir-cpu-runner-19"), testutil.Tool(t, "mlir-opt-19")
	files, _ := filepath.Glob("testdata/kernels/*.mlir")
	if len(files) < 15 {
		t.Fatalf("found %d kernels, want at least 15", len(files))
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".mlir"), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			result, relTol := "i64", 0.0
			if strings.Contains(string(src), "// RESULT: f32") {
				result = "f32"
			}
			if i := strings.Index(string(src), "// RELTOL: "); i >= 0 {
				line := strings.SplitN(string(src[i+len("// RELTOL: "):]), "\n", 2)[0]
				relTol, _ = strconv.ParseFloat(strings.TrimSpace(line), 64)
			}
			m := machine(t, string(src))
			res, err := m.Call("entry", nil)
			if err != nil {
				t.Fatalf("interpreter: %v", err)
			}
			if len(res) != 1 {
				t.Fatalf("entry returned %d values", len(res))
			}

			lowered := filepath.Join(t.TempDir(), "lowered.mlir")
			cmd := exec.Command(opt, append(upstreamPipeline, file, "-o", lowered)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("mlir-opt-19: %v\n%s", err, out)
			}
			text := cpuRun(t, runner, lowered, "entry", result)
			if result == "i64" {
				checkInt(t, res[0], text)
				return
			}
			want, err := strconv.ParseFloat(text, 64)
			if err != nil {
				t.Fatalf("runner printed %q", text)
			}
			got := res[0].Float()
			if math.Abs(got-want) > relTol*math.Max(math.Abs(want), 1) {
				t.Errorf("interpreter %v, upstream %v (tolerance %g)", got, want, relTol)
			}
		})
	}
}
