package bench

import (
	"context"
	"fmt"
	"strings"

	"github.com/goopt/goopt/passes/gpumatmulhopper"
)

// AblationStep is one bar of an incremental figure: the switches it
// turns off (the steps after it).
type AblationStep struct {
	Name    string
	Options string
}

// Ladder is one pipeline's ablation: its steps, from the first rung to
// the full pipeline, and the switches they set (which the base pipeline
// of an ablation may therefore not set).
type Ladder struct {
	Pipeline string
	Steps    []AblationStep
	Switches []string
}

// AblationSteps are the paper's optimisations switched on one at a time:
// tiling with shared memory and WMMA; + padding of the shared tiles; +
// the C fragments hoisted into registers across the k loop (the unrolled
// WMMA nest); + latency hiding (the shifted k loop); + vectorised copies
// (the full pipeline).
var AblationSteps = []AblationStep{
	{"tiling + WMMA", "padding=false hoist-c=false latency-hiding=false vectorize-copies=false"},
	{"+ padding", "hoist-c=false latency-hiding=false vectorize-copies=false"},
	{"+ C hoisting", "latency-hiding=false vectorize-copies=false"},
	{"+ latency hiding", "vectorize-copies=false"},
	{"+ vectorised copies", ""},
}

// HopperAblationSteps are gpu-matmul-hopper's rungs (issue 13) switched on
// one at a time over the same tiles: TMA loads into an mbarrier-guarded
// ring feeding wgmma; + warp specialisation (producer warpgroup, empty
// barriers, setmaxnreg); + the TMA-store epilogue; + grid swizzle; +
// clusters of 2 blocks along x multicasting A (rung 3, one block per
// tile); a persistent grid of one block per SM instead (rung 4, TMA
// epilogue); + the epilogue overlapped with the next tile's loads. The
// overlapped epilogue needs its staging tile beside the ring, which at
// the default 128x256 tile leaves room for 2 stages: its step sets
// stages=2 (the last setting wins over the base's). Then the cooperative
// schedule with epilogue=registers, the pipeline's defaults: persistent,
// each consumer warpgroup adding its rows of the 128x256 tile to C from
// its registers, with no staging tile and no barrier between the
// consumers, while the producer already loads the next tile; then the
// same on a persistent row of 2x1 clusters (A multicast), which the
// register epilogue allows. The last steps are the ping-pong schedule
// (rung 7, persistent and warp-specialised): each consumer warpgroup
// computes whole tiles, so the tile is 128x128 (a 128-register
// accumulator a thread), and with no staging tile the ring could take 7
// of its 32 KB stages, but 6 measured faster on the H200 (0.77 against
// 0.75 of cuBLAS at 4096, 0.74 against 0.69 at 8192); then the same on
// clusters of 2 along x, whose blocks load halves of A and multicast them.
//
// Every step states every switch of the ladder (hopperRung), so that a
// step means the same whatever the pipeline's defaults are.
var HopperAblationSteps = []AblationStep{
	{"TMA ring + wgmma", hopperRung(false, gpumatmulhopper.EpilogueDirect, 0, "1,1", false, false, false)},
	{"+ warp specialisation", hopperRung(true, gpumatmulhopper.EpilogueDirect, 0, "1,1", false, false, false)},
	{"+ TMA epilogue", hopperRung(true, gpumatmulhopper.EpilogueTMA, 0, "1,1", false, false, false)},
	{"+ grid swizzle", hopperRung(true, gpumatmulhopper.EpilogueTMA, 8, "1,1", false, false, false)},
	{"+ cluster 2x1 (A multicast)", hopperRung(true, gpumatmulhopper.EpilogueTMA, 8, "2,1", false, false, false)},
	{"persistent grid (no cluster)", hopperRung(true, gpumatmulhopper.EpilogueTMA, 8, "1,1", true, false, false)},
	{"+ overlapped epilogue (2 stages)", hopperRung(true, gpumatmulhopper.EpilogueTMA, 8, "1,1", true, true, false) + " stages=2"},
	{"persistent, register epilogue (defaults)", hopperRung(true, gpumatmulhopper.EpilogueRegisters, 8, "1,1", true, false, false)},
	{"+ cluster 2x1 (A multicast)", hopperRung(true, gpumatmulhopper.EpilogueRegisters, 8, "2,1", true, false, false)},
	{"ping-pong consumers (128x128, 6 stages)", hopperRung(true, gpumatmulhopper.EpilogueRegisters, 8, "1,1", true, false, true) + " tb-tile=128,128,64 stages=6"},
	{"+ cluster 2x1 (A multicast)", hopperRung(true, gpumatmulhopper.EpilogueRegisters, 8, "2,1", true, false, true) + " tb-tile=128,128,64 stages=6"},
}

// hopperRung spells one step's switches, all of them (the ladder's
// Switches).
func hopperRung(warpSpecialize bool, epilogue string, gridSwizzle int, cluster string, persistent, overlap, pingpong bool) string {
	return fmt.Sprintf("warp-specialize=%t epilogue=%s grid-swizzle=%d cluster=%s persistent=%t overlap-epilogue=%t pingpong=%t tile-by-size=false",
		warpSpecialize, epilogue, gridSwizzle, cluster, persistent, overlap, pingpong)
}

// Ladders are the pipelines an ablation can climb.
var Ladders = []Ladder{
	{DefaultPipeline, AblationSteps, []string{"padding", "hoist-c", "latency-hiding", "vectorize-copies"}},
	{gpumatmulhopper.Name, HopperAblationSteps, []string{"warp-specialize", "epilogue", "grid-swizzle", "cluster", "persistent", "overlap-epilogue", "pingpong"}},
}

// ladderOf finds the ladder of base (a pipeline with options of its own
// at most; "" is the default pipeline) and returns base's options.
func ladderOf(base string) (*Ladder, string, error) {
	base = strings.TrimSpace(base)
	if base == "" {
		base = DefaultPipeline
	}
	name, fixed, hasOpts := strings.Cut(base, "{")
	var names []string
	for i := range Ladders {
		l := &Ladders[i]
		names = append(names, l.Pipeline)
		if name != l.Pipeline {
			continue
		}
		if hasOpts {
			var ok bool
			if fixed, ok = strings.CutSuffix(fixed, "}"); !ok {
				break
			}
		}
		for _, f := range strings.Fields(fixed) {
			opt, _, _ := strings.Cut(f, "=")
			for _, sw := range l.Switches {
				if opt == sw {
					return nil, "", fmt.Errorf("--ablation turns '%s' itself: leave it out of the pipeline's options", sw)
				}
			}
		}
		return l, fixed, nil
	}
	return nil, "", fmt.Errorf("--ablation needs the %s pipeline (with options of its own at most), got '%s'", strings.Join(names, " or "), base)
}

// AblationPipelines returns each step's pipeline over base, a pipeline of
// one of the Ladders whose other options (tile sizes, ...) stay fixed.
func AblationPipelines(base string) ([]string, error) {
	l, fixed, err := ladderOf(base)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, st := range l.Steps {
		opts := strings.TrimSpace(fixed + " " + st.Options)
		if opts == "" {
			out = append(out, l.Pipeline)
			continue
		}
		out = append(out, l.Pipeline+"{"+opts+"}")
	}
	return out, nil
}

// AblationStepsOf returns the steps of base's ladder.
func AblationStepsOf(base string) ([]AblationStep, error) {
	l, _, err := ladderOf(base)
	if err != nil {
		return nil, err
	}
	return l.Steps, nil
}

// Ablation measures the steps of o.Pipeline's ladder at size (M = N = K).
func Ablation(ctx context.Context, o Options, size int) (rep *Report, err error) {
	pipes, err := AblationPipelines(o.Pipeline)
	if err != nil {
		return nil, err
	}
	steps, _ := AblationStepsOf(o.Pipeline)
	s, err := openSession(ctx, &o)
	if err != nil {
		return nil, err
	}
	defer func() { err = firstErr(err, s.close()) }()
	rep = newReport(KindAblation, s)
	var jobs []job
	for i, st := range steps {
		jobs = append(jobs, job{st.Name, pipes[i], "", size, size, size})
	}
	return rep, runJobs(s, rep, fmt.Sprintf("ablation at %d", size), jobs)
}
