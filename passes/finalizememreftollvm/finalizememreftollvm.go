package finalizememreftollvm

import (
	"github.com/goopt/goopt/conversion/llvmcommon"
	"github.com/goopt/goopt/conversion/memreftollvm"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Options are upstream's finalize-memref-to-llvm options.
type Options struct {
	IndexBitwidth       uint64 `opt:"index-bitwidth" desc:"Bitwidth of the index type, 0 to use size of machine word"`
	UseAlignedAlloc     bool   `opt:"use-aligned-alloc" desc:"Use aligned_alloc in place of malloc for heap allocations"`
	UseGenericFunctions bool   `opt:"use-generic-functions" desc:"Use generic allocation and deallocation functions instead of the classic 'malloc', 'aligned_alloc' and 'free' functions"`
}

// New returns the pass with upstream's defaults.
var New = passutil.DefineConversion(pass.Base{Arg: "finalize-memref-to-llvm", Desc: "Finalize MemRef dialect to LLVM dialect conversion", On: "builtin.module", Display: "FinalizeMemRefToLLVMConversionPass"}, Options{}, Convert)

// Convert lowers the memref ops under root to the llvm dialect. It is a
// partial conversion: llvm is legal, memref is illegal, other ops stay, and
// their memref values meet the descriptors through
// builtin.unrealized_conversion_cast. A memref op that cannot be lowered
// (a non-strided layout, a subview not yet expanded by
// expand-strided-metadata) fails the pass with a located error and leaves
// root unchanged.
func Convert(ctx *ir.Context, root *ir.Operation, opts Options) error {
	mopts := memreftollvm.Options{UseAlignedAlloc: opts.UseAlignedAlloc, UseGenericFunctions: opts.UseGenericFunctions}
	return llvmcommon.ApplyPartial(ctx, root, llvmcommon.Options{IndexBitwidth: int(opts.IndexBitwidth)}, llvmcommon.DialectTarget("memref"), mopts.Populate)
}
