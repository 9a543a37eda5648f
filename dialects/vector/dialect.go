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
		Materialize: materializeConstant,
	}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

// materializeConstant builds folded constants with arith.constant, as
// upstream's vector dialect does; nil when arith is not registered.
func materializeConstant(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if a := b.Ctx.Dialect("arith"); a != nil && a.Materialize != nil {
		return a.Materialize(b, attr, t, loc)
	}
	return nil
}
