package convertscftocf

import (
	"github.com/goopt/goopt/conversion/scftocf"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the convert-scf-to-cf pass.
var New = pass.DefineFunc(pass.Base{Arg: "convert-scf-to-cf", Desc: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG", Display: "SCFToControlFlow"}, run)

// run lowers the scf ops nested in op.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	return scftocf.Convert(am.Context(), op)
}
