package affine

import "github.com/goopt/goopt/ir"

// dmaStartEffects reads the source and writes the destination memref, and
// reads the tag memref, as upstream's AffineDmaStartOp::getEffects. The
// memrefs' operand positions depend on the arity of the three maps; IR whose
// maps are missing or do not match its operands gets unknown-value effects.
func dmaStartEffects(op *ir.Operation) []ir.EffectInstance {
	l, ok := dmaLayout(op)
	at := func(i int) *ir.Value {
		if !ok {
			return nil
		}
		return op.Operand(i)
	}
	return []ir.EffectInstance{
		{Kind: ir.Read, Value: at(l.src), Resource: ir.DefaultResource},
		{Kind: ir.Write, Value: at(l.dst), Resource: ir.DefaultResource},
		{Kind: ir.Read, Value: at(l.tag), Resource: ir.DefaultResource},
	}
}
