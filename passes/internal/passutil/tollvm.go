package passutil

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite/convert"
)

// IndexBitwidthOptions are the options of the to-llvm conversion passes
// whose one knob is the width of index (upstream's convert-arith-to-llvm
// and convert-cf-to-llvm).
type IndexBitwidthOptions struct {
	IndexBitwidth uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
}

// DefineToLLVM returns the factory of such a pass: a partial conversion
// of the ops named in illegal by populate's patterns, with index as wide
// as the pass's option says.
func DefineToLLVM(b pass.Base, illegal []string, populate func(*llvmcommon.TypeConverter, *convert.PatternSet)) pass.Factory {
	return pass.Define(b, IndexBitwidthOptions{}, func(o *IndexBitwidthOptions, op *ir.Operation, am *pass.AnalysisManager) error {
		return llvmcommon.ApplyPartial(am.Context(), op, llvmcommon.Options{IndexBitwidth: int(o.IndexBitwidth)}, llvmcommon.Target(illegal...), populate)
	})
}

// DefineConversion returns the factory of a pass that is one call of an
// exported entry point, convert(ctx, root, options), which its package
// keeps for callers without a pass manager (finalizememreftollvm.Convert).
func DefineConversion[O any](b pass.Base, defaults O, convert func(*ir.Context, *ir.Operation, O) error) pass.Factory {
	return pass.Define(b, defaults, func(o *O, op *ir.Operation, am *pass.AnalysisManager) error {
		return convert(am.Context(), op, *o)
	})
}

// DefineLowering is DefineConversion for an entry point without options
// (scftocf.Convert, loweraffine.Lower).
func DefineLowering(b pass.Base, lower func(*ir.Context, *ir.Operation) error) pass.Factory {
	return pass.DefineFunc(b, func(op *ir.Operation, am *pass.AnalysisManager) error {
		return lower(am.Context(), op)
	})
}
