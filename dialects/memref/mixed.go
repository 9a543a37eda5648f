package memref

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Mixed static/dynamic lists are stored as an `array<i64>` property with
// ir.Dynamic marking each position taken by an SSA operand; the syntax is
// opsyntax.ParseDynamicIndexList / PrintDynamicIndexList, and in formats
// custom<DynamicIndexList>($dynamic, $static).

// DynamicIndexList is MLIR's custom<DynamicIndexList>($values, $static) in
// square brackets, `[%i, 4]`: its arguments are the variadic index operand
// group and the dense i64 array attribute of the static entries.
var DynamicIndexList = opsyntax.DynamicIndexListDirective

// dynamicIndexListCustom registers DynamicIndexList under MLIR's name.
var dynamicIndexListCustom = map[string]ir.CustomDirective{"DynamicIndexList": DynamicIndexList}

// OpFoldResult is one entry of a mixed list: a static integer or a value.
type OpFoldResult struct {
	Value  *ir.Value // nil for a static entry
	Static int64
}

// IsStatic reports whether the entry is a known integer.
func (r OpFoldResult) IsStatic() bool { return r.Value == nil }

// MixedValues zips static values with their dynamic operands.
func MixedValues(static []int64, dyn []*ir.Value) []OpFoldResult {
	out := make([]OpFoldResult, len(static))
	k := 0
	for i, s := range static {
		if s == ir.Dynamic && k < len(dyn) {
			out[i] = OpFoldResult{Value: dyn[k], Static: ir.Dynamic}
			k++
		} else {
			out[i] = OpFoldResult{Static: s}
		}
	}
	return out
}

// ConstantIndex returns the integer value of v when it is produced by a
// constant-like op with an integer `value` attribute.
func ConstantIndex(v *ir.Value) (int64, bool) { return ir.ConstantInt(v) }
