package ir

// ConstantInt returns the integer held by v's defining constant-like op
// (arith.constant and friends) in its `value` attribute, as MLIR's
// getConstantIntValue; dialects that fold or check index operands share it.
func ConstantInt(v *Value) (int64, bool) {
	if v == nil {
		return 0, false
	}
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ConstantLike) {
		return 0, false
	}
	if ia, ok := d.Attr("value").(*IntegerAttr); ok {
		return ia.Int(), true
	}
	return 0, false
}
