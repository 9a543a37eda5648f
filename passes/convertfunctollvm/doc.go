// Package convertfunctollvm implements upstream's convert-func-to-llvm
// pass on a module (options `index-bitwidth` and
// `use-bare-ptr-memref-call-conv`): a partial conversion with the
// patterns of conversion/functollvm, and, as upstream's pass does, those
// of arithtollvm and cftollvm. The ops those patterns lower are illegal:
// a function whose signature cannot be converted (a tensor argument, a
// dynamic memref under the bare-pointer convention) fails the pass with a
// located error, where upstream leaves it as it is.
//
//	func.func @f(%m: memref<8xf32>, %i: index) -> index {
//	  return %i : index
//	}
//
// becomes
//
//	llvm.func @f(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> i64 {
//	  %0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
//	  ... (the descriptor re-packed from %arg0..%arg4) ...
//	  llvm.return %arg5 : i64
//	}
package convertfunctollvm
