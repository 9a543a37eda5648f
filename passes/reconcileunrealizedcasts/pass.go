package reconcileunrealizedcasts

import (
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite/convert"
)

// New returns the pass.
var New = pass.DefineFunc(pass.Base{Arg: "reconcile-unrealized-casts", Desc: "Simplify and eliminate unrealized conversion casts", Display: "ReconcileUnrealizedCasts"}, run)

// run reconciles the casts nested in op.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	return convert.ReconcileUnrealizedCasts(op)
}
