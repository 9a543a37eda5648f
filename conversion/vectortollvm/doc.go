// Package vectortollvm lowers the vector dialect to the llvm dialect
// (upstream's VectorToLLVM patterns, run by convert-vector-to-llvm) for
// the ops goopt's vector dialect has: vector.load/store become
// llvm.load/store of the 1-D vector type, maskedload/maskedstore the
// llvm.intr.masked.* intrinsics, broadcast/splat insertelement plus a
// zero shufflevector (insertvalue per row of an n-D vector),
// extract/insert extractvalue/insertvalue on the outer dimensions and
// extractelement/insertelement on the innermost, fma llvm.intr.fmuladd,
// reduction the llvm.intr.vector.reduce.* intrinsics, bitcast
// llvm.bitcast.
//
// Alignment: upstream aligns vector loads and stores to one element (2
// bytes for f16), and LLVM's NVPTX backend then splits a
// `load <8 x half>, align 2` into eight ld.global.u16. With
// Options.VectorAlignmentFromIndices (goopt's
// `vector-alignment-from-indices`) an access whose element offset is
// provably a multiple of the vector length gets the vector's alignment,
// and llc-19 emits one ld.global.v4.b32 / st.shared.v4.b32 (checked on
// the paper's vector<8xf16> global-to-shared copy).
//
//	%v = vector.load %m[%r, %c] : memref<128x64xf16>, vector<8xf16>
//
// becomes (%d the descriptor of %m, %ri and %ci the i64 indices)
//
//	%0 = llvm.extractvalue %d[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
//	%1 = llvm.mlir.constant(64 : i64) : i64
//	%2 = llvm.mul %ri, %1 : i64
//	%3 = llvm.add %2, %ci : i64
//	%4 = llvm.getelementptr %0[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f16
//	%v = llvm.load %4 {alignment = 2 : i64} : !llvm.ptr -> vector<8xf16>
//
// Not lowered (a located error): n-D loads and stores, dynamic positions
// in n-D extract/insert, broadcasts that stretch unit dimensions,
// transfer_read/write, shape_cast, masks, contract and print; goopt's
// vector dialect has no shuffle, extractelement, insertelement or
// type_cast op.
package vectortollvm
