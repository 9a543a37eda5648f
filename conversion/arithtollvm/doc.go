// Package arithtollvm holds the conversion patterns from the arith dialect
// to the llvm dialect (upstream's ArithToLLVM): elementwise ops become
// their llvm op or intrinsic with overflow and fast-math flags kept
// (arith.addi → llvm.add, arith.maxsi → llvm.intr.smax, arith.maximumf →
// llvm.intr.maximum, arith.negf → llvm.fneg), comparisons keep their
// predicate, casts become llvm casts, arith.index_cast(ui) a
// sext/zext/trunc to or from the index bitwidth (nothing when the widths
// agree), arith.constant an llvm.mlir.constant of the converted type, and
// arith.mul[su]i_extended a widened multiply. Operands of n-D vector type
// (nested !llvm.array after conversion) are unrolled into the ops on their
// innermost 1-D vectors.
//
//	tc := llvmcommon.NewTypeConverter(llvmcommon.Options{})
//	ps := convert.NewPatternSet()
//	arithtollvm.Populate(tc, ps)
//	// %0 = arith.muli %a, %b : vector<2x4xi32>
//	// becomes two llvm.mul on vector<4xi32> extracted from and inserted
//	// into !llvm.array<2 x vector<4xi32>>
package arithtollvm
