package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulwmma"
)

func TestAblationPipelines(t *testing.T) {
	pipes, err := AblationPipelines("")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"gpu-matmul-wmma{padding=false hoist-c=false latency-hiding=false vectorize-copies=false}",
		"gpu-matmul-wmma{hoist-c=false latency-hiding=false vectorize-copies=false}",
		"gpu-matmul-wmma{latency-hiding=false vectorize-copies=false}",
		"gpu-matmul-wmma{vectorize-copies=false}",
		"gpu-matmul-wmma",
	}
	if strings.Join(pipes, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s", strings.Join(pipes, "\n"))
	}
	// Each step switches exactly one more optimisation on, as the
	// pipeline's own option parser reads it.
	on := func(o gpumatmulwmma.Options) []bool {
		return []bool{o.Padding, o.HoistC, o.LatencyHiding, o.VectorizeCopies}
	}
	for i, p := range pipes {
		o := gpumatmulwmma.DefaultOptions()
		_, opts, _ := strings.Cut(p, "{")
		if err := pass.ParseOptions(&o, strings.TrimSuffix(opts, "}")); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		got := on(o)
		for j, b := range got {
			if b != (j < i) {
				t.Errorf("step %d (%s): switch %d is %v", i, AblationSteps[i].Name, j, b)
			}
		}
		if o.TBTile[0] != 128 || o.VectorBits != 128 {
			t.Errorf("step %d changed a fixed option: %+v", i, o)
		}
	}

	pipes, err = AblationPipelines("gpu-matmul-wmma{tb-tile=64,64,32 warp-tile=32,32,32}")
	if err != nil || pipes[0] != "gpu-matmul-wmma{tb-tile=64,64,32 warp-tile=32,32,32 padding=false hoist-c=false latency-hiding=false vectorize-copies=false}" ||
		pipes[4] != "gpu-matmul-wmma{tb-tile=64,64,32 warp-tile=32,32,32}" {
		t.Errorf("with fixed options: %v %q", err, pipes)
	}
	for _, bad := range []struct{ in, err string }{
		{"gpu-matmul-wmma{hoist-c=true}", "turns 'hoist-c' itself"},
		{"func.func(affine-loop-tile)", "needs the gpu-matmul-wmma or gpu-matmul-hopper pipeline"},
		{"gpu-matmul-wmmax", "needs the gpu-matmul-wmma or gpu-matmul-hopper pipeline"},
		{"gpu-matmul-hopper{epilogue=tma}", "turns 'epilogue' itself"},
		{"gpu-matmul-hopper{stages=3", "needs the gpu-matmul-wmma or gpu-matmul-hopper pipeline"},
	} {
		if _, err := AblationPipelines(bad.in); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("%s: %v, want %q", bad.in, err, bad.err)
		}
	}
}

func TestAblationFake(t *testing.T) {
	testutil.NeedLLC(t)
	f := &FakeGPU{}
	var progress bytes.Buffer
	o := fakeOptions(f)
	o.Progress = &Progress{W: &progress}
	rep, err := Ablation(context.Background(), o, 128)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Kind != KindAblation || len(rep.Results) != len(AblationSteps) || !rep.AllCorrect() {
		t.Fatalf("%+v", rep.Results)
	}
	pipes, _ := AblationPipelines(o.Pipeline)
	for i, r := range rep.Results {
		if r.Label != AblationSteps[i].Name || r.Pipeline != pipes[i] || r.M != 128 {
			t.Errorf("step %d: %s %s %d", i, r.Label, r.Pipeline, r.M)
		}
	}
	// Padding is visible in the kernel's shared memory: 64×32 A and 32×64
	// B f16 tiles, +8 per row from step 2 on.
	if rep.Results[0].StaticShared != 2*(64*32+32*64) || rep.Results[1].StaticShared != 2*(64*40+32*72) {
		t.Errorf("shared bytes %d, %d", rep.Results[0].StaticShared, rep.Results[1].StaticShared)
	}
	if strings.ContainsRune(progress.String(), '\x1b') || strings.Count(progress.String(), "\n") != len(AblationSteps) {
		t.Errorf("non-terminal progress should be one plain line per step:\n%q", progress.String())
	}
	var svg bytes.Buffer
	if err := WriteBarSVG(&svg, rep); err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, svg.Bytes())
	// The background, the legend box and one bar per step.
	if len(doc.Rects) != 2+len(AblationSteps) {
		t.Errorf("%d rects", len(doc.Rects))
	}
	if texts := strings.Join(doc.texts(), "|"); !strings.Contains(texts, "+ latency hiding") {
		t.Errorf("bar labels: %s", texts)
	}
}

func TestCandidateLimits(t *testing.T) {
	paper := Candidate{TBTile: [3]int64{128, 128, 64}, WarpTile: [3]int64{64, 32, 32}, Padding: 8, VectorBits: 128}
	if paper.SharedBytes() != 35840 || paper.Threads() != 256 {
		t.Errorf("paper's config: %d bytes, %d threads (goopt compile's manifest says 35840, 256)", paper.SharedBytes(), paper.Threads())
	}
	if r := paper.EstimatedRegisters(); r < 158 || r > maxRegsPerThread {
		t.Errorf("paper's config estimated at %d registers; ptxas gives 158", r)
	}
	if err := paper.Check(8192, 8192, 8192, H200Props); err != nil {
		t.Errorf("paper's config refused: %v", err)
	}
	for _, c := range []struct {
		c    Candidate
		size int
		err  string
	}{
		{Candidate{[3]int64{256, 128, 64}, [3]int64{64, 64, 32}, 8, 128}, 8192, "static shared memory"},
		{Candidate{[3]int64{128, 128, 64}, [3]int64{32, 32, 32}, 8, 128}, 8192, ""},
		{Candidate{[3]int64{256, 256, 32}, [3]int64{32, 32, 32}, 0, 128}, 8192, "threads per block"},
		{Candidate{[3]int64{256, 128, 64}, [3]int64{64, 64, 32}, 0, 128}, 8192, "registers"},
		{Candidate{[3]int64{128, 120, 64}, [3]int64{64, 40, 32}, 8, 128}, 8192, "not a multiple of 16"},
		{Candidate{[3]int64{128, 128, 64}, [3]int64{64, 32, 32}, 8, 128}, 1000, "not a multiple of the thread-block"},
		{Candidate{[3]int64{128, 128, 64}, [3]int64{64, 32, 32}, 4, 128}, 8192, "unaligned"},
	} {
		err := c.c.Check(c.size, c.size, c.size, H200Props)
		if c.err == "" {
			if err != nil {
				t.Errorf("%s: %v", c.c.Label(), err)
			}
		} else if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.c.Label(), err, c.err)
		}
	}
	// Whatever the default space keeps is within every limit.
	kept := 0
	for _, c := range DefaultTuneSpace().Candidates() {
		if c.Check(8192, 8192, 8192, H200Props) != nil {
			continue
		}
		kept++
		if c.SharedBytes() > H200Props.SharedPerBlock || c.Threads() > 1024 || c.EstimatedRegisters() > 255 ||
			c.EstimatedRegisters()*c.Threads() > 65536 {
			t.Errorf("%s kept over a limit", c.Label())
		}
	}
	if n := len(DefaultTuneSpace().Candidates()); kept == 0 || kept == n {
		t.Errorf("the limits keep %d of %d candidates", kept, n)
	}
}

func TestTuneFakeAndSave(t *testing.T) {
	testutil.NeedLLC(t)
	// The fake runs 128-thread blocks fastest, so the search must pick
	// the 64×64 block of 32×32 warps.
	f := &FakeGPU{KernelTFLOPs: func(grid, block [3]uint32) float64 {
		if block[0] == 128 {
			return 150
		}
		return 90
	}}
	space := TuneSpace{
		TBTiles:    [][3]int64{{64, 64, 32}, {128, 128, 64}, {256, 256, 64}},
		WarpTiles:  [][3]int64{{32, 32, 32}, {64, 32, 32}},
		Paddings:   []int64{8},
		VectorBits: []uint32{128},
	}
	rep, err := Tune(context.Background(), fakeOptions(f, 128), space)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 6 {
		t.Fatalf("%d results", len(rep.Results))
	}
	skipped := 0
	for _, r := range rep.Results {
		if !r.Measured() {
			skipped++
			if !strings.Contains(r.Error, "over a limit") {
				t.Errorf("%s: %s", r.Label, r.Error)
			}
		} else if !r.Correct {
			t.Errorf("%s wrong", r.Label)
		}
	}
	// 256-wide blocks do not divide 128.
	if skipped != 2 {
		t.Errorf("%d skipped, want 2", skipped)
	}
	if len(rep.Best) != 1 || rep.Best[0].Label != "tb64x64x32 w32x32x32 p8 v128" || rep.Best[0].TFLOPs != 150 {
		t.Fatalf("best: %+v", rep.Best)
	}

	path := filepath.Join(t.TempDir(), "tuned.json")
	old := &Report{Device: "x", Best: []Result{{M: 4096, N: 4096, K: 4096, Pipeline: "gpu-matmul-wmma{tb-tile=64,64,64}"}}}
	if err := SaveTuned(path, old); err != nil {
		t.Fatal(err)
	}
	if err := SaveTuned(path, rep); err != nil {
		t.Fatal(err)
	}
	tuned, err := ReadTuned(path)
	if err != nil || len(tuned.Entries) != 2 || tuned.Entries[0].M != 128 {
		t.Fatalf("%v %+v", err, tuned)
	}
	p, err := TunedPipeline(path, "m.mlir", []byte(MatmulSource(128, 128, 128)))
	if err != nil || p != rep.Best[0].Pipeline {
		t.Errorf("lookup: %q %v", p, err)
	}
	if _, err := TunedPipeline(path, "m.mlir", []byte(MatmulSource(256, 256, 256))); err == nil || !strings.Contains(err.Error(), "no configuration for a 256x256x256 matmul (it has: 128x128x128, 4096x4096x4096)") {
		t.Errorf("missing size: %v", err)
	}
	if _, err := TunedPipeline(path, "m.mlir", []byte("func.func @f() {\n  return\n}\n")); err == nil || !strings.Contains(err.Error(), "no matmul") {
		t.Errorf("no matmul: %v", err)
	}
	os.WriteFile(path, []byte(`{"format":"other"}`), 0o644)
	if _, err := ReadTuned(path); err == nil || !strings.Contains(err.Error(), "not a tuning file") {
		t.Errorf("bad file: %v", err)
	}
}
