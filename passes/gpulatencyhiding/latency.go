package gpulatencyhiding

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are the gpu-latency-hiding options.
type Options struct {
	RegisterStaging bool  `opt:"register-staging" desc:"Unroll the copies and hold the next tile's loaded values in registers across the compute (off: shift the k loop only)"`
	MaxStagedLoads  int64 `opt:"max-staged-loads" desc:"Refuse loops whose register staging holds more values per thread than this (0: no limit)"`
}

// New returns the gpu-latency-hiding pass with the paper's defaults.
var New = pass.Define(pass.Base{Arg: "gpu-latency-hiding", Desc: "Hide global-memory latency in gpu.launch k loops: peel the first copy, load the next tile before the compute, store it after", On: "func.func", Display: "GPULatencyHiding"}, defaults(), run)

// defaults are gpuutil's latency-hiding defaults as pass options.
func defaults() Options {
	d := gpuutil.DefaultLatencyHidingOptions()
	return Options{RegisterStaging: d.RegisterStaging, MaxStagedLoads: d.MaxStagedLoads}
}

// run transforms the thread-block k loop of every gpu.launch in the
// function; a loop that cannot be transformed is left as it is, with a
// remark saying why.
func run(o *Options, fn *ir.Operation, am *pass.AnalysisManager) error {
	if o.MaxStagedLoads < 0 {
		return ir.Errorf(fn.Loc(), "invalid value '%d' for option 'max-staged-loads': expected a count, 0 for no limit", o.MaxStagedLoads)
	}
	opts := gpuutil.LatencyHidingOptions{RegisterStaging: o.RegisterStaging, MaxStagedLoads: o.MaxStagedLoads}
	var launches []*ir.Operation
	ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Is("gpu.launch") {
			launches = append(launches, op)
		}
		return ir.Advance
	})
	for _, l := range launches {
		for _, loop := range gpuutil.LatencyHidingCandidates(l) {
			if err := gpuutil.HideGlobalLoadLatency(am.Context(), loop, opts); err != nil {
				am.Emit(loop.Remarkf("k loop not pipelined: %v", err))
			}
		}
	}
	return nil
}
