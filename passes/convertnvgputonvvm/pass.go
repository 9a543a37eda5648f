package convertnvgputonvvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/nvgputonvvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite/convert"
)

// New returns the convert-nvgpu-to-nvvm pass.
var New = pass.DefineFunc(pass.Base{Arg: "convert-nvgpu-to-nvvm", Desc: "Convert NVGPU dialect to NVVM dialect", Display: "ConvertNVGPUToNVVMPass"}, run)

// run lowers the nvgpu ops under op in one partial conversion; on failure
// op is unchanged.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	target := convert.NewTarget()
	nvgputonvvm.ConfigureLegality(target)
	return llvmcommon.ApplyPartial(am.Context(), op, llvmcommon.Options{}, target, nvgputonvvm.Populate)
}
