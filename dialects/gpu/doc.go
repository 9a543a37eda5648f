//go:generate go run ../../internal/opgen -dialect gpu -out ops_gen.go

// Package gpu is MLIR 19's gpu dialect: kernel modules and functions
// (gpu.module, gpu.func, gpu.return), kernel launches (gpu.launch with its
// gpu.terminator, gpu.launch_func), thread/block/grid id queries, barriers,
// warp shuffles and reductions, the warp-level matrix (WMMA) ops on
// !gpu.mma_matrix, and device memory management with async tokens.
//
// Types and attributes are real Go values: AsyncTokenType
// (`!gpu.async.token`), MMAMatrixType (`!gpu.mma_matrix<16x16xf16, "AOp">`),
// AddressSpaceAttr (`#gpu.address_space<workgroup>`, usable as a memref
// memory space: it reports NVVM's numeric space 3 through
// MemorySpaceNumber) and EnumAttr for `#gpu<dim x>`,
// `#gpu<shuffle_mode xor>`, `#gpu<all_reduce_op add>` and
// `#gpu<mma_element_wise addf>`.
//
// Ops declare their operands, results and attributes with MLIR's ODS names
// and, where MLIR has an assemblyFormat, the same format; the async ops
// share one custom<AsyncDependencies> directive for `async [%deps]`.
// gpu.module, gpu.func and gpu.launch keep hand-written syntax, as upstream.
//
// Example:
//
//	module attributes {gpu.container_module} {
//	  gpu.module @kernels {
//	    gpu.func @scale(%a: memref<32xf32>) workgroup(%t: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
//	      %tid = gpu.thread_id  x
//	      %v = memref.load %a[%tid] : memref<32xf32>
//	      memref.store %v, %t[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
//	      gpu.barrier
//	      gpu.return
//	    }
//	  }
//	  func.func @main(%a: memref<32xf32>) {
//	    %c1 = arith.constant 1 : index
//	    %c32 = arith.constant 32 : index
//	    gpu.launch_func  @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  args(%a : memref<32xf32>)
//	    return
//	  }
//	}
package gpu
