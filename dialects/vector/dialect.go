package vector

import "github.com/goopt/goopt/ir"

// Dialect returns the vector dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name: "vector",
		Ops: []*ir.OpDef{
			loadOp(),
			storeOp(),
			maskedLoadOp(),
			maskedStoreOp(),
			transferReadOp(),
			transferWriteOp(),
			broadcastOp(),
			splatOp(),
			extractOp(),
			insertOp(),
			extractStridedSliceOp(),
			insertStridedSliceOp(),
			shapeCastOp(),
			bitcastOp(),
			fmaOp(),
			reductionOp(),
			contractOp(),
			createMaskOp(),
			constantMaskOp(),
			printOp(),
		},
		ParseAttr:   parseAttr,
		Materialize: materializeConstant,
	}
}

// materializeConstant builds folded constants with arith.constant, as
// upstream's vector dialect does; nil when arith is not registered.
func materializeConstant(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if a := b.Ctx.Dialect("arith"); a != nil && a.Materialize != nil {
		return a.Materialize(b, attr, t, loc)
	}
	return nil
}
