package arith

import (
	"github.com/goopt/goopt/ir"
)

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
	intLike       = ir.TypeOf("signless-integer-like", like(isSignlessIntOrIndex))
	fixedLike     = ir.TypeOf("signless-fixed-width-integer-like", like(isSignlessInt))
	floatLike     = ir.TypeOf("floating-point-like", like(ir.IsFloat))
	boolLike      = ir.TypeOf("bool-like", like(isBool))
	indexCastLike = ir.TypeOf("signless-integer-like or memref of signless-integer",
		either(like(isSignlessIntOrIndex), memrefOf(isSignlessIntOrIndex)))
	bitcastLike = ir.TypeOf("signless-integer-or-float-like or memref of signless-integer or float",
		either(like(either(isSignlessIntOrIndex, ir.IsFloat)), memrefOf(either(isSignlessIntOrIndex, ir.IsFloat))))
)

// sameTypes reports whether all operands and results share one type.
func sameTypes(op *ir.Operation) error {
	// Indexed rather than through OperandTypes/ResultTypes: this runs for
	// every arith op the verifier sees, and those allocate.
	var t ir.Type
	n, m := op.NumOperands(), op.NumResults()
	for i := 0; i < n+m; i++ {
		var ty ir.Type
		if i < n {
			ty = op.Operand(i).Type()
		} else {
			ty = op.Result(i - n).Type()
		}
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
func FloatLike(t ir.Type) bool { return floatLike.Check(t) }

// SignlessIntegerLike reports whether t is a signless integer or index, or a
// vector or tensor of them (ODS's "signless-integer-like").
func SignlessIntegerLike(t ir.Type) bool { return intLike.Check(t) }
