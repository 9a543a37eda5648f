package segments

import "github.com/goopt/goopt/ir"

// Attr is the name of the property holding the group sizes.
const Attr = "operandSegmentSizes"

// Set records the sizes of op's variadic operand groups in st.
func Set(st *ir.OperationState, sizes ...int) {
	vs := make([]int32, len(sizes))
	for i, s := range sizes {
		vs[i] = int32(s)
	}
	st.AddAttr(Attr, ir.DenseI32Array(vs...))
}

// Group returns operand group i of op (nil when the property is missing or
// malformed; Check reports that).
func Group(op *ir.Operation, i int) []*ir.Value {
	a, ok := op.Attr(Attr).(*ir.DenseArrayAttr)
	if !ok || i >= len(a.Ints) {
		return nil
	}
	start := int64(0)
	for _, s := range a.Ints[:i] {
		start += s
	}
	end := start + a.Ints[i]
	if start < 0 || end > int64(op.NumOperands()) || end < start {
		return nil
	}
	return op.Operands()[start:end]
}

// Check verifies that the property is present, has n non-negative entries
// and sums to op's operand count.
func Check(op *ir.Operation, n int) error { return ir.CheckSegmentSizes(op, n) }
