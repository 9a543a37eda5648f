package affine

import (
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// resolveIndex resolves every operand with type index.
func resolveIndex(p ir.OpParser, us []ir.UnresolvedOperand) ([]*ir.Value, error) {
	out := make([]*ir.Value, 0, len(us))
	for _, u := range us {
		v, err := p.ResolveOperand(u, ir.Index)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// parseDimAndSymbolList parses `(%d0, ...)` and an optional `[%s0, ...]`.
func parseDimAndSymbolList(p ir.OpParser) ([]*ir.Value, int, error) {
	dims, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return nil, 0, err
	}
	syms, err := p.ParseOperandList(ir.DelimOptionalSquare)
	if err != nil {
		return nil, 0, err
	}
	vs, err := resolveIndex(p, append(dims, syms...))
	return vs, len(dims), err
}

// printDimAndSymbolList prints `(%d0, ...)[%s0, ...]`.
func printDimAndSymbolList(p ir.OpPrinter, operands []*ir.Value, numDims int) {
	numDims = min(numDims, len(operands))
	p.Print("(")
	p.PrintOperands(operands[:numDims])
	p.Print(")")
	if len(operands) > numDims {
		p.Print("[")
		p.PrintOperands(operands[numDims:])
		p.Print("]")
	}
}

// parseMapAttr parses an affine map attribute (`#map` or `affine_map<...>`).
func parseMapAttr(p ir.OpParser) (*ir.AffineMapAttr, error) {
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	m, ok := a.(*ir.AffineMapAttr)
	if !ok {
		return nil, p.Errorf("invalid kind of attribute specified")
	}
	return m, nil
}

// parseMemRefAccess parses `%memref[<affine map of ssa ids>]`.
func parseMemRefAccess(p ir.OpParser) (ir.UnresolvedOperand, *aff.Map, []ir.UnresolvedOperand, error) {
	mem, err := p.ParseOperand()
	if err != nil {
		return mem, nil, nil, err
	}
	m, idx, err := p.ParseAffineMapOfSSAIds(ir.DelimSquare)
	return mem, m, idx, err
}

// printMemRefAccess prints `%memref[%i + 1, %j]`.
func printMemRefAccess(p ir.OpPrinter, mem *ir.Value, m *aff.Map, operands []*ir.Value) {
	p.PrintOperand(mem)
	p.Print("[")
	if m != nil {
		p.PrintAffineMapOfSSAIds(m, operands)
	}
	p.Print("]")
}

// ensureTerminator gives a single-block region its entry block (with
// argTypes) when empty and appends an `affine.yield` when the block does
// not end in a terminator (MLIR's SingleBlockImplicitTerminator).
func ensureTerminator(ctx *ir.Context, r *ir.Region, loc ir.Location, argTypes ...ir.Type) {
	if r.Empty() {
		b := ir.NewBlock(argTypes...)
		r.AppendBlock(b)
	}
	b := r.Front()
	if last := b.Last(); last != nil && last.HasTrait(ir.Terminator) {
		return
	}
	b.Append(ctx.NewOperation(&ir.OperationState{Name: YieldName, Loc: loc}))
}

// memRefOperandType returns the operand's memref type or an ODS-style error.
func memRefOperandType(op *ir.Operation, i int) (*ir.MemRefType, error) {
	if i >= op.NumOperands() {
		return nil, op.Errorf("requires at least %d operands", i+1)
	}
	mt, ok := op.Operand(i).Type().(*ir.MemRefType)
	if !ok {
		return nil, op.Errorf("operand #%d must be memref of any type values, but got '%s'", i, op.Operand(i).Type())
	}
	return mt, nil
}
