package cf

import (
	"math/big"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Attribute names of the cf ops.
const (
	caseValuesAttr   = opsyntax.SwitchCaseValuesAttr
	caseSegmentsAttr = opsyntax.SwitchCaseSegmentsAttr
)

// Dialect returns the cf dialect.
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: "cf", Ops: dialectOps()}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

// dialectOps is this file's part of the dialect's op table.
func dialectOps() opTable {
	return opTable{
		{
			Name:     "cf.assert",
			Summary:  "Assert operation with message attribute",
			Doc:      "Aborts with the message when the i1 operand is false.\n\n    cf.assert %ok, \"index out of bounds\"",
			Operands: []ir.ValueDef{ir.Operand("arg", ir.I1Constraint)},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("msg", ir.StrAttrKind)},
			Format:   "$arg `,` $msg attr-dict",
			Canonicalize: []ir.Pattern{ir.PatternFunc{Root: "cf.assert", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
				// assert(true) is a no-op.
				d := op.Operand(0).DefiningOp()
				if d == nil || !d.HasTrait(ir.ConstantLike) {
					return false
				}
				if ia, ok := d.Attr("value").(*ir.IntegerAttr); ok && ia.Int() != 0 {
					rw.EraseOp(op)
					return true
				}
				return false
			}}},
		},
		{
			Name:       "cf.br",
			Summary:    "branch operation",
			Doc:        "Jumps to a block, passing its arguments.\n\n    cf.br ^bb1(%a, %b : i32, f32)",
			Traits:     ir.Pure | ir.Terminator,
			Operands:   []ir.ValueDef{ir.Var("destOperands", nil)},
			Results:    ir.NoValues,
			Successors: []ir.SuccessorDef{{Name: "dest"}},
			Format:     opsyntax.DestFormat("dest", "destOperands") + " attr-dict",
		},
		{
			Name:    "cf.cond_br",
			Summary: "conditional branch operation",
			Doc: "Jumps to the first block when the i1 condition holds, else to the second.\n\n" +
				"    cf.cond_br %c, ^bb1(%a : i32), ^bb2",
			Traits: ir.Pure | ir.Terminator,
			Operands: []ir.ValueDef{
				ir.Operand("condition", ir.I1Constraint),
				ir.Var("trueDestOperands", nil),
				ir.Var("falseDestOperands", nil),
			},
			Results:    ir.NoValues,
			Successors: []ir.SuccessorDef{{Name: "trueDest"}, {Name: "falseDest"}},
			Format: "$condition `,` " + opsyntax.DestFormat("trueDest", "trueDestOperands") + " `,` " +
				opsyntax.DestFormat("falseDest", "falseDestOperands") + " attr-dict",
			Canonicalize: []ir.Pattern{
				ir.PatternFunc{Root: "cf.cond_br", Fn: simplifyConstCondBranch},
				ir.PatternFunc{Root: "cf.cond_br", Fn: simplifyIdenticalSuccessors},
			},
		},
		{
			Name:    "cf.switch",
			Summary: "Switch operation",
			Doc: "Jumps to the block of the case value equal to the integer flag, or to the default block.\n\n" +
				"    cf.switch %flag : i32, [\n      default: ^bb1(%a : i32),\n      42: ^bb2\n    ]",
			Traits: ir.Pure | ir.Terminator,
			Operands: []ir.ValueDef{
				ir.Operand("flag", ir.TypeOf("integer", func(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return ok })),
				ir.Var("defaultOperands", nil),
				ir.Var("caseOperands", nil),
			},
			Results:    ir.NoValues,
			Successors: []ir.SuccessorDef{{Name: "defaultDestination"}, {Name: "caseDestinations", Arity: ir.Variadic}},
			Attrs: []ir.AttrDef{
				ir.OptAttr(caseValuesAttr, nil),
				ir.Attr(caseSegmentsAttr, ir.DenseI32ArrayKind),
			},
			Verify: verifySwitch,
			Parse:  parseSwitch,
			Print:  printSwitch,
		},
	}
}

// condBrOperands splits a cf.cond_br's operands into condition, true and false operands.
func condBrOperands(op *ir.Operation) (*ir.Value, []*ir.Value, []*ir.Value, bool) {
	cond, tOps, fOps := op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
	if len(cond) != 1 {
		return nil, nil, nil, false
	}
	return cond[0], tOps, fOps, true
}

// simplifyConstCondBranch: cond_br true, ^a, ^b -> br ^a (and false -> ^b).
func simplifyConstCondBranch(op *ir.Operation, rw *ir.Rewriter) bool {
	cond, tOps, fOps, ok := condBrOperands(op)
	if !ok {
		return false
	}
	d := cond.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return false
	}
	ia, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return false
	}
	dest, ops := op.Successor(1), fOps
	if ia.Int() != 0 {
		dest, ops = op.Successor(0), tOps
	}
	replaceWithBr(rw, op, dest, ops)
	return true
}

// simplifyIdenticalSuccessors: cond_br %c, ^a(%x), ^a(%x) -> br ^a(%x);
// when the operands differ and this block is ^a's only predecessor, the
// differing ones become arith.select on %c (upstream's
// SimplifyCondBranchIdenticalSuccessors).
func simplifyIdenticalSuccessors(op *ir.Operation, rw *ir.Rewriter) bool {
	cond, tOps, fOps, ok := condBrOperands(op)
	if !ok || op.Successor(0) != op.Successor(1) || len(tOps) != len(fOps) {
		return false
	}
	dest := op.Successor(0)
	merged := make([]*ir.Value, len(tOps))
	differ := false
	for i := range tOps {
		merged[i] = tOps[i]
		if tOps[i] != fOps[i] {
			differ = true
		}
	}
	if differ {
		for _, p := range dest.Predecessors() {
			if p != op.Block() {
				return false
			}
		}
		if rw.Ctx.OpDef("arith.select") == nil {
			return false
		}
		rw.SetInsertionPointBefore(op)
		for i := range tOps {
			if tOps[i] != fOps[i] {
				sel := rw.Create(&ir.OperationState{Name: "arith.select", Loc: op.Loc(),
					Operands: []*ir.Value{cond, tOps[i], fOps[i]}, Types: []ir.Type{tOps[i].Type()}})
				merged[i] = sel.Result(0)
			}
		}
	}
	replaceWithBr(rw, op, dest, merged)
	return true
}

func replaceWithBr(rw *ir.Rewriter, op *ir.Operation, dest *ir.Block, ops []*ir.Value) {
	rw.SetInsertionPointBefore(op)
	rw.Create(&ir.OperationState{Name: "cf.br", Loc: op.Loc(), Operands: ops, Successors: []*ir.Block{dest}})
	rw.EraseOp(op)
}

// switchLayout is a cf.switch's operands and case values, split by segment.
type switchLayout struct {
	flag        *ir.Value
	defaultOps  []*ir.Value
	caseOps     [][]*ir.Value
	caseValues  []*big.Int
	caseValType ir.Type
}

func layoutOf(op *ir.Operation) (*switchLayout, error) {
	flag := op.OperandGroup(0)
	if len(flag) != 1 {
		return nil, op.Errorf("operand group starting at #0 requires 1 element, but found %d", len(flag))
	}
	l := &switchLayout{flag: flag[0], defaultOps: op.OperandGroup(1)}
	rest := op.OperandGroup(2)
	cs, ok := op.Attr(caseSegmentsAttr).(*ir.DenseArrayAttr)
	if !ok || cs.Elem != ir.Type(ir.I32) {
		return nil, op.Errorf("requires attribute '%s'", caseSegmentsAttr)
	}
	var total int64
	for _, n := range cs.Ints {
		if n < 0 || total+n > int64(len(rest)) {
			return nil, op.Errorf("case operand segments do not match the case operands")
		}
		l.caseOps = append(l.caseOps, rest[total:total+n])
		total += n
	}
	if total != int64(len(rest)) {
		return nil, op.Errorf("case operand segments do not match the case operands")
	}
	if cv := op.Attr(caseValuesAttr); cv != nil {
		d, ok := cv.(*ir.DenseElementsAttr)
		if !ok || d.Hex != "" {
			return nil, op.Errorf("attribute '%s' failed to satisfy constraint: integer elements attribute", caseValuesAttr)
		}
		l.caseValType = ir.ElementTypeOrSelf(d.Type())
		n := ir.NumElements(d.ShapedType().Shape())
		for i := int64(0); i < n; i++ {
			e := d.Elements[0]
			if !d.Splat {
				e = d.Elements[i]
			}
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, op.Errorf("attribute '%s' failed to satisfy constraint: integer elements attribute", caseValuesAttr)
			}
			l.caseValues = append(l.caseValues, ia.Big())
		}
	}
	return l, nil
}

var caseOperandsInherent = [3]string{caseSegmentsAttr, caseValuesAttr, ir.SegmentSizesAttr}

func verifySwitch(op *ir.Operation) error {
	l, err := layoutOf(op)
	if err != nil {
		return err
	}
	nCases := len(op.Successors()) - 1
	if l.caseValType == nil && nCases != 0 {
		return op.Errorf("number of case values (0) should match number of case destinations (%d)", nCases)
	}
	if l.caseValType != nil {
		if l.caseValType != l.flag.Type() {
			return op.Errorf("'flag' type ('%s') should match case value type ('%s')", l.flag.Type(), l.caseValType)
		}
		if len(l.caseValues) != nCases {
			return op.Errorf("number of case values (%d) should match number of case destinations (%d)", len(l.caseValues), nCases)
		}
	}
	if len(l.caseOps) != nCases {
		return op.Errorf("number of case operand segments (%d) should match number of case destinations (%d)", len(l.caseOps), nCases)
	}
	if err := ir.VerifySuccessorOperands(op, 0, l.defaultOps); err != nil {
		return err
	}
	for i, ops := range l.caseOps {
		if err := ir.VerifySuccessorOperands(op, i+1, ops); err != nil {
			return err
		}
	}
	return nil
}

func parseSwitch(p ir.OpParser, st *ir.OperationState) error {
	cases, err := opsyntax.ParseSwitchFlag(p, st)
	if err != nil {
		return err
	}
	if err := p.Parse("["); err != nil {
		return err
	}
	if err := p.ParseKeyword("default"); err != nil {
		return err
	}
	nDefault, err := opsyntax.ParseCaseSuccessor(p, st)
	if err != nil {
		return err
	}
	for p.ParseOptional(",") {
		if err := cases.Parse(p, st); err != nil {
			return err
		}
	}
	if err := p.Parse("]"); err != nil {
		return err
	}
	return cases.Finish(p, st, nDefault)
}

func printSwitch(p ir.OpPrinter, op *ir.Operation) {
	l, err := layoutOf(op)
	if err != nil {
		return
	}
	opsyntax.PrintTypedOperand(p, l.flag)
	p.Print(", [")
	p.PrintNewline()
	p.Print("  default: ")
	p.PrintSuccessorAndUseList(op.Successor(0), l.defaultOps)
	if l.caseValType == nil {
		p.Print("]")
	} else {
		p.Print(",")
		p.PrintNewline()
		opsyntax.PrintSwitchCases(p, op, l.caseValues, func(i int) []*ir.Value {
			if i < len(l.caseOps) {
				return l.caseOps[i]
			}
			return nil
		})
		p.PrintNewline()
		p.Print("]")
	}
	p.PrintOptionalAttrDict(op.Attrs(), caseOperandsInherent[:]...)
}
