package memref

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// Dialect returns the memref dialect: buffers with shapes, strided layouts
// and memory spaces, their allocation, access and views.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name: "memref",
		Ops: slices.Concat(opTable{
			allocLike("memref.alloc", "alloc", "memory allocation operation", ir.MemAlloc),
			allocLike("memref.alloca", "alloca", "stack memory allocation operation", ir.MemAlloc),
			allocaScopeReturnOp(),
			reinterpretCastOp(),
			subViewOp(),
		}, accessOps(), allocOps(), globalOps(), viewOps()),
		Materialize: materializeConstant,
	}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

// materializeConstant builds folded constants (dim and rank sizes) with the
// arith dialect, as MLIR's memref dialect does; nil when arith is not registered.
func materializeConstant(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if a := b.Ctx.Dialect("arith"); a != nil && a.Materialize != nil {
		return a.Materialize(b, attr, t, loc)
	}
	return nil
}
