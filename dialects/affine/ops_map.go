package affine

import (
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// ---- affine.apply ----

func parseApply(p ir.OpParser, st *ir.OperationState) error {
	ma, err := parseMapAttr(p)
	if err != nil {
		return err
	}
	loc := p.Loc()
	ops, numDims, err := parseDimAndSymbolList(p)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if ma.Map.NumDims != numDims || ma.Map.NumInputs() != len(ops) {
		return ir.Errorf(loc, "dimension or symbol index mismatch")
	}
	st.AddAttr("map", ma)
	st.Operands = append(st.Operands, ops...)
	for range ma.Map.Results {
		st.Types = append(st.Types, ir.Index)
	}
	return nil
}

func printMapOp(p ir.OpPrinter, op *ir.Operation) {
	m, _ := mapAttr(op, "map")
	p.Print(" ")
	p.PrintAttribute(op.Attr("map"))
	nd := 0
	if m != nil {
		nd = m.NumDims
	}
	printDimAndSymbolList(p, op.Operands(), nd)
	p.PrintOptionalAttrDict(op.Attrs(), "map")
}

func verifyApply(op *ir.Operation) error {
	m, ok := mapAttr(op, "map")
	if !ok {
		return op.Errorf("requires attribute 'map'")
	}
	if op.NumOperands() != m.NumInputs() {
		return op.Errorf("operand count and affine map dimension and symbol count must match")
	}
	if len(m.Results) != 1 {
		return op.Errorf("mapping must produce one value")
	}
	return nil
}

func foldApply(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	m, ok := mapAttr(op, "map")
	if !ok || len(m.Results) != 1 || m.NumInputs() != op.NumOperands() {
		return nil
	}
	switch e := m.Results[0].(type) {
	case *aff.DimExpr:
		return []ir.FoldResult{{Value: op.Operand(e.Pos)}}
	case *aff.SymbolExpr:
		return []ir.FoldResult{{Value: op.Operand(m.NumDims + e.Pos)}}
	}
	res, ok := ConstantFoldMap(m, operands)
	if !ok {
		return nil
	}
	return []ir.FoldResult{{Attr: ir.IndexAttr(res[0])}}
}

// ---- affine.min / affine.max ----

func parseMinMax(p ir.OpParser, st *ir.OperationState) error {
	ma, err := parseMapAttr(p)
	if err != nil {
		return err
	}
	ops, _, err := parseDimAndSymbolList(p)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	st.AddAttr("map", ma)
	st.Operands = append(st.Operands, ops...)
	st.Types = append(st.Types, ir.Index)
	return nil
}

func verifyMinMax(op *ir.Operation) error {
	m, ok := mapAttr(op, "map")
	if !ok {
		return op.Errorf("requires attribute 'map'")
	}
	if op.NumOperands() != m.NumInputs() {
		return op.Errorf("operand count and affine map dimension and symbol count must match")
	}
	return nil
}

// foldMinMax is foldMinMaxOp: a fully constant map folds to its min/max; a
// map that is the single symbol folds to the operand. (The in-place
// partial fold of upstream is the SimplifyAffineOp pattern here.)
func foldMinMax(isMin bool) func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		m, ok := mapAttr(op, "map")
		if !ok || m.NumInputs() != op.NumOperands() {
			return nil
		}
		folded, consts := PartialConstantFoldMap(m, operands)
		if folded.NumSymbols == 1 && folded.IsSymbolIdentity() && op.NumOperands() > 0 {
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		if len(consts) == 0 {
			return nil
		}
		best := consts[0]
		for _, c := range consts[1:] {
			if (isMin && c < best) || (!isMin && c > best) {
				best = c
			}
		}
		return []ir.FoldResult{{Attr: ir.IndexAttr(best)}}
	}
}

// ---- affine.delinearize_index ----

func parseDelinearize(p ir.OpParser, st *ir.OperationState) error {
	idx, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("into"); err != nil {
		return err
	}
	basis, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.Parse(":"); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	ops, err := resolveIndex(p, append([]ir.UnresolvedOperand{idx}, basis...))
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, ops...)
	st.Types = append(st.Types, ts...)
	return nil
}

func printDelinearize(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperand(op.Operand(0))
	p.Print(" into (")
	p.PrintOperands(op.Operands()[1:])
	p.Print(")")
	p.PrintOptionalAttrDict(op.Attrs())
	p.Print(" : ")
	p.PrintTypes(op.ResultTypes())
}

func verifyDelinearize(op *ir.Operation) error {
	for i, v := range op.Operands() {
		if !isIndex(v) {
			return op.Errorf("operand #%d must be index, but got '%s'", i, v.Type())
		}
	}
	for i, r := range op.Results() {
		if !isIndex(r) {
			return op.Errorf("result #%d must be variadic of index, but got '%s'", i, r.Type())
		}
	}
	if op.NumOperands() < 2 {
		return op.Errorf("basis should not be empty")
	}
	if op.NumResults() != op.NumOperands()-1 {
		return op.Errorf("should return an index for each basis element")
	}
	return nil
}

// ---- affine.yield ----

func verifyYield(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || !(parent.Is(ParallelName) || parent.Is(IfName) || parent.Is(ForName)) {
		return op.Errorf("only terminates affine.if/for/parallel regions")
	}
	if parent.NumResults() != op.NumOperands() {
		return op.Errorf("parent of yield must have same number of results as the yield operands")
	}
	for i, r := range parent.Results() {
		if r.Type() != op.Operand(i).Type() {
			return op.Errorf("types mismatch between yield op and its parent")
		}
	}
	return nil
}
