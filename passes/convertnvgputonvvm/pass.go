package convertnvgputonvvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/nvgputonvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite/convert"
)

// Options configure convert-nvgpu-to-nvvm.
type Options struct {
	// IndexBitwidth is goopt's extension (upstream's pass has no options):
	// the width index lowers to, which must match the convert-gpu-to-nvvm
	// that follows (index-bitwidth=32 there leaves casts between i32 and
	// this pass's 64-bit indices otherwise).
	IndexBitwidth uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word (goopt; match convert-gpu-to-nvvm's)"`
}

// New returns the convert-nvgpu-to-nvvm pass.
var New = pass.Define(pass.Base{Arg: "convert-nvgpu-to-nvvm", Desc: "Convert NVGPU dialect to NVVM dialect", Display: "ConvertNVGPUToNVVMPass"}, Options{}, run)

// run lowers the nvgpu ops under op in one partial conversion; on failure
// op is unchanged.
func run(o *Options, op *ir.Operation, am *pass.AnalysisManager) error {
	target := convert.NewTarget()
	nvgputonvvm.ConfigureLegality(target)
	return llvmcommon.ApplyPartial(am.Context(), op, llvmcommon.Options{IndexBitwidth: int(o.IndexBitwidth)}, target, nvgputonvvm.Populate)
}
