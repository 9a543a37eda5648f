package convertcftollvm

import (
	"github.com/goopt/goopt/conversion/cftollvm"
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's convert-cf-to-llvm options.
type Options struct {
	IndexBitwidth uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
}

// New returns the convert-cf-to-llvm pass.
var New = pass.Define(pass.Base{Arg: "convert-cf-to-llvm", Desc: "Convert ControlFlow operations to the LLVM dialect", Display: "ConvertControlFlowToLLVMPass"}, Options{}, run)

// run lowers the cf ops nested in op.
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	return llvmcommon.ApplyPartial(am.Context(), op, llvmcommon.Options{IndexBitwidth: int(opts.IndexBitwidth)}, llvmcommon.Target(cftollvm.Ops()...), cftollvm.Populate)
}
