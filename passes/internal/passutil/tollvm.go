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
