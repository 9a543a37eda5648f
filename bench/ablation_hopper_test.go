package bench

import (
	"context"
	"strings"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulhopper"
)

// TestHopperAblationPipelines: gpu-matmul-hopper's ladder switches one
// rung on per step, as the pipeline's own option parser reads it, and
// keeps the base's other options.
func TestHopperAblationPipelines(t *testing.T) {
	pipes, err := AblationPipelines("gpu-matmul-hopper{stages=3}")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := AblationStepsOf("gpu-matmul-hopper")
	if err != nil || len(steps) != len(pipes) || steps[0].Name != "TMA ring + wgmma" {
		t.Fatalf("steps %v: %v", steps, err)
	}
	on := func(o gpumatmulhopper.Options) []bool {
		return []bool{o.WarpSpecialize, o.Epilogue == gpumatmulhopper.EpilogueTMA, o.GridSwizzle > 1, o.Cluster[0] > 1, o.Persistent, o.OverlapEpilogue, o.PingPong}
	}
	// The cluster step (4) is left for the persistent ones (5, 6); the
	// register-epilogue steps (7, 8: on clusters) replace the TMA
	// epilogue, and the ping-pong steps (9, 10: on clusters, their
	// epilogue from registers) the overlapped epilogue.
	want := func(step, rung int) bool {
		switch rung {
		case 1:
			return step >= 2 && step <= 6
		case 3:
			return step == 4 || step == 8 || step == 10
		case 5:
			return step == 6
		case 6:
			return step >= 9
		}
		return rung < step
	}
	for i, p := range pipes {
		o := gpumatmulhopper.DefaultOptions()
		name, opts, _ := strings.Cut(p, "{")
		if name != gpumatmulhopper.Name {
			t.Fatalf("step %d: %s", i, p)
		}
		if err := pass.ParseOptions(&o, strings.TrimSuffix(opts, "}")); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		for j, b := range on(o) {
			if b != want(i, j) {
				t.Errorf("step %d (%s): rung %d is %v", i, steps[i].Name, j, b)
			}
		}
		// The overlapped epilogue's step gives the ring's room to its
		// staging tile; the ping-pong steps' 128x128 tile takes 6 stages.
		wantStages := map[bool]int64{false: 3, true: 2}[o.OverlapEpilogue]
		if o.PingPong {
			wantStages = 6
		}
		if o.Stages != wantStages {
			t.Errorf("step %d lost the base's stages=3: %s", i, p)
		}
		if err := o.Check(8192, 8192, 8192); err != nil {
			t.Errorf("step %d refused at 8192: %v", i, err)
		}
	}
}

func TestHopperTuneSpace(t *testing.T) {
	if _, ok := TuneSpaceFor("gpu-matmul-hopper{stages=3}").(HopperTuneSpace); !ok {
		t.Error("gpu-matmul-hopper does not tune its own space")
	}
	if _, ok := TuneSpaceFor("").(TuneSpace); !ok {
		t.Error("the default pipeline does not tune the paper's space")
	}
	for _, c := range []struct {
		c    HopperCandidate
		size int
		err  string
	}{
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 4, Consumers: 2, GridSwizzle: 8}, 8192, ""},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 4, Consumers: 1, GridSwizzle: 8}, 8192, "registers a thread"},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 5, Consumers: 2, GridSwizzle: 8}, 8192, "shared memory"},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 4, Consumers: 2, GridSwizzle: 8}, 1000, "not a multiple of the thread-block tile"},
		{HopperCandidate{TBTile: [3]int64{128, 128, 32}, Stages: 4, Consumers: 1, GridSwizzle: 8}, 8192, "K tile must be 64"},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 4, Consumers: 2, GridSwizzle: 8, Persistent: true}, 8192, ""},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 2, Consumers: 2, GridSwizzle: 8, Persistent: true, Overlap: true}, 8192, ""},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 3, Consumers: 2, GridSwizzle: 8, Persistent: true, Overlap: true}, 8192, "separate 131072-byte staging tile"},
		{HopperCandidate{TBTile: [3]int64{128, 128, 64}, Stages: 7, Consumers: 2, GridSwizzle: 8, Persistent: true, PingPong: true}, 8192, ""},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 4, Consumers: 2, GridSwizzle: 8, Persistent: true, PingPong: true}, 8192, "whole 128x256 tile"},
		{HopperCandidate{TBTile: [3]int64{128, 128, 64}, Stages: 7, Consumers: 1, GridSwizzle: 8, Persistent: true, PingPong: true}, 8192, "at least 2 consumers"},
		{HopperCandidate{TBTile: [3]int64{128, 128, 64}, Stages: 7, Consumers: 2, GridSwizzle: 8, Persistent: true, PingPong: true, Cluster: [2]int64{2, 1}}, 8192, ""},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 4, Consumers: 2, GridSwizzle: 8, Persistent: true, Cluster: [2]int64{2, 1}}, 8192, "needs epilogue=registers or pingpong"},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 4, Consumers: 2, GridSwizzle: 8, Persistent: true, Registers: true, Cluster: [2]int64{2, 1}}, 8192, ""},
		{HopperCandidate{TBTile: [3]int64{128, 192, 64}, Stages: 5, Consumers: 2, GridSwizzle: 8, Persistent: true, Registers: true}, 8064, ""},
		{HopperCandidate{TBTile: [3]int64{128, 256, 64}, Stages: 5, Consumers: 2, GridSwizzle: 8, Persistent: true, Registers: true}, 8192, "shared memory"},
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
	cands := DefaultHopperTuneSpace().TuneCandidates()
	kept, defaults := 0, 0
	for _, c := range cands {
		if c.Check(8192, 8192, 8192, H200Props) == nil {
			kept++
			if !strings.HasPrefix(c.Pipeline(), "gpu-matmul-hopper{") {
				t.Errorf("%s: pipeline %s", c.Label(), c.Pipeline())
			}
			// Candidates keep their tile at every size (tile-by-size=false,
			// no change at 8192).
			if sameKernel(t, c.Pipeline(), gpumatmulhopper.Name+"{tile-by-size=false}") {
				defaults++
			}
		}
	}
	if kept == 0 || kept == len(cands) {
		t.Errorf("the limits keep %d of %d candidates", kept, len(cands))
	}
	// The tuner's space holds the pipeline's defaults once.
	if defaults != 1 {
		t.Errorf("%d candidates are the pipeline's defaults, want 1", defaults)
	}
}

// sameKernel reports whether two gpu-matmul-hopper pipelines configure
// the same kernel: the built pipelines print the options resolved.
func sameKernel(t *testing.T, p, q string) bool {
	t.Helper()
	resolved := func(pipe string) string {
		o := gpumatmulhopper.DefaultOptions()
		_, opts, _ := strings.Cut(strings.TrimSuffix(pipe, "}"), "{")
		if err := pass.ParseOptions(&o, opts); err != nil {
			t.Fatal(err)
		}
		pm := pass.NewOpPassManager("func.func", pass.Explicit)
		if err := gpumatmulhopper.Build(pm, o); err != nil {
			t.Fatalf("%s: %v", pipe, err)
		}
		return pm.String()
	}
	return resolved(p) == resolved(q)
}

// TestHopperAblationStepsExplicit: every step of the ladder states every
// switch, so that its kernel does not depend on the pipeline's defaults.
func TestHopperAblationStepsExplicit(t *testing.T) {
	var l *Ladder
	for i := range Ladders {
		if Ladders[i].Pipeline == gpumatmulhopper.Name {
			l = &Ladders[i]
		}
	}
	for _, st := range l.Steps {
		given := map[string]bool{}
		for _, f := range strings.Fields(st.Options) {
			k, _, _ := strings.Cut(f, "=")
			given[k] = true
		}
		for _, sw := range l.Switches {
			if !given[sw] {
				t.Errorf("step %q leaves '%s' to the defaults", st.Name, sw)
			}
		}
	}
}

// TestHopperAblationFake climbs gpu-matmul-hopper's ladder on the fake
// GPU: every rung compiles through goopt's lowering and llc, and its
// manifest binds A, B (and, with the TMA epilogue, C) as descriptors the
// GPU can encode.
func TestHopperAblationFake(t *testing.T) {
	testutil.NeedLLC(t)
	h := &hopperFake{FakeGPU: &FakeGPU{}, t: t}
	o := fakeOptions(h.FakeGPU)
	o.Open = func(DeviceConfig) (GPU, error) { return h, nil }
	o.Pipeline = gpumatmulhopper.Name
	// 512: two column tiles of 256, so the 2x1 cluster step has a pair.
	rep, err := Ablation(context.Background(), o, 512)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != len(HopperAblationSteps) || !rep.AllCorrect() {
		t.Fatalf("%+v", rep.Results)
	}
	for i, r := range rep.Results {
		if r.Label != HopperAblationSteps[i].Name || r.M != 512 {
			t.Errorf("step %d: %s at %d", i, r.Label, r.M)
		}
		// Every step compiles and launches; the fake then computes only
		// kernels with C as a plain pointer (not the TMA epilogue's).
		if !r.Measured() && !strings.Contains(r.Error, "fake matmul kernel takes 3 parameters") {
			t.Errorf("step %d (%s): %s", i, r.Label, r.Error)
		}
	}
	// Every launch passed its descriptors through LaunchHopper, which
	// checked each against its buffer.
	if h.maps == 0 {
		t.Error("no TMA descriptor was passed")
	}
}
