// Package segments implements MLIR's AttrSizedOperandSegments: an op whose
// operands fall into several variadic groups records the size of each group
// in an `operandSegmentSizes` dense i32 array property.
//
//	// "scf.forall"(%lb, %ub, %step) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, ...}>
//	segments.Set(st, len(lbs), len(ubs), len(steps), len(outs))
//	ubs := segments.Group(op, 1)
package segments
