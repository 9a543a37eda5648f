package opsyntax

import "github.com/goopt/goopt/ir"

// ParseHook parses optional tokens that sit between an op's operands and
// its attribute dictionary (e.g. `overflow<nsw>`), storing them into st.
type ParseHook func(p ir.OpParser, st *ir.OperationState) error

// PrintHook prints what the matching ParseHook reads, including its leading space.
type PrintHook func(p ir.OpPrinter, op *ir.Operation)

// ParseCast parses `%x {extra} attr-dict : srcType to dstType`.
func ParseCast(p ir.OpParser, st *ir.OperationState, extra ParseHook) error {
	return ParseConversion(p, st, "to", extra)
}

// PrintCast prints what ParseCast reads.
func PrintCast(p ir.OpPrinter, op *ir.Operation, extra PrintHook, elided ...string) {
	PrintConversion(p, op, "to", extra, elided...)
}

// ParseConversion parses `%x {extra} attr-dict : srcType kw dstType`, the
// form of casts (kw `to`) and reshapes (kw `into`): one operand of srcType
// and one result of dstType.
func ParseConversion(p ir.OpParser, st *ir.OperationState, kw string, extra ParseHook) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if extra != nil {
		if err := extra(p, st); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	src, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword(kw); err != nil {
		return err
	}
	dst, err := p.ParseType()
	if err != nil {
		return err
	}
	return AddResolved(p, st, []ir.UnresolvedOperand{u}, []ir.Type{src}, dst)
}

// PrintConversion prints what ParseConversion reads.
func PrintConversion(p ir.OpPrinter, op *ir.Operation, kw string, extra PrintHook, elided ...string) {
	p.Print(" ")
	p.PrintOperand(op.Operand(0))
	if extra != nil {
		extra(p, op)
	}
	p.PrintOptionalAttrDict(op.Attrs(), elided...)
	p.Print(" : ")
	p.PrintType(op.Operand(0).Type())
	p.Print(" " + kw + " ")
	p.PrintType(op.Result(0).Type())
}

// TypeOfShape returns elem in the shape of like: elem itself for a scalar,
// otherwise a vector or tensor of like's shape (`i1` for `vector<4xf32>`
// gives `vector<4xi1>`).
func TypeOfShape(like ir.Type, elem ir.Type) ir.Type {
	switch t := like.(type) {
	case *ir.VectorType:
		return ir.Vector(t.Dims, elem, t.Scalable)
	case *ir.RankedTensorType:
		return ir.RankedTensor(t.Dims, elem, t.Encoding)
	case *ir.UnrankedTensorType:
		return ir.UnrankedTensor(elem)
	}
	return elem
}

// parseColonOperandTypes parses `: t1, ..., tn` for the n operands us that
// were already read, resolves them and appends them to st.Operands.
func parseColonOperandTypes(p ir.OpParser, st *ir.OperationState, us []ir.UnresolvedOperand) error {
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(us) {
		return p.Errorf("%d operands present, but expected %d", len(us), len(ts))
	}
	return AddResolved(p, st, us, ts)
}

// ParseOptionalOperandsColonTypes parses `attr-dict ($v^ : type($v))?`, the
// syntax of most terminators (`scf.yield`, `gpu.return`, `affine.yield`).
func ParseOptionalOperandsColonTypes(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) == 0 {
		return nil
	}
	return parseColonOperandTypes(p, st, us)
}

// PrintOptionalOperandsColonTypes prints what ParseOptionalOperandsColonTypes reads.
func PrintOptionalOperandsColonTypes(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.Attrs())
	if op.NumOperands() == 0 {
		return
	}
	p.Print(" ")
	p.PrintOperands(op.Operands())
	p.Print(" : ")
	p.PrintTypes(op.OperandTypes())
}

// ParseIndexedOperand parses `%m[%i, %j]`, a memref-like operand and its
// indices (memref.load, gpu.subgroup_mma_load_matrix, ...).
func ParseIndexedOperand(p ir.OpParser) (ir.UnresolvedOperand, []ir.UnresolvedOperand, error) {
	m, err := p.ParseOperand()
	if err != nil {
		return m, nil, err
	}
	idx, err := p.ParseOperandList(ir.DelimSquare)
	return m, idx, err
}

// PrintIndexedOperand prints what ParseIndexedOperand reads.
func PrintIndexedOperand(p ir.OpPrinter, m *ir.Value, idx []*ir.Value) {
	p.PrintOperand(m)
	p.Print("[")
	p.PrintOperands(idx)
	p.Print("]")
}

// ResolveIndexed resolves m as type t and idx as `index` values, appending
// them to st.Operands in that order.
func ResolveIndexed(p ir.OpParser, st *ir.OperationState, m ir.UnresolvedOperand, t ir.Type, idx []ir.UnresolvedOperand) error {
	v, err := p.ResolveOperand(m, t)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, v)
	if len(idx) == 0 {
		return nil
	}
	is, err := p.ResolveOperands(idx, []ir.Type{ir.Index})
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, is...)
	return nil
}
