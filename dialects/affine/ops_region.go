package affine

import (
	"strconv"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// ---- affine.for ----

// parseBound parses `max #map(%d)[%s]`, `%sym`, or an integer constant.
func parseBound(p ir.OpParser, lower bool) (*aff.Map, []*ir.Value, error) {
	kw := "min"
	if lower {
		kw = "max"
	}
	hasMinMax := p.ParseOptionalKeyword(kw)
	if u, ok, err := p.ParseOptionalOperand(); err != nil {
		return nil, nil, err
	} else if ok {
		if p.ParseOptional(",") {
			return nil, nil, p.Errorf("expected only one loop bound operand")
		}
		v, err := p.ResolveOperand(u, ir.Index)
		if err != nil {
			return nil, nil, err
		}
		return aff.NewMap(0, 1, []aff.Expr{aff.Symbol(0)}), []*ir.Value{v}, nil
	}
	attrLoc := p.Loc()
	a, err := p.ParseAttribute(ir.Index)
	if err != nil {
		return nil, nil, err
	}
	switch a := a.(type) {
	case *ir.AffineMapAttr:
		loc := p.Loc()
		ops, numDims, err := parseDimAndSymbolList(p)
		if err != nil {
			return nil, nil, err
		}
		if a.Map.NumDims != numDims {
			return nil, nil, ir.Errorf(loc, "dim operand count and affine map dim count must match")
		}
		if a.Map.NumInputs() != len(ops) {
			return nil, nil, ir.Errorf(loc, "symbol operand count and affine map symbol count must match")
		}
		if len(a.Map.Results) > 1 && !hasMinMax {
			if lower {
				return nil, nil, ir.Errorf(attrLoc, "lower loop bound affine map with multiple results requires 'max' prefix")
			}
			return nil, nil, ir.Errorf(attrLoc, "upper loop bound affine map with multiple results requires 'min' prefix")
		}
		return a.Map, ops, nil
	case *ir.IntegerAttr:
		return aff.ConstantMap(a.Int()), nil, nil
	}
	return nil, nil, ir.Errorf(attrLoc, "expected valid affine map representation for loop bounds")
}

func printBound(p ir.OpPrinter, m *aff.Map, operands []*ir.Value, prefix string) {
	if m == nil {
		return
	}
	if len(m.Results) == 1 {
		e := m.Results[0]
		if m.NumDims == 0 && m.NumSymbols == 0 {
			if c, ok := e.(*aff.ConstantExpr); ok {
				p.Print(strconv.FormatInt(c.Value, 10))
				return
			}
		}
		if m.NumDims == 0 && m.NumSymbols == 1 && len(operands) == 1 {
			if _, ok := e.(*aff.SymbolExpr); ok {
				p.PrintOperand(operands[0])
				return
			}
		}
	} else {
		p.Print(prefix + " ")
	}
	p.PrintAttribute(ir.AffineMapOf(m))
	printDimAndSymbolList(p, operands, m.NumDims)
}

func parseFor(p ir.OpParser, st *ir.OperationState) error {
	iv, err := p.ParseArgument(false)
	if err != nil {
		return err
	}
	iv.Type = ir.Index
	if err := p.Parse("="); err != nil {
		return err
	}
	lbMap, lbOps, err := parseBound(p, true)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ubMap, ubOps, err := parseBound(p, false)
	if err != nil {
		return err
	}
	step := int64(1)
	if p.ParseOptionalKeyword("step") {
		loc := p.Loc()
		if step, err = p.ParseInteger(); err != nil {
			return err
		}
		if step < 0 {
			return ir.Errorf(loc, "expected step to be representable as a positive signed integer")
		}
	}
	args := []ir.Argument{iv}
	var inits []*ir.Value
	if p.ParseOptionalKeyword("iter_args") {
		iterArgs, us, err := opsyntax.ParseAssignmentList(p)
		if err != nil {
			return err
		}
		args = append(args, iterArgs...)
		loc := p.Loc()
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(ts) != len(us) {
			return ir.Errorf(loc, "mismatch between the number of loop-carried values and results")
		}
		for i, u := range us {
			v, err := p.ResolveOperand(u, ts[i])
			if err != nil {
				return err
			}
			inits = append(inits, v)
			args[i+1].Type = ts[i]
		}
		st.Types = append(st.Types, ts...)
	}
	st.SetOperandGroups(p.Context().OpDef(ForName), lbOps, ubOps, inits)
	st.AddAttr("lowerBoundMap", ir.AffineMapOf(lbMap))
	st.AddAttr("upperBoundMap", ir.AffineMapOf(ubMap))
	st.AddAttr("step", ir.IndexAttr(step))
	body := st.AddRegion()
	if err := p.ParseRegion(body, args); err != nil {
		return err
	}
	argTypes := make([]ir.Type, len(args))
	for i, a := range args {
		argTypes[i] = a.Type
	}
	ensureTerminator(p.Context(), body, st.Loc, argTypes...)
	return p.ParseOptionalAttrDict(st)
}

func printFor(p ir.OpPrinter, op *ir.Operation) {
	f := ForOp{op}
	if op.NumRegions() != 1 || f.Body() == nil || f.Body().NumArguments() == 0 {
		return
	}
	p.Print(" ")
	p.PrintOperand(f.InductionVar())
	// As upstream, the IV keeps its location (under --mlir-print-debuginfo).
	p.PrintOptionalLocationSpecifier(f.InductionVar().Loc())
	p.Print(" = ")
	printBound(p, f.LowerBoundMap(), f.LowerBoundOperands(), "max")
	p.Print(" to ")
	printBound(p, f.UpperBoundMap(), f.UpperBoundOperands(), "min")
	if s := f.Step(); s != 1 {
		p.Print(" step " + strconv.FormatInt(s, 10))
	}
	inits := f.Inits()
	if len(inits) > 0 {
		p.Print(" iter_args")
		opsyntax.PrintAssignmentList(p, f.RegionIterArgs(), inits)
		p.Print(" -> (")
		p.PrintTypes(op.ResultTypes())
		p.Print(")")
	}
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, len(inits) > 0)
	p.PrintOptionalAttrDict(op.Attrs(), "lowerBoundMap", "upperBoundMap", "step", ir.SegmentSizesAttr)
}

func verifyFor(op *ir.Operation) error {
	f := ForOp{op}
	lb, ub := f.LowerBoundMap(), f.UpperBoundMap()
	if len(lb.Results) == 0 || len(ub.Results) == 0 {
		return op.Errorf("bound maps should have at least one result")
	}
	if lb.NumInputs()+ub.NumInputs() > op.NumOperands() {
		return op.Errorf("operand count must match the bound maps' inputs")
	}
	if op.Region(0).Empty() {
		return op.Errorf("requires one region")
	}
	body := f.Body()
	if body.NumArguments() == 0 || !isIndex(body.Argument(0)) {
		return op.Errorf("expected body to have a single index argument for the induction variable")
	}
	if lb.NumInputs() > 0 {
		if err := verifyDimAndSymbolIdentifiers(op, f.LowerBoundOperands(), lb.NumDims); err != nil {
			return err
		}
	}
	if ub.NumInputs() > 0 {
		if err := verifyDimAndSymbolIdentifiers(op, f.UpperBoundOperands(), ub.NumDims); err != nil {
			return err
		}
	}
	n := op.NumResults()
	if len(f.Inits()) != n {
		return op.Errorf("mismatch between the number of loop-carried values and results")
	}
	if len(f.RegionIterArgs()) != n {
		return op.Errorf("mismatch between the number of basic block args and results")
	}
	for i, r := range op.Results() {
		if f.Inits()[i].Type() != r.Type() || f.RegionIterArgs()[i].Type() != r.Type() {
			return op.Errorf("types mismatch between %s and its results", "iter_args")
		}
	}
	return nil
}

// foldFor returns the inits of a loop with results that never runs.
func foldFor(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	f := ForOp{op}
	if op.NumResults() == 0 || !f.HasConstantBounds() {
		return nil
	}
	if tc, ok := f.ConstantTripCount(); !ok || tc != 0 {
		return nil
	}
	out := make([]ir.FoldResult, op.NumResults())
	for i, v := range f.Inits() {
		out[i] = ir.FoldResult{Value: v}
	}
	return out
}

// ---- affine.if ----

func parseIf(p ir.OpParser, st *ir.OperationState) error {
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	sa, ok := a.(*ir.IntegerSetAttr)
	if !ok {
		return p.Errorf("invalid kind of attribute specified")
	}
	loc := p.Loc()
	ops, numDims, err := parseDimAndSymbolList(p)
	if err != nil {
		return err
	}
	if sa.Set.NumDims != numDims {
		return ir.Errorf(loc, "dim operand count and integer set dim count must match")
	}
	if sa.Set.NumInputs() != len(ops) {
		return ir.Errorf(loc, "symbol operand count and integer set symbol count must match")
	}
	ts, err := p.ParseOptionalArrowTypeList()
	if err != nil {
		return err
	}
	st.Types = append(st.Types, ts...)
	st.Operands = append(st.Operands, ops...)
	st.AddAttr("condition", sa)
	then, els := st.AddRegion(), st.AddRegion()
	if err := p.ParseRegion(then, nil); err != nil {
		return err
	}
	ensureTerminator(p.Context(), then, st.Loc)
	if p.ParseOptionalKeyword("else") {
		if err := p.ParseRegion(els, nil); err != nil {
			return err
		}
		ensureTerminator(p.Context(), els, st.Loc)
	}
	return p.ParseOptionalAttrDict(st)
}

func printIf(p ir.OpPrinter, op *ir.Operation) {
	s, _ := setAttr(op, "condition")
	p.Print(" ")
	p.PrintAttribute(op.Attr("condition"))
	nd := 0
	if s != nil {
		nd = s.NumDims
	}
	printDimAndSymbolList(p, op.Operands(), nd)
	p.PrintArrowTypeList(op.ResultTypes()) // ` -> t`, nothing without results
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, op.NumResults() > 0)
	if op.NumRegions() > 1 && !op.Region(1).Empty() {
		p.Print(" else ")
		p.PrintRegion(op.Region(1), false, op.NumResults() > 0)
	}
	p.PrintOptionalAttrDict(op.Attrs(), "condition")
}

func verifyIf(op *ir.Operation) error {
	s, ok := setAttr(op, "condition")
	if !ok {
		return op.Errorf("requires an integer set attribute named 'condition'")
	}
	if op.NumOperands() != s.NumInputs() {
		return op.Errorf("operand count and condition integer set dimension and symbol count must match")
	}
	if op.NumResults() > 0 && op.Region(1).Empty() {
		return op.Errorf("must have an else block if defining values")
	}
	return verifyDimAndSymbolIdentifiers(op, op.Operands(), s.NumDims)
}

// ---- affine.parallel ----

// AtomicRMWKind names, indexed by arith::AtomicRMWKind value (MLIR 19).
// parseParallelBound parses `(e0, max(e1, e2), ...)` into a flat map, its
// deduplicated operands and the group sizes.
func parseParallelBound(p ir.OpParser, kw string) (*aff.Map, []*ir.Value, []int64, error) {
	if err := p.Parse("("); err != nil {
		return nil, nil, nil, err
	}
	if p.ParseOptional(")") {
		return aff.EmptyMap(0, 0), nil, []int64{}, nil
	}
	var exprs []aff.Expr
	var dimOps, symOps [][]ir.UnresolvedOperand
	var groups []int64
	for {
		if p.ParseOptionalKeyword(kw) {
			m, ops, err := p.ParseAffineMapOfSSAIds(ir.DelimParen)
			if err != nil {
				return nil, nil, nil, err
			}
			for _, r := range m.Results {
				exprs = append(exprs, r)
				dimOps = append(dimOps, ops[:m.NumDims])
				symOps = append(symOps, ops[m.NumDims:])
			}
			groups = append(groups, int64(len(m.Results)))
		} else {
			e, ds, ss, err := p.ParseAffineExprOfSSAIds()
			if err != nil {
				return nil, nil, nil, err
			}
			exprs = append(exprs, e)
			dimOps = append(dimOps, ds)
			symOps = append(symOps, ss)
			groups = append(groups, 1)
		}
		if !p.ParseOptional(",") {
			break
		}
	}
	if err := p.Parse(")"); err != nil {
		return nil, nil, nil, err
	}
	totalDims, totalSyms := 0, 0
	for i := range exprs {
		nd, ns := len(dimOps[i]), len(symOps[i])
		exprs[i] = aff.ShiftSymbols(aff.ShiftDims(exprs[i], nd, totalDims, 0), ns, totalSyms, 0)
		totalDims += nd
		totalSyms += ns
	}
	dedupe := func(lists [][]ir.UnresolvedOperand, mk func(int) aff.Expr) ([]*ir.Value, []aff.Expr, error) {
		var uniq []*ir.Value
		var repl []aff.Expr
		for _, l := range lists {
			vs, err := resolveIndex(p, l)
			if err != nil {
				return nil, nil, err
			}
			for _, v := range vs {
				pos := len(uniq)
				for j, u := range uniq {
					if u == v {
						pos = j
						break
					}
				}
				if pos == len(uniq) {
					uniq = append(uniq, v)
				}
				repl = append(repl, mk(pos))
			}
		}
		return uniq, repl, nil
	}
	dims, dimRepl, err := dedupe(dimOps, aff.Dim)
	if err != nil {
		return nil, nil, nil, err
	}
	syms, symRepl, err := dedupe(symOps, aff.Symbol)
	if err != nil {
		return nil, nil, nil, err
	}
	m := aff.NewMap(totalDims, totalSyms, exprs).ReplaceDimsAndSymbols(dimRepl, symRepl, len(dims), len(syms))
	return m, append(dims, syms...), groups, nil
}

func parseParallel(p ir.OpParser, st *ir.OperationState) error {
	ivs, err := p.ParseArgumentList(ir.DelimParen, false)
	if err != nil {
		return err
	}
	if err := p.Parse("="); err != nil {
		return err
	}
	lbMap, lbOps, lbGroups, err := parseParallelBound(p, "max")
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ubMap, ubOps, ubGroups, err := parseParallelBound(p, "min")
	if err != nil {
		return err
	}
	steps := make([]int64, len(ivs))
	for i := range steps {
		steps[i] = 1
	}
	if p.ParseOptionalKeyword("step") {
		loc := p.Loc()
		m, ops, err := p.ParseAffineMapOfSSAIds(ir.DelimParen)
		if err != nil {
			return err
		}
		if len(ops) != 0 || !m.IsConstant() {
			return ir.Errorf(loc, "steps must be constant integers")
		}
		steps = m.ConstantResults()
	}
	reductions := []ir.Attribute{}
	if p.ParseOptionalKeyword("reduce") {
		if err := p.Parse("("); err != nil {
			return err
		}
		for {
			loc := p.Loc()
			s, err := p.ParseString()
			if err != nil {
				return err
			}
			k, ok := arith.AtomicRMWKindNamed(s)
			if !ok {
				return ir.Errorf(loc, "invalid reduction value: %s", ir.Quote(s))
			}
			reductions = append(reductions, ir.IntAttr(ir.I64, int64(k)))
			if !p.ParseOptional(",") {
				break
			}
		}
		if err := p.Parse(")"); err != nil {
			return err
		}
	}
	ts, err := p.ParseOptionalArrowTypeList()
	if err != nil {
		return err
	}
	st.Types = append(st.Types, ts...)
	st.Operands = append(append(st.Operands, lbOps...), ubOps...)
	st.AddAttr("lowerBoundsMap", ir.AffineMapOf(lbMap))
	st.AddAttr("lowerBoundsGroups", i32Tensor(lbGroups))
	st.AddAttr("upperBoundsMap", ir.AffineMapOf(ubMap))
	st.AddAttr("upperBoundsGroups", i32Tensor(ubGroups))
	st.AddAttr("steps", ir.I64Array(steps...))
	st.AddAttr("reductions", ir.Array(reductions...))
	argTypes := make([]ir.Type, len(ivs))
	for i := range ivs {
		ivs[i].Type = ir.Index
		argTypes[i] = ir.Index
	}
	body := st.AddRegion()
	if err := p.ParseRegion(body, ivs); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	ensureTerminator(p.Context(), body, st.Loc, argTypes...)
	return nil
}

func printMinMaxBound(p ir.OpPrinter, m *aff.Map, groups []int64, operands []*ir.Value, kw string) {
	if m == nil {
		return
	}
	nd := min(m.NumDims, len(operands))
	start := 0
	for i, g := range groups {
		if i > 0 {
			p.Print(", ")
		}
		size := int(g)
		if start+size > len(m.Results) {
			return
		}
		if size == 1 {
			p.PrintAffineExprOfSSAIds(m.Results[start], operands[:nd], operands[nd:])
		} else {
			p.Print(kw + "(")
			p.PrintAffineMapOfSSAIds(m.SliceMap(start, size), operands)
			p.Print(")")
		}
		start += size
	}
}

func printParallel(p ir.OpPrinter, op *ir.Operation) {
	po := ParallelOp{op}
	if op.NumRegions() != 1 || po.Body() == nil {
		return
	}
	p.Print(" (")
	p.PrintOperands(po.IVs())
	p.Print(") = (")
	printMinMaxBound(p, po.LowerBoundsMap(), po.LowerBoundsGroups(), po.LowerBoundsOperands(), "max")
	p.Print(") to (")
	printMinMaxBound(p, po.UpperBoundsMap(), po.UpperBoundsGroups(), po.UpperBoundsOperands(), "min")
	p.Print(")")
	steps := po.Steps()
	allOne := true
	for _, s := range steps {
		allOne = allOne && s == 1
	}
	if !allOne {
		p.Print(" step (")
		for i, s := range steps {
			if i > 0 {
				p.Print(", ")
			}
			p.Print(strconv.FormatInt(s, 10))
		}
		p.Print(")")
	}
	if op.NumResults() > 0 {
		p.Print(" reduce (")
		for i, k := range po.Reductions() {
			if i > 0 {
				p.Print(", ")
			}
			name := "?"
			if kind := arith.AtomicRMWKind(k); kind.Valid() {
				name = kind.String()
			}
			p.Print(ir.Quote(name))
		}
		p.Print(") -> (")
		p.PrintTypes(op.ResultTypes())
		p.Print(")")
	}
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, op.NumResults() > 0)
	p.PrintOptionalAttrDict(op.Attrs(), "reductions", "lowerBoundsMap", "lowerBoundsGroups",
		"upperBoundsMap", "upperBoundsGroups", "steps")
}

// reductionMatchesType is upstream's isResultTypeMatchAtomicRMWKind: the
// maxnumf and minnumf kinds match no type there, and neither do they here.
func reductionMatchesType(t ir.Type, kind arith.AtomicRMWKind) bool {
	it, isInt := t.(*ir.IntegerType)
	switch kind {
	case arith.AtomicAddF, arith.AtomicMulF, arith.AtomicMaximumF, arith.AtomicMinimumF:
		return ir.IsFloat(t)
	case arith.AtomicAddI, arith.AtomicMulI, arith.AtomicOrI, arith.AtomicAndI:
		return isInt
	case arith.AtomicAssign:
		return true
	case arith.AtomicMaxS, arith.AtomicMinS:
		return isInt && it.Signedness == ir.Signed
	case arith.AtomicMaxU, arith.AtomicMinU:
		return isInt && it.Signedness == ir.Unsigned
	}
	return false
}

func verifyParallel(op *ir.Operation) error {
	po := ParallelOp{op}
	if op.Region(0).Empty() {
		return op.Errorf("requires one region")
	}
	n := po.NumDims()
	lg, ug := po.LowerBoundsGroups(), po.UpperBoundsGroups()
	if len(lg) != n || len(ug) != n || po.Body().NumArguments() != n {
		return op.Errorf("the number of region arguments (%d) and the number of map groups for lower (%d) and upper bound (%d), and the number of steps (%d) must all match",
			po.Body().NumArguments(), len(lg), len(ug), n)
	}
	sum := func(vs []int64) (s int64) {
		for _, v := range vs {
			s += v
		}
		return
	}
	if int(sum(lg)) != len(po.LowerBoundsMap().Results) {
		return op.Errorf("expected lower bounds map to have %d results", sum(lg))
	}
	if int(sum(ug)) != len(po.UpperBoundsMap().Results) {
		return op.Errorf("expected upper bounds map to have %d results", sum(ug))
	}
	if po.LowerBoundsMap().NumInputs()+po.UpperBoundsMap().NumInputs() != op.NumOperands() {
		return op.Errorf("operand count must match the bound maps' inputs")
	}
	reds := po.Reductions()
	if len(reds) != op.NumResults() {
		return op.Errorf("a reduction must be specified for each output")
	}
	for i, k := range reds {
		if !arith.AtomicRMWKind(k).Valid() {
			return op.Errorf("invalid reduction attribute")
		}
		if !reductionMatchesType(op.Result(i).Type(), arith.AtomicRMWKind(k)) {
			return op.Errorf("result type cannot match reduction attribute")
		}
	}
	if err := verifyDimAndSymbolIdentifiers(op, po.LowerBoundsOperands(), po.LowerBoundsMap().NumDims); err != nil {
		return err
	}
	return verifyDimAndSymbolIdentifiers(op, po.UpperBoundsOperands(), po.UpperBoundsMap().NumDims)
}
