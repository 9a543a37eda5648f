package scf

import "github.com/goopt/goopt/ir"

// Dialect returns the scf (structured control flow) dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name: "scf",
		Ops: []*ir.OpDef{
			conditionOp(),
			executeRegionOp(),
			forOp(),
			forallOp(),
			inParallelOp(),
			ifOp(),
			indexSwitchOp(),
			parallelOp(),
			reduceOp(),
			reduceReturnOp(),
			whileOp(),
			yieldOp(),
		},
	}
}
