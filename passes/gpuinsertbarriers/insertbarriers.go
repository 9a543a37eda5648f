package gpuinsertbarriers

import (
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// New returns the gpu-insert-barriers pass.
var New = pass.DefineFunc(pass.Base{Arg: "gpu-insert-barriers", Desc: "Place gpu.barrier ops from the workgroup-memory dependences of gpu.launch bodies (goopt)", On: "func.func", Display: "GpuInsertBarriers"}, run)

// run re-derives the barriers of every gpu.launch of the function. A launch
// whose accesses cannot be ordered keeps its IR and gets a remark.
func run(fn *ir.Operation, am *pass.AnalysisManager) error {
	for _, l := range passutil.Outermost(fn, "gpu.launch") {
		if err := gpuutil.InsertBarriers(l); err != nil {
			am.Emit(asRemark(l, err))
		}
	}
	return nil
}

// asRemark turns the utility's error into a remark at the same place, with
// its notes.
func asRemark(l *ir.Operation, err error) *ir.Diagnostic {
	ds := ir.Diagnostics(err)
	if len(ds) == 0 {
		return l.Remarkf("barriers not inserted: %v", err)
	}
	return &ir.Diagnostic{Severity: ir.SeverityRemark, Loc: ds[0].Loc, Msg: "barriers not inserted: " + ds[0].Msg, Notes: ds[0].Notes}
}
