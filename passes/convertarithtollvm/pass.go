package convertarithtollvm

import (
	"github.com/goopt/goopt/conversion/arithtollvm"
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are upstream's convert-arith-to-llvm options.
type Options struct {
	IndexBitwidth uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
}

// Pass is the convert-arith-to-llvm pass.
type Pass struct {
	pass.Base
	Opts Options
}

// New returns the convert-arith-to-llvm pass.
func New() pass.Pass {
	return &Pass{Base: pass.Base{Arg: "convert-arith-to-llvm", Desc: "Convert Arith dialect to LLVM dialect", Display: "ArithToLLVMConversionPass"}}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run lowers the arith ops nested in op.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{IndexBitwidth: int(p.Opts.IndexBitwidth)})
	ps := convert.NewPatternSet()
	arithtollvm.Populate(tc, ps)
	return convert.ApplyPartialConversion(am.Context(), op, Target(arithtollvm.Ops()...), ps)
}

// Target is upstream's LLVMConversionTarget (the llvm dialect and
// unrealized casts legal) with the named ops illegal.
func Target(illegal ...string) *convert.Target {
	t := convert.NewTarget()
	t.AddLegalDialect("llvm")
	t.AddLegalOp(convert.CastName)
	t.AddIllegalOp(illegal...)
	return t
}
