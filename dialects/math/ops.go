package math

import (
	"strings"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/ir"
)

// Dialect returns the math dialect.
func Dialect() *ir.Dialect {
	var ops []*ir.OpDef
	for _, u := range floatUnaries {
		ops = append(ops, floatOp(u.name, u.summary, unary, u.fold))
	}
	ops = append(ops,
		floatOp("atan2", "2-argument arcus tangent of the given values", binary, nil),
		floatOp("copysign", "A copysign operation", binary, foldCopySign),
		floatOp("powf", "floating point raised to the power of operation", binary, nil),
		floatOp("fma", "floating point fused multipy-add operation", ternary, nil),
		intOp("absi", "integer absolute-value operation", unary, foldAbsI),
		intOp("ctlz", "counts the leading zeros an integer value", unary, foldCtlz),
		intOp("cttz", "counts the trailing zeros an integer value", unary, foldCttz),
		intOp("ctpop", "counts the number of set bits of an integer value", unary, foldCtpop),
		intOp("ipowi", "signed integer raised to the power of operation", binary, foldIPowI),
	)
	ops = append(ops, dialectOps()...)
	return &ir.Dialect{Name: "math", Ops: ops, Materialize: arith.Materialize}
}

// opTable is a list of op definitions: each ops file contributes one to the
// dialect, built afresh per Dialect call because registering an op fills in
// its compiled schema and format.
type opTable = []*ir.OpDef

var floatUnaries = []struct {
	name, summary string
	fold          unaryFloatFn
}{
	{"absf", "floating point absolute-value operation", foldExact(absF)},
	{"acos", "arcus cosine of the given value", nil},
	{"acosh", "Hyperbolic arcus cosine of the given value", nil},
	{"asin", "arcus sine of the given value", nil},
	{"asinh", "hyperbolic arcus sine of the given value", nil},
	{"atan", "arcus tangent of the given value", nil},
	{"atanh", "hyperbolic arcus tangent of the given value", nil},
	{"cbrt", "cube root of the specified value", nil},
	{"ceil", "ceiling of the specified value", foldExact(ceilF)},
	{"cos", "cosine of the specified value", nil},
	{"cosh", "hyperbolic cosine of the specified value", nil},
	{"erf", "error function of the specified value", nil},
	{"exp", "base-e exponential of the specified value", nil},
	{"exp2", "base-2 exponential of the specified value", nil},
	{"expm1", "base-e exponential of the specified value minus 1", nil},
	{"floor", "floor of the specified value", foldExact(floorF)},
	{"log", "base-e logarithm of the specified value", nil},
	{"log10", "base-10 logarithm of the specified value", nil},
	{"log1p", "Computes the natural logarithm of one plus the given value", nil},
	{"log2", "base-2 logarithm of the specified value", nil},
	{"round", "round of the specified value", foldExact(roundF)},
	{"roundeven", "round of the specified value with halfway cases to even", foldExact(roundEvenF)},
	{"rsqrt", "reciprocal of sqrt (1 / sqrt of the specified value)", nil},
	{"sin", "sine of the specified value", nil},
	{"sinh", "hyperbolic sine of the specified value", nil},
	{"sqrt", "sqrt of the specified value", foldSqrt},
	{"tan", "tangent of the specified value", nil},
	{"tanh", "hyperbolic tangent of the specified value", nil},
	{"trunc", "trunc of the specified value", foldExact(truncF)},
}

// Operand names of MLIR's Math_{Float,Integer}{Unary,Binary,Ternary}Op classes.
var (
	unary   = []string{"operand"}
	binary  = []string{"lhs", "rhs"}
	ternary = []string{"a", "b", "c"}
)

// The element-type constraints of the math ops, described as ODS does.
var (
	floatLike = ir.TypeOf("floating-point-like", arith.FloatLike)
	intLike   = ir.TypeOf("signless-integer-like", arith.SignlessIntegerLike)
)

// fastMath is the `fastmath` attribute of the float ops, none by default.
var fastMath = ir.DefaultAttr(arith.FastMathAttrName, arith.FastMathKind, arith.FastMath(arith.FastMathNone))

// fastMathClause is the format of fastMath, spelled after the operands.
const fastMathClause = " (`fastmath` `` $fastmath^)?"

// elementwise declares an op whose operands and result share one type
// satisfying c: `$lhs, $rhs [clause] attr-dict : type($result)`.
func elementwise(name, summary string, names []string, c *ir.TypeConstraint, clause string, fold func(*ir.Operation, []ir.Attribute) []ir.FoldResult) *ir.OpDef {
	operands := make([]ir.ValueDef, len(names))
	vars := make([]string, len(names))
	for i, n := range names {
		operands[i] = ir.Operand(n, c)
		vars[i] = "$" + n
	}
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Traits:   ir.Pure | ir.SameOperandsAndResultType,
		Operands: operands,
		Results:  []ir.ValueDef{ir.Operand("result", c)},
		Format:   strings.Join(vars, " `,` ") + clause + " attr-dict `:` type($result)",
		Fold:     fold,
	}
}

func floatOp(mnemonic, summary string, names []string, fold func(*ir.Operation, []ir.Attribute) []ir.FoldResult) *ir.OpDef {
	name := "math." + mnemonic
	d := elementwise(name, summary, names, floatLike, fastMathClause, fold)
	d.Attrs = []ir.AttrDef{fastMath}
	d.Doc = "Elementwise on floats, or vectors or tensors of floats.\n\n    %r = " + name + " " +
		exampleOperands(names) + " fastmath<fast> : f32"
	return d
}

func intOp(mnemonic, summary string, names []string, fold func(*ir.Operation, []ir.Attribute) []ir.FoldResult) *ir.OpDef {
	name := "math." + mnemonic
	d := elementwise(name, summary, names, intLike, "", fold)
	d.Doc = "Elementwise on signless integers, or vectors or tensors of them.\n\n    %r = " + name + " " +
		exampleOperands(names) + " : i32"
	return d
}

func exampleOperands(names []string) string {
	return "%" + strings.Join(names, ", %")
}

// dialectOps is this file's part of the dialect's op table.
func dialectOps() opTable {
	return opTable{
		{
			Name:          "math.fpowi",
			Summary:       "floating point raised to the signed integer power",
			Doc:           "Raises a float to a signed integer power, elementwise.\n\n    %r = math.fpowi %x, %n : f32, i32",
			Traits:        ir.Pure,
			Operands:      []ir.ValueDef{ir.Operand("lhs", floatLike), ir.Operand("rhs", intLike)},
			Results:       []ir.ValueDef{ir.Operand("result", floatLike)},
			Attrs:         []ir.AttrDef{fastMath},
			AllTypesMatch: [][]string{{"lhs", "result"}},
			Format:        "$lhs `,` $rhs" + fastMathClause + " attr-dict `:` type($lhs) `,` type($rhs)",
			Verify: func(op *ir.Operation) error {
				if op.Result(0).Type() != op.Operand(0).Type() {
					return op.Errorf("failed to verify that all of {lhs, result} have same type")
				}
				return nil
			},
		},
	}
}
