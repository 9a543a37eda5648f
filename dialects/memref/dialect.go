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
		// Folded dim and rank sizes become arith.constant ops.
		Materialize: ir.MaterializeWith("arith"),
	}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef
