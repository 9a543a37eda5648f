package interp

import "maps"

// notExecutable lists the registered ops of the dialects the interpreter
// executes (builtin, func, arith, math, cf, memref, scf, affine, gpu) that
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

	// Not implemented yet.
	"affine.dma_start":          "DMA transfers and their tag memrefs are not modelled yet",
	"affine.dma_wait":           "DMA transfers and their tag memrefs are not modelled yet",
	"memref.generic_atomic_rmw": "atomic read-modify-write regions are not implemented yet",
	"memref.atomic_yield":       "it ends a memref.generic_atomic_rmw region, which is not implemented yet",
	"memref.realloc":            "reallocation is not implemented yet",
}

// NotExecutable returns the registered ops of the core dialects that the
// interpreter does not execute, mapped to the reason.
func NotExecutable() map[string]string { return maps.Clone(notExecutable) }
