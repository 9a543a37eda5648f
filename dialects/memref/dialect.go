package memref

import "github.com/goopt/goopt/ir"

// Dialect returns the memref dialect: buffers with shapes, strided layouts
// and memory spaces, their allocation, access and views.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name: "memref",
		Ops: []*ir.OpDef{
			allocLike("memref.alloc", "alloc", "memory allocation operation", ir.MemAlloc),
			allocLike("memref.alloca", "alloca", "stack memory allocation operation", ir.MemAlloc),
			allocaScopeOp(),
			allocaScopeReturnOp(),
			assumeAlignmentOp(),
			atomicRMWOp(),
			atomicYieldOp(),
			castOp(),
			collapseShapeOp(),
			copyOp(),
			deallocOp(),
			dimOp(),
			expandShapeOp(),
			extractAlignedPointerOp(),
			extractStridedMetadataOp(),
			genericAtomicRMWOp(),
			getGlobalOp(),
			globalOp(),
			loadOp(),
			memorySpaceCastOp(),
			prefetchOp(),
			rankOp(),
			reallocOp(),
			reinterpretCastOp(),
			storeOp(),
			subViewOp(),
			transposeOp(),
			viewOp(),
		},
		Materialize: materializeConstant,
	}
}

// materializeConstant builds folded constants (dim and rank sizes) with the
// arith dialect, as MLIR's memref dialect does; nil when arith is not registered.
func materializeConstant(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if a := b.Ctx.Dialect("arith"); a != nil && a.Materialize != nil {
		return a.Materialize(b, attr, t, loc)
	}
	return nil
}
