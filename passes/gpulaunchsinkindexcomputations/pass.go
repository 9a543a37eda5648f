package gpulaunchsinkindexcomputations

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the pass.
var New = pass.DefineFunc(pass.Base{Arg: "gpu-launch-sink-index-computations", Desc: "Sink index computations into gpu.launch body", Display: "GpuLaunchSinkIndexComputations"}, run)

// run sinks into every gpu.launch nested in op the constants and index
// computations it uses from above.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	for _, l := range ir.Collect(op, func(o *ir.Operation) bool { return o.Is("gpu.launch") }) {
		gpuutil.SinkIntoLaunch(l, gpuutil.IsLikelyIndexComputation)
	}
	return nil
}
