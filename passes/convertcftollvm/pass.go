package convertcftollvm

import (
	"github.com/goopt/goopt/conversion/cftollvm"
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/convertarithtollvm"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are upstream's convert-cf-to-llvm options.
type Options struct {
	IndexBitwidth uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
}

// Pass is the convert-cf-to-llvm pass.
type Pass struct {
	pass.Base
	Opts Options
}

// New returns the convert-cf-to-llvm pass.
func New() pass.Pass {
	return &Pass{Base: pass.Base{Arg: "convert-cf-to-llvm", Desc: "Convert ControlFlow operations to the LLVM dialect", Display: "ConvertControlFlowToLLVMPass"}}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run lowers the cf ops nested in op.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{IndexBitwidth: int(p.Opts.IndexBitwidth)})
	ps := convert.NewPatternSet()
	cftollvm.Populate(tc, ps)
	return convert.ApplyPartialConversion(am.Context(), op, convertarithtollvm.Target(cftollvm.Ops()...), ps)
}
