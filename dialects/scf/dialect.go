package scf

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// Dialect returns the scf (structured control flow) dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name: "scf",
		Ops: slices.Concat(opTable{yieldOp()},
			forOps(), forallOps(), ifOps(), parallelOps(), switchOps(), whileOps()),
	}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef
