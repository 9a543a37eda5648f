package interp

import "maps"

// notExecutable lists the registered ops of the dialects the interpreter
// executes (builtin, func, arith, math, cf, memref, scf, affine, gpu,
// vector, llvm, nvvm) that
// have no handler, each with the reason. Compiling one reports the reason;
// TestHandlerCoverage keeps the list and the handler tables in step, so an
// op that gains a handler must leave the list and a new op must join one
// of them.
var notExecutable = map[string]string{
	// Containers and definitions: the machine reads them, nothing runs them.
	"builtin.module": "a module is a container of symbols: interp.New takes it, nothing executes it",
	"func.func":      "a function is a definition, compiled when Machine.Call or func.call first reaches it",
	"gpu.module":     "a gpu.module is a container of kernels, reached through gpu.launch_func",
	"gpu.module_end": "it ends a gpu.module, which is not executed",
	"gpu.func":       "a gpu.func is a kernel definition, run by gpu.launch_func",

	// Values the interpreter does not model.
	"func.constant":                           "function values are not modelled: no register holds a function reference",
	"func.call_indirect":                      "function values are not modelled: no register holds a function reference",
	"memref.extract_aligned_pointer_as_index": "memory has no addresses in the interpreter",

	// The llvm dialect (llvm.go).
	"llvm.func":           "a function is a definition, compiled when Machine.Call, llvm.call or gpu.launch_func first reaches it",
	"llvm.mlir.global":    "a global is a definition, instantiated when llvm.mlir.addressof first reaches it",
	"llvm.inline_asm":     "inline assembly is target code (PTX), which the interpreter does not execute",
	"llvm.call_intrinsic": "intrinsics called by name are not modelled: the interpreter runs the llvm.intr.* ops",

	// The ops finalize-memref-to-llvm and convert-vector-to-llvm produce
	// beyond loads and stores (dialects/llvm/ops_lowering.go), added after
	// the llvm handlers were written.

	// The nvvm dialect (nvvm.go).
	"nvvm.read.ptx.sreg.clock":   "cycle counters measure hardware time, which the interpreter does not model",
	"nvvm.read.ptx.sreg.clock64": "cycle counters measure hardware time, which the interpreter does not model",

	// The nvvm ops added for the Hopper and Ampere paths (issue 13).
	"nvvm.redux.sync":                      "warp reductions are not implemented yet",
	"nvvm.rcp.approx.ftz.f":                "approximate reciprocals (hardware-defined precision) are not implemented yet",
	"nvvm.stmatrix":                        "warp-wide matrix stores are not implemented yet",
	"nvvm.cp.async.mbarrier.arrive":        "asynchronous copies are not implemented yet",
	"nvvm.cp.async.mbarrier.arrive.shared": "asynchronous copies are not implemented yet",

	// Not implemented yet.
	"gpu.dynamic_shared_memory": "dynamic shared memory (a byte buffer that memref.view retypes) is not modelled yet",
	"memref.generic_atomic_rmw": "atomic read-modify-write regions are not implemented yet",
	"memref.atomic_yield":       "it ends a memref.generic_atomic_rmw region, which is not implemented yet",
	"memref.realloc":            "reallocation is not implemented yet",
}

// NotExecutable returns the registered ops of the core dialects that the
// interpreter does not execute, mapped to the reason.
func NotExecutable() map[string]string { return maps.Clone(notExecutable) }
