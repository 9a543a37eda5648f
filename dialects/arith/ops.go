package arith

import (
	"strconv"
	"strings"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Dialect returns the arith dialect: integer and floating-point arithmetic,
// comparisons, selects and casts on scalars, vectors and tensors.
func Dialect() *ir.Dialect {
	return &ir.Dialect{
		Name:        "arith",
		Ops:         ops(),
		ParseAttr:   parseAttr,
		Materialize: Materialize,
	}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

// Ops with one type for operands and result check it in Verify rather than
// through ir.SameOperandsAndResultType, so that type-constraint errors come
// first, in MLIR's order.

// noSpeculation marks ops that have no side effects but may trap (division
// by zero), so they are not Pure.
const noSpeculation ir.Trait = 0

func ops() []*ir.OpDef {
	pure := ir.Pure
	comm := ir.Commutative
	list := []*ir.OpDef{

		intBinary("arith.addi", "integer addition operation", pure|comm, true, foldAddI, canonAddI...),
		intBinary("arith.subi", "integer subtraction operation", pure, true, foldSubI, canonSubI...),
		intBinary("arith.muli", "integer multiplication operation", pure|comm, true, foldMulI, canonMulI...),
		intBinary("arith.divsi", "signed integer division operation", noSpeculation, false, foldDiv(signedDiv(nil))),
		intBinary("arith.divui", "unsigned integer division operation", noSpeculation, false, foldDiv(unsignedDiv(false))),
		intBinary("arith.ceildivsi", "signed ceil integer division operation", noSpeculation, false, foldDiv(signedDiv(roundUp))),
		intBinary("arith.ceildivui", "unsigned ceil integer division operation", noSpeculation, false, foldDiv(unsignedDiv(true))),
		intBinary("arith.floordivsi", "signed floor integer division operation", noSpeculation, false, foldDiv(signedDiv(roundDown))),
		intBinary("arith.remsi", "signed integer division remainder operation", noSpeculation, false, foldRem(signed)),
		intBinary("arith.remui", "unsigned integer division remainder operation", noSpeculation, false, foldRem(unsigned)),
		intBinary("arith.andi", "integer binary and", pure|comm|ir.Idempotent, false, foldAndI),
		intBinary("arith.ori", "integer binary or", pure|comm|ir.Idempotent, false, foldOrI),
		intBinary("arith.xori", "integer binary xor", pure|comm, false, foldXOrI, canonXOrI...),
		intBinary("arith.shli", "integer left-shift", pure, true, foldShLI),
		intBinary("arith.shrsi", "signed integer right-shift", pure, false, foldShRSI),
		intBinary("arith.shrui", "unsigned integer right-shift", pure, false, foldShRUI),
		intBinary("arith.maxsi", "signed integer maximum operation", pure|comm, false, foldMaxSI),
		intBinary("arith.maxui", "unsigned integer maximum operation", pure|comm, false, foldMaxUI),
		intBinary("arith.minsi", "signed integer minimum operation", pure|comm, false, foldMinSI),
		intBinary("arith.minui", "unsigned integer minimum operation", pure|comm, false, foldMinUI),

		floatBinary("arith.addf", "floating point addition operation", pure|comm, foldAddF),
		floatBinary("arith.subf", "floating point subtraction operation", pure, foldSubF),
		floatBinary("arith.mulf", "floating point multiplication operation", pure|comm, foldMulF),
		floatBinary("arith.divf", "floating point division operation", pure, foldDivF),
		floatBinary("arith.remf", "floating point division remainder operation", pure, foldRemF),
		floatBinary("arith.maximumf", "floating-point maximum operation", pure|comm, floatPicker(true, true)),
		floatBinary("arith.minimumf", "floating-point minimum operation", pure|comm, floatPicker(false, true)),
		floatBinary("arith.maxnumf", "floating-point maximum operation", pure|comm, floatPicker(true, false)),
		floatBinary("arith.minnumf", "floating-point minimum operation", pure|comm, floatPicker(false, false)),

		extendedOp("arith.addui_extended", "extended unsigned integer addition operation returning sum and overflow bit", pure|comm, foldAddUIExtended),
		extendedOp("arith.mului_extended", "extended unsigned integer multiplication operation", pure|comm, foldMulUIExtended),
		extendedOp("arith.mulsi_extended", "extended signed integer multiplication operation", pure|comm, foldMulSIExtended),

		cmpiOp(),
		cmpfOp(),

		castOp("arith.extsi", "integer sign extension operation", fixedLike, fixedLike, widthGrows, nil, foldExtSI),
		castOp("arith.extui", "integer zero extension operation", fixedLike, fixedLike, widthGrows, nil, foldExtUI),
		castOp("arith.trunci", "integer truncation operation", fixedLike, fixedLike, widthShrinks, nil, foldTruncI),
		castOp("arith.extf", "cast from floating-point to wider floating-point", floatLike, floatLike, widthGrows, fastMathOptional, foldExtF),
		castOp("arith.truncf", "cast from floating-point to narrower floating-point", floatLike, floatLike, widthShrinks, roundingAndFastMath, foldTruncF),
		castOp("arith.sitofp", "cast from integer type to floating-point", fixedLike, floatLike, nil, nil, foldSIToFP),
		castOp("arith.uitofp", "cast from unsigned integer type to floating-point", fixedLike, floatLike, nil, nil, foldUIToFP),
		castOp("arith.fptosi", "cast from floating-point type to integer type", floatLike, fixedLike, nil, nil, foldFPToSI),
		castOp("arith.fptoui", "cast from floating-point type to integer type", floatLike, fixedLike, nil, nil, foldFPToUI),
		castOp("arith.index_cast", "index cast operation", indexCastLike, indexCastLike, indexCastCompatible, nil, foldIndexCast, canonIndexCast...),
		castOp("arith.index_castui", "unsigned index cast operation", indexCastLike, indexCastLike, indexCastCompatible, nil, foldIndexCastUI, canonIndexCastUI...),
		castOp("arith.bitcast", "bitcast between values of equal bit width", bitcastLike, bitcastLike, sameBitWidth, nil, foldBitcast),
	}
	return append(list, dialectOps()...)
}

// ---- constant ----

// dialectOps is this file's part of the dialect's op table.
func dialectOps() opTable {
	return opTable{
		{
			Name:    "arith.constant",
			Summary: "integer or floating point constant",
			Doc: "Materialises a scalar, vector or tensor constant from its `value` attribute.\n\n" +
				"    %c42 = arith.constant 42 : i32\n" +
				"    %cst = arith.constant dense<1.0> : vector<4xf32>",
			Traits:   ir.Pure | ir.ConstantLike,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("result", ir.AnyType)},
			Attrs:    []ir.AttrDef{ir.Attr("value", nil)},
			Verify:   verifyConstant,
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				if err := p.ParseOptionalAttrDict(st); err != nil {
					return err
				}
				loc := p.Loc()
				a, err := p.ParseAttribute(nil)
				if err != nil {
					return err
				}
				ta, ok := a.(ir.TypedAttribute)
				if !ok || ta.Type() == nil {
					return ir.Errorf(loc, "expected typed attribute")
				}
				st.AddAttr("value", a)
				st.Types = append(st.Types, ta.Type())
				return nil
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.PrintOptionalAttrDict(op.Attrs(), "value")
				p.Print(" ")
				p.PrintAttribute(op.Attr("value"))
			},
			Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
				return []ir.FoldResult{{Attr: op.Attr("value")}}
			},
			ResultNames: constantResultNames,
		},
		{
			Name:          "arith.negf",
			Summary:       "floating point negation",
			Doc:           "Flips the sign of a float (NaN included).\n\n    %r = arith.negf %a : f32",
			Traits:        ir.Pure | ir.Involution,
			Operands:      []ir.ValueDef{ir.Operand("operand", floatLike)},
			Results:       []ir.ValueDef{ir.Operand("result", floatLike)},
			Attrs:         []ir.AttrDef{defaultFastMath},
			AllTypesMatch: [][]string{{"operand", "result"}},
			Verify:        sameTypes,
			Format:        "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
			Fold:          foldNegF,
		},
		{
			Name:    "arith.select",
			Summary: "select operation",
			Doc: "Chooses between two values by an i1 condition, or elementwise by a vector or tensor of i1.\n\n" +
				"    %r = arith.select %cond, %a, %b : i32\n" +
				"    %v = arith.select %mask, %x, %y : vector<4xi1>, vector<4xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("condition", boolLike), ir.Operand("true_value", ir.AnyType), ir.Operand("false_value", ir.AnyType)},
			Results:  []ir.ValueDef{ir.Operand("result", ir.AnyType)},
			Verify:   verifySelect,
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				ops, err := p.ParseOperandList(ir.DelimNone)
				if err != nil {
					return err
				}
				if len(ops) != 3 {
					return p.Errorf("expected 3 operands")
				}
				if err := p.ParseOptionalAttrDict(st); err != nil {
					return err
				}
				ts, err := p.ParseColonTypeList()
				if err != nil {
					return err
				}
				var cond, t ir.Type = ir.I1, ts[0]
				if len(ts) == 2 {
					cond, t = ts[0], ts[1]
				} else if len(ts) != 1 {
					return p.Errorf("expected one or two types")
				}
				return opsyntax.AddResolved(p, st, ops, []ir.Type{cond, t, t}, t)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" ")
				p.PrintOperands(op.Operands())
				p.PrintOptionalAttrDict(op.Attrs())
				p.Print(" : ")
				if _, ok := op.Operand(0).Type().(ir.ShapedType); ok {
					p.PrintType(op.Operand(0).Type())
					p.Print(", ")
				}
				p.PrintType(op.Result(0).Type())
			},
			Fold:         foldSelect,
			Canonicalize: canonSelect(),
		},
	}
}

func verifyConstant(op *ir.Operation) error {
	v := op.Attr("value")
	ta, ok := v.(ir.TypedAttribute)
	if !ok || ta.Type() != op.Result(0).Type() {
		return op.Errorf("failed to verify that all of {value, result} have same type")
	}
	t := op.Result(0).Type()
	if it, ok := t.(*ir.IntegerType); ok && !it.IsSignless() {
		return op.Errorf("integer return type must be signless")
	}
	switch v.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr, *ir.DenseResourceAttr:
		return nil
	}
	return op.Errorf("value must be an integer, float, or elements attribute")
}

func constantResultNames(op *ir.Operation, set func(*ir.Value, string)) {
	r := op.Result(0)
	ia, ok := op.Attr("value").(*ir.IntegerAttr)
	if !ok {
		set(r, "cst")
		return
	}
	it, isInt := r.Type().(*ir.IntegerType)
	if isInt && it.Width == 1 {
		if ia.Int() != 0 {
			set(r, "true")
		} else {
			set(r, "false")
		}
		return
	}
	name := "c" + ia.Big().String()
	if isInt {
		name += "_" + it.String()
	}
	set(r, name)
}

// Materialize builds an arith.constant holding attr of type t, or returns
// nil when attr is not an integer, float or dense elements attribute of type t.
func Materialize(b *ir.Builder, attr ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	switch a := attr.(type) {
	case *ir.IntegerAttr:
		if a.Type() != t || !isSignlessIntOrIndex(t) {
			return nil
		}
	case *ir.FloatAttr:
		if a.Type() != t {
			return nil
		}
	case *ir.DenseElementsAttr:
		if a.Type() != t {
			return nil
		}
	default:
		return nil
	}
	return b.CreateOp("arith.constant", loc, nil, []ir.Type{t}, ir.NamedAttribute{Name: "value", Value: attr})
}

// ---- binary ops ----

func intBinary(name, summary string, traits ir.Trait, overflow bool, fold foldFn, canon ...ir.Pattern) *ir.OpDef {
	d := binary(name, summary, traits, intLike, fold)
	d.Doc = "Operands and result are signless integers, indices, or vectors or tensors of them.\n\n" +
		"    %r = " + name + " %a, %b : i32"
	d.Canonicalize = canon
	if overflow {
		d.Attrs = []ir.AttrDef{ir.DefaultAttr(OverflowAttrName, overflowKind, Overflow(OverflowNone))}
		d.Format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"
		d.Doc = "Operands and result are signless integers, indices, or vectors or tensors of them; " +
			"`overflow<nsw, nuw>` asserts no signed/unsigned wrap-around.\n\n" +
			"    %r = " + name + " %a, %b overflow<nsw> : i32"
	}
	return d
}

func floatBinary(name, summary string, traits ir.Trait, fold foldFn) *ir.OpDef {
	d := binary(name, summary, traits, floatLike, fold)
	d.Doc = "Operands and result are floats, or vectors or tensors of them; `fastmath<...>` " +
		"carries LLVM fast-math flags.\n\n    %r = " + name + " %a, %b fastmath<fast> : f32"
	d.Attrs = []ir.AttrDef{defaultFastMath}
	d.Format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
	return d
}

// binary declares `$lhs, $rhs : type` with operands and result of one type
// satisfying c.
func binary(name, summary string, traits ir.Trait, c *ir.TypeConstraint, fold foldFn) *ir.OpDef {
	return &ir.OpDef{
		Name:          name,
		Summary:       summary,
		Traits:        traits,
		Operands:      []ir.ValueDef{ir.Operand("lhs", c), ir.Operand("rhs", c)},
		Results:       []ir.ValueDef{ir.Operand("result", c)},
		AllTypesMatch: [][]string{{"lhs", "rhs", "result"}},
		Verify:        sameTypes,
		Format:        "$lhs `,` $rhs attr-dict `:` type($result)",
		Fold:          fold.hook(),
	}
}

// defaultFastMath is the `fastmath` attribute of ops whose flags default to none.
var defaultFastMath = ir.DefaultAttr(FastMathAttrName, FastMathKind, FastMath(FastMathNone))

// extendedOp is addui_extended, mului_extended or mulsi_extended: two
// results (sum and overflow bit, or low and high halves).
func extendedOp(name, summary string, traits ir.Trait, fold func(*ir.Operation, []ir.Attribute) []ir.FoldResult) *ir.OpDef {
	isAdd := name == "arith.addui_extended"
	first, second := "low", "high"
	if isAdd {
		first, second = "sum", "overflow"
	}
	d := &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Traits:   traits,
		Fold:     fold,
		Operands: []ir.ValueDef{ir.Operand("lhs", intLike), ir.Operand("rhs", intLike)},
		Results:  []ir.ValueDef{ir.Operand(first, intLike), ir.Operand(second, intLike)},
		Verify: func(op *ir.Operation) error {
			t := op.Operand(0).Type()
			if op.Operand(1).Type() != t || op.Result(0).Type() != t {
				return op.Errorf("failed to verify that all of {lhs, rhs, %s} have same type", first)
			}
			if isAdd {
				if !sameShapeTypes(t, op.Result(1).Type()) {
					return op.Errorf("'overflow' must have the same shape as the operands")
				}
			} else if op.Result(1).Type() != t {
				return op.Errorf("failed to verify that all of {lhs, rhs, high} have same type")
			}
			return nil
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
			set(op.Result(0), first)
			set(op.Result(1), second)
		},
	}
	if isAdd {
		d.Results[1].Type = boolLike
		d.Doc = "Adds unsigned integers and returns the sum and an overflow bit.\n\n" +
			"    %sum, %overflow = arith.addui_extended %a, %b : i32, i1"
		d.AllTypesMatch = [][]string{{"lhs", "rhs", "sum"}}
		d.Format = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)"
		return d
	}
	d.Doc = "Multiplies integers and returns the low and high halves of the double-width product.\n\n" +
		"    %low, %high = " + name + " %a, %b : i32"
	d.AllTypesMatch = [][]string{{"lhs", "rhs", "low", "high"}}
	d.Format = "$lhs `,` $rhs attr-dict `:` type($lhs)"
	return d
}

func sameShapeTypes(a, b ir.Type) bool {
	da, ka, sa := shapeOf(a)
	db, kb, sb := shapeOf(b)
	return sa == sb && (!sa || ka == kb && shapesCompatible(da, ka, db, kb))
}

// ---- comparisons and select ----

// CmpIPredicates are arith.cmpi's predicates, indexed by their value.
var CmpIPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

// CmpFPredicates are arith.cmpf's predicates, indexed by their value.
var CmpFPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
	"ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

func cmpOp(name, summary string, preds []string, operand *ir.TypeConstraint, fastmath bool, fold foldFn) *ir.OpDef {
	d := &ir.OpDef{
		Name:    name,
		Summary: summary,
		Doc: "Compares two operands elementwise with the given predicate; the result is i1 " +
			"(or a vector or tensor of i1 of the operands' shape).\n\n" +
			"    %r = " + name + " " + preds[2] + ", %a, %b : " + map[bool]string{true: "f32", false: "i32"}[fastmath],
		Traits:   ir.Pure,
		Operands: []ir.ValueDef{ir.Operand("lhs", operand), ir.Operand("rhs", operand)},
		Results:  []ir.ValueDef{ir.Operand("result", boolLike)},
		Attrs: []ir.AttrDef{ir.Attr(PredicateAttr, ir.EnumAttrKind(
			"allowed 64-bit signless integer cases: "+casesList(len(preds)), ir.I64, preds))},
		AllTypesMatch: [][]string{{"lhs", "rhs"}},
		Format:        "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
		InferResultTypes: func(_ ir.OpParser, st *ir.OperationState) ([]ir.Type, error) {
			return []ir.Type{opsyntax.TypeOfShape(st.Operands[0].Type(), ir.I1)}, nil
		},
		Verify: func(op *ir.Operation) error {
			if op.Operand(0).Type() != op.Operand(1).Type() {
				return op.Errorf("failed to verify that all of {lhs, rhs} have same type")
			}
			if !sameShapeTypes(op.Operand(0).Type(), op.Result(0).Type()) ||
				opsyntax.TypeOfShape(op.Operand(0).Type(), ir.I1) != op.Result(0).Type() {
				return op.Errorf("failed to verify that result type has i1 element type and same shape as operands")
			}
			return nil
		},
		Fold: fold.hook(),
	}
	if fastmath {
		d.Attrs = append(d.Attrs, defaultFastMath)
		d.Format = "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)"
	}
	return d
}

func casesList(n int) string {
	cases := make([]string, n)
	for i := range cases {
		cases[i] = strconv.Itoa(i)
	}
	return strings.Join(cases, ", ")
}

func cmpiOp() *ir.OpDef {
	d := cmpOp("arith.cmpi", "integer comparison operation", CmpIPredicates, intLike, false, foldCmpI)
	return d
}

func cmpfOp() *ir.OpDef {
	return cmpOp("arith.cmpf", "floating-point comparison operation", CmpFPredicates, floatLike, true, foldCmpF)
}

func verifySelect(op *ir.Operation) error {
	t := op.Result(0).Type()
	if op.Operand(1).Type() != t || op.Operand(2).Type() != t {
		return op.Errorf("failed to verify that all of {true_value, false_value, result} have same type")
	}
	c := op.Operand(0).Type()
	if c != ir.Type(ir.I1) && opsyntax.TypeOfShape(t, ir.I1) != c {
		return op.Errorf("failed to verify that condition is signless i1 or has matching shape")
	}
	return nil
}

// ---- casts ----

// castCheck reports whether an element cast from src to dst is allowed.
type castCheck func(src, dst ir.Type) bool

func widthGrows(src, dst ir.Type) bool   { return ir.BitWidth(dst) > ir.BitWidth(src) }
func widthShrinks(src, dst ir.Type) bool { return ir.BitWidth(dst) < ir.BitWidth(src) }
func sameBitWidth(src, dst ir.Type) bool {
	return ir.BitWidth(src) == ir.BitWidth(dst) && ir.BitWidth(src) != 0
}
func indexCastCompatible(src, dst ir.Type) bool {
	return src == ir.Type(ir.Index) && isSignlessInt(dst) || isSignlessInt(src) && dst == ir.Type(ir.Index)
}

// castFlags are the attributes a cast spells between its operand and the
// attribute dictionary, with their formats.
type castFlags struct {
	attrs  []ir.AttrDef
	format string
}

var fastMathOptional = &castFlags{
	attrs:  []ir.AttrDef{ir.OptAttr(FastMathAttrName, FastMathKind)},
	format: "(`fastmath` `` $fastmath^)?",
}

var roundingAndFastMath = &castFlags{
	attrs: []ir.AttrDef{
		ir.OptAttr(RoundingAttrName, ir.EnumAttrKind("Floating point rounding mode", ir.I32, roundingNames)),
		ir.OptAttr(FastMathAttrName, FastMathKind),
	},
	format: "($roundingmode^)? (`fastmath` `` $fastmath^)?",
}

func castOp(name, summary string, in, out *ir.TypeConstraint, compat castCheck, flags *castFlags, fold foldFn, canon ...ir.Pattern) *ir.OpDef {
	d := &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      "Elementwise cast; operand and result have the same shape.\n\n    %r = " + name + " %a : " + exampleCast(name),
		Traits:   ir.Pure,
		Operands: []ir.ValueDef{ir.Operand("in", in)},
		Results:  []ir.ValueDef{ir.Operand("out", out)},
		Verify: func(op *ir.Operation) error {
			if err := sameShape(op); err != nil {
				return err
			}
			src, dst := op.Operand(0).Type(), op.Result(0).Type()
			if compat != nil && !compat(ir.ElementTypeOrSelf(src), ir.ElementTypeOrSelf(dst)) {
				return op.Errorf("operand type '%s' and result type '%s' are cast incompatible", src, dst)
			}
			return nil
		},
		Format:       "$in attr-dict `:` type($in) `to` type($out)",
		Fold:         fold.hook(),
		Canonicalize: canon,
	}
	if flags != nil {
		d.Attrs = flags.attrs
		d.Format = "$in " + flags.format + " attr-dict `:` type($in) `to` type($out)"
	}
	return d
}

func exampleCast(name string) string {
	switch name {
	case "arith.extsi", "arith.extui":
		return "i32 to i64"
	case "arith.trunci":
		return "i64 to i32"
	case "arith.extf":
		return "f16 to f32"
	case "arith.truncf":
		return "f32 to f16"
	case "arith.sitofp", "arith.uitofp":
		return "i32 to f32"
	case "arith.fptosi", "arith.fptoui":
		return "f32 to i32"
	case "arith.index_cast", "arith.index_castui":
		return "index to i64"
	}
	return "i32 to f32"
}
