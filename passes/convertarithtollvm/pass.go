package convertarithtollvm

import (
	"github.com/goopt/goopt/conversion/arithtollvm"
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's convert-arith-to-llvm options.
type Options struct {
	IndexBitwidth uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
}

// New returns the convert-arith-to-llvm pass.
var New = pass.Define(pass.Base{Arg: "convert-arith-to-llvm", Desc: "Convert Arith dialect to LLVM dialect", Display: "ArithToLLVMConversionPass"}, Options{}, run)

// run lowers the arith ops nested in op.
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	return llvmcommon.ApplyPartial(am.Context(), op, llvmcommon.Options{IndexBitwidth: int(opts.IndexBitwidth)}, llvmcommon.Target(arithtollvm.Ops()...), arithtollvm.Populate)
}
