package llvmcommon

import (
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/rewrite/convert"
)

// Target is upstream's LLVMConversionTarget (the llvm dialect and
// unrealized casts legal) with the named ops illegal.
func Target(illegal ...string) *convert.Target {
	t := convert.NewTarget()
	t.AddLegalDialect("llvm")
	t.AddLegalOp(convert.CastName)
	t.AddIllegalOp(illegal...)
	return t
}

// DialectTarget makes the llvm dialect legal and the named dialect illegal,
// the target of the finalize-memref and vector conversions, which leave
// other ops (and the casts meeting them) alone.
func DialectTarget(illegal string) *convert.Target {
	t := convert.NewTarget()
	t.AddLegalDialect("llvm")
	t.AddIllegalDialect(illegal)
	return t
}

// ApplyPartial is the body the *-to-llvm passes share: a type converter
// from opts, the patterns each populate adds under it, and a partial
// conversion of root into target. On failure root is unchanged.
func ApplyPartial(ctx *ir.Context, root *ir.Operation, opts Options, target *convert.Target, populate ...func(*TypeConverter, *convert.PatternSet)) error {
	tc := NewTypeConverter(opts)
	ps := convert.NewPatternSet()
	for _, p := range populate {
		p(tc, ps)
	}
	return convert.ApplyPartialConversion(ctx, root, target, ps)
}

// Pattern is a conversion pattern for the ops named root whose operands
// the adaptor holds converted by tc: what every to-llvm Populate adds.
func (tc *TypeConverter) Pattern(root string, fn func(*ir.Operation, convert.Adaptor, *convert.Rewriter) error) convert.Pattern {
	return &convert.OpPattern{Root: root, Converter: tc.TypeConverter, Rewrite: fn}
}
