package arith

import (
	"strconv"

	"github.com/goopt/goopt/ir"
)

// typeConstraint is an ODS-style type constraint: a predicate and the
// description MLIR prints in "must be <desc>, but got '<type>'".
type typeConstraint struct {
	desc string
	ok   func(ir.Type) bool
}

// like accepts scalars satisfying elem and vectors or tensors of them.
func like(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		switch s := t.(type) {
		case *ir.VectorType, *ir.RankedTensorType, *ir.UnrankedTensorType:
			return elem(s.(ir.ShapedType).ElementType())
		}
		return elem(t)
	}
}

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.IsSignless()
}

func isSignlessIntOrIndex(t ir.Type) bool { return isSignlessInt(t) || t == ir.Type(ir.Index) }

func isBool(t ir.Type) bool { return t == ir.Type(ir.I1) }

func memrefOf(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		switch m := t.(type) {
		case *ir.MemRefType:
			return elem(m.Elem)
		case *ir.UnrankedMemRefType:
			return elem(m.Elem)
		}
		return false
	}
}

func either(fs ...func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		for _, f := range fs {
			if f(t) {
				return true
			}
		}
		return false
	}
}

// The constraints arith's ops use, with MLIR 19's descriptions.
var (
	intLike       = typeConstraint{"signless-integer-like", like(isSignlessIntOrIndex)}
	fixedLike     = typeConstraint{"signless-fixed-width-integer-like", like(isSignlessInt)}
	floatLike     = typeConstraint{"floating-point-like", like(ir.IsFloat)}
	boolLike      = typeConstraint{"bool-like", like(isBool)}
	indexCastLike = typeConstraint{"signless-integer-like or memref of signless-integer",
		either(like(isSignlessIntOrIndex), memrefOf(isSignlessIntOrIndex))}
	bitcastLike = typeConstraint{"signless-integer-or-float-like or memref of signless-integer or float",
		either(like(either(isSignlessIntOrIndex, ir.IsFloat)), memrefOf(either(isSignlessIntOrIndex, ir.IsFloat)))}
	anyType = typeConstraint{"any type", func(ir.Type) bool { return true }}
)

// checkTypes verifies operand and result constraints in MLIR's order.
// A constraint list shorter than the operands repeats its last entry.
func checkTypes(op *ir.Operation, operands, results []typeConstraint) error {
	for i, v := range op.Operands() {
		if len(operands) == 0 {
			break
		}
		c := operands[min(i, len(operands)-1)]
		if !c.ok(v.Type()) {
			return op.Errorf("operand #%d must be %s, but got '%s'", i, c.desc, v.Type())
		}
	}
	for i, r := range op.Results() {
		if len(results) == 0 {
			break
		}
		c := results[min(i, len(results)-1)]
		if !c.ok(r.Type()) {
			return op.Errorf("result #%d must be %s, but got '%s'", i, c.desc, r.Type())
		}
	}
	return nil
}

// checkCounts verifies the numbers of operands and results.
func checkCounts(op *ir.Operation, nOperands, nResults int) error {
	if op.NumOperands() != nOperands {
		return op.Errorf("expected %d operands, but found %d", nOperands, op.NumOperands())
	}
	if op.NumResults() != nResults {
		return op.Errorf("requires %s", resultCount(nResults))
	}
	return nil
}

func resultCount(n int) string {
	switch n {
	case 0:
		return "zero results"
	case 1:
		return "one result"
	}
	return strconv.Itoa(n) + " results"
}

// sameTypes reports whether all operands and results share one type.
func sameTypes(op *ir.Operation) error {
	var t ir.Type
	for _, ty := range append(op.OperandTypes(), op.ResultTypes()...) {
		if t == nil {
			t = ty
		} else if t != ty {
			return op.Errorf("requires the same type for all operands and results")
		}
	}
	return nil
}

// shapeOf returns the shape of a vector or tensor type and whether t is shaped.
func shapeOf(t ir.Type) (dims []int64, kind int, shaped bool) {
	switch s := t.(type) {
	case *ir.VectorType:
		return s.Dims, 1, true
	case *ir.RankedTensorType:
		return s.Dims, 2, true
	case *ir.UnrankedTensorType:
		return nil, 3, true
	case *ir.MemRefType:
		return s.Dims, 4, true
	case *ir.UnrankedMemRefType:
		return nil, 5, true
	}
	return nil, 0, false
}

// sameShape reports whether all operands and results have one shape
// (MLIR's SameOperandsAndResultShape; scalars count as unshaped).
func sameShape(op *ir.Operation) error {
	ts := append(op.OperandTypes(), op.ResultTypes()...)
	d0, k0, s0 := shapeOf(ts[0])
	for _, t := range ts[1:] {
		d, k, s := shapeOf(t)
		if s != s0 || (s && !shapesCompatible(d0, k0, d, k)) {
			return op.Errorf("requires the same shape for all operands and results")
		}
	}
	return nil
}

func shapesCompatible(a []int64, ka int, b []int64, kb int) bool {
	if ka == 3 || kb == 3 || ka == 5 || kb == 5 {
		return true
	}
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != ir.Dynamic && b[i] != ir.Dynamic {
			return false
		}
	}
	return true
}

// FloatLike reports whether t is a float or a vector or tensor of floats
// (ODS's "floating-point-like").
func FloatLike(t ir.Type) bool { return floatLike.ok(t) }

// SignlessIntegerLike reports whether t is a signless integer or index, or a
// vector or tensor of them (ODS's "signless-integer-like").
func SignlessIntegerLike(t ir.Type) bool { return intLike.ok(t) }
