// Package convertarithtollvm implements upstream's convert-arith-to-llvm
// pass: a partial conversion with the patterns of conversion/arithtollvm
// (option `index-bitwidth`, 0 for 64). The llvm dialect is legal and the
// arith ops the patterns lower are illegal, so one that cannot be lowered
// (an op on tensors, say) fails the pass with a located "failed to
// legalize" error; upstream leaves such ops in place silently. Like MLIR
// 19, the pass leaves arith.ceildivsi, ceildivui and floordivsi (expanded
// by arith-expand) and addui_extended alone.
//
//	%0 = arith.addi %a, %b overflow<nsw> : i32
//	%1 = arith.index_cast %0 : i32 to index
//
// becomes
//
//	%0 = llvm.add %a, %b overflow<nsw> : i32
//	%1 = llvm.sext %0 : i32 to i64
package convertarithtollvm
