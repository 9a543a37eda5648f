package nvgpu

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

const dialectName = "nvgpu"

// Dialect returns the nvgpu dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:      dialectName,
		Ops:       ops(),
		ParseType: parseType,
	}
}

func ops() opTable {
	return slices.Concat(asyncOps(), barrierOps(), mbarrierOps(), mmaOps(), tmaOps(), warpgroupOps())
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef
