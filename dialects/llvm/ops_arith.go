package llvm

import (
	"slices"
	"strings"

	"github.com/goopt/goopt/ir"
)

// Attribute names shared by several ops.
const (
	fastMathAttr = "fastmathFlags"
	overflowAttr = "overflowFlags"
)

func fastMathDefault() ir.AttrDef {
	return ir.DefaultAttr(fastMathAttr, fastMathKind, FastMath(FastMathNone))
}

// overflowFlagsDirective is custom<OverflowFlags>: ` overflow<nsw>` after
// the operands, nothing for none.
var overflowFlagsDirective = map[string]ir.CustomDirective{"OverflowFlags": {
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		if !p.ParseOptionalKeyword("overflow") {
			return nil
		}
		f, err := overflowKeywords.Parse(p, "expected one of ["+overflowKeywords.Keywords()+"] for LLVM integer overflow flags, got: %s")
		if err != nil {
			return err
		}
		args[0].Attr = Overflow(OverflowFlags(f))
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		if a, ok := args[0].Attr.(*OverflowAttr); ok && a.Value != OverflowNone {
			p.Print(" overflow<" + a.Value.String() + ">")
		}
	},
}}

// intBinary is LLVM_IntArithmeticOp (with overflow flags where LLVM has them).
func intBinary(mnemonic string, overflow bool) *ir.OpDef {
	name := "llvm." + mnemonic
	d := &ir.OpDef{
		Name:          name,
		Summary:       "LLVM " + mnemonic + " operation",
		Doc:           "Integer arithmetic on scalars or vectors of one type.\n\n    %0 = " + name + " %a, %b : i32",
		Traits:        ir.Pure | ir.SameOperandsAndResultType,
		Operands:      []ir.ValueDef{ir.Operand("lhs", intLike), ir.Operand("rhs", intLike)},
		Results:       []ir.ValueDef{ir.Operand("res", intLike)},
		Attrs:         []ir.AttrDef{},
		AllTypesMatch: [][]string{{"lhs", "rhs", "res"}},
		Format:        "$lhs `,` $rhs ` ` attr-dict ` ` `:` type($res)",
	}
	if overflow {
		d.Doc = "Integer arithmetic with optional `nsw`/`nuw` flags.\n\n    %0 = " + name + " %a, %b overflow<nsw> : i32"
		d.Attrs = []ir.AttrDef{ir.DefaultAttr(overflowAttr, overflowKind, Overflow(OverflowNone))}
		d.Custom = overflowFlagsDirective
		d.Format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)"
	}
	return d
}

// floatBinary is LLVM_FloatArithmeticOp, with fast-math flags.
func floatBinary(mnemonic string) *ir.OpDef {
	name := "llvm." + mnemonic
	return &ir.OpDef{
		Name:          name,
		Summary:       "LLVM " + mnemonic + " operation",
		Doc:           "Floating-point arithmetic with fast-math flags.\n\n    %0 = " + name + " %a, %b {fastmathFlags = #llvm.fastmath<fast>} : f32",
		Traits:        ir.Pure | ir.SameOperandsAndResultType,
		Operands:      []ir.ValueDef{ir.Operand("lhs", floatLike), ir.Operand("rhs", floatLike)},
		Results:       []ir.ValueDef{ir.Operand("res", floatLike)},
		Attrs:         []ir.AttrDef{fastMathDefault()},
		AllTypesMatch: [][]string{{"lhs", "rhs", "res"}},
		Format:        "$lhs `,` $rhs ` ` attr-dict ` ` `:` type($res)",
	}
}

// arithOps is this file's part of the dialect's op table.
func arithOps() opTable {
	return opTable{
		{
			Name:          "llvm.fneg",
			Summary:       "LLVM fneg operation",
			Doc:           "Negates a float.\n\n    %0 = llvm.fneg %a : f32",
			Traits:        ir.Pure | ir.SameOperandsAndResultType,
			Operands:      []ir.ValueDef{ir.Operand("operand", floatLike)},
			Results:       []ir.ValueDef{ir.Operand("res", floatLike)},
			Attrs:         []ir.AttrDef{fastMathDefault()},
			AllTypesMatch: [][]string{{"operand", "res"}},
			Format:        "$operand ` ` attr-dict ` ` `:` type($res)",
		},
		{
			Name:    "llvm.select",
			Summary: "LLVM select operation",
			Doc:     "Chooses between two values by an i1 (or per lane by a vector of i1).\n\n    %0 = llvm.select %c, %a, %b : i1, i32",
			Traits:  ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("condition", i1Like),
				ir.Operand("trueValue", anyLLVMType),
				ir.Operand("falseValue", anyLLVMType),
			},
			Results:       []ir.ValueDef{ir.Operand("res", anyLLVMType)},
			Attrs:         []ir.AttrDef{fastMathDefault()},
			AllTypesMatch: [][]string{{"trueValue", "falseValue", "res"}},
			Format:        "$condition `,` $trueValue `,` $falseValue attr-dict `:` type($condition) `,` type($res)",
		},
	}
}

// i1Of is the result type of a comparison of values of type t.
func i1Of(t ir.Type) ir.Type {
	if vt, ok := t.(*ir.VectorType); ok {
		return ir.Vector(vt.Dims, ir.I1, vt.Scalable)
	}
	return ir.I1
}

func cmpResult(_ ir.OpParser, st *ir.OperationState) ([]ir.Type, error) {
	return []ir.Type{i1Of(st.Operands[0].Type())}, nil
}

// cmpOp is the shape icmp and fcmp share: a predicate (plus attrs), two
// operands of one type, and i1 or a vector of i1 of the operands' shape.
func cmpOp(name, doc string, lhs, rhs *ir.TypeConstraint, attrs ...ir.AttrDef) *ir.OpDef {
	return &ir.OpDef{
		Name:             name,
		Summary:          "LLVM " + strings.TrimPrefix(name, "llvm.") + " operation",
		Doc:              doc,
		Traits:           ir.Pure,
		Operands:         []ir.ValueDef{ir.Operand("lhs", lhs), ir.Operand("rhs", rhs)},
		Results:          []ir.ValueDef{ir.Operand("res", i1Like)},
		Attrs:            attrs,
		AllTypesMatch:    [][]string{{"lhs", "rhs"}},
		InferResultTypes: cmpResult,
		Format:           "$predicate $lhs `,` $rhs attr-dict `:` type($lhs)",
	}
}

func icmpOp() *ir.OpDef {
	intOrPtr := ir.TypeOf("signless integer or LLVM pointer type or LLVM dialect-compatible vector of signless integer or LLVM pointer type",
		scalarOrVector(func(t ir.Type) bool { return isSignlessInt(t) || isPtr(t) }))
	return cmpOp("llvm.icmp", "Compares integers or pointers.\n\n    %0 = llvm.icmp \"slt\" %a, %b : i32",
		intOrPtr, nil, ir.Attr("predicate", icmpPredKind))
}

func fcmpOp() *ir.OpDef {
	return cmpOp("llvm.fcmp", "Compares floats.\n\n    %0 = llvm.fcmp \"olt\" %a, %b : f32",
		floatLike, floatLike, ir.Attr("predicate", fcmpPredKind), fastMathDefault())
}

// ---- casts ----

type castCheck func(op *ir.Operation, from, to ir.Type) error

func castOp(name, summary string, from, to *ir.TypeConstraint, check castCheck) *ir.OpDef {
	d := &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Doc:      "Converts a value to another type.\n\n    %0 = " + name + " %a : " + docFrom(name) + " to " + docTo(name),
		Traits:   ir.Pure,
		Operands: []ir.ValueDef{ir.Operand("arg", from)},
		Results:  []ir.ValueDef{ir.Operand("res", to)},
		Format:   "$arg attr-dict `:` type($arg) `to` type($res)",
	}
	if check != nil {
		d.Verify = func(op *ir.Operation) error {
			return check(op, op.Operand(0).Type(), op.Result(0).Type())
		}
	}
	return d
}

func docFrom(name string) string {
	switch name {
	case "llvm.fpext", "llvm.fptosi", "llvm.fptoui", "llvm.bitcast":
		return "f32"
	case "llvm.fptrunc":
		return "f64"
	case "llvm.ptrtoint", "llvm.addrspacecast":
		return "!llvm.ptr"
	case "llvm.trunc":
		return "i64"
	}
	return "i32"
}

func docTo(name string) string {
	switch name {
	case "llvm.fpext":
		return "f64"
	case "llvm.fptrunc", "llvm.sitofp", "llvm.uitofp":
		return "f32"
	case "llvm.fptosi", "llvm.fptoui", "llvm.bitcast":
		return "i32"
	case "llvm.inttoptr":
		return "!llvm.ptr"
	case "llvm.addrspacecast":
		return "!llvm.ptr<3>"
	case "llvm.trunc":
		return "i32"
	}
	return "i64"
}

// shapeOf returns the vector shape of t (nil for a scalar).
func shapeOf(t ir.Type) []int64 {
	if vt, ok := t.(*ir.VectorType); ok {
		return vt.Dims
	}
	return nil
}

func sameShape(op *ir.Operation, from, to ir.Type) error {
	_, fv := from.(*ir.VectorType)
	_, tv := to.(*ir.VectorType)
	if fv != tv || !slices.Equal(shapeOf(from), shapeOf(to)) {
		return op.Errorf("failed to verify that operand and result have the same shape")
	}
	return nil
}

func scalarWidth(t ir.Type) int {
	return ir.BitWidth(ir.ElementTypeOrSelf(t))
}

// verifyExt is upstream's check of sext and zext (the only casts whose
// widths MLIR 19 verifies; other malformed casts are LLVM's to reject).
func verifyExt(op *ir.Operation, from, to ir.Type) error {
	if scalarWidth(to) <= scalarWidth(from) {
		return op.Errorf("integer width of the output type is smaller or equal to the integer width of the input type")
	}
	return nil
}

func verifyBitcast(op *ir.Operation, from, to ir.Type) error {
	fp, tp := isPtr(ir.ElementTypeOrSelf(from)), isPtr(ir.ElementTypeOrSelf(to))
	if fp != tp {
		return op.Errorf("can only cast pointers from and to pointers")
	}
	if fp {
		if err := sameShape(op, from, to); err != nil {
			return op.Errorf("cannot cast vector of pointers to vector of different size")
		}
		if ir.ElementTypeOrSelf(from).(*PointerType).AddrSpace != ir.ElementTypeOrSelf(to).(*PointerType).AddrSpace {
			return op.Errorf("cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead")
		}
		return nil
	}
	return nil
}

func totalBits(t ir.Type) int64 {
	if vt, ok := t.(*ir.VectorType); ok {
		return ir.NumElements(vt.Dims) * int64(ir.BitWidth(vt.Elem))
	}
	return int64(ir.BitWidth(t))
}

func castOps() opTable {
	return opTable{
		castOp("llvm.bitcast", "LLVM bitcast operation", anyLLVMType, anyLLVMType, verifyBitcast),
		castOp("llvm.addrspacecast", "LLVM addrspacecast operation", ptrLike, ptrLike, nil),
		castOp("llvm.ptrtoint", "LLVM ptrtoint operation", ptrLike, intLike, nil),
		castOp("llvm.inttoptr", "LLVM inttoptr operation", intLike, ptrLike, nil),
		castOp("llvm.sext", "LLVM sext operation", intLike, intLike, verifyExt),
		castOp("llvm.zext", "LLVM zext operation", intLike, intLike, verifyExt),
		castOp("llvm.trunc", "LLVM trunc operation", intLike, intLike, nil),
		castOp("llvm.fpext", "LLVM fpext operation", floatLike, floatLike, nil),
		castOp("llvm.fptrunc", "LLVM fptrunc operation", floatLike, floatLike, nil),
		castOp("llvm.sitofp", "LLVM sitofp operation", intLike, floatLike, nil),
		castOp("llvm.uitofp", "LLVM uitofp operation", intLike, floatLike, nil),
		castOp("llvm.fptosi", "LLVM fptosi operation", floatLike, intLike, nil),
		castOp("llvm.fptoui", "LLVM fptoui operation", floatLike, intLike, nil),
	}
}

// ---- intrinsics ----

// intrinsic describes one `llvm.intr.*` op: its operand count, whether its
// operands are floats (with fast-math flags) or integers.
type intrinsic struct {
	name     string
	arity    int
	float    bool
	fastMath bool
}

// Intrinsics lists the `llvm.intr.*` ops goopt models: those the GPU
// pipeline's conversions (math, arith, vector to llvm) produce.
var intrinsics = []intrinsic{
	{"fma", 3, true, true}, {"fmuladd", 3, true, true},
	{"maxnum", 2, true, true}, {"minnum", 2, true, true},
	{"maximum", 2, true, true}, {"minimum", 2, true, true},
	{"copysign", 2, true, true}, {"pow", 2, true, true},
	{"fabs", 1, true, true}, {"sqrt", 1, true, true}, {"exp", 1, true, true}, {"exp2", 1, true, true},
	{"log", 1, true, true}, {"log2", 1, true, true}, {"log10", 1, true, true},
	{"sin", 1, true, true}, {"cos", 1, true, true},
	{"floor", 1, true, true}, {"ceil", 1, true, true}, {"round", 1, true, true},
	{"roundeven", 1, true, true}, {"trunc", 1, true, true},
	{"smax", 2, false, false}, {"smin", 2, false, false}, {"umax", 2, false, false}, {"umin", 2, false, false},
	{"ctpop", 1, false, false}, {"bitreverse", 1, false, false}, {"bswap", 1, false, false},
}

var intrinsicOperandNames = []string{"a", "b", "c"}

func intrinsicOp(in intrinsic) *ir.OpDef {
	c := intLike
	if in.float {
		c = floatLike
	}
	d := &ir.OpDef{
		Name:    "llvm.intr." + in.name,
		Summary: "LLVM intrinsic llvm." + in.name,
		Doc:     "The LLVM intrinsic `llvm." + in.name + "` on scalars or vectors of one type.",
		Traits:  ir.Pure | ir.SameOperandsAndResultType,
		Results: []ir.ValueDef{ir.Operand("res", c)},
		Attrs:   []ir.AttrDef{},
	}
	format := "`(`"
	match := []string{"res"}
	for i := 0; i < in.arity; i++ {
		n := intrinsicOperandNames[i]
		d.Operands = append(d.Operands, ir.Operand(n, c))
		match = append(match, n)
		if i > 0 {
			format += " `,`"
		}
		format += " $" + n
	}
	d.AllTypesMatch = [][]string{match}
	if in.fastMath {
		d.Attrs = append(d.Attrs, fastMathDefault())
	}
	d.Format = format + " `)` ` ` attr-dict ` ` `:` functional-type(operands, results)"
	return d
}
