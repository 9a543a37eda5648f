package convertfunctollvm

import (
	"github.com/goopt/goopt/conversion/arithtollvm"
	"github.com/goopt/goopt/conversion/cftollvm"
	"github.com/goopt/goopt/conversion/functollvm"
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// Options are upstream's convert-func-to-llvm options.
type Options struct {
	IndexBitwidth      uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
	UseBarePtrCallConv bool   `opt:"use-bare-ptr-memref-call-conv" desc:"Replace FuncOp's MemRef arguments with bare pointers to the MemRef element types"`
}

// New returns the convert-func-to-llvm pass.
var New = pass.Define(pass.Base{Arg: "convert-func-to-llvm", Desc: "Convert from the Func dialect to the LLVM dialect", On: "builtin.module", Display: "ConvertFuncToLLVMPass"}, Options{}, run)

// run lowers the func, arith and cf ops of the module, as upstream's pass
// does (it populates the arith and cf patterns too).
func run(opts *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	illegal := append(append(functollvm.Ops(), arithtollvm.Ops()...), cftollvm.Ops()...)
	tcOpts := llvmcommon.Options{IndexBitwidth: int(opts.IndexBitwidth), UseBarePtrCallConv: opts.UseBarePtrCallConv}
	return llvmcommon.ApplyPartial(am.Context(), op, tcOpts, llvmcommon.Target(illegal...), functollvm.Populate, arithtollvm.Populate, cftollvm.Populate)
}
