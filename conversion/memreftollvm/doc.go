// Package memreftollvm lowers the memref dialect to the llvm dialect
// (upstream's MemRefToLLVM patterns, run by finalize-memref-to-llvm):
// memrefs become descriptors (llvmcommon.TypeConverter) and
//
//   - load/store address through TypeConverter.StridedElementPtr and
//     become llvm.load/llvm.store (nontemporal kept);
//   - alloc calls malloc (or aligned_alloc, or the
//     _mlir_memref_to_llvm_* functions, per Options), declared once in
//     the nearest symbol table, with upstream's size and manual
//     alignment arithmetic; dealloc calls free; alloca is llvm.alloca;
//   - global becomes llvm.mlir.global of nested arrays (initializer kept,
//     undef for `uninitialized`, none for a declaration) in the memory
//     space's address space — workgroup (3) globals are aligned to at
//     least 16 bytes, goopt's departure from upstream so that 128-bit
//     shared-memory accesses are legal; get_global takes the address of
//     the first element (allocated pointer 0xdeadbeef, as upstream);
//   - dim, rank, cast, memory_space_cast, reinterpret_cast,
//     extract_strided_metadata and extract_aligned_pointer_as_index read
//     and write descriptor fields; assume_alignment is llvm.intr.assume;
//     copy between contiguous memrefs is llvm.intr.memcpy; atomic_rmw is
//     llvm.atomicrmw acq_rel.
//
// As in upstream 19, subview, expand_shape, collapse_shape and the other
// view ops are not lowered here (expand-strided-metadata rewrites them
// into reinterpret_cast first), a copy between non-contiguous memrefs
// (upstream: a call to the memrefCopy runtime) and generic_atomic_rmw are
// not lowered, and neither are memrefs without a strided layout: each
// fails the conversion with a located error.
//
//	%v = memref.load %m[%i] : memref<8xf32>
//
// becomes
//
//	%d = builtin.unrealized_conversion_cast %m : memref<8xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
//	%0 = llvm.extractvalue %d[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
//	%1 = llvm.getelementptr %0[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
//	%v = llvm.load %1 : !llvm.ptr -> f32
package memreftollvm
