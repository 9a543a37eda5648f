package gpulatencyhiding

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Options are the gpu-latency-hiding options: the utility's own.
type Options = gpuutil.LatencyHidingOptions

// New returns the gpu-latency-hiding pass with the paper's defaults.
var New = pass.Define(pass.Base{Arg: "gpu-latency-hiding", Desc: "Hide global-memory latency in gpu.launch k loops: peel the first copy, load the next tile before the compute, store it after", On: "func.func", Display: "GPULatencyHiding"}, gpuutil.DefaultLatencyHidingOptions(), run)

// run transforms the thread-block k loop of every gpu.launch in the
// function; a loop that cannot be transformed is left as it is, with a
// remark saying why.
func run(o *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	if o.MaxStagedLoads < 0 {
		return ir.Errorf(fn.Loc(), "invalid value '%d' for option 'max-staged-loads': expected a count, 0 for no limit", o.MaxStagedLoads)
	}
	for _, l := range passutil.Outermost(fn, "gpu.launch") {
		for _, loop := range gpuutil.LatencyHidingCandidates(l) {
			if err := gpuutil.HideGlobalLoadLatency(am.Context(), loop, *o); err != nil {
				am.Emit(loop.Remarkf("k loop not pipelined: %v", err))
			}
		}
	}
	return nil
}
