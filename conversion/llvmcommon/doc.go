// Package llvmcommon holds what every conversion to the llvm dialect
// shares (upstream's mlir/Conversion/LLVMCommon): the TypeConverter from
// builtin types to llvm types under the lowering Options (index bitwidth,
// bare-pointer memref calling convention), the memref descriptor
// (MemRefDescriptor: allocated and aligned pointers, offset, sizes and
// strides in an !llvm.struct), and element addressing
// (TypeConverter.StridedElementPtr). The conversion packages
// (conversion/arithtollvm, memreftollvm, gputonvvm, ...) build their
// patterns on one TypeConverter so that the types they produce agree.
//
// Example: the descriptor of memref<4x8xf32, 3> and the address of
// element [%i, %j] given the descriptor value %d:
//
//	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{})
//	st, _ := tc.ConvertMemRefType(t)
//	// !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
//	p, err := tc.StridedElementPtr(b, loc, t, llvmcommon.NewDescriptor(d), []*ir.Value{i, j})
//	// %0 = llvm.extractvalue %d[1], %c8 = llvm.mlir.constant(8 : index) : i64,
//	// %1 = llvm.mul %i, %c8, %2 = llvm.add %1, %j,
//	// %p = llvm.getelementptr %0[%2] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
package llvmcommon
