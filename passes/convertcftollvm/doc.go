// Package convertcftollvm implements upstream's convert-cf-to-llvm pass
// (option `index-bitwidth`): a partial conversion with the patterns of
// conversion/cftollvm. cf.br, cf.cond_br, cf.switch and cf.assert are
// illegal, so a branch whose block arguments cannot be converted (tensors)
// fails the pass with a located error. Unlike MLIR 19, which leaves
// branches to blocks of unconverted argument types (index) for
// convert-func-to-llvm, the successor blocks' signatures are converted
// here, as later upstream versions do.
//
//	cf.br ^bb1(%c0 : index)
//	^bb1(%i: index):
//
// becomes
//
//	%0 = builtin.unrealized_conversion_cast %c0 : index to i64
//	llvm.br ^bb1(%0 : i64)
//	^bb1(%1: i64):
package convertcftollvm
