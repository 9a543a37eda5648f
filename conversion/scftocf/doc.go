// Package scftocf holds the patterns of upstream's convert-scf-to-cf
// (MLIR 19's SCFToControlFlow.cpp) on goopt's dialect conversion
// framework (rewrite/convert): structured control flow becomes blocks and
// cf.br / cf.cond_br / cf.switch branches, with the same blocks in the
// same order as mlir-opt-19.
//
//   - scf.for: a condition block (the body's first block, with the
//     induction variable and the iteration arguments) compares with
//     `arith.cmpi slt` and branches into the body or out; the body steps
//     the induction variable with arith.addi and branches back;
//   - scf.if: cf.cond_br to the then and else blocks, which branch to the
//     continuation (through a block of their own taking the results when
//     there are results);
//   - scf.while: the before region is the loop header, scf.condition a
//     cf.cond_br into the after region or out; an after region that only
//     forwards its arguments makes a do-while that loops on the header;
//   - scf.index_switch: cf.switch on the index cast to i32 (i64 when a
//     case value does not fit in 32 bits);
//   - scf.execute_region: its blocks inlined, scf.yield a branch out;
//   - scf.parallel: a nest of scf.for (then lowered), reductions carried
//     as iteration arguments; scf.forall without shared outputs goes
//     through scf.parallel.
//
// Ops are converted outside in. The conversion is partial: the ops above
// are illegal, everything else is left alone; one that cannot be converted
// (an scf.forall on tensors) fails it with a located error, and the IR is
// left unchanged.
//
//	target := convert.NewTarget()
//	scftocf.ConfigureTarget(target)
//	patterns := convert.NewPatternSet()
//	scftocf.Populate(patterns)
//	err := convert.ApplyPartialConversion(ctx, fn, target, patterns)
//
// (or scftocf.Convert(ctx, fn)) turns
//
//	%r = scf.for %i = %lb to %ub step %s iter_args(%acc = %zero) -> (f32) {
//	  %v = memref.load %A[%i] : memref<8xf32>
//	  %n = arith.addf %acc, %v : f32
//	  scf.yield %n : f32
//	}
//	return %r : f32
//
// into
//
//	  cf.br ^bb1(%lb, %zero : index, f32)
//	^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb2
//	  %2 = arith.cmpi slt, %0, %ub : index
//	  cf.cond_br %2, ^bb2, ^bb3
//	^bb2:  // pred: ^bb1
//	  %3 = memref.load %A[%0] : memref<8xf32>
//	  %4 = arith.addf %1, %3 : f32
//	  %5 = arith.addi %0, %s : index
//	  cf.br ^bb1(%5, %4 : index, f32)
//	^bb3:  // pred: ^bb1
//	  return %1 : f32
package scftocf
