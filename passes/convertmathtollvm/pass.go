package convertmathtollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/mathtollvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options are upstream's convert-math-to-llvm options.
type Options struct {
	ApproximateLog1p bool `opt:"approximate-log1p" desc:"Enable approximation of Log1p."`
}

// New returns the convert-math-to-llvm pass with upstream's defaults.
var New = pass.Define(pass.Base{Arg: "convert-math-to-llvm", Desc: "Convert Math dialect to LLVM dialect", Display: "ConvertMathToLLVMPass"}, Options{ApproximateLog1p: true}, run)

// run lowers the math ops nested in op.
func run(o *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	opts := mathtollvm.Options{ApproximateLog1p: o.ApproximateLog1p}
	populate := func(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) { mathtollvm.Populate(tc, ps, opts) }
	return llvmcommon.ApplyPartial(am.Context(), op, llvmcommon.Options{}, llvmcommon.Target(mathtollvm.Ops(opts)...), populate)
}
