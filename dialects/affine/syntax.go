package affine

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// customs are the custom directives of the affine formats: the irregular
// pieces (maps applied to SSA ids) shared by several ops.
var customs = map[string]ir.CustomDirective{
	"MapOperands":        mapOperands(true),
	"MinMaxMapOperands":  mapOperands(false),
	"AffineAccess":       affineAccess,
	"MemRefAndElemType":  memRefAndElemType,
	"PrefetchSpecifiers": prefetchSpecifiers,
}

// mapOperands is custom<MapOperands>($map, $mapOperands): a map attribute
// applied to `(%dims)[%symbols]`. checked reports a dim/symbol split that
// does not fit the map while parsing, as affine.apply's parser does
// (affine.min/max leave the count to the verifier).
func mapOperands(checked bool) ir.CustomDirective {
	return ir.CustomDirective{
		Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
			ma, err := parseMapAttr(p)
			if err != nil {
				return err
			}
			loc := p.Loc()
			dims, err := p.ParseOperandList(ir.DelimParen)
			if err != nil {
				return err
			}
			syms, err := p.ParseOperandList(ir.DelimOptionalSquare)
			if err != nil {
				return err
			}
			if checked && (ma.Map.NumDims != len(dims) || ma.Map.NumInputs() != len(dims)+len(syms)) {
				return ir.Errorf(loc, "dimension or symbol index mismatch")
			}
			args[0].Attr, args[1].Operands = ma, append(dims, syms...)
			return nil
		},
		Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			p.PrintAttribute(args[0].Attr)
			nd := 0
			if ma, ok := args[0].Attr.(*ir.AffineMapAttr); ok {
				nd = ma.Map.NumDims
			}
			printDimAndSymbolList(p, args[1].Values, nd)
		},
	}
}

// affineAccess is custom<AffineAccess>($memref, $indices, $map):
// `%A[%i + 1, symbol(%n)]`, the map spelled with its operands in place.
var affineAccess = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		mem, m, idx, err := parseMemRefAccess(p)
		if err != nil {
			return err
		}
		args[0].Operands, args[1].Operands, args[2].Attr = []ir.UnresolvedOperand{mem}, idx, ir.AffineMapOf(m)
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		var m *aff.Map
		if ma, ok := args[2].Attr.(*ir.AffineMapAttr); ok {
			m = ma.Map
		}
		if len(args[0].Values) == 1 {
			printMemRefAccess(p, args[0].Values[0], m, args[1].Values)
		}
	},
}

// memRefAndElemType is custom<MemRefAndElemType>(type($memref), type($v)):
// the memref type, which also gives the type of the loaded or stored
// element.
var memRefAndElemType = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		mt, err := ir.ParseTypeAs[*ir.MemRefType](p, "invalid kind of type specified")
		if err != nil {
			return err
		}
		args[0].Types, args[1].Types = []ir.Type{mt}, []ir.Type{mt.Elem}
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		p.PrintTypes(args[0].Types)
	},
}

// prefetchSpecifiers is custom<PrefetchSpecifiers>($isWrite, $localityHint,
// $isDataCache): `, read, locality<3>, data`, shared with memref.prefetch.
var prefetchSpecifiers = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		st := &ir.OperationState{}
		if err := opsyntax.ParsePrefetchSpec(p, st, p.Loc()); err != nil {
			return err
		}
		for i, name := range opsyntax.PrefetchAttrs() {
			for _, a := range st.Attrs {
				if a.Name == name {
					args[i].Attr = a.Value
				}
			}
		}
		return nil
	},
	Print: func(p ir.OpPrinter, op *ir.Operation, _ []*ir.FormatArg) { opsyntax.PrintPrefetchSpec(p, op) },
}

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
