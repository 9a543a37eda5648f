package affine

import (
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// ---- affine.apply ----

func verifyApply(op *ir.Operation) error {
	m, _ := mapAttr(op, "map")
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

func verifyMinMax(op *ir.Operation) error {
	m, _ := mapAttr(op, "map")
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

func verifyDelinearize(op *ir.Operation) error {
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
