// Package finalizememreftollvm is upstream's finalize-memref-to-llvm pass
// (options index-bitwidth, use-aligned-alloc, use-generic-functions), a
// thin partial conversion over conversion/memreftollvm on a module: the
// llvm dialect is legal, memref illegal. Unlike upstream, which leaves an
// unconvertible memref op in place, a memref op that cannot be lowered
// (run expand-strided-metadata before it for subview) fails the pass with
// a located error and leaves the module unchanged.
//
//	memref.global "private" @smem : memref<64x136xf16, 3> = uninitialized
//	%a = memref.alloca() : memref<4xf32>
//
// becomes
//
//	llvm.mlir.global private @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x array<136 x f16>> {
//	  %0 = llvm.mlir.undef : !llvm.array<64 x array<136 x f16>>
//	  llvm.return %0 : !llvm.array<64 x array<136 x f16>>
//	}
//	%c4 = llvm.mlir.constant(4 : i64) : i64
//	%p = llvm.alloca %c4 x f32 : (i64) -> !llvm.ptr
//	// ... and its descriptor built with llvm.insertvalue
package finalizememreftollvm
