package math

import (
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Dialect returns the math dialect.
func Dialect() *ir.Dialect {
	var ops []*ir.OpDef
	for _, u := range floatUnaries {
		ops = append(ops, floatOp(u.name, u.summary, 1, u.fold))
	}
	ops = append(ops,
		floatOp("atan2", "2-argument arcus tangent of the given values", 2, nil),
		floatOp("copysign", "A copysign operation", 2, foldCopySign),
		floatOp("powf", "floating point raised to the power of operation", 2, nil),
		floatOp("fma", "floating point fused multipy-add operation", 3, nil),
		intOp("absi", "integer absolute-value operation", 1, foldAbsI),
		intOp("ctlz", "counts the leading zeros an integer value", 1, foldCtlz),
		intOp("cttz", "counts the trailing zeros an integer value", 1, foldCttz),
		intOp("ctpop", "counts the number of set bits of an integer value", 1, foldCtpop),
		intOp("ipowi", "signed integer raised to the power of operation", 2, foldIPowI),
		fpowiOp(),
	)
	return &ir.Dialect{Name: "math", Ops: ops, Materialize: arith.Materialize}
}

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

// verifyElementwise checks operand and result counts, the element-type
// constraint, and that all types are the same.
func verifyElementwise(n int, pred func(ir.Type) bool, desc string) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.NumOperands() != n {
			return op.Errorf("expected %d operands, but found %d", n, op.NumOperands())
		}
		if op.NumResults() != 1 {
			return op.Errorf("requires one result")
		}
		for i, v := range op.Operands() {
			if !pred(v.Type()) {
				return op.Errorf("operand #%d must be %s, but got '%s'", i, desc, v.Type())
			}
		}
		if !pred(op.Result(0).Type()) {
			return op.Errorf("result #0 must be %s, but got '%s'", desc, op.Result(0).Type())
		}
		for _, v := range op.Operands() {
			if v.Type() != op.Result(0).Type() {
				return op.Errorf("requires the same type for all operands and results")
			}
		}
		return nil
	}
}

func floatOp(mnemonic, summary string, n int, fold func(*ir.Operation, []ir.Attribute) []ir.FoldResult) *ir.OpDef {
	name := "math." + mnemonic
	operands := map[int]string{1: "%x", 2: "%x, %y", 3: "%a, %b, %c"}[n]
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Doc:     "Elementwise on floats, or vectors or tensors of floats.\n\n    %r = " + name + " " + operands + " fastmath<fast> : f32",
		// SameOperandsAndResultType is checked by Verify, after the type
		// constraints, in MLIR's order (the trait would be checked first).
		Traits:   ir.Pure,
		Inherent: []string{arith.FastMathAttrName},
		Verify:   verifyElementwise(n, arith.FloatLike, "floating-point-like"),
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			return opsyntax.ParseSameType(p, st, n, arith.ParseFastMathFlags(true))
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			opsyntax.PrintSameType(p, op, arith.PrintFastMathFlags, arith.FastMathAttrName)
		},
		Fold: fold,
	}
}

func intOp(mnemonic, summary string, n int, fold func(*ir.Operation, []ir.Attribute) []ir.FoldResult) *ir.OpDef {
	name := "math." + mnemonic
	operands := map[int]string{1: "%x", 2: "%x, %y"}[n]
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Doc:     "Elementwise on signless integers, or vectors or tensors of them.\n\n    %r = " + name + " " + operands + " : i32",
		Traits:  ir.Pure,
		Verify:  verifyElementwise(n, arith.SignlessIntegerLike, "signless-integer-like"),
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			return opsyntax.ParseSameType(p, st, n, nil)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) { opsyntax.PrintSameType(p, op, nil) },
		Fold:  fold,
	}
}

func fpowiOp() *ir.OpDef {
	return &ir.OpDef{
		Name:     "math.fpowi",
		Summary:  "floating point raised to the signed integer power",
		Doc:      "Raises a float to a signed integer power, elementwise.\n\n    %r = math.fpowi %x, %n : f32, i32",
		Traits:   ir.Pure,
		Inherent: []string{arith.FastMathAttrName},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 2 || op.NumResults() != 1 {
				return op.Errorf("expected 2 operands and 1 result")
			}
			if !arith.FloatLike(op.Operand(0).Type()) {
				return op.Errorf("operand #0 must be floating-point-like, but got '%s'", op.Operand(0).Type())
			}
			if !arith.SignlessIntegerLike(op.Operand(1).Type()) {
				return op.Errorf("operand #1 must be signless-integer-like, but got '%s'", op.Operand(1).Type())
			}
			if op.Result(0).Type() != op.Operand(0).Type() {
				return op.Errorf("failed to verify that all of {lhs, result} have same type")
			}
			return nil
		},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			return opsyntax.ParseOperandsColonTypes(p, st, arith.ParseFastMathFlags(true), func(ts []ir.Type) ir.Type { return ts[0] })
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			opsyntax.PrintOperandsColonTypes(p, op, arith.PrintFastMathFlags, arith.FastMathAttrName)
		},
	}
}
