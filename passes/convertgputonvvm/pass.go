package convertgputonvvm

import (
	"github.com/goopt/goopt/conversion/arithtollvm"
	"github.com/goopt/goopt/conversion/cftollvm"
	"github.com/goopt/goopt/conversion/functollvm"
	"github.com/goopt/goopt/conversion/gputonvvm"
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/mathtollvm"
	"github.com/goopt/goopt/conversion/memreftollvm"
	"github.com/goopt/goopt/conversion/vectortollvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/rewrite"
	"github.com/goopt/goopt/rewrite/convert"
)

// emitCInterfaceAttr asks convert-func-to-llvm for a C-compatible wrapper.
const emitCInterfaceAttr = "llvm.emit_c_interface"

// Options are upstream's convert-gpu-to-nvvm options.
type Options struct {
	IndexBitwidth      uint32 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
	HasRedux           bool   `opt:"has-redux" desc:"Target gpu supports redux"`
	UseBarePtrCallConv bool   `opt:"use-bare-ptr-memref-call-conv" desc:"Replace memref arguments in GPU functions with bare pointers. All memrefs must have static shape."`

	// VectorAlignmentFromIndices is goopt's: vector loads and stores get
	// the whole vector's alignment where the element offset is provably a
	// multiple of the vector length (128-bit accesses for vector<8xf16>).
	VectorAlignmentFromIndices bool `opt:"vector-alignment-from-indices" desc:"(goopt) Align vector loads and stores to the whole vector where the element offset is provably a multiple of its length (assumes vector-aligned buffers)"`

	offsetDivisors map[*ir.Operation]int64
}

// New returns the convert-gpu-to-nvvm pass.
var New = pass.Define(pass.Base{Arg: "convert-gpu-to-nvvm", Desc: "Generate NVVM operations for gpu operations", On: "gpu.module", Display: "ConvertGpuOpsToNVVMOps"}, Options{}, run)

// run lowers the device code of one gpu.module.
func run(o *Options, m *ir.Operation, am *pass.AnalysisManager) error {
	ctx := am.Context()
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "func.func" && op.ParentOp() == m {
			op.SetAttr(emitCInterfaceAttr, &ir.UnitAttr{})
		}
	})
	// As upstream, a greedy in-dialect clean-up first: folds, dead ops
	// gone, constants uniqued and hoisted.
	rewrite.ApplyPatternsAndFoldGreedily(ctx, m, rewrite.NewPatternSet(), rewrite.DefaultConfig())

	opts := *o
	if opts.VectorAlignmentFromIndices {
		opts.offsetDivisors = vectortollvm.ElementOffsetDivisors(m)
	}
	target := convert.NewTarget()
	gputonvvm.ConfigureLegality(target)
	target.AddLegalOp(convert.CastName)
	tcOpts := llvmcommon.Options{IndexBitwidth: int(o.IndexBitwidth), UseBarePtrCallConv: o.UseBarePtrCallConv}
	populate := func(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) { PopulateWithOptions(tc, opts, ps) }
	return llvmcommon.ApplyPartial(ctx, m, tcOpts, target, populate)
}

// Populate adds every pattern convert-gpu-to-nvvm applies, upstream's
// composition: the gpu and WMMA patterns and those lowering the arith,
// cf, func, math, memref and vector ops of the device code to llvm.
func Populate(tc *llvmcommon.TypeConverter, ps *convert.PatternSet) {
	PopulateWithOptions(tc, Options{}, ps)
}

// PopulateWithOptions is Populate with the pass's options (those that
// change patterns: vector-alignment-from-indices).
func PopulateWithOptions(tc *llvmcommon.TypeConverter, opts Options, ps *convert.PatternSet) {
	arithtollvm.Populate(tc, ps)
	cftollvm.Populate(tc, ps)
	functollvm.Populate(tc, ps)
	mathtollvm.Populate(tc, ps, mathtollvm.Options{})
	memreftollvm.Populate(tc, ps)
	vectortollvm.Options{VectorAlignmentFromIndices: opts.VectorAlignmentFromIndices, OffsetDivisors: opts.offsetDivisors}.Populate(tc, ps)
	gputonvvm.Populate(tc, ps)
}
