package convertmathtollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/mathtollvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/convertarithtollvm"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are upstream's convert-math-to-llvm options.
type Options struct {
	ApproximateLog1p bool `opt:"approximate-log1p" desc:"Enable approximation of Log1p."`
}

// Pass is the convert-math-to-llvm pass.
type Pass struct {
	pass.Base
	Opts Options
}

// New returns the convert-math-to-llvm pass with upstream's defaults.
func New() pass.Pass {
	return &Pass{
		Base: pass.Base{Arg: "convert-math-to-llvm", Desc: "Convert Math dialect to LLVM dialect", Display: "ConvertMathToLLVMPass"},
		Opts: Options{ApproximateLog1p: true},
	}
}

// Options returns the pass options.
func (p *Pass) Options() any { return &p.Opts }

// Run lowers the math ops nested in op.
func (p *Pass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{})
	opts := mathtollvm.Options{ApproximateLog1p: p.Opts.ApproximateLog1p}
	ps := convert.NewPatternSet()
	mathtollvm.Populate(tc, ps, opts)
	return convert.ApplyPartialConversion(am.Context(), op, convertarithtollvm.Target(mathtollvm.Ops(opts)...), ps)
}
