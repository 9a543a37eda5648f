package convertarithtollvm

import (
	"github.com/goopt/goopt/conversion/arithtollvm"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/internal/passutil"
)

// Options are upstream's convert-arith-to-llvm options.
type Options = passutil.IndexBitwidthOptions

// New returns the convert-arith-to-llvm pass, which lowers the arith ops
// nested in the op it runs on.
var New = passutil.DefineToLLVM(pass.Base{Arg: "convert-arith-to-llvm", Desc: "Convert Arith dialect to LLVM dialect", Display: "ArithToLLVMConversionPass"}, arithtollvm.Ops(), arithtollvm.Populate)
