package convertcftollvm

import (
	"github.com/goopt/goopt/conversion/cftollvm"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Options are upstream's convert-cf-to-llvm options.
type Options = passutil.IndexBitwidthOptions

// New returns the convert-cf-to-llvm pass, which lowers the cf ops nested
// in the op it runs on.
var New = passutil.DefineToLLVM(pass.Base{Arg: "convert-cf-to-llvm", Desc: "Convert ControlFlow operations to the LLVM dialect", Display: "ConvertControlFlowToLLVMPass"}, cftollvm.Ops(), cftollvm.Populate)
