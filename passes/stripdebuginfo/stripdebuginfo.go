package stripdebuginfo

import (
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the pass.
var New = pass.DefineFunc(pass.Base{Arg: "strip-debuginfo", Desc: "Strip debug info from all operations", Display: "StripDebugInfo"}, run)

// run sets the location of every op and block argument under op to unknown.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	Strip(op)
	return nil
}

// Strip replaces every location in op's tree with loc(unknown).
func Strip(op *ir.Operation) {
	ir.WalkOps(op, func(o *ir.Operation) {
		o.SetLoc(ir.Unknown)
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Arguments() {
					a.SetLoc(ir.Unknown)
				}
			}
		}
	})
}
