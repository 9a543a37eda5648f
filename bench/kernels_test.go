package bench

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
)

func kernelOptions(f GPU, kernel string, files ...string) KernelOptions {
	return KernelOptions{
		Options: Options{
			Open:   func(DeviceConfig) (GPU, error) { return f, nil },
			Reps:   MinReps,
			Warmup: 1,
		},
		Kernel: kernel,
		Files:  files,
	}
}

func testdata(name string) string { return filepath.Join("testdata", name) }

// TestKernelBenchFake runs each memory-bound benchmark through the whole
// flow (specialise, compile, launch, check, time, copy) on the fake GPU.
func TestKernelBenchFake(t *testing.T) {
	testutil.NeedLLC(t)
	for _, tc := range []struct {
		kernel, file string
		shapes       [][]int64
	}{
		{KernelVecAdd, "vecadd.mlir", [][]int64{{1000}, {4099}}},
		{KernelTranspose, "transpose.mlir", nil}, // the file's own 48x80
		{KernelSoftmax, "softmax.mlir", [][]int64{{7, 33}, {130, 129}}},
	} {
		t.Run(tc.kernel, func(t *testing.T) {
			n := max(len(tc.shapes), 1)
			for i := 0; i < n; i++ {
				var shape []int64
				if tc.shapes != nil {
					shape = tc.shapes[i]
				} else {
					shape = []int64{48, 80}
				}
				f := &FakeKernelGPU{Kernel: tc.kernel, Shape: shape}
				o := kernelOptions(f, tc.kernel, testdata(tc.file))
				if tc.shapes != nil {
					o.Shapes = [][]int64{shape}
				}
				rep, err := KernelBench(context.Background(), o)
				checkFakeRun(t, &f.FakeGPU, rep, err, 1)
				r := rep.Results[0]
				if r.Shape != shapeString(shape) || r.Kernel != tc.kernel || r.Mismatches != 0 {
					t.Errorf("result %+v", r)
				}
				// The fake moves the kernel's bytes at 4000 GB/s and the
				// copy's at 4400.
				if math.Abs(r.GBs-4000) > 1e-6 || math.Abs(r.CopyGBs-4400) > 1e-6 || math.Abs(r.CopyRatio-4000.0/4400) > 1e-9 {
					t.Errorf("%g and %g GB/s, ratio %g", r.GBs, r.CopyGBs, r.CopyRatio)
				}
				// One correctness launch, warm-up and reps; the copy's
				// warm-up and reps.
				if want := 1 + 1 + MinReps; f.Launches != want || f.Copies != 1+MinReps {
					t.Errorf("%d launches and %d copies, want %d and %d", f.Launches, f.Copies, want, 1+MinReps)
				}
				if r.Grid[0] <= 0 {
					t.Errorf("grid %v: the specialised launch is not constant", r.Grid)
				}
			}
		})
	}
}

// TestKernelChecksCatchFaults plants wrong kernels: every one must fail
// its check, and softmax's one-ulp difference must pass its tolerance.
func TestKernelChecksCatchFaults(t *testing.T) {
	testutil.NeedLLC(t)
	for _, tc := range []struct {
		name, kernel, file string
		shape              []int64
		fault              KernelFault
		correct            bool
	}{
		{"vecadd-skip-last", KernelVecAdd, "vecadd.mlir", []int64{1000}, KernelFaultSkipLast, false},
		{"vecadd-ulp", KernelVecAdd, "vecadd.mlir", []int64{1000}, KernelFaultULP, false},
		{"transpose-identity", KernelTranspose, "transpose.mlir", []int64{48, 80}, KernelFaultIdentity, false},
		{"transpose-ulp", KernelTranspose, "transpose.mlir", []int64{48, 80}, KernelFaultULP, false},
		{"transpose-skip-last", KernelTranspose, "transpose.mlir", []int64{48, 80}, KernelFaultSkipLast, false},
		{"softmax-skip-last", KernelSoftmax, "softmax.mlir", []int64{9, 40}, KernelFaultSkipLast, false},
		{"softmax-relative", KernelSoftmax, "softmax.mlir", []int64{9, 40}, KernelFaultRelative, false},
		{"softmax-ulp", KernelSoftmax, "softmax.mlir", []int64{9, 40}, KernelFaultULP, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &FakeKernelGPU{Kernel: tc.kernel, Shape: tc.shape, Fault: tc.fault}
			o := kernelOptions(f, tc.kernel, testdata(tc.file))
			o.Shapes = [][]int64{tc.shape}
			rep, err := KernelBench(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			r := rep.Results[0]
			if r.Correct != tc.correct || rep.AllCorrect() != tc.correct {
				t.Fatalf("correct = %v, want %v: %+v", r.Correct, tc.correct, r)
			}
			if !tc.correct && (r.Mismatches == 0 || r.FirstMismatch == "") {
				t.Errorf("a wrong result without its mismatches: %+v", r)
			}
			var b bytes.Buffer
			if err := WriteTable(&b, rep); err != nil {
				t.Fatal(err)
			}
			if !tc.correct && (!strings.Contains(b.String(), "WRONG") || !strings.Contains(b.String(), "wrong "+r.Label+": ")) {
				t.Errorf("table:\n%s", b.String())
			}
		})
	}
	// The first mismatch is located: the skipped last element of a 80x48
	// transpose output.
	f := &FakeKernelGPU{Kernel: KernelTranspose, Shape: []int64{48, 80}, Fault: KernelFaultSkipLast}
	rep, err := KernelBench(context.Background(), kernelOptions(f, KernelTranspose, testdata("transpose.mlir")))
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Results[0].FirstMismatch; !strings.HasPrefix(got, "element [79, 47]: got NaN") {
		t.Errorf("first mismatch %q", got)
	}
}

// TestKernelSpecialiseErrors: files and sizes that do not fit are located
// errors, before any device work.
func TestKernelSpecialiseErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	twoArgs := write("two.mlir", "func.func @f(%a: memref<8xf32>, %b: memref<8xf32>) {\n  return\n}\n")
	f16 := write("f16.mlir", "func.func @f(%a: memref<8xf16>, %b: memref<8xf16>, %c: memref<8xf16>) {\n  return\n}\n")
	badT := write("badt.mlir", "func.func @f(%a: memref<8x4xf32>, %b: memref<8x4xf32>) {\n  return\n}\n")
	two := write("twofn.mlir", "func.func @f(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) {\n  return\n}\nfunc.func @g() {\n  return\n}\n")
	for _, tc := range []struct {
		kernel, file string
		shapes       [][]int64
		entry        string
		want         string
	}{
		{KernelVecAdd, twoArgs, nil, "", "two.mlir:1:1: error: 'func.func' op @f: goopt bench vecadd expects (memref<Nxf32>, memref<Nxf32>, memref<Nxf32>)"},
		{KernelVecAdd, f16, nil, "", "f16.mlir:1:1: error: 'func.func' op @f: argument 0 has type memref<8xf16>"},
		{KernelTranspose, badT, nil, "", "badt.mlir:1:1: error: 'func.func' op @f: argument 1 is memref<8x4xf32>, which does not fit the size 8x4 (transpose expects memref<4x8xf32>)"},
		{KernelVecAdd, testdata("vecadd.mlir"), nil, "", "vecadd.mlir:3:1: error: 'func.func' op @vecadd has dynamic shapes: give the problem sizes with --sizes"},
		{KernelTranspose, testdata("transpose.mlir"), [][]int64{{64, 64}}, "", "argument 0 is memref<48x80xf32>, which does not fit the size 64x64"},
		{KernelTranspose, testdata("transpose.mlir"), [][]int64{{64}}, "", "--sizes: transpose takes 2-dimensional problem shapes, got '64'"},
		{KernelVecAdd, two, nil, "", "error: the module has 2 public functions: choose one with --entry"},
		{KernelVecAdd, two, nil, "h", "error: no function @h in the module"},
		{KernelVecAdd, filepath.Join(dir, "missing.mlir"), nil, "", "could not open input file"},
		{"gemv", twoArgs, nil, "", "unknown memory-bound kernel 'gemv'"},
	} {
		f := &FakeKernelGPU{}
		o := kernelOptions(f, tc.kernel, tc.file)
		o.Shapes, o.Entry = tc.shapes, tc.entry
		_, err := KernelBench(context.Background(), o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: got %v, want %q", tc.kernel, filepath.Base(tc.file), err, tc.want)
		}
		if f.Launches != 0 || f.Closed() {
			t.Errorf("%s: the device was used before the files were checked", tc.kernel)
		}
	}
	// A GPU that cannot copy device to device cannot give the ceiling.
	testutil.NeedLLC(t)
	_, err := KernelBench(context.Background(), kernelOptions(&FakeGPU{}, KernelTranspose, testdata("transpose.mlir")))
	if err == nil || !strings.Contains(err.Error(), "cannot copy device memory to device memory") {
		t.Errorf("got %v", err)
	}
}

// TestKernelSpecialiseText: a dynamic file is specialised to static
// types, its memref.dim folded, and the result is what gets compiled.
func TestKernelSpecialiseText(t *testing.T) {
	o := KernelOptions{Kernel: KernelSoftmax, Files: []string{testdata("softmax.mlir")}, Shapes: [][]int64{{3, 5}, {4, 6}}}
	cs, err := loadKernelConfigs(&o)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].label != "softmax@3x5" || cs[1].label != "softmax@4x6" {
		t.Fatalf("configs %+v", cs)
	}
	src := string(cs[1].src)
	for _, want := range []string{"func.func @softmax(%arg0: memref<4x6xf32>, %arg1: memref<4x6xf32>)", "gpu.launch"} {
		if !strings.Contains(src, want) {
			t.Errorf("specialised source lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "memref.dim") || strings.Contains(src, "?x") {
		t.Errorf("dynamic sizes left:\n%s", src)
	}
	// Different sources get different prebuilt names.
	if kernelPrebuiltName(KernelSoftmax, "", cs[0]) == kernelPrebuiltName(KernelSoftmax, "", cs[1]) {
		t.Error("two shapes share a prebuilt name")
	}
}

// TestKernelPeer: the peer command gets the problem, and its figure (or
// its failure) lands in the result and the outputs.
func TestKernelPeer(t *testing.T) {
	testutil.NeedLLC(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "peer.sh")
	// A peer at 2000 GB/s: 2·4·48·80 bytes in 30720/2000e6 ms.
	os.WriteFile(script, []byte(`#!/bin/sh
echo "$@" > "$(dirname "$0")/args"
echo "some log line"
echo '{"peer": "torch-fake", "ms": 0.00001536, "min_ms": 0.00001, "max_ms": 0.00002, "correct": true}'
`), 0o755)
	f := &FakeKernelGPU{Kernel: KernelTranspose, Shape: []int64{48, 80}}
	o := kernelOptions(f, KernelTranspose, testdata("transpose.mlir"))
	o.PeerCmd = "sh " + script
	rep, err := KernelBench(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Results[0]
	if r.Peer != "torch-fake" || math.Abs(r.PeerGBs-2000) > 1e-6 || math.Abs(r.PeerRatio-2) > 1e-9 || r.PeerError != "" {
		t.Errorf("peer: %+v", r)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	want := "--kernel=transpose --shape=48x80 --warmup=1 --reps=5 --flush-bytes=125829120 --device=0 --seed=1\n"
	if string(args) != want {
		t.Errorf("peer args %q, want %q", args, want)
	}
	var b bytes.Buffer
	WriteTable(&b, rep)
	if !strings.Contains(b.String(), "goopt/peer") || !strings.Contains(b.String(), "2000") {
		t.Errorf("table:\n%s", b.String())
	}
	// A failing peer leaves the kernel's result and says why.
	for _, tc := range []struct{ cmd, want string }{
		{"echo oops >&2; exit 3 #", "failed: exit status 3: oops"},
		{"echo not json #", "printed no JSON report"},
		{`echo '{"peer": "t", "error": "no torch"}' #`, "no torch"},
		{`echo '{"peer": "t", "ms": 1, "correct": false}' #`, "failed its check"},
	} {
		f := &FakeKernelGPU{Kernel: KernelTranspose, Shape: []int64{48, 80}}
		o := kernelOptions(f, KernelTranspose, testdata("transpose.mlir"))
		o.PeerCmd = tc.cmd
		rep, err := KernelBench(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if r := rep.Results[0]; !r.Correct || r.PeerGBs != 0 || !strings.Contains(r.PeerError, tc.want) {
			t.Errorf("%s: %+v", tc.cmd, r)
		}
	}
}

// TestKernelOutputsAndPrebuilt: the table, CSV, JSON and SVG of a run,
// and the same run from a prebuilt directory without compiling.
func TestKernelOutputsAndPrebuilt(t *testing.T) {
	testutil.NeedLLC(t)
	dir := t.TempDir()
	o := kernelOptions(nil, KernelVecAdd, testdata("vecadd.mlir"))
	o.Shapes = [][]int64{{1000}, {2048}}
	o.Prebuild = dir
	n, err := PrebuildKernels(context.Background(), o)
	if err != nil || n != 2 {
		t.Fatalf("prebuild: %d, %v", n, err)
	}
	run := func(shape []int64, prebuilt string) *Report {
		f := &FakeKernelGPU{Kernel: KernelVecAdd, Shape: shape}
		o := kernelOptions(f, KernelVecAdd, testdata("vecadd.mlir"))
		o.Shapes, o.Prebuilt = [][]int64{shape}, prebuilt
		o.Codegen.LLC = "/nonexistent/llc" // a prebuilt run must not compile
		rep, err := KernelBench(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	rep := run([]int64{2048}, dir)
	if !rep.AllCorrect() {
		t.Fatalf("prebuilt run: %+v", rep.Results)
	}
	// A shape that was not prebuilt is named.
	if r := run([]int64{4096}, dir).Results[0]; r.Measured() || !strings.Contains(r.Error, "no prebuilt kernel") {
		t.Errorf("missing prebuilt: %+v", r)
	}

	var tab, cs, js, svg bytes.Buffer
	if err := WriteTable(&tab, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"goopt bench vecadd on fake GPU (CPU): C[f32] = A + B", "checked bit for bit", "goopt/copy", "vecadd@2048", " ok ", "0.91"} {
		if !strings.Contains(tab.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, tab.String())
		}
	}
	if err := WriteCSV(&cs, rep); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&cs).ReadAll()
	if err != nil || len(rows) != 2 || rows[0][0] != "label" || rows[1][1] != "vecadd" || rows[1][3] != "2048" || rows[1][8] != "24576" {
		t.Errorf("csv: %v %q", err, rows)
	}
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&js)
	if err != nil || back.Kernel != KernelVecAdd || back.Results[0] != rep.Results[0] {
		t.Errorf("json round trip: %v\n%+v\n%+v", err, back, rep)
	}
	if err := WriteKernelSVG(&svg, rep); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(svg.Bytes(), []byte("<?xml")) || bytes.Count(svg.Bytes(), []byte("<rect")) < 3 || !bytes.Contains(svg.Bytes(), []byte("cuMemcpyDtoD")) {
		t.Errorf("svg:\n%s", svg.String())
	}
}

// TestKernelPeerScript runs scripts/bench_peer.py as goopt bench does: on
// a machine without torch or a GPU it must still print a report goopt
// bench reads (an error, not a figure).
func TestKernelPeerScript(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	rep, err := runPeer(context.Background(), "python3 ../scripts/bench_peer.py",
		[]string{"--kernel=softmax", "--shape=64x32", "--warmup=1", "--reps=5", "--flush-bytes=0", "--device=0", "--seed=1"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rep.Peer, "torch") || (rep.Error == "" && !(rep.Ms > 0)) {
		t.Errorf("report %+v", rep)
	}
}

// TestKernelBenchAffine: a plain affine file, specialised to each shape
// and mapped by gpu-map-affine, through the whole flow.
func TestKernelBenchAffine(t *testing.T) {
	testutil.NeedLLC(t)
	for _, shape := range [][]int64{{33, 70}, {64, 64}} {
		f := &FakeKernelGPU{Kernel: KernelTranspose, Shape: shape}
		o := kernelOptions(f, KernelTranspose, testdata("affine_transpose.mlir"))
		o.Shapes, o.Pipeline = [][]int64{shape}, "gpu-map-affine"
		rep, err := KernelBench(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if r := rep.Results[0]; !r.Correct || r.Pipeline != "gpu-map-affine" || r.Grid[0] <= 0 {
			t.Errorf("%v: %+v", shape, r)
		}
	}
}
