package affine

import (
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// CanonicalizeMapAndOperands is MLIR's canonicalizeMapAndOperands: dims
// that are valid symbols become symbols, unused operands are dropped,
// duplicate operands are merged and constant symbol operands are folded
// into the map. It returns the new map and operands (the inputs are not
// modified).
func CanonicalizeMapAndOperands(m *aff.Map, operands []*ir.Value) (*aff.Map, []*ir.Value) {
	if m == nil || len(operands) == 0 || len(operands) != m.NumInputs() {
		return m, operands
	}
	nd, ns, res, ops := canonicalizeExprs(m.NumDims, m.NumSymbols, m.Results, operands)
	return aff.NewMap(nd, ns, res), ops
}

// CanonicalizeSetAndOperands is CanonicalizeMapAndOperands for an integer set.
func CanonicalizeSetAndOperands(s *aff.Set, operands []*ir.Value) (*aff.Set, []*ir.Value) {
	if s == nil || len(operands) == 0 || len(operands) != s.NumInputs() {
		return s, operands
	}
	nd, ns, res, ops := canonicalizeExprs(s.NumDims, s.NumSymbols, s.Constraints, operands)
	return aff.NewSet(nd, ns, res, s.EqFlags), ops
}

func canonicalizeExprs(numDims, numSyms int, exprs []aff.Expr, operands []*ir.Value) (int, int, []aff.Expr, []*ir.Value) {
	numDims, numSyms, exprs, operands = promoteSymbols(numDims, numSyms, exprs, operands)

	usedDims := make([]bool, numDims)
	usedSyms := make([]bool, numSyms)
	for _, e := range exprs {
		aff.Walk(e, func(x aff.Expr) {
			switch x := x.(type) {
			case *aff.DimExpr:
				usedDims[x.Pos] = true
			case *aff.SymbolExpr:
				usedSyms[x.Pos] = true
			}
		})
	}

	dimRemap, result := compactPositions(operands[:numDims], usedDims, aff.Dim, false, nil)
	nextDim := len(result)
	symRemap, result := compactPositions(operands[numDims:numDims+numSyms], usedSyms, aff.Symbol, true, result)
	nextSym := len(result) - nextDim
	out := make([]aff.Expr, len(exprs))
	for i, e := range exprs {
		out[i] = aff.Replace(e, dimRemap, symRemap)
	}
	return nextDim, nextSym, out, result
}

// compactPositions renumbers the used positions of one kind (dims or
// symbols, made by mk) to consecutive ones, one per distinct operand value,
// appending those values to result. With foldConsts a constant operand
// becomes its value instead (only symbols may, as MLIR does). An unused
// position maps to a placeholder constant: no expression refers to it.
func compactPositions(operands []*ir.Value, used []bool, mk func(int) aff.Expr, foldConsts bool, result []*ir.Value) ([]aff.Expr, []*ir.Value) {
	remap := make([]aff.Expr, len(operands))
	seen := map[*ir.Value]aff.Expr{}
	next := 0
	for i, v := range operands {
		if !used[i] {
			remap[i] = aff.Const(0)
			continue
		}
		if c, ok := ConstantIntValue(v); foldConsts && ok {
			remap[i] = aff.Const(c)
			continue
		}
		if e, ok := seen[v]; ok {
			remap[i] = e
			continue
		}
		remap[i] = mk(next)
		next++
		result = append(result, v)
		seen[v] = remap[i]
	}
	return remap, result
}

// promoteSymbols turns dims whose operands are valid symbols into trailing
// symbols (canonicalizePromotedSymbols).
func promoteSymbols(numDims, numSyms int, exprs []aff.Expr, operands []*ir.Value) (int, int, []aff.Expr, []*ir.Value) {
	var result, remapped []*ir.Value
	dimRemap := make([]aff.Expr, numDims)
	nextDim, nextSym := 0, 0
	for i := 0; i < numDims; i++ {
		if IsValidSymbol(operands[i]) {
			dimRemap[i] = aff.Symbol(numSyms + nextSym)
			nextSym++
			remapped = append(remapped, operands[i])
		} else {
			dimRemap[i] = aff.Dim(nextDim)
			nextDim++
			result = append(result, operands[i])
		}
	}
	if nextSym == 0 {
		return numDims, numSyms, exprs, operands
	}
	result = append(result, operands[numDims:]...)
	result = append(result, remapped...)
	out := make([]aff.Expr, len(exprs))
	for i, e := range exprs {
		out[i] = aff.Replace(e, dimRemap, nil)
	}
	return nextDim, numSyms + nextSym, out, result
}

// ComposeMapAndOperands is MLIR's composeAffineMapAndOperands: operands
// produced by affine.apply are replaced, repeatedly, by the apply's own
// operands with its expression substituted into m; the result is then
// canonicalized and simplified.
func ComposeMapAndOperands(m *aff.Map, operands []*ir.Value) (*aff.Map, []*ir.Value) {
	if len(m.Results) == 0 {
		m, operands = CanonicalizeMapAndOperands(m, operands)
		return aff.SimplifyMap(m), operands
	}
	dims := append([]*ir.Value(nil), operands[:m.NumDims]...)
	syms := append([]*ir.Value(nil), operands[m.NumDims:]...)
	for {
		changed := false
		for pos := 0; pos < len(dims)+len(syms); pos++ {
			var ok bool
			if m, ok = replaceDimOrSym(m, pos, &dims, &syms); ok {
				changed = true
				break
			}
		}
		if !changed {
			break
		}
	}
	dimRepl, newOps := renumberPresent(dims, aff.Dim, nil)
	nd := len(newOps)
	symRepl, newOps := renumberPresent(syms, aff.Symbol, newOps)
	ns := len(newOps) - nd
	m = m.ReplaceDimsAndSymbols(dimRepl, symRepl, nd, ns)
	m, newOps = CanonicalizeMapAndOperands(m, newOps)
	return aff.SimplifyMap(m), newOps
}

// renumberPresent gives each non-nil input the next position made by mk,
// appending its value to result; a nil input (substituted away) maps to a
// placeholder constant, which no expression refers to any more.
func renumberPresent(vals []*ir.Value, mk func(int) aff.Expr, result []*ir.Value) ([]aff.Expr, []*ir.Value) {
	repl := make([]aff.Expr, len(vals))
	next := 0
	for i, v := range vals {
		if v == nil {
			repl[i] = aff.Const(0)
			continue
		}
		repl[i] = mk(next)
		next++
		result = append(result, v)
	}
	return repl, result
}

// replaceDimOrSym substitutes the affine.apply producing input pos of m.
func replaceDimOrSym(m *aff.Map, pos int, dims, syms *[]*ir.Value) (*aff.Map, bool) {
	isDim := pos < len(*dims)
	var slot **ir.Value
	if isDim {
		slot = &(*dims)[pos]
	} else {
		pos -= len(*dims)
		slot = &(*syms)[pos]
	}
	v := *slot
	if v == nil || v.DefiningOp() == nil || !v.DefiningOp().Is(ApplyName) {
		return m, false
	}
	apply := v.DefiningOp()
	am, ok := mapAttr(apply, "map")
	if !ok || len(am.Results) != 1 || am.NumInputs() != apply.NumOperands() {
		return m, false
	}
	*slot = nil
	cm, cops := CanonicalizeMapAndOperands(am, apply.Operands())
	repl := cm.ShiftDims(len(*dims), 0).ShiftSymbols(len(*syms), 0).Results[0]
	*dims = append(*dims, cops[:cm.NumDims]...)
	*syms = append(*syms, cops[cm.NumDims:]...)
	var target aff.Expr
	if isDim {
		target = aff.Dim(pos)
	} else {
		target = aff.Symbol(pos)
	}
	return m.Replace(map[aff.Expr]aff.Expr{target: repl}, len(*dims), len(*syms)), true
}

// FullyComposeMapAndOperands composes until no operand is produced by an affine.apply.
func FullyComposeMapAndOperands(m *aff.Map, operands []*ir.Value) (*aff.Map, []*ir.Value) {
	for hasApplyOperand(operands) {
		m, operands = ComposeMapAndOperands(m, operands)
	}
	return m, operands
}

// ComposeSetAndOperands composes affine.apply producers into an integer set.
func ComposeSetAndOperands(s *aff.Set, operands []*ir.Value) (*aff.Set, []*ir.Value) {
	if !hasApplyOperand(operands) {
		return s, operands
	}
	m, ops := ComposeMapAndOperands(aff.NewMap(s.NumDims, s.NumSymbols, s.Constraints), operands)
	return aff.NewSet(m.NumDims, m.NumSymbols, m.Results, s.EqFlags), ops
}

func hasApplyOperand(operands []*ir.Value) bool {
	for _, v := range operands {
		if d := v.DefiningOp(); d != nil && d.Is(ApplyName) {
			return true
		}
	}
	return false
}

// mapAttr returns op's affine map attribute name.
func mapAttr(op *ir.Operation, name string) (*aff.Map, bool) {
	a, ok := op.Attr(name).(*ir.AffineMapAttr)
	if !ok {
		return nil, false
	}
	return a.Map, true
}

// setAttr returns op's integer set attribute name.
func setAttr(op *ir.Operation, name string) (*aff.Set, bool) {
	a, ok := op.Attr(name).(*ir.IntegerSetAttr)
	if !ok {
		return nil, false
	}
	return a.Set, true
}

// ConstantFoldMap evaluates m when every operand is an integer constant
// attribute (nil entries mean unknown). It fails on a division by zero.
func ConstantFoldMap(m *aff.Map, operands []ir.Attribute) ([]int64, bool) {
	if len(operands) != m.NumInputs() {
		return nil, false
	}
	vals := make([]int64, len(operands))
	for i, a := range operands {
		ia, ok := a.(*ir.IntegerAttr)
		if !ok {
			return nil, false
		}
		vals[i] = ia.Int()
	}
	res, err := m.Eval(vals[:m.NumDims], vals[m.NumDims:])
	if err != nil {
		return nil, false
	}
	return res, true
}

// PartialConstantFoldMap replaces each result of m whose operands are all
// constant by its value (same arity) and returns the new map, plus the
// constant results when all of them folded (MLIR's
// AffineMap::partialConstantFold).
func PartialConstantFoldMap(m *aff.Map, operands []ir.Attribute) (*aff.Map, []int64) {
	vals := make([]int64, m.NumInputs())
	known := make([]bool, m.NumInputs())
	for i, a := range operands {
		if ia, ok := a.(*ir.IntegerAttr); ok && i < len(vals) {
			vals[i], known[i] = ia.Int(), true
		}
	}
	var consts []int64
	res := make([]aff.Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = r
		ok := true
		aff.Walk(r, func(x aff.Expr) {
			switch x := x.(type) {
			case *aff.DimExpr:
				ok = ok && known[x.Pos]
			case *aff.SymbolExpr:
				ok = ok && known[m.NumDims+x.Pos]
			}
		})
		if !ok {
			continue
		}
		c, err := aff.EvalExpr(r, vals[:m.NumDims], vals[m.NumDims:])
		if err != nil {
			continue
		}
		res[i] = aff.Const(c)
		consts = append(consts, c)
	}
	if len(consts) != len(res) {
		consts = nil
	}
	return aff.NewMap(m.NumDims, m.NumSymbols, res), consts
}

// constantOperandAttrs returns the constant attribute of each operand (nil where unknown).
func constantOperandAttrs(vs []*ir.Value) []ir.Attribute {
	out := make([]ir.Attribute, len(vs))
	for i, v := range vs {
		if c, ok := ConstantIntValue(v); ok {
			out[i] = ir.IndexAttr(c)
		}
	}
	return out
}

// removeDuplicateExprs drops repeated results of m.
func removeDuplicateExprs(m *aff.Map) *aff.Map {
	var res []aff.Expr
	for _, r := range m.Results {
		dup := false
		for _, x := range res {
			if x == r {
				dup = true
				break
			}
		}
		if !dup {
			res = append(res, r)
		}
	}
	if len(res) == len(m.Results) {
		return m
	}
	return aff.NewMap(m.NumDims, m.NumSymbols, res)
}
