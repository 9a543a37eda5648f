package convertvectortollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/vectortollvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Options are upstream's convert-vector-to-llvm options that apply to
// goopt's targets, and goopt's alignment option. The target-specific
// dialect switches upstream has (enable-amx, enable-arm-neon,
// enable-arm-sve, enable-x86vector) are not modelled.
type Options struct {
	Force32BitVectorIndices bool `opt:"force-32bit-vector-indices" desc:"Allows compiler to assume vector indices fit in 32-bit if that yields faster code"`
	ReassociateFPReductions bool `opt:"reassociate-fp-reductions" desc:"Allows llvm to reassociate floating-point reductions for speed"`

	VectorAlignmentFromIndices bool `opt:"vector-alignment-from-indices" desc:"(goopt) Align vector loads and stores to the whole vector where the element offset is provably a multiple of its length (assumes vector-aligned buffers)"`
}

// New returns the pass with upstream's defaults.
var New = passutil.DefineConversion(pass.Base{Arg: "convert-vector-to-llvm", Desc: "Lower the operations from the vector dialect into the LLVM dialect", On: "builtin.module", Display: "ConvertVectorToLLVMPass"}, Options{Force32BitVectorIndices: true}, Convert)

// Convert lowers the vector ops under root to the llvm dialect, a partial
// conversion (llvm legal, vector illegal): a vector op that cannot be
// lowered fails with a located error and leaves root unchanged. Memref
// operands meet their descriptors through builtin.unrealized_conversion_cast
// until finalize-memref-to-llvm and the function conversion run.
func Convert(ctx *ir.Context, root *ir.Operation, opts Options) error {
	vopts := vectortollvm.Options{ReassociateFPReductions: opts.ReassociateFPReductions, VectorAlignmentFromIndices: opts.VectorAlignmentFromIndices}
	return llvmcommon.ApplyPartial(ctx, root, llvmcommon.Options{}, llvmcommon.DialectTarget("vector"), vopts.Populate)
}
