package convertfunctollvm

import (
	"github.com/goopt/goopt/conversion/arithtollvm"
	"github.com/goopt/goopt/conversion/cftollvm"
	"github.com/goopt/goopt/conversion/functollvm"
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/convertarithtollvm"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are upstream's convert-func-to-llvm options.
type Options struct {
	IndexBitwidth      uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
	UseBarePtrCallConv bool   `opt:"use-bare-ptr-memref-call-conv" desc:"Replace FuncOp's MemRef arguments with bare pointers to the MemRef element types"`
}

// Pass is the convert-func-to-llvm pass.
type Pass struct {
	pass.Base
	Opts Options
}

// New returns the convert-func-to-llvm pass.
func New() pass.Pass {
	return &Pass{Base: pass.Base{Arg: "convert-func-to-llvm", Desc: "Convert from the Func dialect to the LLVM dialect", On: "builtin.module", Display: "ConvertFuncToLLVMPass"}}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run lowers the func, arith and cf ops of the module, as upstream's pass
// does (it populates the arith and cf patterns too).
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{IndexBitwidth: int(p.Opts.IndexBitwidth), UseBarePtrCallConv: p.Opts.UseBarePtrCallConv})
	ps := convert.NewPatternSet()
	functollvm.Populate(tc, ps)
	arithtollvm.Populate(tc, ps)
	cftollvm.Populate(tc, ps)
	illegal := append(append(functollvm.Ops(), arithtollvm.Ops()...), cftollvm.Ops()...)
	return convert.ApplyPartialConversion(am.Context(), op, convertarithtollvm.Target(illegal...), ps)
}
