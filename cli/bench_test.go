package cli

import (
	"bytes"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/bench"
	"github.com/goopt/goopt/internal/testutil"
)

// runBenchWith runs goopt bench over gpu as Main would run it.
func runBenchWith(t *testing.T, gpu bench.GPU, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{args: args, stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	cmd := benchCommand(e, func(bench.DeviceConfig) (bench.GPU, error) { return gpu, nil })
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	var ee *exitError
	switch {
	case err == nil:
		return 0, out.String(), errb.String()
	case errors.As(err, &ee):
		return ee.code, out.String(), errb.String()
	}
	return 1, out.String(), errb.String() + "goopt: error: " + err.Error() + "\n"
}

const smallTiles = "--pipeline=gpu-matmul-wmma{tb-tile=64,64,32 warp-tile=32,32,32}"

func TestBenchSweepOutputs(t *testing.T) {
	testutil.NeedLLC(t)
	dir := t.TempDir()
	csvPath, jsPath, svgPath := filepath.Join(dir, "r.csv"), filepath.Join(dir, "r.json"), filepath.Join(dir, "r.svg")
	code, stdout, stderr := runBenchWith(t, &bench.FakeGPU{}, "matmul", "--sizes=64,128", "--reps=5", "--warmup=1", "--samples=32", smallTiles,
		"--csv="+csvPath, "--json="+jsPath, "--plot="+svgPath)
	if code != 0 {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "fake GPU") || !strings.Contains(stdout, "128x128x128") || strings.Count(stdout, " ok ") != 2 {
		t.Errorf("table:\n%s", stdout)
	}
	// stderr is not a terminal: plain progress lines, no escapes.
	if strings.ContainsRune(stderr, '\x1b') || strings.ContainsRune(stderr, '\r') || strings.Count(stderr, "bench: sweep [") != 2 {
		t.Errorf("progress:\n%q", stderr)
	}
	f, _ := os.Open(csvPath)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 3 {
		t.Errorf("csv: %v %q", err, rows)
	}
	f, _ = os.Open(jsPath)
	rep, err := bench.ReadJSON(f)
	f.Close()
	if err != nil || len(rep.Results) != 2 || !rep.AllCorrect() {
		t.Errorf("json: %v %+v", err, rep)
	}
	svg, err := os.ReadFile(svgPath)
	if err != nil || !bytes.HasPrefix(svg, []byte("<?xml")) || !bytes.Contains(svg, []byte("<polyline")) {
		t.Errorf("svg: %v", err)
	}
}

func TestBenchWrongKernelFails(t *testing.T) {
	testutil.NeedLLC(t)
	code, stdout, stderr := runBenchWith(t, &bench.FakeGPU{Fault: bench.FaultSkipTile}, "matmul", "--sizes=64", "--reps=5", smallTiles)
	if code != 1 || !strings.Contains(stdout, "WRONG") || !strings.Contains(stderr, "gave a wrong result") {
		t.Errorf("code %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestBenchAblationSize(t *testing.T) {
	code, _, stderr := runBenchWith(t, &bench.FakeGPU{}, "matmul", "--ablation", "--sizes=64,128")
	if code != 1 || !strings.Contains(stderr, "--ablation measures one size") {
		t.Errorf("code %d: %s", code, stderr)
	}
	code, _, stderr = runBenchWith(t, &bench.FakeGPU{}, "matmul", "--ablation", "--tune")
	if code != 1 || !strings.Contains(stderr, "choose one") {
		t.Errorf("code %d: %s", code, stderr)
	}
}

func TestBenchNoGPU(t *testing.T) {
	code, stdout, stderr := run(t, "", "bench", "matmul", "--sizes=128")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "no NVIDIA driver") {
		t.Errorf("code %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestCompileTuned(t *testing.T) {
	testutil.NeedLLC(t)
	dir := t.TempDir()
	tuned := filepath.Join(dir, "tuned.json")
	rep := &bench.Report{Device: "x", Best: []bench.Result{{M: 128, N: 128, K: 128, Pipeline: "gpu-matmul-wmma{tb-tile=64,64,32 warp-tile=32,32,32}"}}}
	if err := bench.SaveTuned(tuned, rep); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "m.mlir")
	os.WriteFile(in, []byte(bench.MatmulSource(128, 128, 128)), 0o644)
	out := filepath.Join(dir, "m.ptx")
	if code, _, stderr := run(t, "", "compile", in, "--tuned="+tuned, "-o", out); code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	// The tuned 64×64 blocks of four 32×32 warps: a 2×2 grid of 128 threads.
	man, _ := os.ReadFile(filepath.Join(dir, "m.json"))
	if !strings.Contains(string(man), "\"grid\": [\n        2,\n        2,") || !strings.Contains(string(man), "\"block\": [\n        128,") {
		t.Errorf("manifest:\n%s", man)
	}
	os.WriteFile(in, []byte(bench.MatmulSource(256, 256, 256)), 0o644)
	if code, _, stderr := run(t, "", "compile", in, "--tuned="+tuned, "-o", out); code != 1 || !strings.Contains(stderr, "no configuration for a 256x256x256 matmul") {
		t.Errorf("code %d: %s", code, stderr)
	}
	if code, _, stderr := run(t, "", "compile", in, "--tuned="+tuned, "--pipeline=gpu-matmul-wmma", "-o", out); code != 1 || !strings.Contains(stderr, "leave out --pipeline") {
		t.Errorf("code %d: %s", code, stderr)
	}
}

// TestBenchKernelOutputs runs goopt bench vecadd on the fake GPU through
// the command line: a file with dynamic sizes at two --sizes, every output
// form, then the same from a --prebuild directory.
func TestBenchKernelOutputs(t *testing.T) {
	testutil.NeedLLC(t)
	dir := t.TempDir()
	file := filepath.Join("..", "bench", "testdata", "vecadd.mlir")
	csvPath, jsPath, svgPath := filepath.Join(dir, "r.csv"), filepath.Join(dir, "r.json"), filepath.Join(dir, "r.svg")
	g := &bench.FakeKernelGPU{Kernel: bench.KernelVecAdd, Shape: []int64{1000}}
	code, stdout, stderr := runBenchWith(t, g, "vecadd", file, "--sizes=1000", "--reps=5", "--warmup=1",
		"--csv="+csvPath, "--json="+jsPath, "--plot="+svgPath)
	if code != 0 {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"goopt bench vecadd on fake GPU", "pipeline: goopt compile's choice", "vecadd@1000", " ok ", "goopt/copy"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "bench: vecadd [1/1] vecadd@1000: correct, 4000 GB/s (copy 4400, 0.91x)") {
		t.Errorf("progress:\n%s", stderr)
	}
	f, _ := os.Open(csvPath)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 2 || rows[0][1] != "kernel" {
		t.Errorf("csv: %v %q", err, rows)
	}
	f, _ = os.Open(jsPath)
	rep, err := bench.ReadJSON(f)
	f.Close()
	if err != nil || rep.Kernel != "vecadd" || len(rep.Results) != 1 || !rep.AllCorrect() || rep.Results[0].CopyGBs != 4400 {
		t.Errorf("json: %v %+v", err, rep)
	}
	if svg, err := os.ReadFile(svgPath); err != nil || !bytes.Contains(svg, []byte("cuMemcpyDtoD")) {
		t.Errorf("svg: %v", err)
	}

	pre := filepath.Join(dir, "pre")
	code, stdout, stderr = runBenchWith(t, nil, "vecadd", file, "--sizes=1000,4096", "--prebuild="+pre)
	if code != 0 || stdout != "wrote 2 kernels to "+pre+"\n" {
		t.Fatalf("prebuild: code %d\n%s\n%s", code, stdout, stderr)
	}
	g = &bench.FakeKernelGPU{Kernel: bench.KernelVecAdd, Shape: []int64{4096}}
	code, stdout, stderr = runBenchWith(t, g, "vecadd", file, "--sizes=4096", "--prebuilt="+pre, "--llc=/nonexistent/llc", "--reps=5")
	if code != 0 || !strings.Contains(stdout, "vecadd@4096") {
		t.Errorf("prebuilt: code %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestBenchKernelWrong: a planted wrong transpose fails the run.
func TestBenchKernelWrong(t *testing.T) {
	testutil.NeedLLC(t)
	g := &bench.FakeKernelGPU{Kernel: bench.KernelTranspose, Shape: []int64{48, 80}, Fault: bench.KernelFaultIdentity}
	code, stdout, stderr := runBenchWith(t, g, "transpose", filepath.Join("..", "bench", "testdata", "transpose.mlir"), "--reps=5")
	if code != 1 || !strings.Contains(stdout, "WRONG") || !strings.Contains(stdout, "wrong transpose@48x80: ") || !strings.Contains(stderr, "gave a wrong result") {
		t.Errorf("code %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestBenchKernelFlags(t *testing.T) {
	file := filepath.Join("..", "bench", "testdata", "vecadd.mlir")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"vecadd", file, "--tol=1e-3"}, "--tol is for softmax: vecadd is checked bit for bit"},
		{[]string{"vecadd", file, "--samples=3"}, "--samples is for goopt bench matmul only"},
		{[]string{"vecadd", file, "--sizes=8x"}, "invalid sizes '8x'"},
		{[]string{"vecadd"}, "goopt bench vecadd needs at least one FILE"},
		{[]string{"matmul", file}, "goopt bench matmul takes no FILE"},
	} {
		code, _, stderr := runBenchWith(t, &bench.FakeKernelGPU{}, tc.args...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: code %d: %s", tc.args, code, stderr)
		}
	}
}
