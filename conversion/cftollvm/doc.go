// Package cftollvm holds the conversion patterns from the cf dialect to
// the llvm dialect (upstream's ControlFlowToLLVM): cf.br, cf.cond_br and
// cf.switch become llvm.br, llvm.cond_br and llvm.switch with their
// operands converted and their successor blocks' argument types converted
// (a signature conversion, applied once per block); cf.assert splits its
// block and branches, when the condition is false, to a new block that
// prints the message with `puts` from a private global and calls `abort`
// (both declared in the module when missing), as upstream.
//
//	cf.assert %ok, "boom"
//
// becomes
//
//	llvm.cond_br %ok, ^bb1, ^bb2
//	^bb1: ...the rest of the block...
//	^bb2:
//	  %0 = llvm.mlir.addressof @assert_msg : !llvm.ptr
//	  %1 = llvm.getelementptr %0[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i8>
//	  llvm.call @puts(%1) : (!llvm.ptr) -> ()
//	  llvm.call @abort() : () -> ()
//	  llvm.unreachable
package cftollvm
