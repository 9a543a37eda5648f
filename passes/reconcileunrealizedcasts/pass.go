package reconcileunrealizedcasts

import (
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite/convert"
)

// Pass is the reconcile-unrealized-casts pass.
type Pass struct{ pass.Base }

// New returns the pass.
func New() pass.Pass {
	return &Pass{pass.Base{
		Arg:     "reconcile-unrealized-casts",
		Desc:    "Simplify and eliminate unrealized conversion casts",
		Display: "ReconcileUnrealizedCasts",
	}}
}

// Run reconciles the casts nested in op.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	return convert.ReconcileUnrealizedCasts(op)
}
