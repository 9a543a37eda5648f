//go:build gpu

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/bench"
)

// The memory-bound benchmarks on a real GPU (go test -tags gpu ./cli, on
// the GPU machine), through the command line as a user runs them, on the
// hand-written kernels of bench/testdata. The GPU machine has no llc:
// GOOPT_BENCH_PREBUILT names a directory written by the same commands with
// --prebuild=DIR where llc is (see kernelGPUCases); GOOPT_BENCH_PEER, when
// set, is passed as --peer-cmd.

// kernelGPUCases are the runs: awkward sizes beside larger ones.
var kernelGPUCases = []struct {
	kernel, file, sizes string
}{
	{"vecadd", "vecadd.mlir", "1000,16777216"},
	{"transpose", "transpose_any.mlir", "1000x1000,4097x8191"},
	{"softmax", "softmax.mlir", "1000x1000,4096x1024"},
}

func kernelGPUArgs(t *testing.T, kernel, file, sizes string) []string {
	args := []string{"bench", kernel, filepath.Join("..", "bench", "testdata", file), "--sizes=" + sizes, "--reps=10"}
	if dir := os.Getenv("GOOPT_BENCH_PREBUILT"); dir != "" {
		args = append(args, "--prebuilt="+dir)
	}
	return args
}

func TestBenchKernelsGPU(t *testing.T) {
	for _, tc := range kernelGPUCases {
		t.Run(tc.kernel, func(t *testing.T) {
			js := filepath.Join(t.TempDir(), "r.json")
			args := append(kernelGPUArgs(t, tc.kernel, tc.file, tc.sizes), "--json="+js)
			if peer := os.Getenv("GOOPT_BENCH_PEER"); peer != "" {
				args = append(args, "--peer-cmd="+peer)
			}
			code, stdout, stderr := run(t, "", args...)
			t.Logf("\n%s", stdout)
			if code != 0 {
				t.Fatalf("code %d\n%s", code, stderr)
			}
			f, err := os.Open(js)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := bench.ReadJSON(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Results) != 2 {
				t.Fatalf("%d results", len(rep.Results))
			}
			for _, r := range rep.Results {
				if !r.Correct || !(r.GBs > 0) || !(r.CopyGBs > 0) || !(r.CopyRatio > 0) {
					t.Errorf("%s: %+v", r.Label, r)
				}
			}
		})
	}
}

// TestBenchKernelPlantedBugGPU: a vecadd whose grid rounds down leaves
// the tail unwritten; the run must say WRONG and fail.
func TestBenchKernelPlantedBugGPU(t *testing.T) {
	code, stdout, stderr := run(t, "", kernelGPUArgs(t, "vecadd", "vecadd_short_grid.mlir", "1000")...)
	t.Logf("\n%s", stdout)
	if code != 1 || !strings.Contains(stdout, "WRONG") || !strings.Contains(stdout, "element [768]: got NaN") || !strings.Contains(stderr, "gave a wrong result") {
		t.Errorf("code %d\n%s\n%s", code, stdout, stderr)
	}
}
