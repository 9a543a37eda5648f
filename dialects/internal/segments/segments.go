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
func Check(op *ir.Operation, n int) error {
	a, ok := op.Attr(Attr).(*ir.DenseArrayAttr)
	if !ok {
		return op.Errorf("requires attribute '%s'", Attr)
	}
	if len(a.Ints) != n {
		return op.Errorf("'%s' attribute for specifying operand segments must have %d elements, but got %d", Attr, n, len(a.Ints))
	}
	total := int64(0)
	for _, s := range a.Ints {
		if s < 0 {
			return op.Errorf("'%s' attribute cannot have negative elements", Attr)
		}
		total += s
	}
	if total != int64(op.NumOperands()) {
		return op.Errorf("operand count (%d) does not match with the total size (%d) specified in attribute '%s'", op.NumOperands(), total, Attr)
	}
	return nil
}
