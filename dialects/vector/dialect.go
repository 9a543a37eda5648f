package vector

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// Dialect returns the vector dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:        "vector",
		Ops:         slices.Concat(computeOps(), memoryOps(), shapeOps()),
		ParseAttr:   parseAttr,
		Materialize: ir.MaterializeWith("arith"),
	}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef
